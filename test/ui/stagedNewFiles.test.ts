import * as assert from 'assert';
import { Workbench, screenshotOnFailure } from './workbench';

/** Issue 27 item 7: a file the agent created shows in the Explorer, marked as added, and opens from there. */
describe('UI: staged new files in the Explorer', () => {
  let wb: Workbench;
  before(async () => {
    wb = await Workbench.open();
    await wb.runCommand('UI Driver: Stage Review Changes');
  });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  it('lists the staged new file in the Explorer\'s "Agent: Staged New Files" view, marked A, and opens what the agent wrote', async () => {
    // The Explorer may already be the side bar's view (a click on its entry would then hide the side bar).
    await wb.runCommand('View: Show Explorer');
    const view = wb.page.locator('.pane', { has: wb.page.locator('.pane-header', { hasText: /Agent: Staged New Files/i }) }).first();
    await view.waitFor({ state: 'visible', timeout: 60_000 });
    const header = view.locator('.pane-header').first();
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    const row = view.locator('.monaco-list-row', { hasText: 'added.ts' }).first();
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await Workbench.textOf(row), /src/, 'the row names its folder');
    const label = row.locator('.monaco-icon-label').first();
    await wb.page.waitForFunction(el => /monaco-decoration-itemColor-/.test(el!.className), await label.elementHandle(), { timeout: 30_000 });
    await wb.screenshot('new-files-01-explorer-view');
    assert.strictEqual(wb.onDisk('src/added.ts'), undefined, 'nothing is written to disk');
    await row.click();
    await wb.page.locator('.tabs-container .tab.active', { hasText: 'added.ts' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.page.locator('.editor-group-container .view-line', { hasText: /export\s+const\s+added/ }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('new-files-02-opened');
  });
});
