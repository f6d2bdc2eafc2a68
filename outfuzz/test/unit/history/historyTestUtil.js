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
exports.fixturesDir = fixturesDir;
exports.makeTempDir = makeTempDir;
exports.copyVscodeFixture = copyVscodeFixture;
exports.recordingFs = recordingFs;
exports.snapshotTree = snapshotTree;
exports.setMtime = setMtime;
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const historyFileSystem_1 = require("../../../src/history/historyFileSystem");
/** test/fixtures/history, whether the tests run from out/ or from another --outDir. */
function fixturesDir() {
    const candidates = [
        path.resolve(__dirname, '../../../../test/fixtures/history'),
        path.resolve(process.cwd(), 'test/fixtures/history'),
    ];
    const found = candidates.find((c) => fs.existsSync(path.join(c, 'vscode')));
    if (!found)
        throw new Error(`test/fixtures/history not found from ${__dirname} or ${process.cwd()}`);
    return found;
}
/** A fresh temp dir, removed by the returned cleanup. */
function makeTempDir(prefix) {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `ao-${prefix}-`)));
    return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
/** Copy of the fixture VS Code user dir; returns the copy's `User` path. */
function copyVscodeFixture(into) {
    const user = path.join(into, 'User');
    fs.cpSync(path.join(fixturesDir(), 'vscode', 'User'), user, { recursive: true });
    return user;
}
/** The real fs, recording every call, so tests can prove which paths a reader touched. */
function recordingFs() {
    const calls = [];
    const real = historyFileSystem_1.nodeHistoryFileSystem;
    return {
        calls,
        fs: {
            readdir: (p) => { calls.push({ op: 'readdir', path: p }); return real.readdir(p); },
            lstat: (p) => { calls.push({ op: 'lstat', path: p }); return real.lstat(p); },
            readFile: (p) => { calls.push({ op: 'readFile', path: p }); return real.readFile(p); },
            readHead: (p, n) => { calls.push({ op: 'readHead', path: p, maxBytes: n }); return real.readHead(p, n); },
            realpath: (p) => { calls.push({ op: 'realpath', path: p }); return real.realpath(p); },
        },
    };
}
/** Every file and dir under `root` with size and mtime: equal before and after proves nothing was written. */
function snapshotTree(root) {
    const out = [];
    const walk = (dir) => {
        for (const name of fs.readdirSync(dir).sort()) {
            const p = path.join(dir, name);
            const st = fs.lstatSync(p);
            out.push(`${path.relative(root, p)} ${st.isDirectory() ? 'dir' : st.size} ${st.mtimeMs}`);
            if (st.isDirectory())
                walk(p);
        }
    };
    walk(root);
    return out;
}
/** Set a file's mtime (seconds precision is enough for the tests). */
function setMtime(file, ms) {
    const d = new Date(ms);
    fs.utimesSync(file, d, d);
}
//# sourceMappingURL=historyTestUtil.js.map