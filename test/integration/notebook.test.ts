import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { eventually, testing, text, workspaceFolder, EXTENSION_ID, discardEverything } from './testApi';

type Testing = Awaited<ReturnType<typeof testing>>;
type Seam = NonNullable<Testing['notebook']>;

const GHOST = /<content_reference>\n([\s\S]*)\n<\/content_reference>/;

function textOf(message: vscode.LanguageModelChatRequestMessage): string {
  return message.content.map(p => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

/**
 * The scripted chat model: `WRITE <path> <content>` in the newest prompt → a call to overlay_writeFile (`#n` in
 * the content becomes the number of writes so far); a tool result → "done: <its first line>"; otherwise an echo.
 * Every request is captured.
 */
class ScriptedModel implements vscode.LanguageModelChatProvider {
  readonly requests: (readonly vscode.LanguageModelChatRequestMessage[])[] = [];
  writes = 0;

  provideLanguageModelChatInformation(): vscode.LanguageModelChatInformation[] {
    return [{ id: 'scripted-notebook', name: 'Scripted notebook model', family: 'scripted', version: '1', maxInputTokens: 1_000_000, maxOutputTokens: 10_000, capabilities: { toolCalling: true } }];
  }

  async provideLanguageModelChatResponse(_model: vscode.LanguageModelChatInformation, messages: readonly vscode.LanguageModelChatRequestMessage[], _options: vscode.ProvideLanguageModelChatResponseOptions, progress: vscode.Progress<vscode.LanguageModelResponsePart>): Promise<void> {
    this.requests.push(messages);
    const last = messages[messages.length - 1];
    const result = last.content.find((p): p is vscode.LanguageModelToolResultPart => p instanceof vscode.LanguageModelToolResultPart);
    if (result) {
      const said = result.content.map(c => (c instanceof vscode.LanguageModelTextPart ? c.value : '')).join('');
      progress.report(new vscode.LanguageModelTextPart(`done: ${said.split('\n')[0]}`));
      return;
    }
    const prompt = textOf(last).replace(GHOST, '').trim();
    const write = /^WRITE (\S+) (.*)$/m.exec(prompt);
    if (write) {
      this.writes++;
      progress.report(new vscode.LanguageModelTextPart('Staging it. '));
      progress.report(new vscode.LanguageModelToolCallPart(`call-${this.writes}`, 'overlay_writeFile', { path: write[1].replace('#n', String(this.writes)), content: `${write[2].replace('#n', String(this.writes))}\n` }));
      return;
    }
    progress.report(new vscode.LanguageModelTextPart(`echo: ${prompt.split('\n').pop()}`));
  }

  async provideTokenCount(): Promise<number> {
    return 1;
  }
}

describe('agent chat notebook (real extension host)', function () {
  this.timeout(120_000);
  const abs = (rel: string) => path.join(workspaceFolder().fsPath, rel);
  const staged = (rel: string) => vscode.Uri.file(abs(rel)).with({ scheme: 'agent-staged' });
  let t: Testing;
  let seam: Seam;
  let model: ScriptedModel;
  let registration: vscode.Disposable;

  before(async () => {
    t = await testing();
    assert.ok(t.notebook, 'the notebook test seam exists under the harness');
    seam = t.notebook;
    model = new ScriptedModel();
    registration = seam.registerChatModel(model);
  });

  after(() => {
    registration?.dispose();
    fs.rmSync(abs('nb'), { recursive: true, force: true });
    fs.rmSync(abs('.agent'), { recursive: true, force: true });
  });

  beforeEach(async () => {
    await discardEverything();
    fs.rmSync(abs('nb'), { recursive: true, force: true });
    fs.mkdirSync(abs('nb'), { recursive: true });
    fs.mkdirSync(abs('.agent/rules'), { recursive: true });
    fs.writeFileSync(abs('nb/a.txt'), 'on disk\n');
    fs.writeFileSync(abs('.agent/rules/notebook-test.md'), 'Answer for {{WHO}}.\n');
    model.requests.length = 0;
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  /** Writes a `.agentchat` file that uses the scripted model, opens it in an editor with the agent kernel. */
  async function openNotebook(name: string, cells: { id: string; source: string }[]): Promise<vscode.NotebookDocument> {
    const file = abs(`nb/${name}`);
    fs.writeFileSync(file, JSON.stringify({ version: 1, metadata: { model: { vendor: seam.vendor } }, cells: cells.map(c => ({ ...c, kind: 'prompt' })) }, null, 2));
    const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.file(file));
    const editor = await vscode.window.showNotebookDocument(notebook);
    await vscode.commands.executeCommand('notebook.selectKernel', { notebookEditor: editor, id: 'agent-chat-agent', extension: EXTENSION_ID });
    return notebook;
  }

  async function runCell(notebook: vscode.NotebookDocument, index: number): Promise<{ cellId: string; success: boolean }> {
    const finished = new Promise<{ cellId: string; success: boolean }>(resolve => {
      const sub = seam.onDidFinishCell(e => {
        sub.dispose();
        resolve(e);
      });
    });
    await vscode.commands.executeCommand('notebook.cell.execute', { ranges: [{ start: index, end: index + 1 }], document: notebook.uri });
    return finished;
  }

  const outputText = (cell: vscode.NotebookCell) => cell.outputs.flatMap(o => o.items.filter(i => i.mime === 'text/markdown').map(i => text(i.data))).join('\n');
  const scmPaths = () => t.scmState().flatMap(g => g.resources.map(r => r.path));

  it('opens a .agentchat file as an agent chat notebook with its cells and ids', async () => {
    const notebook = await openNotebook('open.agentchat', [{ id: 'first', source: 'hello' }]);
    assert.strictEqual(notebook.notebookType, 'agent-chat');
    assert.deepStrictEqual(notebook.getCells().map(c => [c.metadata.id, c.document.getText()]), [['first', 'hello']]);
  });

  it('runs a cell: the model\'s write is staged as the cell\'s change, the next turn\'s ghost block carries it, deleting the cell prunes it', async () => {
    const notebook = await openNotebook('chat.agentchat', [
      { id: 'cell-write', source: 'WRITE nb/a.txt staged by the agent' },
      { id: 'cell-ask', source: '#define WHO testers\nWhat is in @[nb/a.txt]?' },
    ]);

    // Turn 1: the scripted model calls overlay_writeFile; the change is staged, not written.
    assert.deepStrictEqual(await runCell(notebook, 0), { cellId: 'cell-write', success: true });
    assert.match(outputText(notebook.cellAt(0)), /Staging it\.[\s\S]*overlay_writeFile[\s\S]*done: Staged modify of nb\/a\.txt/);
    assert.ok(scmPaths().includes(abs('nb/a.txt')), `the SCM view lists the change: ${scmPaths().join(', ')}`);
    const resource = t.scmState().flatMap(g => g.resources).find(r => r.path === abs('nb/a.txt'));
    // Named by the notebook and the cell's prompt; the ids are in the tooltip's last line.
    assert.match(resource?.tooltip ?? '', /Session: chat\.agentchat \(notebook\)\nMessage: “[^”]+”[\s\S]*message cell-write$/);
    assert.strictEqual(text(await vscode.workspace.fs.readFile(staged('nb/a.txt'))), 'staged by the agent\n');
    assert.strictEqual(fs.readFileSync(abs('nb/a.txt'), 'utf8'), 'on disk\n');

    // Turn 2: the request's newest user message ends with the ghost block holding the STAGED content.
    assert.deepStrictEqual(await runCell(notebook, 1), { cellId: 'cell-ask', success: true });
    const request = model.requests[model.requests.length - 1];
    const newest = textOf(request[request.length - 1]);
    const block = JSON.parse(GHOST.exec(newest)?.[1] ?? 'null') as { rules: { path: string; content: string }[]; files: Record<string, string>; tools: unknown[] };
    assert.ok(block, 'the newest user message carries a <content_reference> block');
    assert.deepStrictEqual(block.files, { 'nb/a.txt': 'staged by the agent\n' });
    assert.deepStrictEqual(block.rules, [{ path: '.agent/rules/notebook-test.md', content: 'Answer for testers.\n' }]);
    assert.strictEqual(request.filter(m => GHOST.test(textOf(m))).length, 1, 'earlier messages carry no ghost block');
    assert.ok(request.some(m => textOf(m) === 'WRITE nb/a.txt staged by the agent'), 'the earlier prompt is in the history');
    assert.match(outputText(notebook.cellAt(1)), /echo: What is in @\[nb\/a.txt\]\?/);
    assert.deepStrictEqual(notebook.metadata.macroContext, { WHO: 'testers' }, 'macros are persisted in the notebook metadata');

    // Deleting the cell prunes its change.
    const edit = new vscode.WorkspaceEdit();
    edit.set(notebook.uri, [vscode.NotebookEdit.deleteCells(new vscode.NotebookRange(0, 1))]);
    assert.ok(await vscode.workspace.applyEdit(edit));
    await eventually(() => !scmPaths().includes(abs('nb/a.txt')), 'the deleted cell\'s change to leave the SCM view');
    assert.strictEqual(text(await vscode.workspace.fs.readFile(staged('nb/a.txt'))), 'on disk\n');

    // Deleting the cell that defined WHO retracts the macro and what the cell referenced.
    const asking = new vscode.WorkspaceEdit();
    asking.set(notebook.uri, [vscode.NotebookEdit.deleteCells(new vscode.NotebookRange(0, 1))]);
    assert.ok(await vscode.workspace.applyEdit(asking));
    await eventually(() => JSON.stringify(notebook.metadata.macroContext) === '{}', 'the deleted cell\'s macro to be retracted');
    assert.deepStrictEqual(notebook.metadata.contextItems, []);
  });

  it('re-running a cell replaces the changes of its earlier run; moving a cell keeps them', async () => {
    const notebook = await openNotebook('rerun.agentchat', [{ id: 'cell-rerun', source: 'WRITE nb/run-#n.txt run #n' }, { id: 'other', source: 'hello' }]);
    await runCell(notebook, 0);
    const first = scmPaths().filter(p => p.includes('run-'));
    assert.strictEqual(first.length, 1);
    await runCell(notebook, 0);
    const second = scmPaths().filter(p => p.includes('run-'));
    assert.strictEqual(second.length, 1, `only the latest run's change is staged: ${second.join(', ')}`);
    assert.notStrictEqual(second[0], first[0]);

    // Move the cell down as a person would (Alt+Down): its change stays.
    const editor = vscode.window.activeNotebookEditor;
    assert.strictEqual(editor?.notebook, notebook);
    editor.selections = [new vscode.NotebookRange(0, 1)];
    await vscode.commands.executeCommand('notebook.cell.moveDown');
    await eventually(() => notebook.cellAt(1).metadata.id === 'cell-rerun', 'the cell to move down');
    await t.flush();
    assert.deepStrictEqual(scmPaths().filter(p => p.includes('run-')), second, 'the moved cell\'s change stays');
  });

  it('gives a pasted copy of a cell its own id, so deleting the copy keeps the original\'s change', async () => {
    const notebook = await openNotebook('copy.agentchat', [{ id: 'original', source: 'WRITE nb/copy-#n.txt copied' }]);
    await runCell(notebook, 0);
    const staged = scmPaths().filter(p => p.includes('copy-'));
    assert.strictEqual(staged.length, 1);
    const copy = new vscode.NotebookCellData(vscode.NotebookCellKind.Code, notebook.cellAt(0).document.getText(), 'markdown');
    copy.metadata = { ...notebook.cellAt(0).metadata };
    const paste = new vscode.WorkspaceEdit();
    paste.set(notebook.uri, [vscode.NotebookEdit.insertCells(1, [copy])]);
    assert.ok(await vscode.workspace.applyEdit(paste));
    await eventually(() => typeof notebook.cellAt(1).metadata.id === 'string' && notebook.cellAt(1).metadata.id !== 'original', 'the copy to get a new id');
    const remove = new vscode.WorkspaceEdit();
    remove.set(notebook.uri, [vscode.NotebookEdit.deleteCells(new vscode.NotebookRange(1, 2))]);
    assert.ok(await vscode.workspace.applyEdit(remove));
    await t.flush();
    assert.deepStrictEqual(scmPaths().filter(p => p.includes('copy-')), staged);
  });

  it('says so in the output when the notebook\'s model is not available', async () => {
    const file = abs('nb/nomodel.agentchat');
    fs.writeFileSync(file, JSON.stringify({ metadata: { model: { vendor: 'no-such-vendor' } }, cells: [{ id: 'lonely', source: 'hello?' }] }));
    const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.file(file));
    const editor = await vscode.window.showNotebookDocument(notebook);
    await vscode.commands.executeCommand('notebook.selectKernel', { notebookEditor: editor, id: 'agent-chat-agent', extension: EXTENSION_ID });
    assert.deepStrictEqual(await runCell(notebook, 0), { cellId: 'lonely', success: false });
    assert.match(outputText(notebook.cellAt(0)), /\*\*Error:\*\* The chat model this notebook names .*no-such-vendor.* is not available/);
    assert.strictEqual(notebook.cellAt(0).executionSummary?.success, false);
  });

  it('shows a clear error for a notebook file that is not valid JSON', async () => {
    fs.writeFileSync(abs('nb/broken.agentchat'), '{ "cells": [ { "source": "x", } ] }');
    await assert.rejects(
      Promise.resolve(vscode.workspace.openNotebookDocument(vscode.Uri.file(abs('nb/broken.agentchat')))),
      (e: Error) => /not valid JSON/.test(e.message),
    );
  });

  /** The ghost block of the newest request the scripted model received. */
  const lastGhost = () => {
    const request = model.requests[model.requests.length - 1];
    return JSON.parse(GHOST.exec(textOf(request[request.length - 1]))?.[1] ?? 'null') as { files: Record<string, string>; tools: unknown[]; recentEdits?: string; notes?: string[] };
  };

  it('sends a bare @path that names a file, and warns above the answer about one that names nothing', async () => {
    fs.mkdirSync(abs('nb/rules'), { recursive: true });
    fs.writeFileSync(abs('nb/rules/api-rules.md'), '- use version {{API_VERSION}}\n');
    const notebook = await openNotebook('bare.agentchat', [{ id: 'bare', source: '#define API_VERSION v2\n请帮我检查 @nb/rules/api-rules.md 中的配置 and @nb/rules/missing.md' }]);
    assert.deepStrictEqual(await runCell(notebook, 0), { cellId: 'bare', success: true });
    assert.deepStrictEqual(lastGhost().files, { 'nb/rules/api-rules.md': '- use version v2\n' });
    const shown = outputText(notebook.cellAt(0));
    assert.match(shown, /^> ⚠️ @nb\/rules\/missing\.md looks like a file reference but names no file in the workspace/);
    assert.ok(shown.indexOf('missing.md') < shown.indexOf('echo:'), 'the warning is above the answer');
  });

  it('re-running an earlier cell sends only its own context and that of the cells above', async () => {
    const notebook = await openNotebook('order.agentchat', [{ id: 'early', source: 'hello' }, { id: 'late', source: 'What is in @[nb/a.txt]? @[tool:overlay_listChanges]' }]);
    await runCell(notebook, 1);
    assert.deepStrictEqual(Object.keys(lastGhost().files), ['nb/a.txt']);
    assert.strictEqual(lastGhost().tools.length, 1);
    await runCell(notebook, 0);
    assert.deepStrictEqual(lastGhost().files, {}, 'cell 2\'s file is not in cell 1\'s run');
    assert.deepStrictEqual(lastGhost().tools, []);
    const request = model.requests[model.requests.length - 1];
    assert.ok(!request.some(m => textOf(m).includes('What is in')), 'nor is cell 2\'s prompt');
    assert.deepStrictEqual((notebook.metadata.contextItems as { cellId: string }[]).map(i => i.cellId).sort(), ['late', 'late'], 'cell 2\'s context is still remembered for its own runs');
  });

  it('puts the user\'s recent edits in the ghost block, exact even for a document never shown; a setting turns it off', async () => {
    fs.writeFileSync(abs('nb/edited.ts'), 'export const total = compute(items);\n');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs('nb/edited.ts'))); // open, no editor
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(0, 13, 0, 18), 'grandTotal');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const notebook = await openNotebook('edits.agentchat', [{ id: 'edits', source: 'do the same elsewhere' }]);
    await runCell(notebook, 0);
    assert.match(lastGhost().recentEdits ?? '', /^RECENT EDITS:\n {2}\[[^\]]+\] replace: Replaced `total` with `grandTotal`.* at nb\/edited\.ts:1\n/);
    const config = vscode.workspace.getConfiguration('agentOverlay.notebook');
    try {
      await config.update('recentEdits', false, vscode.ConfigurationTarget.Global);
      await runCell(notebook, 0);
      assert.ok(!('recentEdits' in lastGhost()), 'off: no recentEdits in the ghost block');
    } finally {
      await config.update('recentEdits', undefined, vscode.ConfigurationTarget.Global);
      await vscode.workspace.fs.delete(doc.uri).then(undefined, () => undefined);
    }
  });
});
