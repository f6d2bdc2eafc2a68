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
exports.LocalHistoryReader = exports.ENTRIES_JSON = void 0;
exports.parseEntriesJson = parseEntriesJson;
const path = __importStar(require("path"));
const historyFileSystem_1 = require("./historyFileSystem");
const historyVersion_1 = require("./historyVersion");
const localHistoryHash_1 = require("./localHistoryHash");
const localHistorySourceLabel_1 = require("./localHistorySourceLabel");
const readVersionContent_1 = require("./readVersionContent");
/**
 * Reader for VS Code's built-in local history (research/formats.md §A):
 * `<User>/History/<hash(resource)>/entries.json` plus one full copy of the file per entry.
 *
 * It opens exactly the folders it is told about — the hashed one for a resource URI, or folders the
 * `EntriesHeaderIndex` fallback found — and never lists `History/` itself (SPEC §3: locate a file's history
 * directly, never by scanning). It only reads: the store belongs to VS Code, which prunes and rewrites it.
 */
exports.ENTRIES_JSON = 'entries.json';
/** Entry files are `<4 alphanumerics><extname>`; moved entries keep their old extension, so any ext is accepted. */
const ENTRY_FILE_PATTERN = /^[A-Za-z0-9]{4}(\.[^/\\]+)?$/;
/** A sane `entries.json` is a few KB (50 entries by default); anything far larger is not one we should parse. */
const MAX_ENTRIES_JSON_BYTES = 4 * 1024 * 1024;
class LocalHistoryReader {
    /** `<User>/History`. */
    historyRoot;
    fs;
    /** @param userDir the folder holding `History/`: `context.globalStorageUri/../..` (formats.md §A1). */
    constructor(userDir, options = {}) {
        this.historyRoot = path.join(path.resolve(userDir), 'History');
        this.fs = options.fs ?? historyFileSystem_1.nodeHistoryFileSystem;
    }
    /** The one folder that holds `resourceUri`'s history, if it has any. */
    folderFor(resourceUri) {
        return path.join(this.historyRoot, (0, localHistoryHash_1.localHistoryFolderName)(resourceUri));
    }
    /**
     * Versions of one resource, e.g. `file:///ws/a.txt` or `vscode-remote://ssh-remote%2Bhost/ws/a.txt`
     * (the exact `Uri.toString()`; see resourceUri.ts). No history → empty `versions`, not an error.
     * @throws HistoryReadError `unreadable` when the folder exists but cannot be listed.
     */
    listVersions(resourceUri) {
        return this.listVersionsIn([{ folderName: (0, localHistoryHash_1.localHistoryFolderName)(resourceUri), resource: resourceUri }]);
    }
    /**
     * Versions from several folders merged (e.g. one file opened in code-server through two Host names has two
     * folders). Each folder is still checked against its expected resource.
     */
    async listVersionsIn(locations) {
        const versions = [];
        const warnings = [];
        const folders = [];
        const seen = new Set();
        for (const location of locations) {
            if (!localHistoryHash_1.LOCAL_HISTORY_FOLDER_PATTERN.test(location.folderName)) {
                // Never let a caller steer the reader outside History/ (`..`, separators).
                throw new historyVersion_1.HistoryReadError('badLocation', `not a local history folder name: ${JSON.stringify(location.folderName)}`);
            }
            if (seen.has(location.folderName))
                continue;
            seen.add(location.folderName);
            const one = await this.readFolder(location);
            versions.push(...one.versions);
            warnings.push(...one.warnings);
            folders.push(one.folder);
        }
        versions.sort(historyVersion_1.compareNewestFirst);
        return { versions, warnings, folders };
    }
    /**
     * The bytes of a version this reader listed.
     * @throws HistoryReadError `contentMissing` | `contentTooLarge` | `unreadable` | `foreignVersion`.
     */
    readContent(version, maxBytes = readVersionContent_1.DEFAULT_MAX_CONTENT_BYTES) {
        const folder = path.dirname(version.contentPath);
        if (version.store !== 'vscodeLocalHistory'
            || path.dirname(folder) !== this.historyRoot
            || !localHistoryHash_1.LOCAL_HISTORY_FOLDER_PATTERN.test(path.basename(folder))
            || path.basename(version.contentPath) !== version.sourceId
            || version.sourceId === exports.ENTRIES_JSON) {
            return Promise.reject(new historyVersion_1.HistoryReadError('foreignVersion', 'this version does not come from VS Code local history', version.contentPath));
        }
        return (0, readVersionContent_1.readVersionContent)(this.fs, version, maxBytes);
    }
    async readFolder(location) {
        const folder = path.join(this.historyRoot, location.folderName);
        const warnings = [];
        let names;
        try {
            names = await this.fs.readdir(folder);
        }
        catch (err) {
            if ((0, historyFileSystem_1.isNotFound)(err)) {
                return { versions: [], warnings, folder: { folder, resource: location.resource, state: 'absent', entriesJson: 'missing' } };
            }
            throw new historyVersion_1.HistoryReadError('unreadable', 'could not list the local history folder', folder, err);
        }
        const entries = names.includes(exports.ENTRIES_JSON)
            ? await this.readEntriesJson(path.join(folder, exports.ENTRIES_JSON), warnings)
            : { state: 'missing', rows: new Map() };
        if (entries.resource !== undefined && entries.resource !== location.resource) {
            warnings.push({
                code: 'resourceMismatch',
                message: `entries.json belongs to ${entries.resource}, not ${location.resource} (hash collision); ignoring this folder`,
                path: folder,
            });
            return { versions: [], warnings, folder: { folder, resource: location.resource, state: 'resourceMismatch', entriesJson: entries.state } };
        }
        // Entry files are the truth: entries.json can lag by minutes (desktop flushes every 5 min) or list files
        // VS Code has since pruned. Take every entry-shaped file, then overlay the metadata entries.json has.
        const nameSet = new Set(names);
        const candidates = names.filter((n) => n !== exports.ENTRIES_JSON && (ENTRY_FILE_PATTERN.test(n) || entries.rows.has(n)));
        for (const id of entries.rows.keys()) {
            if (!nameSet.has(id)) {
                warnings.push({ code: 'entryListedButMissing', message: `entries.json lists ${id} but its file is gone`, path: folder });
            }
        }
        const stats = await Promise.all(candidates.map(async (name) => {
            const contentPath = path.join(folder, name);
            try {
                return { name, contentPath, stat: await this.fs.lstat(contentPath) };
            }
            catch (err) {
                if ((0, historyFileSystem_1.isNotFound)(err))
                    return undefined; // pruned between readdir and lstat
                throw new historyVersion_1.HistoryReadError('unreadable', 'could not read a local history entry', contentPath, err);
            }
        }));
        const versions = [];
        for (const s of stats) {
            if (!s || !s.stat.isFile())
                continue;
            const row = entries.rows.get(s.name);
            const source = row?.source;
            versions.push({
                store: 'vscodeLocalHistory',
                sourceId: s.name,
                timestamp: row?.timestamp ?? Math.round(s.stat.mtimeMs),
                label: (0, localHistorySourceLabel_1.localHistorySourceLabel)(source, row?.sourceDescription),
                source: source === undefined || source === '' || source === 'default.source' ? undefined : source,
                contentPath: s.contentPath,
                size: s.stat.size,
            });
        }
        return { versions, warnings, folder: { folder, resource: location.resource, state: 'read', entriesJson: entries.state } };
    }
    /** Never throws for a bad file: a corrupted entries.json degrades to "entry files only" plus a warning. */
    async readEntriesJson(file, warnings) {
        const none = new Map();
        let text;
        try {
            const stat = await this.fs.lstat(file);
            if (!stat.isFile() || stat.size > MAX_ENTRIES_JSON_BYTES) {
                warnings.push({ code: 'entriesJsonCorrupt', message: 'entries.json is not a regular file of sane size; using the entry files only', path: file });
                return { state: 'corrupt', rows: none };
            }
            text = new TextDecoder('utf-8', { fatal: true }).decode(await this.fs.readFile(file));
        }
        catch (err) {
            if ((0, historyFileSystem_1.isNotFound)(err))
                return { state: 'missing', rows: none };
            const corrupt = err instanceof TypeError; // TextDecoder's invalid UTF-8
            warnings.push({
                code: corrupt ? 'entriesJsonCorrupt' : 'entriesJsonUnreadable',
                message: `${corrupt ? 'entries.json is not valid UTF-8' : 'could not read entries.json'}; using the entry files only`,
                path: file,
            });
            return { state: corrupt ? 'corrupt' : 'unreadable', rows: none };
        }
        return parseEntriesJson(text, file, warnings);
    }
}
exports.LocalHistoryReader = LocalHistoryReader;
/** Validates `{version, resource, entries:[{id, timestamp, source?, sourceDescription?}]}` row by row. */
function parseEntriesJson(text, file, warnings) {
    const rows = new Map();
    let data;
    try {
        data = JSON.parse(text);
    }
    catch {
        warnings.push({ code: 'entriesJsonCorrupt', message: 'entries.json is not valid JSON; using the entry files only', path: file });
        return { state: 'corrupt', rows };
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        warnings.push({ code: 'entriesJsonCorrupt', message: 'entries.json is not an object; using the entry files only', path: file });
        return { state: 'corrupt', rows };
    }
    const record = data;
    const resource = typeof record.resource === 'string' ? record.resource : undefined;
    if (!Array.isArray(record.entries)) {
        warnings.push({ code: 'entriesJsonCorrupt', message: 'entries.json has no entries array; using the entry files only', path: file });
        return { state: 'corrupt', resource, rows };
    }
    let badRows = 0;
    for (const raw of record.entries) {
        const row = toRow(raw);
        if (row)
            rows.set(row.id, row);
        else
            badRows++;
    }
    if (badRows > 0) {
        warnings.push({ code: 'entriesJsonCorrupt', message: `entries.json has ${badRows} malformed row(s); they were ignored`, path: file });
    }
    return { state: badRows > 0 ? 'corrupt' : 'present', resource, rows };
}
function toRow(raw) {
    if (typeof raw !== 'object' || raw === null)
        return undefined;
    const r = raw;
    // An id is a plain child name; anything with a separator or `..` could point outside the folder.
    if (typeof r.id !== 'string' || !r.id || r.id === '.' || r.id === '..' || /[/\\\0]/.test(r.id) || r.id === exports.ENTRIES_JSON) {
        return undefined;
    }
    const timestamp = typeof r.timestamp === 'number' && Number.isFinite(r.timestamp) && r.timestamp >= 0 ? r.timestamp : undefined;
    return {
        id: r.id,
        timestamp,
        source: typeof r.source === 'string' ? r.source : undefined,
        sourceDescription: typeof r.sourceDescription === 'string' ? r.sourceDescription : undefined,
    };
}
//# sourceMappingURL=localHistoryReader.js.map