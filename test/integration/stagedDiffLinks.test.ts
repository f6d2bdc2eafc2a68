import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { discardEverything, eventually, workspaceFolder } from './testApi';

/** The JSON part of a tool's answer (the second text part). */
async function invokeJson(name: string, input: object): Promise<Record<string, unknown>> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const parts = result.content.map(p => (p instanceof vscode.LanguageModelTextPart ? p.value : ''));
  return JSON.parse(parts[parts.length - 1]) as Record<string, unknown>;
}

/** `[text](href)` → its parts; fails when the field is not one Markdown link. */
function linkOf(review: unknown): { text: string; href: string } {
  const m = /^\[((?:\\.|[^\\\]])*)\]\(([^()\s]+)\)$/.exec(String(review));
  assert.ok(m, `review is one Markdown link: ${String(review)}`);
  return { text: m[1].replace(/\\(.)/g, '$1'), href: m[2] };
}

const activeDiff = () => {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputTextDiff ? input : undefined;
};

/**
 * Issue 27 item 8: every staged change a tool reports carries a link (`review`) that opens its staged diff. A chat
 * link is opened through VS Code's opener service, as `vscode.open` does with a URI and no editor options.
 */
describe('staged-diff links in tool answers', () => {
  const abs = (rel: string) => path.join(workspaceFolder().fsPath, rel);

  beforeEach(async () => {
    await discardEverything();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(abs('links'), { recursive: true, force: true });
    fs.mkdirSync(abs('links'), { recursive: true });
    fs.writeFileSync(abs('links/app (old).ts'), 'const port = 3000;\n');
  });

  it('overlay_editFile answers with a link in the app\'s URL scheme that opens the same staged diff as Source Control', async () => {
    const edit = await invokeJson('overlay_editFile', { path: 'links/app (old).ts', oldString: '3000', newString: '8080' });
    const link = linkOf(edit.review);
    assert.strictEqual(link.text, 'links/app (old).ts');
    assert.ok(link.href.startsWith(`${vscode.env.uriScheme}://agent-overlay.agent-overlay/staged-diff?`), link.href);

    await vscode.commands.executeCommand('vscode.open', vscode.Uri.parse(link.href));
    await eventually(() => activeDiff()?.modified.scheme === 'agent-staged-review', 'the staged diff opened by the link', 20_000);
    const viaLink = activeDiff()!;
    const modified = new TextDecoder().decode(await vscode.workspace.fs.readFile(viaLink.modified));
    assert.strictEqual(modified, 'const port = 8080;\n', 'the right side is the staged text');
    assert.strictEqual(fs.readFileSync(abs('links/app (old).ts'), 'utf8'), 'const port = 3000;\n', 'the disk is untouched');

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('agentOverlay.openChange', vscode.Uri.file(abs('links/app (old).ts')));
    await eventually(() => activeDiff() !== undefined, 'Source Control\'s diff');
    assert.deepStrictEqual([activeDiff()!.original.toString(), activeDiff()!.modified.toString()], [viaLink.original.toString(), viaLink.modified.toString()]);
  });

  it('every writing tool and overlay_listChanges carry the link; a folder operation and an unstaged path do not', async () => {
    const write = await invokeJson('overlay_writeFile', { path: 'links/new.ts', content: 'export {};\n' });
    const rename = await invokeJson('overlay_renameFile', { from: 'links/app (old).ts', to: 'links/app.ts' });
    assert.strictEqual(linkOf(write.review).text, 'links/new.ts');
    assert.strictEqual(linkOf(rename.review).text, 'links/app.ts');
    const list = await invokeJson('overlay_listChanges', {});
    const reviews = (list.changes as { path: string; review?: string }[]).map(c => [c.path, c.review && linkOf(c.review).text]);
    assert.deepStrictEqual(reviews.sort(), [['links/app.ts', 'links/app.ts'], ['links/new.ts', 'links/new.ts']]);
    const undone = await invokeJson('overlay_deleteFile', { path: 'links/new.ts' });
    assert.strictEqual(undone.review, undefined, 'deleting a staged new file leaves nothing to review');
  });
});
