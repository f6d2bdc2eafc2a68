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
exports.installFaults = installFaults;
exports.isWriteCall = isWriteCall;
/**
 * Crash injection for the crash sweep, in the manner of SQLite's crash-test harness: every disk-changing call of
 * Node's fs (sync, promise and FileHandle APIs) is numbered, and the process kills itself with SIGKILL right
 * before call K, or lets half of write K land first (a torn write). Only this process is affected; the parent
 * process that checks the result is untouched.
 */
const fsStar = __importStar(require("fs"));
/** The fs module itself (the namespace import's properties are read-only getters onto it). */
const fs = fsStar.default ?? fsStar;
/** Calls that write data: a torn write applies to them. */
const WRITES = new Set(['writeFileSync', 'writeSync', 'appendFileSync', 'promises.writeFile', 'promises.appendFile', 'handle.write', 'handle.writeFile', 'handle.appendFile']);
const SYNC_APIS = [
    'writeFileSync', 'appendFileSync', 'writeSync', 'renameSync', 'unlinkSync', 'rmSync', 'rmdirSync', 'mkdirSync', 'chmodSync',
    'fchmodSync', 'fsyncSync', 'fdatasyncSync', 'truncateSync', 'ftruncateSync', 'copyFileSync', 'symlinkSync', 'linkSync',
    'utimesSync', 'futimesSync', 'openSync', 'cpSync',
];
const PROMISE_APIS = [
    'writeFile', 'appendFile', 'rename', 'unlink', 'rm', 'rmdir', 'mkdir', 'chmod', 'truncate', 'copyFile', 'symlink', 'link',
    'utimes', 'open', 'cp',
];
const HANDLE_APIS = ['write', 'writev', 'writeFile', 'appendFile', 'sync', 'datasync', 'truncate', 'chmod', 'utimes'];
/** Callback APIs: the overlay does not use them; counted anyway so a future use cannot escape the sweep. */
const CALLBACK_APIS = ['writeFile', 'appendFile', 'write', 'rename', 'unlink', 'rm', 'rmdir', 'mkdir', 'chmod', 'fsync', 'fdatasync', 'truncate', 'ftruncate', 'copyFile', 'symlink'];
/** An `open` that can create or change a file (any flag but plain read). */
function opensForWrite(flags) {
    if (flags === undefined || flags === null)
        return false;
    if (typeof flags === 'number')
        return (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_APPEND)) !== 0;
    return String(flags) !== 'r' && String(flags) !== 'rs';
}
function describe(arg) {
    if (typeof arg === 'string')
        return arg;
    if (typeof arg === 'number')
        return `fd ${arg}`;
    return '';
}
function dataOf(args, index) {
    const d = args[index];
    if (typeof d === 'string')
        return Buffer.from(d);
    return d instanceof Uint8Array ? d : undefined;
}
function die() {
    process.kill(process.pid, 'SIGKILL');
    // SIGKILL to oneself is delivered before `kill` returns; never go on if it somehow was not.
    for (;;) { /* wait for the signal */ }
}
/**
 * Patches fs so every disk-changing call is counted and the plan's crash happens. Async because the FileHandle
 * prototype is only reachable through an open handle.
 */
async function installFaults(plan) {
    let n = 0;
    const before = (api, target, torn) => {
        n++;
        plan.onCall?.(n, api, target);
        if (n !== plan.killAt)
            return;
        if (plan.torn && torn)
            torn();
        die();
    };
    const real = { writeSync: fs.writeSync, writeFileSync: fs.writeFileSync };
    const halfWrite = (fd, data, position) => () => {
        real.writeSync(fd, data, 0, Math.floor(data.length / 2), position ?? null);
    };
    const halfFile = (file, data, flag = 'w') => () => {
        if (data && (typeof file === 'string' || typeof file === 'number'))
            real.writeFileSync(file, data.subarray(0, Math.floor(data.length / 2)), { flag });
    };
    const mod = fs;
    for (const api of SYNC_APIS) {
        const orig = mod[api];
        mod[api] = function (...args) {
            if (api === 'openSync' && !opensForWrite(args[1]))
                return orig.apply(this, args);
            let torn;
            if (api === 'writeSync' && typeof args[0] === 'number') {
                const data = dataOf(args, 1);
                const offset = typeof args[2] === 'number' ? args[2] : 0;
                const length = typeof args[3] === 'number' ? args[3] : (data?.length ?? 0) - offset;
                if (data)
                    torn = halfWrite(args[0], data.subarray(offset, offset + length), typeof args[4] === 'number' ? args[4] : null);
            }
            else if (api === 'writeFileSync' || api === 'appendFileSync') {
                torn = halfFile(args[0], dataOf(args, 1), api === 'appendFileSync' ? 'a' : 'w');
            }
            before(api, describe(args[0]), WRITES.has(api) ? torn : undefined);
            return orig.apply(this, args);
        };
    }
    for (const api of CALLBACK_APIS) {
        const orig = mod[api];
        mod[api] = function (...args) {
            before(`callback.${api}`, describe(args[0]));
            return orig.apply(this, args);
        };
    }
    const promises = fs.promises;
    for (const api of PROMISE_APIS) {
        const orig = promises[api];
        promises[api] = function (...args) {
            if (api === 'open' && !opensForWrite(args[1]))
                return orig.apply(this, args);
            const torn = api === 'writeFile' || api === 'appendFile' ? halfFile(args[0], dataOf(args, 1), api === 'appendFile' ? 'a' : 'w') : undefined;
            before(`promises.${api}`, describe(args[0]), torn);
            return orig.apply(this, args);
        };
    }
    const probe = await fs.promises.open(__filename, 'r');
    const proto = Object.getPrototypeOf(probe);
    await probe.close();
    for (const api of HANDLE_APIS) {
        const orig = proto[api];
        proto[api] = function (...args) {
            let torn;
            if (api === 'write') {
                const data = dataOf(args, 0);
                const offset = typeof args[1] === 'number' ? args[1] : 0;
                const length = typeof args[2] === 'number' ? args[2] : (data?.length ?? 0) - offset;
                if (data)
                    torn = halfWrite(this.fd, data.subarray(offset, offset + length), typeof args[3] === 'number' ? args[3] : null);
            }
            else if (api === 'writeFile' || api === 'appendFile') {
                const data = dataOf(args, 0);
                if (data)
                    torn = halfWrite(this.fd, data, null);
            }
            before(`handle.${api}`, `fd ${this.fd}`, torn);
            return orig.apply(this, args);
        };
    }
}
/** True when a call of this api writes data (a torn write can be injected there). */
function isWriteCall(api) {
    return WRITES.has(api);
}
//# sourceMappingURL=fsFaults.js.map