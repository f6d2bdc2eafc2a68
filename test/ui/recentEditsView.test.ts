import * as assert from 'assert';
import { Workbench, screenshotOnFailure } from './workbench';

/** Issue 15 item 14: the Recent Edits document is read-only, and says so, as the history editor does. */
describe('UI: Recent Edits document', () => {
  let wb: Workbench;
  before(async () => {
    wb = await Workbench.open();
    await wb.waitForActivation();
  });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  it('is read-only: typing into it shows why instead of changing it', async () => {
    await wb.runCommand('Agent Overlay: Show Recent Edits');
    const editor = wb.page.locator('.editor-instance .monaco-editor').first();
    const lines = editor.locator('.view-lines', { hasText: 'RECENT EDITS:' }).first();
    await lines.waitFor({ state: 'visible', timeout: 30_000 });
    const before = await Workbench.textOf(lines);
    await lines.click();
    await wb.page.keyboard.type('x');
    const message = wb.page.locator('.monaco-editor-overlaymessage', { hasText: 'Recent Edits is a report of your recent edits' }).first();
    await message.waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('recent-edits-read-only');
    assert.strictEqual(await Workbench.textOf(lines), before, 'the document did not change');
    assert.strictEqual(await wb.page.locator('.tabs-container .tab.dirty', { hasText: 'Recent Edits.md' }).count(), 0, 'not dirty');
  });
});
