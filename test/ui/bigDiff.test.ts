import type { Locator } from 'playwright-core';
import { Workbench, screenshotOnFailure } from './workbench';

/**
 * Issue 27 item 4: after the staged diff of a 5,000-line rewrite, the next staged diffs stayed blank (the editor
 * worker busy for minutes with a quick diff of the big file that had no time limit). The small diff opened next
 * must show its content as VS Code's own compare would.
 */
describe('UI: a big staged diff does not stall the next one', () => {
  let wb: Workbench;
  before(async () => {
    wb = await Workbench.open();
    await wb.runCommand('UI Driver: Stage a Big Rewrite');
  });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  /** Clicks `name`'s row in Source Control until its diff is the active tab (rows can move while the list settles). */
  async function openStagedDiff(name: string): Promise<Locator> {
    const view = await wb.openSourceControl();
    const row = view.locator('.monaco-list-row', { hasText: name }).first();
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    const tab = wb.page.locator('.tabs-container .tab.active', { hasText: name }).first();
    for (let attempt = 1; ; attempt++) {
      await row.click();
      if (await tab.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false)) break;
      if (attempt === 3) throw new Error(`clicking ${name} in Source Control never opened its diff`);
    }
    return wb.page.locator('.editor-group-container .monaco-diff-editor .editor.modified .view-line');
  }

  it('shows the small diff\'s content right after the 5,000-line one was opened', async () => {
    const big = await openStagedDiff('big.txt');
    // Opening and diffing 5,000 lines takes a while on a loaded machine; the small one must not wait as long.
    await big.filter({ hasText: /agent\s+rewrote\s+line/ }).first().waitFor({ state: 'visible', timeout: 120_000 });
    await wb.screenshot('big-diff-01-rewrite');
    const small = await openStagedDiff('small.txt');
    // A person waits a few seconds at most; before the fix this stayed blank for minutes.
    await small.filter({ hasText: /TWO\s+small\s+agent\s+edit/ }).first().waitFor({ state: 'visible', timeout: 20_000 });
    await wb.screenshot('big-diff-02-small-diff-shows');
  });
});
