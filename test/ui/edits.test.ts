import * as assert from 'assert';
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
    const tab = wb.page.locator('.tabs-container .tab.active', { hasText: 'Recent Edits.md' }).first();
    await tab.waitFor({ state: 'visible', timeout: 30_000 });
    // The active editor's lines, top to bottom, as the person reads them.
    const lines = async () => {
      const rows = wb.page.locator('.editor-group-container.active .editor-instance .monaco-editor .view-lines .view-line');
      const shown = await rows.evaluateAll(els => els.map(e => ({ top: parseFloat((e as unknown as { style: { top: string } }).style.top) || 0, text: e.textContent ?? '' })));
      return shown.sort((a, b) => a.top - b.top).map(l => plain(l.text));
    };
    const active = wb.page.locator('.editor-group-container.active .editor-instance .monaco-editor .view-lines');
    await active.filter({ hasText: 'recall tools shipped' }).waitFor({ state: 'visible', timeout: 30_000 });
    let shown = await lines();
    assert.strictEqual(shown[0], 'RECENT EDITS:', `first line: ${JSON.stringify(shown[0])}`);
    assert.match(shown[1], /^ {2}\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\] insert: Added 2 lines at README\.md:2$/);
    assert.deepStrictEqual(shown.slice(2, 5), ['  ```markdown', '  Release notes: the recall tools shipped', '  ```']);
    await wb.screenshot('recent-edits');

    // It refreshes while open: a new edit at the top of README.md is listed first, the earlier one below it.
    await wb.page.locator('.tabs-container .tab', { hasText: 'README.md' }).first().click();
    await active.filter({ hasText: 'Demo workspace' }).waitFor({ state: 'visible', timeout: 30_000 });
    await active.click();
    await wb.page.keyboard.press('Control+Home');
    await wb.page.keyboard.type('Second note typed later', { delay: 20 });
    await wb.page.keyboard.press('Enter');
    await wb.page.locator('.tabs-container .tab', { hasText: 'Recent Edits.md' }).first().click();
    await tab.waitFor({ state: 'visible', timeout: 30_000 });
    // The view refreshes as the tracker hears keystrokes, so it may first show the typed text alone ("Added 23
    // characters") before the Enter joins it into one line; wait for the settled entry, not the first refresh.
    const settled = (rows: string[]) => /insert: Added 1 line at README\.md:1$/.test(rows[1] ?? '');
    const deadline = Date.now() + 20_000;
    while (!settled(shown = await lines()) && Date.now() < deadline) await wb.page.waitForTimeout(200);
    assert.match(shown[1], /insert: Added 1 line at README\.md:1$/, shown.join('\n'));
    assert.strictEqual(shown[3], '  Second note typed later', shown.join('\n'));
    assert.ok(shown.indexOf('  Release notes: the recall tools shipped') > 3, 'the earlier edit is listed below the newer one');
  });
});
