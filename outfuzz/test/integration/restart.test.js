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
const vscode = __importStar(require("vscode"));
const testApi_1 = require("./testApi");
/**
 * Run by the harness in two extension hosts over the same workspace storage (test/harness/runIntegration.ts):
 * phase `before` stages, phase `after` (a new host) checks. The crash case kills the first host with SIGKILL in
 * the middle of an apply.
 */
const phase = process.env.AGENT_OVERLAY_PHASE;
describe('[restart] staged changes survive a new extension host', () => {
    const fileUri = (rel) => vscode.Uri.joinPath((0, testApi_1.workspaceFolder)(), rel);
    const staged = (rel) => fileUri(rel).with({ scheme: 'agent-staged' });
    const onDisk = (rel) => (fs.existsSync(fileUri(rel).fsPath) ? fs.readFileSync(fileUri(rel).fsPath, 'utf8') : undefined);
    const N = 300;
    const body = (i, kind) => `${kind} ${i}\n`.repeat(1000); // ~10 KB
    it('after a reload: writes, deletes and renames are still staged and the disk is untouched', async () => {
        if (phase === 'before') {
            fs.mkdirSync(fileUri('persist').fsPath, { recursive: true });
            fs.writeFileSync(fileUri('persist/a.txt').fsPath, 'disk a\n');
            fs.writeFileSync(fileUri('persist/b.txt').fsPath, 'disk b\n');
            await vscode.workspace.fs.writeFile(staged('persist/a.txt'), (0, testApi_1.utf8)('staged a\n'));
            await vscode.workspace.fs.delete(staged('persist/b.txt'));
            await vscode.workspace.fs.writeFile(staged('persist/c.txt'), (0, testApi_1.utf8)('staged c\n'));
            await (await (0, testApi_1.testing)()).flush();
            return;
        }
        assert.strictEqual((0, testApi_1.text)(await vscode.workspace.fs.readFile(staged('persist/a.txt'))), 'staged a\n');
        await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(staged('persist/b.txt'))), (e) => e.code === 'FileNotFound');
        assert.strictEqual((0, testApi_1.text)(await vscode.workspace.fs.readFile(staged('persist/c.txt'))), 'staged c\n');
        assert.deepStrictEqual([onDisk('persist/a.txt'), onDisk('persist/b.txt'), onDisk('persist/c.txt')], ['disk a\n', 'disk b\n', undefined]);
        const shown = (await (0, testApi_1.testing)()).scmState().flatMap(g => g.resources.map(r => r.path)).filter(p => p.includes('/persist/')).sort();
        assert.deepStrictEqual(shown, ['a.txt', 'b.txt', 'c.txt'].map(n => fileUri(`persist/${n}`).fsPath));
    });
    it('after a kill -9 during a large apply: every file is fully old or fully new and nothing staged is lost', async () => {
        if (phase === 'before') {
            fs.mkdirSync(fileUri('crash').fsPath, { recursive: true });
            for (let i = 0; i < N; i++)
                fs.writeFileSync(fileUri(`crash/f${i}.txt`).fsPath, body(i, 'old'));
            for (let i = 0; i < N; i++)
                await vscode.workspace.fs.writeFile(staged(`crash/f${i}.txt`), (0, testApi_1.utf8)(body(i, 'new')));
            const t = await (0, testApi_1.testing)();
            await t.flush();
            t.scriptPrompts().answer('Apply');
            // Ask the harness to kill this host 300 ms from now, then start the apply (it takes longer than that).
            fs.writeFileSync(process.env.AGENT_OVERLAY_KILL_SIGNAL, '300');
            const uris = Array.from({ length: N }, (_, i) => fileUri(`crash/f${i}.txt`));
            await vscode.commands.executeCommand('agentOverlay.apply', uris[0], uris);
            await new Promise(r => setTimeout(r, 60_000)); // the kill comes first
            assert.fail('the harness did not kill the extension host');
        }
        let applied = 0;
        for (let i = 0; i < N; i++) {
            const now = onDisk(`crash/f${i}.txt`);
            assert.ok(now === body(i, 'old') || now === body(i, 'new'), `crash/f${i}.txt is half-written`);
            if (now === body(i, 'new'))
                applied++;
            assert.strictEqual((0, testApi_1.text)(await vscode.workspace.fs.readFile(staged(`crash/f${i}.txt`))), body(i, 'new'), `f${i} is still staged or applied`);
        }
        assert.deepStrictEqual(fs.readdirSync(fileUri('crash').fsPath).filter(f => f.endsWith('.tmp')), []);
        console.log(`[test]     (${applied} of ${N} files had been applied when the host was killed)`);
    });
});
//# sourceMappingURL=restart.test.js.map