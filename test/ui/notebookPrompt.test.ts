import * as assert from 'assert';
import * as path from 'path';
import { REPO_ROOT } from '../harness/vscodeHost';
import { Workbench, screenshotOnFailure } from './workbench';

/** Issue 15 item 13: a prompt cell, and the cell "+ Code" adds, say "Prompt" where VS Code shows a cell's language. */
describe('UI: agent chat notebook prompt cells', () => {
  let wb: Workbench;
  before(async () => {
    wb = await Workbench.open(path.join(REPO_ROOT, 'test', 'fixtures', 'notebook', 'workspace'));
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
});
