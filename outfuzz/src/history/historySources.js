"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistorySources = void 0;
const path = __importStar(require("path"));
const dotHistoryReader_1 = require("./dotHistoryReader");
const entriesHeaderIndex_1 = require("./entriesHeaderIndex");
const historyFileSystem_1 = require("./historyFileSystem");
const historyLog_1 = require("./historyLog");
const historyVersion_1 = require("./historyVersion");
const localHistoryHash_1 = require("./localHistoryHash");
const localHistoryReader_1 = require("./localHistoryReader");
const readVersionContent_1 = require("./readVersionContent");
const resourceUri_1 = require("./resourceUri");
class HistorySources {
    local;
    dot;
    log;
    platform;
    indexOptions;
    readDotHistory;
    searchWholeStore;
    configuredAuthorities;
    learntAuthorities = [];
    indexTtlMs;
    now;
    cachedIndex;
    constructor(options) {
        const fs = options.fs ?? historyFileSystem_1.nodeHistoryFileSystem;
        this.local = new localHistoryReader_1.LocalHistoryReader(options.userDir, { fs });
        this.dot = new dotHistoryReader_1.DotHistoryReader({ fs });
        this.log = options.log ?? historyLog_1.silentHistoryLog;
        this.platform = options.platform ?? process.platform;
        this.indexOptions = { fs, ...options.index };
        this.readDotHistory = options.dotHistory ?? true;
        this.searchWholeStore = options.searchWholeStore ?? (() => false);
        this.configuredAuthorities = (options.remoteAuthorities ?? []).filter((a) => a !== '');
        this.indexTtlMs = Math.max(0, options.indexTtlMs ?? 30_000);
        this.now = options.now ?? Date.now;
    }
    /** Authorities tried, in order: configured ones, then ones learnt from the index. */
    get authorities() {
        return [...new Set([...this.configuredAuthorities, ...this.learntAuthorities])];
    }
    /** The history folders a direct lookup opens for `absolutePath`, most likely first. */
    candidateLocations(absolutePath) {
        return (0, resourceUri_1.historyResourceCandidates)(absolutePath, this.authorities, this.platform)
            .map((resource) => ({ folderName: (0, localHistoryHash_1.localHistoryFolderName)(resource), resource }));
    }
    /**
     * Every version of one file from both stores, newest first. No history is an empty list.
     * @throws HistoryReadError when a store exists but cannot be read.
     */
    async listVersions(file) {
        const local = await this.listLocal(file.absolutePath);
        const versions = [...local.listing.versions];
        if (this.readDotHistory) {
            try {
                const dot = await this.dot.listVersions(file.root.path, file.relativePath);
                versions.push(...dot.versions);
            }
            catch (err) {
                if (!(err instanceof historyVersion_1.HistoryReadError) || err.code !== 'badLocation')
                    throw err;
            }
        }
        versions.sort(historyVersion_1.compareNewestFirst);
        const folders = local.listing.folders.filter((f) => f.state === 'read').map((f) => f.folder);
        return { versions, usedIndex: local.usedIndex, folders };
    }
    /** The bytes of a version one of the stores listed; refuses versions from anywhere else. */
    readContent(version, maxBytes = readVersionContent_1.DEFAULT_MAX_CONTENT_BYTES) {
        switch (version.store) {
            case 'vscodeLocalHistory':
                return this.local.readContent(version, maxBytes);
            case 'dotHistory':
                return this.dot.readContent(version, maxBytes);
            default:
                return Promise.reject(new historyVersion_1.HistoryReadError('foreignVersion', 'unknown history store', version.contentPath));
        }
    }
    async listLocal(absolutePath) {
        const direct = await this.local.listVersionsIn(this.candidateLocations(absolutePath));
        this.logWarnings(direct);
        if (direct.folders.some((f) => f.state === 'read'))
            return { listing: direct, usedIndex: false };
        if (!this.searchWholeStore())
            return { listing: direct, usedIndex: false };
        // No folder under any URI we can derive: find it by path in the entries.json headers (bounded).
        const index = await this.headerIndex();
        const hits = index.lookup((0, resourceUri_1.fileUriParts)(absolutePath, this.platform).path);
        this.log.info(`history index: ${index.stats.headersRead} entries.json headers read${index.stats.truncated ? ' (truncated)' : ''}, ${hits.length} folder(s) for ${path.basename(absolutePath)}`);
        for (const hit of hits) {
            if (hit.scheme === 'vscode-remote' && !this.authorities.includes(hit.authority)) {
                this.learntAuthorities.push(hit.authority);
                this.log.info(`history: learnt the remote authority ${hit.authority} from the local history store`);
            }
        }
        if (hits.length === 0)
            return { listing: direct, usedIndex: true };
        const found = await this.local.listVersionsIn(hits);
        this.logWarnings(found);
        return { listing: found, usedIndex: true };
    }
    /** The header index, reused briefly so a burst of lookups for files without history reads the store once. */
    async headerIndex() {
        const now = this.now();
        if (this.cachedIndex && now - this.cachedIndex.builtAt < this.indexTtlMs)
            return this.cachedIndex.index;
        const index = await entriesHeaderIndex_1.EntriesHeaderIndex.build(this.local.historyRoot, this.indexOptions);
        this.cachedIndex = { builtAt: now, index };
        return index;
    }
    logWarnings(listing) {
        for (const w of listing.warnings)
            this.log.warn(`history: ${w.message} (${w.path})`);
    }
}
exports.HistorySources = HistorySources;
//# sourceMappingURL=historySources.js.map