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
exports.chatFixturesDir = chatFixturesDir;
exports.fixtureSession = fixtureSession;
exports.makeChatSessionsFolder = makeChatSessionsFolder;
exports.removeFolder = removeFolder;
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
/**
 * `test/fixtures/chat`, found from the compiled test's folder upwards (out/test/unit/chat → repo) and, when the
 * tests were compiled outside the repo, from the working directory.
 */
function chatFixturesDir() {
    for (let dir = __dirname;; dir = path.dirname(dir)) {
        const candidate = path.join(dir, 'test', 'fixtures', 'chat');
        if (fs.existsSync(candidate))
            return candidate;
        if (path.dirname(dir) === dir)
            break;
    }
    const fromCwd = path.resolve('test', 'fixtures', 'chat');
    if (fs.existsSync(fromCwd))
        return fromCwd;
    throw new Error('test/fixtures/chat not found: run the tests from the repository root');
}
function fixtureSession(name) {
    return path.join(chatFixturesDir(), 'sessions', name);
}
/**
 * A fresh `chatSessions` folder holding copies of the named fixtures, each with the modification time given
 * (seconds since the epoch), so "most recently modified" is under the test's control.
 */
function makeChatSessionsFolder(files) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-sessions-'));
    for (const [name, mtime] of Object.entries(files)) {
        const target = path.join(dir, name);
        fs.copyFileSync(fixtureSession(name), target);
        fs.utimesSync(target, mtime, mtime);
    }
    return dir;
}
function removeFolder(dir) {
    fs.rmSync(dir, { recursive: true, force: true });
}
//# sourceMappingURL=chatFixtures.js.map