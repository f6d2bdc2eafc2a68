import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Workbench, screenshotOnFailure } from './workbench';

/**
 * Issue 15 items 1–2: a conflict is announced, opens with its three versions and stays unresolved until the person
 * settles it explicitly; Apply never writes over the person's edit meanwhile.
 */
describe('UI: a conflict between the agent and the person', () => {
  let wb: Workbench;
  const file = (rel: string) => path.join(wb.workspace, rel);
  const disk = (rel: string) => (fs.existsSync(file(rel)) ? fs.readFileSync(file(rel), 'utf8') : undefined);
  const MINE = 'alpha\nBETA (mine)\ngamma\n';
  const scmRow = (text: string) => wb.page.locator('.scm-view .monaco-list-row', { hasText: text }).first();
  const mergeEditor = () => wb.page.locator('.merge-editor').first();

  before(async () => {
    wb = await Workbench.open();
    await wb.runCommand('UI Driver: Stage Review Changes');
    await wb.openSourceControl();
    await scmRow('notes.txt').waitFor({ state: 'visible', timeout: 30_000 });
    await wb.waitForDiskWatcher();
    // The person edits the very line the agent changed, outside VS Code.
    fs.writeFileSync(file('notes.txt'), MINE);
  });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  it('announces the new conflict with "Resolve…", and the Source Control view says it is the agent\'s', async () => {
    await scmRow('Agent: Conflicts').waitFor({ state: 'visible', timeout: 30_000 });
    assert.ok(await scmRow('Agent: Staged Changes').isVisible(), 'the staged group names the agent');
    const note = await wb.findNotification('Conflict in notes.txt');
    assert.match(note, /Conflict in notes\.txt: the file changed on disk where the agent changed it too\. Nothing is applied to it until you resolve it\./);
    assert.match(note, /Resolve…/);
    await wb.screenshot('conflict-01-announced');
  });

  it('"Resolve…" opens the merge editor with base, disk and agent, and "1 Conflict Remaining"', async () => {
    const item = wb.page.locator('.notifications-center .notification-list-item', { hasText: 'Conflict in notes.txt' }).first();
    await item.locator('.monaco-button', { hasText: 'Resolve…' }).first().click();
    await mergeEditor().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.hideNotifications();
    await wb.page.getByText('1 Conflict Remaining').first().waitFor({ state: 'visible', timeout: 30_000 });
    const text = await Workbench.textOf(mergeEditor());
    assert.match(text, /Disk/);
    assert.match(text, /Agent/);
    assert.match(text, /BETA \(mine\)/);
    assert.match(text, /BETA \(agent\)/);
    // The Result starts at the base: neither side is taken for the person.
    await wb.page.locator('a.action-label[aria-label="Complete Merge"] >> visible=true').first().waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('conflict-02-merge-editor-unresolved');
  });

  it('saving the Result settles nothing; Complete Merge with the conflict left stages nothing and says which region remains', async () => {
    await mergeEditor().locator('.monaco-editor .view-lines').last().click();
    await wb.page.keyboard.press('Control+S');
    await wb.openSourceControl();
    await scmRow('Agent: Conflicts').waitFor({ state: 'visible', timeout: 5_000 });
    // Notifications land in the center (toasts are off): open it first, so a refusal shows there as it comes.
    if (!(await wb.page.locator('.notifications-center').isVisible())) await wb.page.locator('.statusbar-item[id="status.notifications"]').click();
    await wb.page.locator('a.action-label[aria-label="Complete Merge"] >> visible=true').first().click();
    // Issue 27 item 1: VS Code's own question ("unhandled conflicts", default button "Complete with Conflicts")
    // left the base text in the Result and it was staged. Whichever comes, a person presses Enter on a dialog.
    const dialog = wb.page.locator('.monaco-dialog-box', { hasText: 'unhandled conflicts' });
    const refusal = wb.page.locator('.notifications-center .notification-list-item', { hasText: 'unresolved conflict' }).first();
    await dialog.or(refusal).first().waitFor({ state: 'visible', timeout: 30_000 });
    if (await dialog.isVisible()) {
      await wb.screenshot('conflict-03-complete-with-conflicts-asks');
      await wb.page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
    }
    const note = await wb.findNotification('unresolved conflict');
    assert.match(note, /notes\.txt still has 1 unresolved conflict in the Result \(line 2\)/);
    assert.match(note, /Nothing was staged/);
    await wb.screenshot('conflict-03-complete-merge-refused');
    await wb.hideNotifications();
    await wb.openSourceControl();
    assert.ok(await scmRow('Agent: Conflicts').isVisible(), 'still in conflict');
    await wb.page.getByText('1 Conflict Remaining').first().waitFor({ state: 'visible', timeout: 5_000 });
  });

  it('Apply writes the other changes and leaves the person\'s edit on disk; its dialog says the conflict is not applied', async () => {
    await wb.openSourceControl();
    await wb.page.locator('a.action-label[aria-label="Apply Staged Changes"] >> visible=true').first().click();
    const dialog = wb.page.locator('.monaco-dialog-box', { hasText: 'Apply staged changes to 2 files on disk? 1 file in conflict is not applied.' });
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await Workbench.textOf(dialog), /notes\.txt — not applied: in conflict/);
    await wb.answerDialog('Apply staged changes to 2 files', 'Apply', 'conflict-apply-dialog');
    const note = await wb.findNotification('not applied');
    assert.match(note, /Applied 2 staged changes; 1 not applied: notes\.txt in conflict\./);
    await wb.screenshot('conflict-apply-counts');
    await wb.hideNotifications();
    assert.strictEqual(disk('notes.txt'), MINE);
    assert.strictEqual(disk('src/added.ts'), 'export const added = true;\n');
    assert.strictEqual(disk('README.md'), undefined);
  });

  it('clicking the conflict shows it again; taking the disk side and Complete Merge settles it, the edit stays', async () => {
    await scmRow('notes.txt').click();
    await mergeEditor().waitFor({ state: 'visible', timeout: 30_000 });
    await mergeEditor().getByText('Accept Disk').first().click();
    await wb.page.getByText('No Remaining Conflicts').or(wb.page.getByText('0 Conflicts Remaining')).first().waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('conflict-04-disk-side-taken');
    await wb.page.locator('a.action-label[aria-label="Complete Merge"] >> visible=true').first().click();
    await mergeEditor().waitFor({ state: 'hidden', timeout: 10_000 });
    await wb.openSourceControl();
    await scmRow('Agent: Conflicts').waitFor({ state: 'detached', timeout: 10_000 });
    assert.strictEqual(disk('notes.txt'), MINE);
    // Nothing is left to apply: the view says so in words, with no empty "Staged Changes 0" group.
    assert.match(await wb.scmEmptyText(), /^No staged agent changes\./);
    assert.strictEqual(await scmRow('Staged Changes').count(), 0);
    await wb.screenshot('conflict-05-settled-empty-state');
  });

  it('the "Agent Overlay" output channel keeps an audit trail, without file contents', async () => {
    await wb.runCommand('Agent Overlay: Show Audit Log');
    const output = wb.page.locator('.part.panel .monaco-editor .view-lines').first();
    await output.waitFor({ state: 'visible', timeout: 20_000 });
    await wb.page.locator('.part.panel', { hasText: 'resolved conflict on notes.txt: merged by hand' }).first().waitFor({ state: 'visible', timeout: 20_000 });
    // The panel wraps long lines: read the text without its line breaks.
    const text = (await Workbench.textOf(output)).replace(/\n/g, '');
    for (const line of [/staged modify notes\.txt/, /conflict \(text, from the disk\) on notes\.txt/, /apply: 2 staged changes applied; not applied: notes\.txt in conflict/]) {
      assert.match(text, line);
    }
    assert.doesNotMatch(text, /BETA/, 'no file contents');
    await wb.screenshot('audit-trail');
  });
});
