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
const assert = __importStar(require("assert"));
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const workspaceScope_1 = require("../../../src/fs/workspaceScope");
describe('workspaceScope', () => {
    describe('pathWithinRoots: the mirror covers the workspace folders only', () => {
        const roots = ['/ws', '/other root/'];
        const cases = [
            ['/ws', '/ws'],
            ['/ws/a.txt', '/ws/a.txt'],
            ['/ws/deep/./x/../y.ts', '/ws/deep/y.ts'],
            ['/other root/x', '/other root/x'],
            ['/ws/../etc/passwd', undefined],
            ['/ws2/a.txt', undefined],
            ['/w', undefined],
            ['/', undefined],
            ['/home/me/.config/Code/User/History/abc/entries.json', undefined],
            ['/ws/..', undefined],
            ['/ws/..hidden', '/ws/..hidden'],
        ];
        for (const [p, expected] of cases) {
            it(`${p} → ${String(expected)}`, () => assert.strictEqual((0, workspaceScope_1.pathWithinRoots)(p, roots), expected));
        }
        it('no folder open: nothing is inside', () => assert.strictEqual((0, workspaceScope_1.pathWithinRoots)('/ws/a.txt', []), undefined));
    });
    describe('resolveInWorkspace: symlinks are followed before the check', () => {
        let root;
        let ws;
        let outside;
        beforeEach(() => {
            root = fs.mkdtempSync(path.join(os.tmpdir(), 'scope-'));
            ws = path.join(root, 'ws');
            outside = path.join(root, 'outside');
            fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
            fs.mkdirSync(outside);
            fs.writeFileSync(path.join(outside, 'secret.txt'), 'x');
            fs.symlinkSync(outside, path.join(ws, 'out'));
            fs.symlinkSync(path.join(ws, 'src'), path.join(ws, 'alias'));
            fs.symlinkSync(path.join(root, 'nowhere'), path.join(ws, 'dangling'));
        });
        afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
        it('a link out of the workspace is outside, for existing and new files alike', () => {
            assert.strictEqual((0, workspaceScope_1.resolveInWorkspace)(path.join(ws, 'out', 'secret.txt'), [ws]), undefined);
            assert.strictEqual((0, workspaceScope_1.resolveInWorkspace)(path.join(ws, 'out', 'new', 'file.txt'), [ws]), undefined);
            assert.strictEqual((0, workspaceScope_1.resolveInWorkspace)(path.join(ws, 'out'), [ws]), undefined);
        });
        it('a link within the workspace, a new file and a dangling link stay inside, under the path as given', () => {
            assert.strictEqual((0, workspaceScope_1.resolveInWorkspace)(path.join(ws, 'alias', 'a.ts'), [ws]), path.join(ws, 'alias', 'a.ts'));
            assert.strictEqual((0, workspaceScope_1.resolveInWorkspace)(path.join(ws, 'src', 'new', 'b.ts'), [ws]), path.join(ws, 'src', 'new', 'b.ts'));
            assert.strictEqual((0, workspaceScope_1.resolveInWorkspace)(path.join(ws, 'dangling'), [ws]), path.join(ws, 'dangling'));
        });
        it('a workspace folder that is itself reached through a link works', () => {
            const viaLink = path.join(root, 'ws-link');
            fs.symlinkSync(ws, viaLink);
            assert.strictEqual((0, workspaceScope_1.resolveInWorkspace)(path.join(viaLink, 'src', 'x.ts'), [viaLink]), path.join(viaLink, 'src', 'x.ts'));
        });
    });
});
//# sourceMappingURL=workspaceScope.test.js.map