import * as assert from 'assert';
import * as fs from 'fs';
import { Workbench, screenshotOnFailure } from './workbench';

/** Monaco renders spaces as non-breaking spaces; compare rendered text with plain spaces. */
const plain = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

describe('UI: session edit tracker', () => {
  let wb: Workbench;
  before(async () => {
    wb = await Workbench.open();
    await wb.waitForActivation();
  });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  it('shows what was typed in an editor under "Agent Overlay: Show Recent Edits"', async () => {
    await wb.openFile('README.md');
    const editor = wb.page.locator('.editor-instance .monaco-editor').first();
    await editor.locator('.view-lines', { hasText: 'Demo workspace' }).waitFor({ state: 'visible', timeout: 30_000 });
    await editor.locator('.view-lines').click();
    await wb.page.keyboard.press('Control+End');
    // Typed key by key, as a person types: the tracker gathers the keystrokes into one edit.
    await wb.page.keyboard.press('Enter');
    await wb.page.keyboard.type('Release notes: the recall tools shipped', { delay: 20 });
    await editor.locator('.view-lines', { hasText: 'recall tools shipped' }).waitFor({ state: 'visible' });

    await wb.runCommand('Agent Overlay: Show Recent Edits');
    await wb.page.locator('.tabs-container .tab', { hasText: 'Recent Edits.md' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    const view = wb.page.locator('.editor-instance .monaco-editor .view-lines', { hasText: 'RECENT EDITS:' }).first();
    await view.waitFor({ state: 'visible', timeout: 30_000 });
    const text = plain(await view.textContent());
    assert.match(text, /RECENT EDITS:/);
    assert.match(text, /\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\] insert: Added 2 lines at README\.md:2/);
    assert.match(text, /Release notes: the recall tools shipped/);
    const shot = await wb.screenshot('recent-edits');
    assert.ok(fs.statSync(shot).size > 10_000, 'the screenshot holds a rendered workbench');
  });
});
