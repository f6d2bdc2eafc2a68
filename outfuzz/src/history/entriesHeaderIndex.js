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
exports.EntriesHeaderIndex = void 0;
const path = __importStar(require("path"));
const historyFileSystem_1 = require("./historyFileSystem");
const historyVersion_1 = require("./historyVersion");
const localHistoryHash_1 = require("./localHistoryHash");
const resourceUri_1 = require("./resourceUri");
/** Only schemes of workspace files: `file` (desktop) and `vscode-remote` (remote windows, code-server). */
const INDEXED_SCHEMES = new Set(['file', 'vscode-remote']);
const RESOURCE_FIELD = /"resource"\s*:\s*"((?:[^"\\]|\\.)*)"/;
/** Per-entry overhead of Map slots and object headers, so the memory bound is honest for short paths too. */
const ENTRY_OVERHEAD_BYTES = 96;
class EntriesHeaderIndex {
    byPath;
    caseInsensitive;
    stats;
    constructor(byPath, caseInsensitive, stats) {
        this.byPath = byPath;
        this.caseInsensitive = caseInsensitive;
        this.stats = stats;
    }
    /** Reads History/ once. A missing History/ gives an empty index (no local history yet), not an error. */
    static async build(historyRoot, options = {}) {
        const fs = options.fs ?? historyFileSystem_1.nodeHistoryFileSystem;
        const maxFolders = Math.max(0, Math.floor(options.maxFolders ?? 20_000));
        const headerBytes = Math.max(64, Math.floor(options.headerBytes ?? 4096));
        const maxMemoryBytes = Math.max(0, options.maxMemoryBytes ?? 8 * 1024 * 1024);
        const concurrency = Math.max(1, Math.floor(options.concurrency ?? 16));
        const caseInsensitive = options.caseInsensitivePaths ?? false;
        let names;
        try {
            names = (await fs.readdir(historyRoot)).filter((n) => localHistoryHash_1.LOCAL_HISTORY_FOLDER_PATTERN.test(n));
        }
        catch (err) {
            if ((0, historyFileSystem_1.isNotFound)(err)) {
                return new EntriesHeaderIndex(new Map(), caseInsensitive, {
                    foldersSeen: 0, headersRead: 0, indexed: 0, withoutHeader: 0, truncated: false, approxBytes: 0,
                });
            }
            throw new historyVersion_1.HistoryReadError('unreadable', 'could not list the local history store', historyRoot, err);
        }
        const foldersSeen = names.length;
        let truncated = false;
        if (names.length > maxFolders) {
            // Keep the most recently touched folders: the file the user asks about was most likely saved lately.
            names = await newestFirst(fs, historyRoot, names, concurrency);
            names = names.slice(0, maxFolders);
            truncated = true;
        }
        const byPath = new Map();
        let headersRead = 0;
        let indexed = 0;
        let withoutHeader = 0;
        let approxBytes = 0;
        let memoryFull = false;
        const decoder = new TextDecoder('utf-8');
        for (let i = 0; i < names.length && !memoryFull; i += concurrency) {
            const batch = names.slice(i, i + concurrency);
            const headers = await Promise.all(batch.map(async (folderName) => {
                try {
                    return await fs.readHead(path.join(historyRoot, folderName, 'entries.json'), headerBytes);
                }
                catch {
                    return undefined; // no entries.json yet, or unreadable: this folder cannot be matched by path
                }
            }));
            for (let j = 0; j < batch.length; j++) {
                const head = headers[j];
                if (head)
                    headersRead++;
                const hit = head ? toIndexed(batch[j], decoder.decode(head)) : undefined;
                if (!hit) {
                    withoutHeader++;
                    continue;
                }
                const cost = ENTRY_OVERHEAD_BYTES + 2 * (hit.folderName.length + hit.resource.length + hit.authority.length + 2 * hit.path.length);
                if (approxBytes + cost > maxMemoryBytes) {
                    memoryFull = true;
                    break;
                }
                approxBytes += cost;
                indexed++;
                const key = pathKey(hit.path, caseInsensitive);
                const list = byPath.get(key);
                if (list)
                    list.push(hit);
                else
                    byPath.set(key, [hit]);
            }
        }
        return new EntriesHeaderIndex(byPath, caseInsensitive, {
            foldersSeen, headersRead, indexed, withoutHeader, truncated: truncated || memoryFull, approxBytes,
        });
    }
    /**
     * History folders whose resource has this decoded URI path (`/home/u/a.ts`; for Windows `/C:/x/a.ts` —
     * `fileUriParts(fsPath).path` gives it). Several hits are normal: one file reached through two authorities.
     */
    lookup(uriPath) {
        return this.byPath.get(pathKey(uriPath, this.caseInsensitive)) ?? [];
    }
    /** Distinct `vscode-remote` authorities seen, most frequent first: the one to hash with from now on. */
    authorities() {
        const counts = new Map();
        for (const list of this.byPath.values()) {
            for (const hit of list) {
                if (hit.scheme === 'vscode-remote')
                    counts.set(hit.authority, (counts.get(hit.authority) ?? 0) + 1);
            }
        }
        return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([a]) => a);
    }
}
exports.EntriesHeaderIndex = EntriesHeaderIndex;
function toIndexed(folderName, head) {
    const m = RESOURCE_FIELD.exec(head);
    if (!m)
        return undefined;
    let resource;
    try {
        resource = JSON.parse(`"${m[1]}"`);
    }
    catch {
        return undefined;
    }
    try {
        const parts = (0, resourceUri_1.parseResourceUri)(resource);
        if (!INDEXED_SCHEMES.has(parts.scheme))
            return undefined;
        return { folderName, resource, scheme: parts.scheme, authority: parts.authority, path: parts.path };
    }
    catch {
        return undefined;
    }
}
/** Drive letters are lower-cased by VS Code's formatter but not by `Uri.file`, so fold them on both sides. */
function pathKey(uriPath, caseInsensitive) {
    if (caseInsensitive)
        return uriPath.toLowerCase();
    return uriPath.replace(/^\/([A-Z]):/, (_m, d) => `/${d.toLowerCase()}:`);
}
async function newestFirst(fs, root, names, concurrency) {
    const mtimes = new Map();
    for (let i = 0; i < names.length; i += concurrency) {
        const batch = names.slice(i, i + concurrency);
        const stats = await Promise.all(batch.map((n) => fs.lstat(path.join(root, n)).then((s) => s.mtimeMs, () => 0)));
        batch.forEach((n, j) => mtimes.set(n, stats[j]));
    }
    return [...names].sort((a, b) => (mtimes.get(b) ?? 0) - (mtimes.get(a) ?? 0));
}
//# sourceMappingURL=entriesHeaderIndex.js.map