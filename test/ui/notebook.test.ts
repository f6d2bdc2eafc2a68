import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT } from '../harness/vscodeHost';
import { Workbench, screenshotOnFailure } from './workbench';

describe('UI: agent chat notebook', () => {
  let wb: Workbench;
  before(async () => {
    // The echo test model stands in for a real chat model (the UI test cannot reach the extension's test seam).
    wb = await Workbench.open(path.join(REPO_ROOT, 'test', 'fixtures', 'notebook', 'workspace'), { AGENT_OVERLAY_NOTEBOOK_ECHO_MODEL: '1' });
  });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  it('opens an .agentchat notebook, runs its prompt cell and shows the answer as the cell output', async () => {
    await wb.openFile('chat.agentchat');
    const notebook = wb.page.locator('.notebookOverlay').first();
    await notebook.waitFor({ state: 'visible', timeout: 60_000 });
    await notebook.locator('.monaco-list-row', { hasText: 'Summarize' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('notebook-opened');

    await wb.runCommand('Notebook: Run All');
    // With one controller for the notebook type VS Code picks it; if it asks anyway, choose it as a person would.
    const kernelPick = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Agent Chat' }).first();
    if (await kernelPick.isVisible({ timeout: 3_000 }).catch(() => false)) await kernelPick.click();

    const answer = await wb.waitForTextInFrames('Echo from the test model', 90_000);
    assert.match((await answer.textContent()) ?? '', /"Summarize @\[src\/app.ts\] please\.". Context: 1 rules file\(s\) \(- Answer for reviewers\.\), files src\/app.ts/);
    await notebook.locator('.codicon-notebook-state-success').first().waitFor({ state: 'visible', timeout: 30_000 });
    const shot = await wb.screenshot('notebook-cell-output');
    assert.ok(fs.statSync(shot).size > 10_000, 'the screenshot holds a rendered workbench');
  });

  it('offers "Select Chat Model" and "Forget" in the notebook toolbar; Forget says what it did', async () => {
    const toolbar = wb.page.locator('.notebook-toolbar-container').first();
    // With the workbench's built-in actions the toolbar is full, so VS Code puts ours under "More Actions...".
    await toolbar.locator('[aria-label="More Actions..."]').first().click();
    const menu = wb.page.locator('.monaco-menu').first();
    await menu.locator('.action-label', { hasText: 'Select Chat Model' }).first().waitFor({ state: 'visible', timeout: 20_000 });
    await wb.screenshot('notebook-toolbar-menu');
    await menu.locator('.action-label', { hasText: 'Forget Remembered Macros and Context' }).first().click();
    assert.match(await wb.findNotification('no longer remembers macros'), /This notebook no longer remembers macros or referenced context/);
  });
});
