import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eventually, testing, text, utf8, workspaceFolder } from './testApi';

/** Issue 27 item 6 in the real host: Keep / Undo one staged change from the normal editor and the staged diff. */
describe('per-change Keep / Undo in the editor', () => {
  const fileUri = (rel: string) => vscode.Uri.joinPath(workspaceFolder(), rel);
  const staged = (rel: string) => fileUri(rel).with({ scheme: 'agent-staged' });
  const lines = (n: number, edit: (k: number) => string | undefined = () => undefined) =>
    Array.from({ length: n }, (_, k) => edit(k + 1) ?? `line ${k + 1}`).join('\n') + '\n';
  const lenses = async (uri: vscode.Uri, title: RegExp) =>
    ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? []).filter(l => title.test(l.command?.title ?? ''));
  const stagedText = async (rel: string) => text(await vscode.workspace.fs.readFile(staged(rel)));

  beforeEach(async () => {
    const t = await testing();
    t.scriptPrompts().answer('Discard');
    await vscode.commands.executeCommand('agentOverlay.discardAll');
    t.restorePrompts();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.mkdirSync(fileUri('hunks').fsPath, { recursive: true });
  });

  it('Keep writes just that change to disk, beside the person\'s own edit; Undo drops the other from the staged change', async () => {
    const t = await testing();
    const rel = 'hunks/notes.txt';
    fs.writeFileSync(fileUri(rel).fsPath, lines(10));
    await vscode.workspace.fs.writeFile(staged(rel), utf8(lines(10, k => (k === 2 ? 'line 2 (agent)' : k === 8 ? 'line 8 (agent)' : undefined))));
    // The person edits line 5 on disk meanwhile: the staged change is rebased onto it.
    fs.writeFileSync(fileUri(rel).fsPath, lines(10, k => (k === 5 ? 'line 5 (mine)' : undefined)));
    await eventually(async () => (await stagedText(rel)).includes('line 5 (mine)'), 'the staged change rebased onto the person\'s edit');
    await vscode.window.showTextDocument(fileUri(rel));

    const keeps = await lenses(fileUri(rel), /Keep/);
    assert.strictEqual(keeps.length, 2, 'one Keep per change of the agent\'s');
    assert.deepStrictEqual(keeps.map(l => l.range.start.line), [1, 7]);
    assert.strictEqual((await lenses(fileUri(rel), /Undo/)).length, 2);

    await vscode.commands.executeCommand(keeps[0].command!.command, ...(keeps[0].command!.arguments ?? []));
    assert.strictEqual(fs.readFileSync(fileUri(rel).fsPath, 'utf8'), lines(10, k => (k === 2 ? 'line 2 (agent)' : k === 5 ? 'line 5 (mine)' : undefined)));
    assert.strictEqual(await stagedText(rel), lines(10, k => (k === 2 ? 'line 2 (agent)' : k === 5 ? 'line 5 (mine)' : k === 8 ? 'line 8 (agent)' : undefined)));
    await eventually(async () => (await lenses(fileUri(rel), /Keep/)).length === 1, 'one change left to keep');
    assert.ok(t.auditLines().some(l => /kept one change to hunks\/notes\.txt \(line 2 on disk\)/.test(l)));

    const [undo] = await lenses(fileUri(rel), /Undo/);
    assert.strictEqual(undo.range.start.line, 7);
    await vscode.commands.executeCommand(undo.command!.command, ...(undo.command!.arguments ?? []));
    // Nothing of the agent's is left: the staged file is the disk's, the disk untouched by Undo.
    assert.strictEqual(await stagedText(rel), fs.readFileSync(fileUri(rel).fsPath, 'utf8'));
    assert.strictEqual(fs.readFileSync(fileUri(rel).fsPath, 'utf8'), lines(10, k => (k === 2 ? 'line 2 (agent)' : k === 5 ? 'line 5 (mine)' : undefined)));
    await eventually(async () => (await lenses(fileUri(rel), /Keep|Undo/)).length === 0, 'no changes left to offer');
  });

  it('in the staged diff, Keep and Undo act on the change under the cursor; a file of your own edits stays in their group', async () => {
    const t = await testing();
    const rel = 'hunks/diff.txt';
    fs.writeFileSync(fileUri(rel).fsPath, lines(12));
    await vscode.workspace.fs.writeFile(staged(rel), utf8(lines(12, k => (k === 3 ? 'three (agent)' : k === 10 ? 'ten (agent)' : undefined))));
    await eventually(() => t.scmState().flatMap(g => g.resources).some(r => r.path === fileUri(rel).fsPath), 'the change in Source Control');
    const groupOf = () => t.scmState().find(g => g.resources.some(r => r.path === fileUri(rel).fsPath))?.label;
    const group = groupOf();
    await vscode.commands.executeCommand('agentOverlay.openChange', fileUri(rel));
    await eventually(() => vscode.window.activeTextEditor?.document.uri.scheme === 'agent-staged-review', 'the staged side of the diff focused');
    const editor = vscode.window.activeTextEditor!;
    editor.selection = new vscode.Selection(9, 0, 9, 0);
    await vscode.commands.executeCommand('agentOverlay.undoHunk');
    assert.strictEqual(await stagedText(rel), lines(12, k => (k === 3 ? 'three (agent)' : undefined)));
    assert.strictEqual(fs.readFileSync(fileUri(rel).fsPath, 'utf8'), lines(12), 'Undo never touches the disk');
    assert.strictEqual(groupOf(), group, 'Undo keeps the file in the group it was in');

    editor.selection = new vscode.Selection(2, 0, 2, 0);
    await vscode.commands.executeCommand('agentOverlay.keepHunk');
    assert.strictEqual(fs.readFileSync(fileUri(rel).fsPath, 'utf8'), lines(12, k => (k === 3 ? 'three (agent)' : undefined)));
    await eventually(() => !t.scmState().flatMap(g => g.resources).some(r => r.path === fileUri(rel).fsPath), 'nothing left staged for the file');
  });

  it('a change the person undid stays undone when a later message of the agent is taken out', async () => {
    const t = await testing();
    const rel = 'hunks/pruned.txt';
    fs.writeFileSync(fileUri(rel).fsPath, lines(10));
    await vscode.commands.executeCommand('agentOverlay.mcp.start');
    const endpoint = t.mcp.endpoint()!;
    const client = new Client({ name: 'hunk-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } } }));
    try {
      const write = (content: string, messageId: string) => client.callTool({ name: 'overlay_writeFile', arguments: { path: rel, content, sessionId: 'conv', messageId } });
      // Message m1 changes line 2, message m2 line 8 (on top of m1's).
      await write(lines(10, k => (k === 2 ? 'two (m1)' : undefined)), 'm1');
      await write(lines(10, k => (k === 2 ? 'two (m1)' : k === 8 ? 'eight (m2)' : undefined)), 'm2');
      await eventually(async () => (await stagedText(rel)).includes('eight (m2)'), 'both messages staged');
      // The person undoes m1's change in the editor.
      await vscode.window.showTextDocument(fileUri(rel));
      const undo = (await lenses(fileUri(rel), /Undo/)).find(l => l.range.start.line === 1)!;
      await vscode.commands.executeCommand(undo.command!.command, ...(undo.command!.arguments ?? []));
      assert.strictEqual(await stagedText(rel), lines(10, k => (k === 8 ? 'eight (m2)' : undefined)));
      // Then m2 is taken out (the chat request deleted, or the agent discards it): m1's change must not come back.
      await client.callTool({ name: 'overlay_discardChanges', arguments: { messageId: 'm2', sessionId: 'conv' } });
      assert.strictEqual(await stagedText(rel), lines(10), 'the undone change stays undone');
      assert.strictEqual(fs.readFileSync(fileUri(rel).fsPath, 'utf8'), lines(10), 'the disk untouched');
    } finally {
      await client.close();
    }
  });

  it('Keep refuses a file with unsaved edits and writes nothing', async () => {
    const rel = 'hunks/dirty.txt';
    fs.writeFileSync(fileUri(rel).fsPath, lines(4));
    await vscode.workspace.fs.writeFile(staged(rel), utf8(lines(4, k => (k === 1 ? 'one (agent)' : undefined))));
    const editor = await vscode.window.showTextDocument(fileUri(rel));
    const [keep] = await lenses(fileUri(rel), /Keep/);
    assert.ok(keep, 'a Keep while the file is saved');
    await editor.edit(e => e.insert(new vscode.Position(3, 0), 'typed, not saved\n'));
    await vscode.commands.executeCommand(keep.command!.command, ...(keep.command!.arguments ?? []));
    assert.strictEqual(fs.readFileSync(fileUri(rel).fsPath, 'utf8'), lines(4));
    assert.match(await stagedText(rel), /one \(agent\)/);
    assert.deepStrictEqual(await lenses(fileUri(rel), /Keep/), [], 'no lenses on lines that are not the disk\'s');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Next Staged Change goes through the changes of every staged file, in path order', async () => {
    fs.writeFileSync(fileUri('hunks/a.txt').fsPath, lines(6));
    fs.writeFileSync(fileUri('hunks/b.txt').fsPath, lines(6));
    await vscode.workspace.fs.writeFile(staged('hunks/a.txt'), utf8(lines(6, k => (k === 2 || k === 5 ? `a${k} (agent)` : undefined))));
    await vscode.workspace.fs.writeFile(staged('hunks/b.txt'), utf8(lines(6, k => (k === 4 ? 'b4 (agent)' : undefined))));
    const at = () => {
      const e = vscode.window.activeTextEditor;
      return e ? `${vscode.workspace.asRelativePath(e.document.uri)}:${e.selection.active.line + 1}` : '';
    };
    const seen: string[] = [];
    for (let k = 0; k < 4; k++) {
      await vscode.commands.executeCommand('agentOverlay.nextStagedHunk');
      seen.push(at());
    }
    assert.deepStrictEqual(seen, ['hunks/a.txt:2', 'hunks/a.txt:5', 'hunks/b.txt:4', 'hunks/a.txt:2']);
    await vscode.commands.executeCommand('agentOverlay.previousStagedHunk');
    assert.strictEqual(at(), 'hunks/b.txt:4');
  });
});
