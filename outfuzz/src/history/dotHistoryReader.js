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
exports.DotHistoryReader = exports.DOT_HISTORY_LABEL = exports.DOT_HISTORY_DIR = void 0;
exports.dotHistoryTarget = dotHistoryTarget;
exports.parseDotHistoryName = parseDotHistoryName;
const path = __importStar(require("path"));
const historyFileSystem_1 = require("./historyFileSystem");
const historyVersion_1 = require("./historyVersion");
const readVersionContent_1 = require("./readVersionContent");
/**
 * Reader for the "Local History" extension's (`xyz.local-history`) tree, default layout
 * `<workspace>/.history/<rel dir>/<name>_YYYYMMDDHHmmss<ext>` (research/formats.md §B), where name/ext come from
 * `path.parse` (`.gitignore` → name `.gitignore`, ext ``; `a.tar.gz` → `a.tar` + `.gz`) and the stamp is the
 * save time in LOCAL time. To list one file it reads only that file's own `.history/<rel dir>` folder and
 * keeps the names matching the file's pattern — never the rest of `.history` (seed 000, data minimisation).
 */
exports.DOT_HISTORY_DIR = '.history';
exports.DOT_HISTORY_LABEL = 'File Saved (.history)';
class DotHistoryReader {
    fs;
    constructor(options = {}) {
        this.fs = options.fs ?? historyFileSystem_1.nodeHistoryFileSystem;
    }
    /**
     * @param workspaceRoot absolute path of the workspace folder holding `.history/`.
     * @param relativePath the file's path relative to that folder, `/`-separated (from workspacePath.ts).
     * @throws HistoryReadError `badLocation` for an absolute or `..` path; `unreadable` for an unlistable folder.
     */
    async listVersions(workspaceRoot, relativePath) {
        const target = dotHistoryTarget(workspaceRoot, relativePath);
        let names;
        try {
            names = await this.fs.readdir(target.folder);
        }
        catch (err) {
            if ((0, historyFileSystem_1.isNotFound)(err))
                return { folder: target.folder, exists: false, versions: [] };
            throw new historyVersion_1.HistoryReadError('unreadable', 'could not list the .history folder', target.folder, err);
        }
        const matches = names
            .map((n) => ({ n, timestamp: parseDotHistoryName(n, target.name, target.ext) }))
            .filter((m) => m.timestamp !== undefined);
        const stats = await Promise.all(matches.map(async (m) => {
            const contentPath = path.join(target.folder, m.n);
            try {
                return { ...m, contentPath, stat: await this.fs.lstat(contentPath) };
            }
            catch (err) {
                if ((0, historyFileSystem_1.isNotFound)(err))
                    return undefined; // purged (daysLimit) between readdir and lstat
                throw new historyVersion_1.HistoryReadError('unreadable', 'could not read a .history entry', contentPath, err);
            }
        }));
        const versions = [];
        for (const s of stats) {
            // Regular files only: a symlink inside .history is not followed anywhere.
            if (!s || !s.stat.isFile())
                continue;
            versions.push({
                store: 'dotHistory',
                sourceId: s.n,
                timestamp: s.timestamp,
                label: exports.DOT_HISTORY_LABEL,
                source: undefined,
                contentPath: s.contentPath,
                size: s.stat.size,
            });
        }
        versions.sort(historyVersion_1.compareNewestFirst);
        return { folder: target.folder, exists: true, versions };
    }
    /** @throws HistoryReadError `contentMissing` | `contentTooLarge` | `unreadable` | `foreignVersion`. */
    readContent(version, maxBytes = readVersionContent_1.DEFAULT_MAX_CONTENT_BYTES) {
        const base = path.basename(version.contentPath);
        const segments = path.normalize(version.contentPath).split(path.sep);
        if (version.store !== 'dotHistory' || base !== version.sourceId || !segments.includes(exports.DOT_HISTORY_DIR)
            || !/_\d{14}(\.[^.]*)?$/.test(base)) {
            return Promise.reject(new historyVersion_1.HistoryReadError('foreignVersion', 'this version does not come from a .history folder', version.contentPath));
        }
        return (0, readVersionContent_1.readVersionContent)(this.fs, version, maxBytes);
    }
}
exports.DotHistoryReader = DotHistoryReader;
/** The folder and name parts for `relativePath` under `<workspaceRoot>/.history`. */
function dotHistoryTarget(workspaceRoot, relativePath) {
    const segments = relativePath.split(/[/\\]/).filter((s) => s !== '' && s !== '.');
    if (!path.isAbsolute(workspaceRoot) || path.isAbsolute(relativePath) || /^[A-Za-z]:/.test(relativePath)
        || segments.length === 0 || segments.includes('..') || relativePath.includes('\0')) {
        throw new historyVersion_1.HistoryReadError('badLocation', `not a workspace-relative file path: ${JSON.stringify(relativePath)}`);
    }
    const fileName = segments[segments.length - 1];
    const parsed = path.posix.parse(fileName);
    return {
        folder: path.join(workspaceRoot, exports.DOT_HISTORY_DIR, ...segments.slice(0, -1)),
        name: parsed.name,
        ext: parsed.ext,
    };
}
/**
 * The local-time timestamp (ms) of `<name>_YYYYMMDDHHmmss<ext>`, or undefined when `fileName` is not a version
 * of that name (another file, a malformed stamp, or an impossible date like month 13).
 */
function parseDotHistoryName(fileName, name, ext) {
    if (fileName.length !== name.length + 15 + ext.length || !fileName.startsWith(`${name}_`) || !fileName.endsWith(ext)) {
        return undefined;
    }
    const stamp = fileName.substring(name.length + 1, name.length + 15);
    if (!/^\d{14}$/.test(stamp))
        return undefined;
    const [y, mo, d, h, mi, s] = [
        stamp.substring(0, 4), stamp.substring(4, 6), stamp.substring(6, 8),
        stamp.substring(8, 10), stamp.substring(10, 12), stamp.substring(12, 14),
    ].map(Number);
    const daysInMonth = new Date(y, mo, 0).getDate();
    if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth || h > 23 || mi > 59 || s > 59)
        return undefined;
    // The extension writes local wall-clock time (toISOString of a date shifted by the zone offset), so read it
    // back as local time. (In a DST gap hour the Date shifts by an hour; the order of versions is still right.)
    const date = new Date(y, mo - 1, d, h, mi, s);
    return date.getTime();
}
//# sourceMappingURL=dotHistoryReader.js.map