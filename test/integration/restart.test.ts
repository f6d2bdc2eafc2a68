import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { eventually, testing, text, utf8, workspaceFolder } from './testApi';

/**
 * Run by the harness in two extension hosts over the same workspace storage (test/harness/runIntegration.ts):
 * phase `before` stages, phase `after` (a new host) checks. The crash case kills the first host with SIGKILL in
 * the middle of an apply.
 */
const phase = process.env.AGENT_OVERLAY_PHASE;

// First in the file: the kill -9 case below ends phase `before`, so nothing after it runs there.
describe('[restart] mcp bridge after a reload', () => {
  // Outside the workspace (nothing for Source Control to show), in the run folder both phases share.
  const saved = () => path.join(process.env.AGENT_OVERLAY_TEST_RUN_DIR ?? os.tmpdir(), 'mcp-before-reload.json');

  it('a bridge running as the window reloaded starts again with the same token', async () => {
    const t = await testing();
    if (phase === 'before') {
      assert.strictEqual(vscode.workspace.getConfiguration('agentOverlay.mcp').get('enabled'), false, 'not started by the setting');
      await vscode.commands.executeCommand('agentOverlay.mcp.start');
      const e = t.mcp.endpoint();
      assert.ok(e, 'the Start command started the server');
      fs.writeFileSync(saved(), JSON.stringify({ token: e.token }));
      return;
    }
    assert.ok(fs.existsSync(saved()), 'phase `before` started the bridge and saved its token');
    const before = JSON.parse(fs.readFileSync(saved(), 'utf8')) as { token: string };
    await eventually(() => t.mcp.endpoint() !== undefined, 'the bridge to start again after the reload');
    assert.strictEqual(t.mcp.endpoint()!.token, before.token);
    await vscode.commands.executeCommand('agentOverlay.mcp.stop');
  });
});

describe('[restart] staged changes survive a new extension host', () => {
  const fileUri = (rel: string) => vscode.Uri.joinPath(workspaceFolder(), rel);
  const staged = (rel: string) => fileUri(rel).with({ scheme: 'agent-staged' });
  const onDisk = (rel: string) => (fs.existsSync(fileUri(rel).fsPath) ? fs.readFileSync(fileUri(rel).fsPath, 'utf8') : undefined);
  const N = 300;
  const body = (i: number, kind: string) => `${kind} ${i}\n`.repeat(1000); // ~10 KB

  it('after a reload: writes, deletes and renames are still staged and the disk is untouched', async () => {
    if (phase === 'before') {
      fs.mkdirSync(fileUri('persist').fsPath, { recursive: true });
      fs.writeFileSync(fileUri('persist/a.txt').fsPath, 'disk a\n');
      fs.writeFileSync(fileUri('persist/b.txt').fsPath, 'disk b\n');
      await vscode.workspace.fs.writeFile(staged('persist/a.txt'), utf8('staged a\n'));
      await vscode.workspace.fs.delete(staged('persist/b.txt'));
      await vscode.workspace.fs.writeFile(staged('persist/c.txt'), utf8('staged c\n'));
      await (await testing()).flush();
      return;
    }
    assert.strictEqual(text(await vscode.workspace.fs.readFile(staged('persist/a.txt'))), 'staged a\n');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(staged('persist/b.txt'))), (e: vscode.FileSystemError) => e.code === 'FileNotFound');
    assert.strictEqual(text(await vscode.workspace.fs.readFile(staged('persist/c.txt'))), 'staged c\n');
    assert.deepStrictEqual([onDisk('persist/a.txt'), onDisk('persist/b.txt'), onDisk('persist/c.txt')], ['disk a\n', 'disk b\n', undefined]);
    const shown = (await testing()).scmState().flatMap(g => g.resources.map(r => r.path)).filter(p => p.includes('/persist/')).sort();
    assert.deepStrictEqual(shown, ['a.txt', 'b.txt', 'c.txt'].map(n => fileUri(`persist/${n}`).fsPath));
  });

  it('after a reload: an empty folder an agent made through agent-staged: is still staged, and Apply makes it', async () => {
    if (phase === 'before') {
      await vscode.workspace.fs.createDirectory(staged('made-by-agent'));
      assert.strictEqual((await vscode.workspace.fs.stat(staged('made-by-agent'))).type, vscode.FileType.Directory);
      await (await testing()).flush();
      return;
    }
    assert.strictEqual(fs.existsSync(fileUri('made-by-agent').fsPath), false, 'nothing reached the disk before Apply');
    assert.strictEqual((await vscode.workspace.fs.stat(staged('made-by-agent'))).type, vscode.FileType.Directory);
    assert.deepStrictEqual(await vscode.workspace.fs.readDirectory(staged('made-by-agent')), []);
    const t = await testing();
    const shown = t.scmState().flatMap(g => g.resources).filter(r => r.path === fileUri('made-by-agent').fsPath);
    assert.deepStrictEqual(shown.map(r => r.contextValue), ['staged-mkdir']);
    t.scriptPrompts().answer('Apply');
    await vscode.commands.executeCommand('agentOverlay.apply', fileUri('made-by-agent'));
    assert.strictEqual(fs.statSync(fileUri('made-by-agent').fsPath).isDirectory(), true, 'Apply made the folder on disk');
    assert.deepStrictEqual(t.scmState().flatMap(g => g.resources).filter(r => r.path === fileUri('made-by-agent').fsPath), []);
  });

  it('after a kill -9 during a large apply: every file is fully old or fully new and nothing staged is lost', async () => {
    if (phase === 'before') {
      fs.mkdirSync(fileUri('crash').fsPath, { recursive: true });
      for (let i = 0; i < N; i++) fs.writeFileSync(fileUri(`crash/f${i}.txt`).fsPath, body(i, 'old'));
      for (let i = 0; i < N; i++) await vscode.workspace.fs.writeFile(staged(`crash/f${i}.txt`), utf8(body(i, 'new')));
      const t = await testing();
      await t.flush();
      t.scriptPrompts().answer('Apply');
      // Ask the harness to kill this host 300 ms from now, then start the apply (it takes longer than that).
      fs.writeFileSync(process.env.AGENT_OVERLAY_KILL_SIGNAL!, '300');
      const uris = Array.from({ length: N }, (_, i) => fileUri(`crash/f${i}.txt`));
      await vscode.commands.executeCommand('agentOverlay.apply', uris[0], uris);
      await new Promise(r => setTimeout(r, 60_000)); // the kill comes first
      assert.fail('the harness did not kill the extension host');
    }
    let applied = 0;
    for (let i = 0; i < N; i++) {
      const now = onDisk(`crash/f${i}.txt`);
      assert.ok(now === body(i, 'old') || now === body(i, 'new'), `crash/f${i}.txt is half-written`);
      if (now === body(i, 'new')) applied++;
      assert.strictEqual(text(await vscode.workspace.fs.readFile(staged(`crash/f${i}.txt`))), body(i, 'new'), `f${i} is still staged or applied`);
    }
    assert.deepStrictEqual(fs.readdirSync(fileUri('crash').fsPath).filter(f => f.endsWith('.tmp')), []);
    console.log(`[test]     (${applied} of ${N} files had been applied when the host was killed)`);
  });
});
