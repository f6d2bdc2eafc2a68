import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { eventually, testing, utf8, workspaceFolder, discardEverything } from './testApi';

/** Issue 24 in the real host: targets that can run code and names that hide characters, as the reviewer sees them. */
describe('review marks: targets that can run code, names that mislead', () => {
  const fileUri = (rel: string) => vscode.Uri.joinPath(workspaceFolder(), rel);
  const staged = (rel: string) => fileUri(rel).with({ scheme: 'agent-staged' });

  beforeEach(async () => {
    await discardEverything();
    fs.mkdirSync(fileUri('marks').fsPath, { recursive: true });
  });

  it('a staged .vscode/tasks.json is marked "can run code" in Source Control and listed apart in the Apply confirmation', async () => {
    const t = await testing();
    await vscode.workspace.fs.writeFile(staged('marks/.vscode/tasks.json'), utf8('{"version":"2.0.0","tasks":[]}\n'));
    await vscode.workspace.fs.writeFile(staged('marks/plain.txt'), utf8('plain\n'));
    await vscode.workspace.fs.writeFile(staged('.vscode/tasks.json'), utf8('{"version":"2.0.0","tasks":[{"label":"x","runOptions":{"runOn":"folderOpen"}}]}\n'));
    const tooltipOf = (rel: string) => t.scmState().flatMap(g => g.resources).find(r => r.path === fileUri(rel).fsPath)?.tooltip ?? '';
    await eventually(() => /Can run code/.test(tooltipOf('.vscode/tasks.json')), 'the "can run code" mark on .vscode/tasks.json');
    assert.doesNotMatch(tooltipOf('marks/plain.txt'), /Can run code/);

    const prompts = t.scriptPrompts();
    prompts.answer(undefined);
    await vscode.commands.executeCommand('agentOverlay.applyAll');
    t.restorePrompts();
    const asked = prompts.asked.join('\n');
    assert.match(asked, /Can run code: \.vscode\/tasks\.json\n/);
    assert.doesNotMatch(asked.split('\n').find(l => l.startsWith('Can run code')) ?? '', /plain\.txt/);
  });

  it('a name with a right-to-left override is shown escaped; a name with a newline cannot be staged', async () => {
    const t = await testing();
    await vscode.workspace.fs.writeFile(staged('marks/invoice\u202Etxt.sh'), utf8('echo hi\n'));
    await eventually(() => t.scmState().flatMap(g => g.resources).some(r => /invisible characters: invoice<U\+202E>txt\.sh/.test(r.tooltip ?? '')), 'the escaped name in the tooltip');
    const prompts = t.scriptPrompts();
    prompts.answer(undefined);
    await vscode.commands.executeCommand('agentOverlay.applyAll');
    t.restorePrompts();
    assert.match(prompts.asked.join('\n'), /marks\/invoice<U\+202E>txt\.sh/);
    assert.ok(!prompts.asked.join('\n').includes('\u202E'));

    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(staged('marks/six\nseven.txt'), utf8('x'))), /control character \(U\+000A\)/);
    assert.ok(!fs.existsSync(path.join(fileUri('marks').fsPath, 'six\nseven.txt')));
  });
});
