import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { testing, workspaceFolder, discardEverything } from './testApi';

/** Invokes a tool the way a chat would and splits its answer into the sentence and the JSON. */
async function invoke(name: string, input: object): Promise<{ summary: string; data: Record<string, unknown> }> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  // Two text parts: the sentence, then the JSON alone (what a program reads).
  const parts = result.content.map(p => (p instanceof vscode.LanguageModelTextPart ? p.value : undefined));
  assert.ok(parts.length === 2 && parts.every(p => p !== undefined), `${name} answered with a sentence part and a JSON part`);
  const [sentence, json] = parts as string[];
  assert.ok(sentence.endsWith('\n') && !sentence.slice(0, -1).includes('\n'), `${name}: one sentence line`);
  return { summary: sentence.slice(0, -1), data: JSON.parse(json) };
}

describe('overlay tools through vscode.lm.invokeTool', () => {
  const abs = (rel: string) => path.join(workspaceFolder().fsPath, rel);
  const onDisk = (rel: string) => (fs.existsSync(abs(rel)) ? fs.readFileSync(abs(rel), 'utf8') : undefined);
  let snapshot: Map<string, string>;

  /** Every file under tools/, to prove a tool changed nothing on disk. */
  const diskState = () => new Map(fs.readdirSync(abs('tools'), { recursive: true, encoding: 'utf8' }).sort().map(f => [f, fs.statSync(abs(`tools/${f}`)).isFile() ? fs.readFileSync(abs(`tools/${f}`), 'utf8') : '<dir>']));

  beforeEach(async () => {
    await discardEverything();
    fs.rmSync(abs('tools'), { recursive: true, force: true });
    fs.mkdirSync(abs('tools/src'), { recursive: true });
    fs.writeFileSync(abs('tools/src/app.ts'), 'const port = 3000;\nconst host = "localhost";\nconst port2 = 3000;\n');
    fs.writeFileSync(abs('tools/README.md'), '# Tools\n');
    snapshot = diskState();
  });

  it('registers every tool the manifest declares', () => {
    const names = vscode.lm.tools.map(t => t.name);
    for (const n of ['overlay_readFile', 'overlay_writeFile', 'overlay_editFile', 'overlay_deleteFile', 'overlay_renameFile', 'overlay_listChanges', 'overlay_getConflict', 'overlay_resolveConflict', 'overlay_discardChanges']) {
      assert.ok(names.includes(n), `${n} is registered`);
    }
  });

  it('runs an agent session end to end: read, edit, edit again, rename, delete, list, then Apply', async () => {
    const read = await invoke('overlay_readFile', { path: 'tools/src/app.ts', startLine: 2, endLine: 2 });
    assert.deepStrictEqual([read.data.content, read.data.staged, read.data.totalLines], ['const host = "localhost";\n', false, 3]);

    const edit = await invoke('overlay_editFile', { path: 'tools/src/app.ts', oldString: 'const port = 3000;', newString: 'const port = Number(process.env.PORT);', description: 'Port from env' });
    assert.strictEqual(edit.data.status, 'staged');
    assert.deepStrictEqual([edit.data.operation, edit.data.linesAdded, edit.data.linesRemoved], ['modify', 1, 1]);
    await invoke('overlay_editFile', { path: 'tools/src/app.ts', oldString: '"localhost"', newString: '"0.0.0.0"' });
    await invoke('overlay_renameFile', { from: 'tools/src/app.ts', to: 'tools/src/server.ts' });
    await invoke('overlay_writeFile', { path: 'tools/src/new.ts', content: 'export {};\n' });
    await invoke('overlay_deleteFile', { path: 'tools/README.md' });

    const list = await invoke('overlay_listChanges', {});
    const changes = (list.data.changes as { operation: string; path: string; fromPath?: string }[]).map(c => `${c.operation} ${c.fromPath ? `${c.fromPath} -> ` : ''}${c.path}`).sort();
    assert.deepStrictEqual(changes, ['create tools/src/new.ts', 'delete tools/README.md', 'rename tools/src/app.ts -> tools/src/server.ts']);
    assert.deepStrictEqual(diskState(), snapshot, 'no tool touched the disk');

    const t = await testing();
    t.scriptPrompts().answer('Apply');
    await vscode.commands.executeCommand('agentOverlay.applyAll');
    t.restorePrompts();
    assert.strictEqual(onDisk('tools/src/server.ts'), 'const port = Number(process.env.PORT);\nconst host = "0.0.0.0";\nconst port2 = 3000;\n');
    assert.strictEqual(onDisk('tools/src/app.ts'), undefined);
    assert.strictEqual(onDisk('tools/src/new.ts'), 'export {};\n');
    assert.strictEqual(onDisk('tools/README.md'), undefined);
  });

  it('moves and deletes whole folders, one staged change per file; a refused move stages nothing', async () => {
    fs.mkdirSync(abs('tools/src/deep'));
    fs.writeFileSync(abs('tools/src/deep/x.ts'), 'x\n');
    fs.mkdirSync(abs('tools/lib'));
    fs.writeFileSync(abs('tools/lib/app.ts'), 'taken\n');
    snapshot = diskState();
    const refused = await invoke('overlay_renameFile', { from: 'tools/src', to: 'tools/lib' });
    assert.deepStrictEqual([refused.data.status, refused.data.code], ['error', 'FileExists']);
    assert.match(String(refused.data.message), /tools\/lib\/app\.ts/);
    assert.deepStrictEqual((await invoke('overlay_listChanges', {})).data.changes, []);

    const moved = await invoke('overlay_renameFile', { from: 'tools/src', to: 'tools/app' });
    assert.strictEqual(moved.data.status, 'staged');
    assert.deepStrictEqual((moved.data.files as { from: string; to: string }[]).map(f => `${f.from} -> ${f.to}`).sort(),
      ['tools/src/app.ts -> tools/app/app.ts', 'tools/src/deep/x.ts -> tools/app/deep/x.ts']);
    const deleted = await invoke('overlay_deleteFile', { path: 'tools/lib' });
    assert.deepStrictEqual([deleted.data.status, deleted.data.files], ['staged', ['tools/lib/app.ts']]);
    assert.strictEqual((await invoke('overlay_readFile', { path: 'tools/app/deep/x.ts' })).data.content, 'x\n');
    assert.strictEqual((await invoke('overlay_readFile', { path: 'tools/src/app.ts' })).data.code, 'FileNotFound');
    const into = await invoke('overlay_renameFile', { from: 'tools/app', to: 'tools/app/inner' });
    assert.match(String(into.data.message), /into itself/);
    assert.deepStrictEqual(diskState(), snapshot, 'no tool touched the disk');

    // Applied, the folders the moves and deletes emptied are gone too.
    const t = await testing();
    t.scriptPrompts().answer('Apply');
    await vscode.commands.executeCommand('agentOverlay.applyAll');
    t.restorePrompts();
    assert.deepStrictEqual([fs.existsSync(abs('tools/src')), fs.existsSync(abs('tools/lib')), onDisk('tools/app/deep/x.ts')], [false, false, 'x\n']);
  });

  it('explains a missing or ambiguous oldString', async () => {
    const missing = await invoke('overlay_editFile', { path: 'tools/src/app.ts', oldString: 'nope', newString: 'x' });
    assert.deepStrictEqual([missing.data.status, missing.data.code], ['error', 'OldStringNotFound']);
    const twice = await invoke('overlay_editFile', { path: 'tools/src/app.ts', oldString: '3000', newString: '4000' });
    assert.strictEqual(twice.data.code, 'OldStringAmbiguous');
    assert.match(String(twice.data.message), /appears 2 times.*replaceAll/);
    const all = await invoke('overlay_editFile', { path: 'tools/src/app.ts', oldString: '3000', newString: '4000', replaceAll: true });
    assert.strictEqual(all.data.status, 'staged');
  });

  it('reports a conflict to the agent and lets it resolve it', async () => {
    await invoke('overlay_editFile', { path: 'tools/src/app.ts', oldString: 'const port = 3000;', newString: 'const port = 1;' });
    fs.writeFileSync(abs('tools/src/app.ts'), 'const port = 2;\nconst host = "localhost";\nconst port2 = 3000;\n');
    const read = await invoke('overlay_readFile', { path: 'tools/src/app.ts' });
    assert.strictEqual((read.data.conflict as { kind: string }).kind, 'text');
    assert.match(read.summary, /overlay_getConflict/);
    const conflict = await invoke('overlay_getConflict', { path: 'tools/src/app.ts' });
    assert.match(String(conflict.data.markedUp), /<<<<<<< agent\nconst port = 1;\n\|\|\|\|\|\|\| base\nconst port = 3000;\n=======\nconst port = 2;\n>>>>>>> disk/);
    const markers = await invoke('overlay_resolveConflict', { path: 'tools/src/app.ts', content: String(conflict.data.markedUp) });
    assert.strictEqual(markers.data.code, 'ConflictMarkers');
    const resolved = await invoke('overlay_resolveConflict', { path: 'tools/src/app.ts', content: 'const port = 12;\nconst host = "localhost";\nconst port2 = 3000;\n' });
    assert.strictEqual(resolved.data.status, 'staged');
    assert.strictEqual((await invoke('overlay_readFile', { path: 'tools/src/app.ts' })).data.content, 'const port = 12;\nconst host = "localhost";\nconst port2 = 3000;\n');
  });

  it('a conflict the user delegates (Resolve Conflict → Delegate to agent) comes with the agent\'s next read', async () => {
    await invoke('overlay_editFile', { path: 'tools/src/app.ts', oldString: 'const port = 3000;', newString: 'const port = 1;' });
    fs.writeFileSync(abs('tools/src/app.ts'), 'const port = 2;\nconst host = "localhost";\nconst port2 = 3000;\n');
    assert.strictEqual(((await invoke('overlay_readFile', { path: 'tools/src/app.ts' })).data.conflict as { delegated?: boolean }).delegated, undefined);
    const t = await testing();
    t.scriptPrompts().answer('Delegate to agent');
    await vscode.commands.executeCommand('agentOverlay.resolveConflict', vscode.Uri.file(abs('tools/src/app.ts')));
    t.restorePrompts();
    const read = await invoke('overlay_readFile', { path: 'tools/src/app.ts' });
    assert.match(read.summary, /handed to you to resolve/);
    const conflict = read.data.conflict as Record<string, unknown>;
    assert.deepStrictEqual([conflict.delegated, conflict.kind, conflict.agent, conflict.disk], [true, 'text',
      'const port = 1;\nconst host = "localhost";\nconst port2 = 3000;\n', 'const port = 2;\nconst host = "localhost";\nconst port2 = 3000;\n']);
    assert.match(String(conflict.base), /^const port = 3000;/);

    // "Accept disk version" drops the staged change; the disk is as the user left it.
    t.scriptPrompts().answer('Accept disk version');
    await vscode.commands.executeCommand('agentOverlay.resolveConflict', vscode.Uri.file(abs('tools/src/app.ts')));
    t.restorePrompts();
    assert.deepStrictEqual((await invoke('overlay_listChanges', {})).data.changes, []);
    assert.strictEqual(onDisk('tools/src/app.ts'), 'const port = 2;\nconst host = "localhost";\nconst port2 = 3000;\n');
  });

  it('discards only what the caller may discard', async () => {
    await invoke('overlay_writeFile', { path: 'tools/a.txt', content: 'a\n' });
    const done = await invoke('overlay_discardChanges', { path: 'tools/a.txt' });
    assert.deepStrictEqual(done.data, { status: 'discarded', paths: ['tools/a.txt'] });
    // A change made by the person (editing the staged file) belongs to another session: the agent must ask.
    await vscode.workspace.fs.writeFile(vscode.Uri.file(abs('tools/b.txt')).with({ scheme: 'agent-staged' }), new TextEncoder().encode('mine\n'));
    const t = await testing();
    t.scriptPrompts().answer(undefined);
    const denied = await invoke('overlay_discardChanges', { path: 'tools/b.txt' });
    t.restorePrompts();
    assert.strictEqual(denied.data.code, 'DeniedByUser');
    assert.strictEqual((await invoke('overlay_readFile', { path: 'tools/b.txt' })).data.content, 'mine\n');
  });

  it('the person\'s .history (their past versions) is out of every file tool\'s reach: by name, through a link, in listings and searches', async () => {
    fs.mkdirSync(abs('.history/tools'), { recursive: true });
    fs.writeFileSync(abs('.history/tools/README_20250101120000.md'), '# Tools PAST_VERSION_MARKER\n');
    fs.symlinkSync(abs('.history'), abs('tools/h'));
    try {
      const refused: [string, object][] = [
        ['overlay_readFile', { path: '.history/tools/README_20250101120000.md' }],
        ['overlay_readFile', { path: '.History/tools/README_20250101120000.md' }],
        ['overlay_readFile', { path: 'tools/h/tools/README_20250101120000.md' }],
        ['overlay_listDirectory', { path: '.history', recursive: true }],
        ['overlay_writeFile', { path: '.history/tools/new.md', content: 'x' }],
        ['overlay_renameFile', { from: 'tools/README.md', to: '.history/README.md' }],
        ['overlay_deleteFile', { path: '.history' }],
      ];
      for (const [tool, input] of refused) {
        const r = await invoke(tool, input);
        assert.deepStrictEqual([r.data.status, r.data.code], ['error', 'NoPermissions'], `${tool} ${JSON.stringify(input)}: ${JSON.stringify(r.data)}`);
        assert.match(String(r.data.message), /history_requestVersions/);
      }
      const root = await invoke('overlay_listDirectory', { path: '.', recursive: true, maxEntries: 5000 });
      assert.ok(!(root.data.entries as { name: string }[]).some(e => e.name.startsWith('.history')), 'not listed');
      const found = await invoke('overlay_search', { query: 'PAST_VERSION_MARKER' });
      assert.deepStrictEqual(found.data.results, [], JSON.stringify(found.data));
      assert.deepStrictEqual((await invoke('overlay_listChanges', {})).data.changes, []);
      assert.deepStrictEqual(fs.readdirSync(abs('.history'), { recursive: true }).sort(), ['tools', 'tools/README_20250101120000.md']);
    } finally {
      fs.rmSync(abs('tools/h'), { force: true });
      fs.rmSync(abs('.history'), { recursive: true, force: true });
    }
  });

  describe('bad input gets a clear error and changes nothing', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-'));
    const cases: [string, string, object, RegExp][] = [
      ['missing field', 'overlay_writeFile', { path: 'tools/x.txt' }, /input\.content is required/],
      ['wrong type', 'overlay_writeFile', { path: 42, content: 'x' }, /input\.path must be a string/],
      ['unknown field', 'overlay_readFile', { path: 'tools/README.md', bogus: 1 }, /bogus is not a known field/],
      ['10 MB content', 'overlay_writeFile', { path: 'tools/big.txt', content: 'x'.repeat(10_000_000) }, /more than the 5000000 allowed/],
      ['NUL in path', 'overlay_writeFile', { path: 'tools/a\0b.txt', content: 'x' }, /NUL/],
      ['parent escape', 'overlay_writeFile', { path: '../escape.txt', content: 'x' }, /\.\./],
      ['absolute path', 'overlay_writeFile', { path: '/etc/passwd', content: 'x' }, /Absolute paths are not accepted/],
      ['symlink out', 'overlay_writeFile', { path: 'tools/link/evil.txt', content: 'x' }, /symlink|outside/i],
      ['binary read', 'overlay_readFile', { path: 'tools/bin.dat' }, /binary file/],
      ['startLine 0', 'overlay_readFile', { path: 'tools/README.md', startLine: 0 }, /at least 1/],
      // JSON cannot carry invalid UTF-8; an unpaired surrogate is the closest an agent can send.
      ['lone surrogate', 'overlay_writeFile', { path: 'tools/s.txt', content: 'a\ud800b' }, /content has an unpaired UTF-16 surrogate \(\\ud800\) at character 1/],
      ['lone surrogate edit', 'overlay_editFile', { path: 'tools/README.md', oldString: 'Tools', newString: '\udc00' }, /newString has an unpaired/],
    ];
    for (const [label, tool, input, message] of cases) {
      it(label, async () => {
        fs.symlinkSync(outside, abs('tools/link'));
        fs.writeFileSync(abs('tools/bin.dat'), Buffer.from([0, 1, 2, 0xff, 0xfe]));
        const before = diskState();
        const r = await invoke(tool, input);
        assert.strictEqual(r.data.status, 'error', JSON.stringify(r.data));
        assert.match(String(r.data.message), message);
        assert.deepStrictEqual(diskState(), before);
        assert.deepStrictEqual(fs.readdirSync(outside), []);
        assert.deepStrictEqual((await invoke('overlay_listChanges', {})).data.changes, []);
      });
    }
  });
});
