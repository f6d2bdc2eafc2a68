import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { eventually } from './testApi';

/**
 * The session edit tracker in the real extension host (SPEC §4): documents are edited through the public API
 * (`TextEditor.edit`, `WorkspaceEdit`, the `type`/`undo`/`redo` commands) and read back through the
 * `edits_getRecent` tool and the "Show Recent Edits" command, exactly as an agent and a person would.
 */

interface Pos { line: number; character: number }
interface Entry {
  filePath: string; uri: string; timestamp: number; time: string; editType: string; origin: string;
  range: { start: Pos; end: Pos }; oldText: string | null; newText: string; selectionAfter?: { start: Pos; end: Pos }; changeCount?: number;
}
interface Recent { status: string; count: number; edits: Entry[] }

const EXTENSION_ID = 'agent-overlay.agent-overlay';
const SIMULATE_AGENT_APPLY = 'agentOverlay.test.simulateAgentApply';

async function invoke(input: object): Promise<{ summary: string; data: unknown }> {
  const result = await vscode.lm.invokeTool('edits_getRecent', { input, toolInvocationToken: undefined });
  const text = result.content.map(p => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  const nl = text.indexOf('\n');
  return { summary: text.slice(0, nl), data: JSON.parse(text.slice(nl + 1)) };
}

async function recent(input: { filePath?: string; maxEdits?: number; includeUndoRedo?: boolean } = {}): Promise<Entry[]> {
  const { data } = await invoke(input);
  const r = data as Recent;
  assert.strictEqual(r.status, 'success', JSON.stringify(data));
  return r.edits;
}

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });

/** Waits for the next change event of `doc` that satisfies `test` (never a sleep). */
function nextChange(doc: vscode.TextDocument, test: (d: vscode.TextDocument) => boolean = () => true): Promise<void> {
  return new Promise(resolve => {
    const sub = vscode.workspace.onDidChangeTextDocument(e => {
      if (e.document === doc && test(e.document)) {
        sub.dispose();
        resolve();
      }
    });
  });
}

let counter = 0;
/** A fresh workspace file with `text`, opened in an editor. */
async function openFile(text: string, ext = 'ts'): Promise<{ editor: vscode.TextEditor; rel: string }> {
  const rel = `edits-it/file${++counter}-${Date.now()}.${ext}`;
  const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, rel);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  return { editor, rel };
}

async function typeText(text: string): Promise<void> {
  for (const ch of text) await vscode.commands.executeCommand('type', { text: ch });
}

