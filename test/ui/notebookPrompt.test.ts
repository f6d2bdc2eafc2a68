import * as assert from 'assert';
import * as path from 'path';
import { REPO_ROOT } from '../harness/vscodeHost';
import { Workbench, screenshotOnFailure } from './workbench';

/**
 * Issue 15 item 13: a prompt cell, and the cell "+ Code" adds, say "Prompt" where VS Code shows a cell's language;
 * the notebook toolbar names the model that will answer.
 */
describe('UI: agent chat notebook prompt cells', () => {
  let wb: Workbench;
  before(async () => {
    // The echo test model is the model the fixture notebook names.
    wb = await Workbench.open(path.join(REPO_ROOT, 'test', 'fixtures', 'notebook', 'workspace'), { AGENT_OVERLAY_NOTEBOOK_ECHO_MODEL: '1' });
  });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  it('labels prompt cells "Prompt", also the one "+ Code" adds', async () => {
    await wb.openFile('chat.agentchat');
    const notebook = wb.page.locator('.notebookOverlay').first();
    await notebook.waitFor({ state: 'visible', timeout: 60_000 });
    const prompts = notebook.locator('.code-cell-row .cell-status-item', { hasText: /^Prompt$/ });
    const markdownCode = notebook.locator('.code-cell-row .cell-status-item', { hasText: /^Markdown$/ });
    await prompts.first().waitFor({ state: 'visible', timeout: 30_000 });
    assert.strictEqual(await prompts.count(), 1);
    await wb.page.getByText('Code', { exact: true }).first().click();
    await prompts.nth(1).waitFor({ state: 'visible', timeout: 10_000 });
    await wb.page.keyboard.press('Escape');
    assert.strictEqual(await prompts.count(), 2);
    assert.strictEqual(await markdownCode.count(), 0, 'no prompt cell calls itself Markdown');
    await wb.screenshot('notebook-prompt-cells');
  });

  it('names the model that will answer in the notebook toolbar', async () => {
    await wb.page.getByText('Agent Chat · Echo (test model)').first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('notebook-toolbar-model');
  });
});
