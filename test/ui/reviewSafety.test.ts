import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Workbench, useWorkbench } from './workbench';

/**
 * Issue 27 items 2–3: what Enter does on Discard All and on Apply, and what their dialogs say, asserted by what
 * the person keeps on disk.
 */
describe('UI: Discard All and Apply say what they do, and Enter never costs the person an edit', () => {
  let wb: Workbench;
  useWorkbench(w => (wb = w), w => w.runCommand('UI Driver: Stage Review Changes'));
  const MINE = 'alpha\nBETA (mine)\ngamma\n';
  const scmRow = (text: string) => wb.page.locator('.scm-view .monaco-list-row', { hasText: text }).first();
  const dialogText = async (first: string) => {
    const dialog = wb.page.locator('.monaco-dialog-box', { hasText: first });
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    return Workbench.textOf(dialog);
  };

  it('Discard All says in its first line that the disk is not touched, lists no DELETE, and Enter discards', async () => {
    await wb.openSourceControl();
    await scmRow('README.md').waitFor({ state: 'visible', timeout: 30_000 });
    await wb.runCommand('Agent Overlay: Discard All Staged Changes');
    const text = await dialogText('Discard staged changes to 3 files?');
    assert.match(text, /Discard staged changes to 3 files\? The disk is not touched: 3 staged changes are dropped\. "Undo Discard" brings them back\./);
    assert.match(text, /README\.md \(staged deletion; the file stays on disk\)/);
    assert.doesNotMatch(text, /DELETE/);
    await wb.screenshot('safety-01-discard-all-dialog');
    await wb.page.keyboard.press('Enter');
    assert.match(await wb.scmEmptyText(), /^No staged agent changes\./);
    assert.ok(fs.existsSync(path.join(wb.workspace, 'README.md')), 'the disk is not touched');
  });

  it('Undo Discard stages the discarded changes again', async () => {
    await wb.runCommand('Agent Overlay: Undo Discard');
    for (const name of ['notes.txt', 'added.ts', 'README.md']) await scmRow(name).waitFor({ state: 'visible', timeout: 30_000 });
    const note = await wb.findNotification('Undid the discard');
    assert.match(note, /Undid the discard: 3 changes are staged again in Source Control\./);
    await wb.hideNotifications();
    await wb.screenshot('safety-02-undo-discard');
  });

  it('after "Accept Agent Version" over the person\'s edit, Apply says it replaces that edit and Enter does not apply', async () => {
    await wb.waitForDiskWatcher();
    fs.writeFileSync(path.join(wb.workspace, 'notes.txt'), MINE);
    await scmRow('Agent: Conflicts').waitFor({ state: 'visible', timeout: 30_000 });
    await scmRow('notes.txt').click();
    await wb.page.locator('.merge-editor').first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.page.locator('a.action-label[aria-label="Accept Agent Version"] >> visible=true').first().click();
    await wb.answerDialog('Take the agent\'s version of notes.txt?', 'Accept Agent Version');
    await wb.openSourceControl();
    await scmRow('Agent: Conflicts').waitFor({ state: 'detached', timeout: 30_000 });
    await wb.page.locator('a.action-label[aria-label="Apply Staged Changes"] >> visible=true').first().click();
    const text = await dialogText('It replaces your edit to notes.txt.');
    assert.match(text, /Apply staged changes to 3 files on disk\? It replaces your edit to notes\.txt\./);
    assert.match(text, /notes\.txt — replaces your edit to notes\.txt/);
    await wb.screenshot('safety-03-apply-replaces-your-edit');
    // The person's reflex: Enter takes the default button, which must not be Apply here.
    await wb.page.keyboard.press('Enter');
    await wb.page.locator('.monaco-dialog-box').waitFor({ state: 'hidden', timeout: 10_000 });
    await wb.page.locator('.tabs-container .tab.active', { hasText: 'notes.txt' }).first().waitFor({ state: 'visible', timeout: 20_000 });
    assert.strictEqual(wb.onDisk('notes.txt'), MINE);
    assert.ok(wb.onDisk('README.md') !== undefined, 'nothing was applied');
    await wb.screenshot('safety-04-review-first');
  });

  it('Discard All over an agent\'s file that holds the person\'s own edit says so, and Enter keeps everything staged', async () => {
    // (The driver's review changes are written through agent-staged:, so they are the person's own; this one is an
    // agent's, made by its write tool.)
    await wb.runCommand('UI Driver: Stage a File Through the Agent\'s Tool');
    await wb.openSourceControl();
    const row = scmRow('agent.ts');
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    await row.hover();
    await row.locator('a.action-label[aria-label="Open Staged File"]').first().click();
    await wb.page.locator('.tabs-container .tab.active', { hasText: /^agent\.ts$/ }).first().waitFor({ state: 'visible', timeout: 20_000 });
    // The person types a line of their own into the agent's new file and saves it: their edit, staged with it.
    await wb.page.locator('.editor-group-container.active .monaco-editor .view-lines').first().click();
    await wb.page.locator('.editor-group-container.active .monaco-editor.focused').first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.page.keyboard.press('Control+End');
    await wb.page.keyboard.type('// mine\n');
    await wb.page.keyboard.press('Control+S');
    await wb.page.locator('.tabs-container .tab.dirty', { hasText: 'agent.ts' }).waitFor({ state: 'detached', timeout: 30_000 });
    await wb.runCommand('Agent Overlay: Discard All Staged Changes');
    const text = await dialogText('Discard staged changes to 4 files?');
    assert.match(text, /src\/agent\.ts holds your own edits too: they are dropped with it\./);
    assert.match(text, /src\/agent\.ts \(staged new file, with your own edits\)/);
    await wb.screenshot('safety-05-discard-holds-your-edit');
    // The reflex: Enter takes the default button, which must not drop the person's typing.
    await wb.page.keyboard.press('Enter');
    await wb.page.locator('.monaco-dialog-box').waitFor({ state: 'hidden', timeout: 10_000 });
    // A discard happens as the dialog answers; read the staged file after it: the person's line is still staged.
    await scmRow('agent.ts').click();
    await wb.page.locator('.monaco-diff-editor .modified', { hasText: '// mine' }).first().waitFor({ state: 'visible', timeout: 20_000 });
    for (const name of ['notes.txt', 'added.ts', 'README.md']) assert.ok(await scmRow(name).isVisible(), `${name} is still staged`);
    assert.strictEqual(wb.onDisk('src/agent.ts'), undefined, 'nothing reached the disk');
  });
});
