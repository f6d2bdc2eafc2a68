"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DEFAULT_MAX_CONTENT_BYTES = void 0;
exports.readVersionContent = readVersionContent;
const historyFileSystem_1 = require("./historyFileSystem");
const historyVersion_1 = require("./historyVersion");
/** Default cap on one version's bytes; VS Code itself only keeps files ≤ 256 KB unless the user raised it. */
exports.DEFAULT_MAX_CONTENT_BYTES = 16 * 1024 * 1024;
/**
 * The bytes of one listed version. Regular files only (a symlink planted in a history folder is refused, not
 * followed), bounded by `maxBytes` so a huge entry becomes a clear error instead of an out-of-memory.
 */
async function readVersionContent(fs, version, maxBytes = exports.DEFAULT_MAX_CONTENT_BYTES) {
    const path = version.contentPath;
    let stat;
    try {
        stat = await fs.lstat(path);
    }
    catch (err) {
        if ((0, historyFileSystem_1.isNotFound)(err))
            throw new historyVersion_1.HistoryReadError('contentMissing', 'this historical version no longer exists on disk', path, err);
        throw new historyVersion_1.HistoryReadError('unreadable', 'could not read this historical version', path, err);
    }
    if (!stat.isFile())
        throw new historyVersion_1.HistoryReadError('contentMissing', 'this historical version is no longer a regular file', path);
    if (stat.size > maxBytes)
        throw tooLarge(path, stat.size, maxBytes);
    let bytes;
    try {
        bytes = await fs.readFile(path);
    }
    catch (err) {
        if ((0, historyFileSystem_1.isNotFound)(err))
            throw new historyVersion_1.HistoryReadError('contentMissing', 'this historical version no longer exists on disk', path, err);
        throw new historyVersion_1.HistoryReadError('unreadable', 'could not read this historical version', path, err);
    }
    // The file can grow between lstat and read (VS Code rewrites the newest entry in place within mergeWindow).
    if (bytes.byteLength > maxBytes)
        throw tooLarge(path, bytes.byteLength, maxBytes);
    return bytes;
}
function tooLarge(path, size, maxBytes) {
    return new historyVersion_1.HistoryReadError('contentTooLarge', `this historical version is ${size} bytes, more than the ${maxBytes}-byte limit`, path);
}
//# sourceMappingURL=readVersionContent.js.map