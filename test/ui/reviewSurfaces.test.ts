import * as assert from 'assert';
import { Workbench, screenshotOnFailure } from './workbench';

/** Issue 15 items 6 and 9: actions in the diff editor's title; Explorer marks that follow the SCM view. */
describe('UI: review actions and marks where the eyes are', () => {
  let wb: Workbench;
  before(async () => {
    wb = await Workbench.open();
    await wb.runCommand('UI Driver: Stage Review Changes');
    await wb.runCommand('UI Driver: Stage a Rename');
  });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  it('the diff editor of a staged change has Apply, Discard and Open Disk File in its title bar', async () => {
    // An editor a suite before left open (a deleted file's diff has no staged side, so no Apply) must not be the
    // one looked at: close everything, then wait for notes.txt's own diff tab.
    await wb.runCommand('View: Close All Editors');
    const view = await wb.openSourceControl();
    // The list may still be re-rendering (rows move as the groups settle), so a click can land on the row that
    // moved under the pointer: click again, as a person would, until notes.txt's diff is the active tab.
    const notesTab = wb.page.locator('.tabs-container .tab.active', { hasText: 'notes.txt' }).first();
    for (let attempt = 1; ; attempt++) {
      await view.locator('.monaco-list-row', { hasText: 'notes.txt' }).first().click();
      const opened = await notesTab.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false);
      if (opened) break;
      if (attempt === 3) throw new Error('clicking notes.txt in Source Control never opened its diff');
    }
    await wb.page.waitForSelector('.monaco-diff-editor', { timeout: 20_000 });
    const title = wb.page.locator('.editor-group-container').first();
    for (const label of ['Apply', 'Discard', 'Open Disk File']) {
      await title.locator(`a.action-label[aria-label="${label}"] >> visible=true`).first().waitFor({ state: 'visible', timeout: 10_000 });
    }
    await wb.screenshot('surfaces-01-diff-title-actions');
  });

  it('the Explorer marks a file staged to be renamed away, and its folder, as the SCM view lists it', async () => {
    await wb.runCommand('View: Close All Editors');
    await wb.openView('Explorer');
    const explorer = wb.page.locator('.explorer-folders-view');
    const row = (name: string) => explorer.locator('.monaco-list-row', { hasText: name }).first();
    await row('src').click();
    await row('greet.ts').waitFor({ state: 'visible', timeout: 10_000 });
    // The decoration's letter is drawn by CSS; its tooltip and colour class are on the label.
    const label = row('greet.ts').locator('.monaco-icon-label').first();
    await wb.page.waitForFunction(el => /monaco-decoration-itemColor-/.test(el!.className), await label.elementHandle(), { timeout: 10_000 });
    const letter = await label.evaluate(el => {
      const css = (globalThis as unknown as { getComputedStyle(e: unknown, pseudo: string): { content: string } }).getComputedStyle;
      return [el, ...el.querySelectorAll('*')].map(e => css(e, '::after').content).filter(c => c && c !== 'none' && c !== 'normal').join(' ');
    });
    assert.match(letter, /R/, `the rename letter (${letter})`);
    const folder = row('src').locator('.monaco-icon-label').first();
    assert.match((await folder.getAttribute('class')) ?? '', /monaco-decoration-itemColor-/, 'the folder is marked too');
    await wb.screenshot('surfaces-02-explorer-marks');
  });
});
