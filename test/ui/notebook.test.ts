import * as assert from 'assert';
import * as path from 'path';
import { REPO_ROOT } from '../harness/vscodeHost';
import { Workbench, screenshotOnFailure } from './workbench';

/** Monaco renders spaces as non-breaking spaces; compare rendered text with plain spaces. */
const plain = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

describe('UI: agent chat notebook', () => {
  let wb: Workbench;
  before(async () => {
    // The echo test model stands in for a real chat model (the UI test cannot reach the extension's test seam).
    wb = await Workbench.open(path.join(REPO_ROOT, 'test', 'fixtures', 'notebook', 'workspace'), { AGENT_OVERLAY_NOTEBOOK_ECHO_MODEL: '1' });
  });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  it('opens an .agentchat notebook, runs its prompt cell and shows the answer, with a warning above it for a reference that names nothing', async () => {
    await wb.openFile('chat.agentchat');
    const notebook = wb.page.locator('.notebookOverlay').first();
    await notebook.waitFor({ state: 'visible', timeout: 60_000 });
    const promptCell = notebook.locator('.monaco-list-row', { hasText: 'Summarize' }).first();
    await promptCell.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(plain(await promptCell.locator('.view-lines').first().textContent()), /Summarize @src\/app\.ts please, against @docs\/missing\.md\./);
    await wb.screenshot('notebook-opened');

    await wb.runCommand('Notebook: Run All');
    // With one controller for the notebook type VS Code picks it; if it asks anyway, choose it as a person would.
    const kernelPick = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Agent Chat' }).first();
    if (await kernelPick.isVisible({ timeout: 3_000 }).catch(() => false)) await kernelPick.click();

    const answer = await wb.waitForTextInFrames('Echo from the test model', 90_000);
    // The bare @src/app.ts reached the model as a file (macros substituted in the rules it got).
    assert.match((await answer.textContent()) ?? '', /"Summarize @src\/app.ts please, against @docs\/missing\.md\.". Context: 1 rules file\(s\) \(- Answer for reviewers\.\), files src\/app.ts\./);
    // The one that names nothing is shown to the person, above the answer.
    const warning = await wb.waitForTextInFrames('looks like a file reference but names no file', 30_000);
    assert.match((await warning.textContent()) ?? '', /@docs\/missing\.md looks like a file reference but names no file in the workspace/);
    await notebook.locator('.codicon-notebook-state-success').first().waitFor({ state: 'visible', timeout: 30_000 });
    // The outputs' frame may be rendered again as the cell finishes (on a loaded machine a located element was
    // detached before its box was read): find both again until each has a box.
    let [warningBox, answerBox] = [await warning.boundingBox(), await answer.boundingBox()];
    for (const deadline = Date.now() + 30_000; (!warningBox || !answerBox) && Date.now() < deadline;) {
      const [w, a] = [await wb.waitForTextInFrames('looks like a file reference but names no file', 30_000), await wb.waitForTextInFrames('Echo from the test model', 30_000)];
      [warningBox, answerBox] = [await w.boundingBox(), await a.boundingBox()];
    }
    assert.ok(warningBox && answerBox && warningBox.y < answerBox.y, `the warning (y=${warningBox?.y}) is above the answer (y=${answerBox?.y})`);
    await wb.screenshot('notebook-cell-output');
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
