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
exports.TEMP_SUFFIX = void 0;
exports.writeDurable = writeDurable;
exports.writeSyncedAndRename = writeSyncedAndRename;
exports.writeAll = writeAll;
exports.syncDir = syncDir;
exports.keepAside = keepAside;
/**
 * The durable-write primitives the store is built from. The order matters and is the whole point:
 * write a temp file, fsync it, rename it over the target, fsync the directory. A crash at any step leaves
 * either the old file or the new one under the target name, never a mix, and once this resolves the new
 * name survives a power loss too.
 */
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
/** Suffix of in-progress files; anything ending in it after a crash was never committed and may be deleted. */
exports.TEMP_SUFFIX = '.tmp';
async function writeDurable(file, data) {
    await writeSyncedAndRename(file, data);
    await syncDir(path.dirname(file));
}
/**
 * The first three steps of `writeDurable`, for a caller that renames several files into one directory and
 * fsyncs it once at the end.
 */
async function writeSyncedAndRename(file, data) {
    const temp = file + exports.TEMP_SUFFIX;
    const handle = await fs.promises.open(temp, 'w');
    try {
        for (const chunk of isChunkList(data) ? data : [data])
            await writeAll(handle, chunk);
        await handle.sync();
    }
    finally {
        await handle.close();
    }
    await fs.promises.rename(temp, file);
}
/** `FileHandle.write` may write less than asked (large buffers, some file systems); loop until all is out. */
async function writeAll(handle, data, position) {
    let done = 0;
    while (done < data.length) {
        const { bytesWritten } = await handle.write(data, done, data.length - done, position === undefined ? null : position + done);
        done += bytesWritten;
    }
}
/**
 * fsync a directory so a rename or a new entry in it is durable. Windows cannot open a directory for fsync
 * (and NTFS journals its metadata), so there it is a no-op.
 */
async function syncDir(dir) {
    if (process.platform === 'win32')
        return;
    const handle = await fs.promises.open(dir, 'r');
    try {
        await handle.sync();
    }
    finally {
        await handle.close();
    }
}
/**
 * Keeps a copy of a file that failed verification next to it, as `<name>.corrupt-<time>`, so whatever recovery
 * does next cannot destroy the evidence (or the data a person might still rescue by hand). A byte-identical copy
 * kept by an earlier open is reused, so reopening a store that stays broken does not pile up copies. Returns the
 * copy's path, or undefined when even copying failed (the caller reports the original path then).
 */
async function keepAside(file, now = Date.now()) {
    try {
        const bytes = await fs.promises.readFile(file);
        const dir = path.dirname(file);
        const prefix = `${path.basename(file)}.corrupt-`;
        for (const name of await fs.promises.readdir(dir)) {
            if (!name.startsWith(prefix))
                continue;
            const other = path.join(dir, name);
            if ((await fs.promises.stat(other)).size === bytes.length && bytes.equals(await fs.promises.readFile(other))) {
                return other;
            }
        }
        for (let stamp = now;; stamp++) {
            const copy = `${file}.corrupt-${stamp}`;
            try {
                await fs.promises.writeFile(copy, bytes, { flag: 'wx' });
                return copy;
            }
            catch (e) {
                if (e.code !== 'EEXIST')
                    throw e;
            }
        }
    }
    catch {
        // Keeping a copy is a courtesy on the way to a typed error; failing to make one must not hide that error.
        return undefined;
    }
}
function isChunkList(data) {
    return Array.isArray(data);
}
//# sourceMappingURL=writeDurable.js.map