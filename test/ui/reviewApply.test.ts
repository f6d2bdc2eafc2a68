import * as assert from 'assert';
import { Workbench, useWorkbench } from './workbench';

describe('UI: reviewing and applying staged agent changes', () => {
  let wb: Workbench;
  useWorkbench(w => (wb = w), w => w.runCommand('UI Driver: Stage Review Changes'));

  it('lists the staged changes in the Source Control view', async () => {
    const view = await wb.openSourceControl();
    for (const name of ['notes.txt', 'added.ts', 'README.md']) {
      await view.locator('.monaco-list-row', { hasText: name }).first().waitFor({ state: 'visible', timeout: 30_000 });
    }
    // The status bar counts them and leads to this view.
    const count = wb.page.locator('.statusbar-item[id$="agentOverlay.staged"]');
    await count.first().waitFor({ state: 'visible', timeout: 10_000 });
    assert.strictEqual((await count.first().innerText()).trim(), '3');
    assert.match((await count.first().locator('a').first().getAttribute('aria-label')) ?? '', /3 staged agent changes/);
    await wb.screenshot('review-01-scm');
  });

  it('opens the diff editor, disk on the left and staged on the right, when a resource is clicked', async () => {
    await wb.page.locator('.scm-view .monaco-list-row', { hasText: 'notes.txt' }).first().click();
    await wb.page.waitForSelector('.monaco-diff-editor', { timeout: 20_000 });
    const tab = await wb.page.locator('.tabs-container .tab.active').first().innerText();
    assert.match(tab, /notes\.txt \(Disk ↔ Staged\)/);
    await wb.page.locator('.monaco-diff-editor .modified', { hasText: 'BETA (agent)' }).first().waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('review-02-diff');
  });

  it('"Review All" in the SCM title opens every change, created and deleted files too, in one multi-file diff', async () => {
    await wb.page.locator('a.action-label[aria-label="Review All Staged Changes"] >> visible=true').first().click();
    const tab = wb.page.locator('.tabs-container .tab.active', { hasText: 'Agent Staged Changes' });
    await tab.first().waitFor({ state: 'visible', timeout: 20_000 });
    assert.match(await tab.first().innerText(), /Agent Staged Changes \(3 files\)/);
    const editor = wb.page.locator('.multiDiffEditor');
    await editor.first().waitFor({ state: 'visible', timeout: 20_000 });
    for (const name of ['notes.txt', 'added.ts', 'README.md']) {
      await editor.locator('.multiDiffEntry', { hasText: name }).first().waitFor({ state: 'visible', timeout: 20_000 });
    }
    // Issue 27 item 9: a modified file is not labelled a rename ("R", its name struck through).
    assert.strictEqual(await editor.locator('.multiDiffEntry .status.renamed').count(), 0, 'no entry is labelled R');
    await wb.screenshot('review-03-review-all');
    await wb.runCommand('View: Close All Editors');
  });

  it('applies from the SCM title after the confirmation, and the disk has the agent\'s changes', async () => {
    await wb.page.locator('a.action-label[aria-label="Apply Staged Changes"] >> visible=true').first().click();
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await dialog.innerText(), /Apply staged changes to 3 files[\s\S]*README\.md/);
    await wb.screenshot('review-04-confirm');
    await dialog.locator('a.monaco-button', { hasText: 'Apply' }).first().click();
    // Apply deletes first and renames the temps in one by one: wait for the last of the three, not the first.
    const applied = () => wb.onDisk('README.md') === undefined && wb.onDisk('src/added.ts') !== undefined && wb.onDisk('notes.txt') !== 'alpha\nbeta\ngamma\n';
    const end = Date.now() + 60_000;
    while (!applied() && Date.now() < end) await new Promise(r => setTimeout(r, 100));
    assert.strictEqual(wb.onDisk('notes.txt'), 'alpha\nBETA (agent)\ngamma\n');
    assert.strictEqual(wb.onDisk('src/added.ts'), 'export const added = true;\n');
    assert.strictEqual(wb.onDisk('README.md'), undefined);
    await wb.page.locator('.scm-view .monaco-list-row', { hasText: 'notes.txt' }).first().waitFor({ state: 'detached', timeout: 10_000 });
    await wb.screenshot('review-05-applied');
  });

  it('"Undo" on the Applied notification restores the disk and gives the proposal back to Source Control', async () => {
    assert.match(await wb.findNotification('Applied 3 staged changes.'), /Applied 3 staged changes\./);
    const applied = wb.page.locator('.notifications-center .notification-list-item', { hasText: 'Applied 3 staged changes.' }).first();
    await applied.locator('.monaco-button', { hasText: /^Undo$/ }).first().click();
    await wb.answerDialog('Undo the last apply?', 'Undo');
    // Undo places files back before it removes what the apply created (new files first, then modified ones, then
    // deletes, so a refusal comes before anything that cannot be taken back): wait for all three, not the first.
    const undone = () => wb.onDisk('README.md') !== undefined && wb.onDisk('src/added.ts') === undefined && wb.onDisk('notes.txt') === 'alpha\nbeta\ngamma\n';
    const end = Date.now() + 20_000;
    while (!undone() && Date.now() < end) await new Promise(r => setTimeout(r, 100));
    assert.strictEqual(wb.onDisk('notes.txt'), 'alpha\nbeta\ngamma\n');
    assert.strictEqual(wb.onDisk('src/added.ts'), undefined);
    assert.notStrictEqual(wb.onDisk('README.md'), undefined);
    assert.match(await wb.findNotification('Undid the last apply'), /Undid the last apply: 3 changes are staged again in Source Control\./);
    await wb.hideNotifications();
    const view = await wb.openSourceControl();
    for (const name of ['notes.txt', 'added.ts', 'README.md']) {
      await view.locator('.monaco-list-row', { hasText: name }).first().waitFor({ state: 'visible', timeout: 30_000 });
    }
    const count = wb.page.locator('.statusbar-item[id$="agentOverlay.staged"]').first();
    assert.strictEqual((await count.innerText()).trim(), '3');
    await wb.screenshot('review-06-undone-proposal-back');
    // The proposal is the agent's, unchanged: its diff shows the agent's line again.
    await view.locator('.monaco-list-row', { hasText: 'notes.txt' }).first().click();
    await wb.page.locator('.monaco-diff-editor .modified', { hasText: 'BETA (agent)' }).first().waitFor({ state: 'visible', timeout: 20_000 });
    await wb.runCommand('View: Close All Editors');
  });

  it('an Applied notification whose apply was undone meanwhile says so instead of "There is no apply to undo"', async () => {
    await wb.page.locator('a.action-label[aria-label="Apply Staged Changes"] >> visible=true').first().click();
    await wb.answerDialog('Apply staged changes to 3 files', 'Apply');
    const end = Date.now() + 20_000;
    while (wb.onDisk('README.md') !== undefined && Date.now() < end) await new Promise(r => setTimeout(r, 100));
    assert.strictEqual(wb.onDisk('README.md'), undefined);
    await wb.findNotification('Applied 3 staged changes.');
    await wb.hideNotifications();
    await wb.runCommand('Agent Overlay: Undo Last Apply');
    await wb.answerDialog('Undo the last apply?', 'Undo');
    await wb.findNotification('Undid the last apply');
    const applied = wb.page.locator('.notifications-center .notification-list-item', { hasText: 'Applied 3 staged changes.' }).first();
    await applied.locator('.monaco-button', { hasText: /^Undo$/ }).first().click();
    const answer = await wb.findNotification('already undone');
    assert.match(answer, /That apply is already undone: its changes are staged again in Source Control\./);
    assert.doesNotMatch(answer, /There is no apply to undo/);
    await wb.screenshot('review-07-notification-after-undo');
    assert.strictEqual(wb.onDisk('notes.txt'), 'alpha\nbeta\ngamma\n');
  });
});
