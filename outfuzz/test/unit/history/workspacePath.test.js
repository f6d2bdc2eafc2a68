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
const path = __importStar(require("path"));
const workspacePath_1 = require("../../../src/history/workspacePath");
const historyTestUtil_1 = require("./historyTestUtil");
describe('workspacePath (path policy for agent tools)', () => {
    let tmp;
    let ws;
    let outside;
    before(() => {
        tmp = (0, historyTestUtil_1.makeTempDir)('wsp');
        ws = { name: 'app', path: path.join(tmp.dir, 'app') };
        outside = path.join(tmp.dir, 'outside');
        fs.mkdirSync(path.join(ws.path, 'src', 'lib'), { recursive: true });
        fs.mkdirSync(outside);
        fs.writeFileSync(path.join(ws.path, 'src', 'a.ts'), 'a');
        fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
        fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(ws.path, 'src', 'leak.txt'));
        fs.symlinkSync(outside, path.join(ws.path, 'linkdir'));
        fs.symlinkSync(path.join(ws.path, 'src', 'a.ts'), path.join(ws.path, 'src', 'alias.ts'));
        fs.symlinkSync(path.join(tmp.dir, 'no-such-target'), path.join(ws.path, 'dangling.ts'));
        fs.symlinkSync('..', path.join(ws.path, 'up'));
    });
    after(() => tmp.cleanup());
    const accepted = [
        ['src/a.ts', 'src/a.ts', true],
        ['./src/a.ts', 'src/a.ts', true],
        ['src//a.ts', 'src/a.ts', true],
        ['src\\a.ts', 'src/a.ts', true],
        ['src/./a.ts', 'src/a.ts', true],
        ['src/alias.ts', 'src/alias.ts', true],
        ['src/deleted.ts', 'src/deleted.ts', false],
        ['src/new/dir/x.ts', 'src/new/dir/x.ts', false],
        ['  src/a.ts  ', 'src/a.ts', true],
    ];
    for (const [input, rel, exists] of accepted) {
        it(`accepts ${JSON.stringify(input)}`, async () => {
            const r = await (0, workspacePath_1.resolveWorkspacePath)(input, [ws]);
            assert.deepStrictEqual([r.relativePath, r.displayPath, r.exists, r.root], [rel, rel, exists, ws]);
            assert.strictEqual(r.absolutePath, path.join(ws.path, ...rel.split('/')));
        });
    }
    const refused = [
        [42, 'notAString'], [null, 'notAString'], [undefined, 'notAString'], [['src/a.ts'], 'notAString'],
        ['', 'empty'], ['   ', 'empty'],
        ['src/a.ts\0.png', 'nulByte'], ['\0', 'nulByte'],
        ['x'.repeat(5000), 'tooLong'],
        ['/etc/passwd', 'absolute'], ['\\etc\\passwd', 'absolute'], ['C:\\Windows\\win.ini', 'absolute'], ['c:foo', 'absolute'],
        ['\\\\server\\share\\x', 'absolute'], ['~/x', 'absolute'], ['~', 'absolute'], ['file:///etc/passwd', 'absolute'],
        ['vscode-remote://h/x', 'absolute'],
        ['../x', 'parentSegment'], ['src/../../x', 'parentSegment'], ['src/../a.ts', 'parentSegment'], ['..', 'parentSegment'],
        ['..\\x', 'parentSegment'], ['src/.../x', 'parentSegment'],
        ['.', 'workspaceRoot'], ['./', 'workspaceRoot'], ['//', 'absolute'],
        ['src/leak.txt', 'symlinkOutside'], ['linkdir/secret.txt', 'symlinkOutside'], ['linkdir/not-yet.txt', 'symlinkOutside'],
        ['linkdir', 'symlinkOutside'], ['up/outside/secret.txt', 'symlinkOutside'], ['dangling.ts', 'symlinkOutside'],
    ];
    for (const [input, code] of refused) {
        it(`refuses ${JSON.stringify(input)?.slice(0, 40)} (${code})`, async () => {
            await assert.rejects((0, workspacePath_1.resolveWorkspacePath)(input, [ws]), (e) => {
                assert.ok(e instanceof workspacePath_1.WorkspacePathError, String(e));
                assert.strictEqual(e.code, code);
                assert.ok(e.message.length > 20);
                return true;
            });
        });
    }
    it('tells the model what is allowed', async () => {
        for (const input of ['/etc/passwd', '../x', '', 'src/a.ts\0']) {
            await assert.rejects((0, workspacePath_1.resolveWorkspacePath)(input, [ws]), /relative to the workspace folder/);
        }
        await assert.rejects((0, workspacePath_1.resolveWorkspacePath)('src/leak.txt', [ws]), /symbolic link/);
    });
    it('refuses when no folder is open', async () => {
        await assert.rejects((0, workspacePath_1.resolveWorkspacePath)('a.ts', []), (e) => e instanceof workspacePath_1.WorkspacePathError && e.code === 'noWorkspace');
    });
    describe('multi-root', () => {
        let other;
        before(() => {
            other = { name: 'docs', path: path.join(tmp.dir, 'docs') };
            fs.mkdirSync(path.join(other.path, 'src'), { recursive: true });
            fs.writeFileSync(path.join(other.path, 'readme.md'), 'r');
        });
        it('picks the folder named by the first segment', async () => {
            const r = await (0, workspacePath_1.resolveWorkspacePath)('docs/readme.md', [ws, other]);
            assert.deepStrictEqual([r.root.name, r.relativePath, r.displayPath, r.exists], ['docs', 'readme.md', 'docs/readme.md', true]);
        });
        it('otherwise picks the folder where the file exists, else the first', async () => {
            assert.strictEqual((await (0, workspacePath_1.resolveWorkspacePath)('readme.md', [ws, other])).root.name, 'docs');
            assert.strictEqual((await (0, workspacePath_1.resolveWorkspacePath)('src/a.ts', [ws, other])).root.name, 'app');
            const missing = await (0, workspacePath_1.resolveWorkspacePath)('nope.md', [ws, other]);
            assert.deepStrictEqual([missing.root.name, missing.exists, missing.displayPath], ['app', false, 'app/nope.md']);
        });
        it('still refuses a symlink out of the chosen folder', async () => {
            await assert.rejects((0, workspacePath_1.resolveWorkspacePath)('app/src/leak.txt', [ws, other]), (e) => e instanceof workspacePath_1.WorkspacePathError && e.code === 'symlinkOutside');
        });
    });
    it('applies Windows file-name rules lexically on win32', () => {
        assert.throws(() => (0, workspacePath_1.parseWorkspaceRelativePath)('src/a.ts:stream', 'win32'), (e) => e instanceof workspacePath_1.WorkspacePathError && e.code === 'invalidSegment');
        assert.deepStrictEqual((0, workspacePath_1.parseWorkspaceRelativePath)('src\\lib\\a.ts', 'win32'), ['src', 'lib', 'a.ts']);
        assert.deepStrictEqual((0, workspacePath_1.parseWorkspaceRelativePath)('src/a.ts:stream', 'linux'), ['src', 'a.ts:stream']);
    });
});
//# sourceMappingURL=workspacePath.test.js.map