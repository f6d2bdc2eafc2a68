"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.nodeHistoryFileSystem = void 0;
exports.fsErrorCode = fsErrorCode;
exports.isNotFound = isNotFound;
const fs_1 = require("fs");
/** The real file system, through `fs.promises`. */
exports.nodeHistoryFileSystem = {
    readdir: (dir) => fs_1.promises.readdir(dir),
    lstat: (path) => fs_1.promises.lstat(path),
    readFile: (path) => fs_1.promises.readFile(path),
    async readHead(path, maxBytes) {
        const handle = await fs_1.promises.open(path, 'r');
        try {
            const buffer = Buffer.alloc(maxBytes);
            const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
            return buffer.subarray(0, bytesRead);
        }
        finally {
            await handle.close();
        }
    },
    realpath: (path) => fs_1.promises.realpath(path),
};
/** Node's error code of a failed fs call (`ENOENT`, `EACCES`, …), if it is one. */
function fsErrorCode(err) {
    const code = err?.code;
    return typeof code === 'string' ? code : undefined;
}
/** The path is absent (or a parent is not a directory): "no history", as opposed to a real read failure. */
function isNotFound(err) {
    const code = fsErrorCode(err);
    return code === 'ENOENT' || code === 'ENOTDIR';
}
//# sourceMappingURL=historyFileSystem.js.map