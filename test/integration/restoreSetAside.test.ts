import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { testing, text, utf8, workspaceFolder } from './testApi';

/**
 * Issue 24 breach 3 in the real host: "Agent Overlay: Restore Set-Aside Staged Changes…" offers the stores set
 * aside beside this workspace's store and asks the next start to restore the chosen one (the swap itself, at open,
 * is covered against a real store on disk by test/unit/fs/restoreSetAside.test.ts: the window reload that finishes
 * it would end this run). And Apply's confirmation names NFC/NFD twins.
 */
describe('issue 24: restoring staged changes set aside; twins in the Apply confirmation', () => {
  const fileUri = (rel: string) => vscode.Uri.joinPath(workspaceFolder(), rel);
  const staged = (rel: string) => fileUri(rel).with({ scheme: 'agent-staged' });
  let aside: string | undefined;

  afterEach(async () => {
    const t = await testing();
    t.restorePrompts();
    fs.rmSync(`${t.storeDir}.restore-request`, { force: true });
    if (aside) fs.rmSync(aside, { recursive: true, force: true });
    t.scriptPrompts().answer('Discard');
    await vscode.commands.executeCommand('agentOverlay.discardAll');
    t.restorePrompts();
  });

  it('lists a store set aside, and on "Restore and Reload Window" asks the next start to restore it; Cancel asks nothing', async () => {
    const t = await testing();
    await vscode.workspace.fs.writeFile(staged('restore/current.txt'), utf8('current\n'));
    await t.flush();
    aside = `${t.storeDir}.unopened-2026-01-02T03-04-05-678Z`;
    fs.cpSync(t.storeDir, aside, { recursive: true });
    const reloads = t.holdReload();

    const cancelled = t.scriptPrompts();
    cancelled.answer('Set aside', undefined);
    await vscode.commands.executeCommand('agentOverlay.restoreSetAsideStore');
    assert.strictEqual(fs.existsSync(`${t.storeDir}.restore-request`), false, 'Cancel asks nothing of the next start');
    assert.strictEqual(reloads(), 0);

    const prompts = t.scriptPrompts();
    prompts.answer('Set aside', 'Restore and Reload Window');
    const chosen = await vscode.commands.executeCommand<string>('agentOverlay.restoreSetAsideStore');
    assert.strictEqual(chosen, aside);
    assert.deepStrictEqual(prompts.offered, [[`Set aside ${new Date('2026-01-02T03:04:05.678Z').toLocaleString()}`]]);
    assert.match(prompts.asked[1], /^Restore the staged changes set aside .*\?\nThe window reloads to switch\. The \d+ staged changes? here now (is|are) set aside in turn \(nothing is deleted\)/);
    assert.strictEqual(fs.readFileSync(`${t.storeDir}.restore-request`, 'utf8'), path.basename(aside));
    assert.strictEqual(reloads(), 1, 'the window reload was asked for');
    // Until the reload, the current staged changes stay as they are.
    assert.strictEqual(text(await vscode.workspace.fs.readFile(staged('restore/current.txt'))), 'current\n');
    assert.ok(fs.existsSync(aside), 'nothing was moved yet');
  });

  it('says so when nothing is set aside', async () => {
    const t = await testing();
    const prompts = t.scriptPrompts();
    await vscode.commands.executeCommand('agentOverlay.restoreSetAsideStore');
    assert.deepStrictEqual(prompts.asked, [], 'no pick with nothing to pick');
  });

  it("Apply's confirmation lists two staged names that read the same (NFC and NFD), with their spellings", async () => {
    const t = await testing();
    await vscode.workspace.fs.writeFile(staged('twins/caf\u00e9.txt'), utf8('composed\n'));
    await vscode.workspace.fs.writeFile(staged('twins/cafe\u0301.txt'), utf8('decomposed\n'));
    const prompts = t.scriptPrompts();
    prompts.answer(undefined);
    await vscode.commands.executeCommand('agentOverlay.applyAll');
    const asked = prompts.asked.join('\n');
    assert.match(asked, /2 names read the same as another file's\./);
    assert.ok(asked.includes('twins/caf\u00e9.txt (composed, NFC) reads the same as twins/cafe\u0301.txt (decomposed, NFD)'), asked);
    assert.strictEqual(fs.existsSync(fileUri('twins').fsPath), false, 'cancelled: nothing applied');
  });
});