describe('edits: session edit tracker in VS Code', function () {
  this.timeout(60_000);
  before(async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('records inserts, replaces and deletes made with TextEditor.edit, with the exact old text', async () => {
    const { editor, rel } = await openFile('function loginUser() {\n  return 1;\n}\n');
    assert.ok(await editor.edit(b => b.insert(new vscode.Position(1, 0), '  validate();\n')));
    assert.ok(await editor.edit(b => b.replace(new vscode.Range(2, 9, 2, 10), 'user')));
    assert.ok(await editor.edit(b => b.delete(new vscode.Range(1, 0, 2, 0))));
    assert.strictEqual(editor.document.getText(), 'function loginUser() {\n  return user;\n}\n');
    const edits = await recent({ filePath: rel });
    assert.deepStrictEqual(edits.map(e => [e.editType, e.oldText, e.newText, e.range, e.origin]), [
      ['delete', '  validate();\n', '', range(1, 0, 2, 0), 'user'],
      ['replace', '1', 'user', range(2, 9, 2, 10), 'user'],
      ['insert', '', '  validate();\n', range(1, 0, 1, 0), 'user'],
    ]);
    assert.ok(edits.every(e => e.filePath === rel && e.uri === editor.document.uri.toString()));
    assert.ok(edits[0].timestamp >= edits[1].timestamp && edits[1].timestamp >= edits[2].timestamp);
    assert.strictEqual(new Date(edits[0].timestamp).toISOString(), edits[0].time);
  });

  it('records every change of a multi-cursor-like edit with its own old text, top to bottom', async () => {
    const { editor, rel } = await openFile('let alpha = 1;\nlet beta = alpha;\nlog(alpha);\n');
    assert.ok(await editor.edit(b => {
      b.replace(new vscode.Range(2, 4, 2, 9), 'first');
      b.replace(new vscode.Range(0, 4, 0, 9), 'first');
      b.replace(new vscode.Range(1, 11, 1, 16), 'first');
    }));
    assert.strictEqual(editor.document.getText(), 'let first = 1;\nlet beta = first;\nlog(first);\n');
    const edits = await recent({ filePath: rel });
    assert.deepStrictEqual(edits.map(e => [e.oldText, e.newText, e.range]), [
      ['alpha', 'first', range(0, 4, 0, 9)],
      ['alpha', 'first', range(1, 11, 1, 16)],
      ['alpha', 'first', range(2, 4, 2, 9)],
    ]);
  });

  it('records a WorkspaceEdit replacing text in a freshly opened file exactly (the shown document was snapshotted)', async () => {
    const { editor, rel } = await openFile('const greeting = "hello";\n');
    const edit = new vscode.WorkspaceEdit();
    // VS Code applies a WorkspaceEdit as its minimal character diff, so the texts share no character here.
    edit.replace(editor.document.uri, new vscode.Range(0, 18, 0, 23), 'BYE');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const [e] = await recent({ filePath: rel });
    assert.deepStrictEqual([e.editType, e.oldText, e.newText, e.range], ['replace', 'hello', 'BYE', range(0, 18, 0, 23)]);
  });

  it('labels undo and redo, with the text they took back and replayed', async () => {
    const { editor, rel } = await openFile('a\n');
    assert.ok(await editor.edit(b => b.insert(new vscode.Position(1, 0), 'console.log(1);\n')));
    await vscode.commands.executeCommand('undo');
    assert.strictEqual(editor.document.getText(), 'a\n');
    await vscode.commands.executeCommand('redo');
    assert.strictEqual(editor.document.getText(), 'a\nconsole.log(1);\n');
    const edits = await recent({ filePath: rel });
    assert.deepStrictEqual(edits.map(e => [e.origin, e.editType, e.oldText, e.newText]), [
      ['redo', 'insert', '', 'console.log(1);\n'],
      ['undo', 'delete', 'console.log(1);\n', ''],
      ['user', 'insert', '', 'console.log(1);\n'],
    ]);
  });

  it('gathers typed keystrokes (with an auto-closed bracket) into one edit and keeps the selection after it', async () => {
    // Markdown: brackets auto-close, and no completion list pops up to turn "run(" into "return(".
    const { editor, rel } = await openFile('\n', 'md');
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await typeText('run(fast');
    assert.strictEqual(editor.document.getText(), 'run(fast)\n');
    const [e, ...rest] = await recent({ filePath: rel });
    assert.deepStrictEqual(rest, []);
    assert.deepStrictEqual([e.editType, e.oldText, e.newText, e.range, e.changeCount], ['insert', '', 'run(fast)', range(0, 0, 0, 0), 8]);
    assert.deepStrictEqual(e.selectionAfter, range(0, 8, 0, 8));
  });

  it('applies settings changes at once: single characters, per-file limit, whitespace', async () => {
    const config = vscode.workspace.getConfiguration('agentOverlay.editHistory');
    const { editor, rel } = await openFile('x\n');
    try {
      await config.update('ignoreSingleChar', false, vscode.ConfigurationTarget.Global);
      await config.update('ignoreWhitespace', false, vscode.ConfigurationTarget.Global);
      assert.ok(await editor.edit(b => b.insert(new vscode.Position(0, 1), 'y')));
      assert.ok(await editor.edit(b => b.insert(new vscode.Position(0, 0), '    ')));
      assert.deepStrictEqual((await recent({ filePath: rel })).map(e => [e.editType, e.newText]), [['format', '    '], ['insert', 'y']]);
      await config.update('maxEdits', 1, vscode.ConfigurationTarget.Global);
      assert.deepStrictEqual((await recent({ filePath: rel })).map(e => e.newText), ['    ']);
    } finally {
      for (const key of ['ignoreSingleChar', 'ignoreWhitespace', 'maxEdits']) await config.update(key, undefined, vscode.ConfigurationTarget.Global);
    }
    assert.ok(await editor.edit(b => b.insert(new vscode.Position(0, 0), 'z')));
    assert.deepStrictEqual((await recent({ filePath: rel })).map(e => e.newText), ['    '], 'single characters are ignored again');
  });

  it('forgets everything when turned off, and says so to the agent', async () => {
    const config = vscode.workspace.getConfiguration('agentOverlay.editHistory');
    const { editor, rel } = await openFile('x\n');
    assert.ok(await editor.edit(b => b.insert(new vscode.Position(0, 0), 'remember me ')));
    assert.strictEqual((await recent({ filePath: rel })).length, 1);
    try {
      await config.update('enabled', false, vscode.ConfigurationTarget.Global);
      const { summary, data } = await invoke({});
      assert.match(summary, /^edits_getRecent failed: Edit tracking is turned off/);
      assert.strictEqual((data as { code: string }).code, 'Disabled');
    } finally {
      await config.update('enabled', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.deepStrictEqual(await recent({ filePath: rel }), []);
  });

  it('labels the reload caused by the overlay\'s apply as an agent edit, with the exact text it replaced', async () => {
    const { editor, rel } = await openFile('export const a = 1;\nexport const b = 2;\n');
    const doc = editor.document;
    const next = 'export const a = 1;\nexport const b = 42;\nexport const c = 3;\n';
    const reloaded = nextChange(doc, d => d.getText() === next);
    await vscode.commands.executeCommand(SIMULATE_AGENT_APPLY, [{ uri: doc.uri.toString(), text: next }]);
    await reloaded;
    const edits = await recent({ filePath: rel });
    assert.ok(edits.length > 0, 'the reload was recorded');
    assert.deepStrictEqual([...new Set(edits.map(e => e.origin))], ['agent']);
    // Whatever minimal edits VS Code computed for the reload, replaying them on the old text gives the new one.
    let text = 'export const a = 1;\nexport const b = 2;\n';
    const lines = () => text.split('\n');
    for (const e of [...edits].reverse()) {
      const offset = (p: Pos) => lines().slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
      const [s, t] = [offset(e.range.start), offset(e.range.end)];
      assert.strictEqual(text.slice(s, t), e.oldText);
      text = text.slice(0, s) + e.newText + text.slice(t);
    }
    assert.strictEqual(text, next);
    // The user's typing right after is the user's again.
    assert.ok(await editor.edit(b => b.insert(new vscode.Position(0, 0), '// user note\n')));
    assert.strictEqual((await recent({ filePath: rel }))[0].origin, 'user');
  });

  it('clears a document\'s edits when it closes (an untitled one: shared with agents only by agentOverlay.editHistory.shareUntitled)', async () => {
    const doc = await vscode.workspace.openTextDocument({ language: 'plaintext', content: '' });
    const editor = await vscode.window.showTextDocument(doc);
    assert.ok(await editor.edit(b => b.insert(new vscode.Position(0, 0), 'scratch notes')));
    const label = doc.uri.path;
    // Issue 24: what is typed in an untitled editor is not given to agents by default.
    assert.deepStrictEqual(await recent({ filePath: label }), []);
    const settings = vscode.workspace.getConfiguration('agentOverlay.editHistory');
    await settings.update('shareUntitled', true, vscode.ConfigurationTarget.Global);
    try {
      await eventually(async () => (await recent({ filePath: label })).length > 0, 'shareUntitled to share the untitled editor\'s edit');
      assert.deepStrictEqual((await recent({ filePath: label })).map(e => [e.filePath, e.newText]), [[label, 'scratch notes']]);
      const closed = new Promise<void>(resolve => {
        const sub = vscode.workspace.onDidCloseTextDocument(d => {
          if (d === doc) {
            sub.dispose();
            resolve();
          }
        });
      });
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await closed;
      assert.deepStrictEqual(await recent({ filePath: label }), [], 'forgotten, not merely withheld');
    } finally {
      await settings.update('shareUntitled', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('does not record documents outside the workspace', async () => {
    const outside = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'edits-outside-')), 'private.ts');
    fs.writeFileSync(outside, 'secret\n');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(outside)));
    assert.ok(await editor.edit(b => b.insert(new vscode.Position(0, 0), 'more secrets ')));
    assert.deepStrictEqual(await recent({ filePath: outside }), []);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('answers a bad input with the shared error shape', async () => {
    const { summary, data } = await invoke({ maxEdits: 0 });
    assert.match(summary, /^edits_getRecent failed: Invalid input/);
    assert.deepStrictEqual(Object.keys(data as object).sort(), ['code', 'message', 'status']);
    assert.strictEqual((data as { code: string }).code, 'InvalidInput');
  });

  it('"Show Recent Edits" opens the RECENT EDITS block, read-only, and refreshes it', async () => {
    const { editor, rel } = await openFile('let total = 0;\n');
    assert.ok(await editor.edit(b => b.replace(new vscode.Range(0, 12, 0, 13), 'sum(items)')));
    await vscode.commands.executeCommand('agentOverlay.showRecentEdits');
    const view = vscode.window.activeTextEditor!;
    assert.strictEqual(view.document.uri.scheme, 'agent-overlay-edits');
    assert.strictEqual(view.document.languageId, 'markdown');
    const text = view.document.getText();
    assert.match(text, /^RECENT EDITS:\n {2}\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d\] replace: Replaced `0` with `sum\(items\)`.* at /);
    assert.ok(text.includes(`at ${rel}:1\n  \`\`\`typescript\n  sum(items)\n  \`\`\``), text.slice(0, 400));
    // It is not a workspace document: showing it records nothing, and it refreshes when new edits come.
    const refreshed = nextChange(view.document, d => d.getText().includes('refreshed()'));
    const more = new vscode.WorkspaceEdit();
    more.insert(editor.document.uri, new vscode.Position(1, 0), 'refreshed();\n');
    assert.ok(await vscode.workspace.applyEdit(more));
    await refreshed;
    assert.ok((await recent()).every(e => !e.uri.startsWith('agent-overlay-edits:')));
  });
});

describe('edits: context an agent can rely on (issue 18)', function () {
  this.timeout(60_000);
  before(async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  async function invokeText(input: object): Promise<string> {
    const result = await vscode.lm.invokeTool('edits_getRecent', { input, toolInvocationToken: undefined });
    return result.content.map(p => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  }

  it('records the exact old text of the first replace in an open document never shown in an editor', async () => {
    const rel = `edits-it/background-${Date.now()}.ts`;
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, rel);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('export const total = compute(items);\n'));
    const doc = await vscode.workspace.openTextDocument(uri); // open, as a refactor opens files: no editor
    assert.ok(!vscode.window.visibleTextEditors.some(e => e.document === doc));
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(0, 13, 0, 18), 'grandTotal');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const [e] = await recent({ filePath: rel });
    assert.deepStrictEqual([e.editType, e.oldText, e.newText, e.range], ['replace', 'total', 'grandTotal', range(0, 13, 0, 18)]);
  });

  it('returns the RECENT EDITS block with {format: "text"}, as written', async () => {
    const { editor, rel } = await openFile('let count = 0;\n');
    assert.ok(await editor.edit(b => b.insert(new vscode.Position(1, 0), 'count = count + 1;\nlog(count);\n')));
    const text = await invokeText({ filePath: rel, format: 'text' });
    const [summary, ...block] = text.split('\n');
    assert.strictEqual(summary, `Your recent edits of ${rel}, most recent first:`);
    assert.match(block.join('\n'), new RegExp(`^RECENT EDITS:\\n {2}\\[[^\\]]+\\] insert: Added 2 lines.* at ${rel.replace(/[.]/g, '\\.')}:2\\n {2}\`\`\`typescript\\n {2}count = count \\+ 1;\\n {2}log\\(count\\);\\n {2}\`\`\`$`));
  });

  it('keeps the user\'s edit through five undo/redo cycles, and leaves undo/redo out on request', async () => {
    const { editor, rel } = await openFile('a\n');
    assert.ok(await editor.edit(b => b.insert(new vscode.Position(1, 0), 'console.log(1);\n')));
    for (let i = 0; i < 5; i++) {
      await vscode.commands.executeCommand('undo');
      await vscode.commands.executeCommand('redo');
    }
    assert.strictEqual(editor.document.getText(), 'a\nconsole.log(1);\n');
    const all = await recent({ filePath: rel, maxEdits: 50 });
    assert.deepStrictEqual(all.map(e => e.origin), ['redo', 'undo', 'redo', 'undo', 'redo', 'user'], 'five undo/redo kept per file, the user edit too');
    assert.deepStrictEqual((await recent({ filePath: rel, includeUndoRedo: false })).map(e => [e.origin, e.newText]), [['user', 'console.log(1);\n']]);
  });

  it('describes an edit by the symbol it falls in, from the document\'s outline', async () => {
    // A symbol provider like a language extension's (for files of this test only): login spans lines 0-3.
    const provider = vscode.languages.registerDocumentSymbolProvider({ pattern: '**/*.outline-test' }, {
      provideDocumentSymbols: () => [new vscode.DocumentSymbol('login', '', vscode.SymbolKind.Function, new vscode.Range(0, 0, 3, 1), new vscode.Range(0, 9, 0, 14))],
    });
    try {
      const { editor, rel } = await openFile('function login() {\n  check();\n  return user;\n}\n', 'outline-test');
      // The provider's registration reaches the workbench asynchronously, and a first outline request pays for a cold
      // path on a loaded machine; the description waits 500 ms for the outline by design (then names the line only).
      // Wait for the outline to answer at all before the edit, so the test checks naming, not the first call's speed.
      await eventually(async () => ((await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>('vscode.executeDocumentSymbolProvider', editor.document.uri)) ?? []).length > 0, 'the outline provider to answer');
      assert.ok(await editor.edit(b => b.replace(new vscode.Range(2, 9, 2, 13), 'currentUser')));
      const text = await invokeText({ filePath: rel, format: 'text' });
      assert.match(text, new RegExp(`replace: Replaced \`user\` with \`currentUser\` in \`login\\(\\)\` at ${rel.replace(/[.]/g, '\\.')}:3\n`));
    } finally {
      provider.dispose();
    }
  });

  it('reads maxGlobalEdits from the configuration', async () => {
    const config = vscode.workspace.getConfiguration('agentOverlay.editHistory');
    try {
      await config.update('maxGlobalEdits', 2, vscode.ConfigurationTarget.Global);
      for (const word of ['first edit', 'second edit', 'third edit']) {
        const { editor } = await openFile('x\n');
        assert.ok(await editor.edit(b => b.insert(new vscode.Position(0, 0), word)));
      }
      assert.deepStrictEqual((await recent({ maxEdits: 50, includeUndoRedo: false })).map(e => e.newText), ['third edit', 'second edit']);
    } finally {
      await config.update('maxGlobalEdits', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});

