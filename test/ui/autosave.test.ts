import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Workbench, screenshotOnFailure } from './workbench';

/**
 * Issue 15 item 16: the suites pin `files.autoSave` off (code-server's default is `afterDelay`); this workbench
 * turns it on, as a browser user has it, and checks that an editor saving itself while the agent's change waits
 * is merged with that change, never overwritten by Apply.
 */
describe('UI: autosave on while an agent change is staged', () => {
  let wb: Workbench;
  const disk = (rel: string) => fs.readFileSync(path.join(wb.workspace, rel), 'utf8');
  /**
   * Resolves when the file holds `expected`, woken by the file system's own change events (no polling interval,
   * no deadline of its own: the test's timeout is the only one, so a loaded machine only makes it slower).
   */
  const fileBecomes = (rel: string, expected: (text: string) => boolean) => new Promise<void>((resolve, reject) => {
    const file = path.join(wb.workspace, rel);
    const watcher = fs.watch(path.dirname(file));
    const check = () => {
      try {
        if (!expected(fs.readFileSync(file, 'utf8'))) return;
      } catch {
        return; // between an unlink and a write
      }
      watcher.close();
      resolve();
    };
    watcher.on('change', check);
    watcher.on('error', e => { watcher.close(); reject(e); });
    check();
  });
  before(async () => { wb = await Workbench.open(undefined, {}, { 'files.autoSave': 'afterDelay', 'files.autoSaveDelay': 200 }); });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  it('an edit that saves itself after the agent staged is merged into the change, and Apply keeps it', async () => {
    await wb.runCommand('UI Driver: Stage Review Changes');
    const view = await wb.openSourceControl();
    await view.locator('.monaco-list-row', { hasText: 'notes.txt' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.openFile('notes.txt');
    // Keys typed before the editor has the focus go elsewhere (on a loaded machine the first ones were lost): click
    // into the text and wait until the editor says it is focused.
    await wb.page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await wb.page.locator('.editor-instance .monaco-editor.focused').first().waitFor({ state: 'visible', timeout: 30_000 });
    // A line of the person's own, away from the agent's (an edit next to it would be a conflict, as in git).
    await wb.page.keyboard.press('Control+End');
    await wb.page.keyboard.type('delta (mine)\n');
    // Nobody pressed Ctrl+S: autosave wrote it.
    await fileBecomes('notes.txt', t => t === 'alpha\nbeta\ngamma\ndelta (mine)\n');
    // The editor is clean once its autosave is done (the tab loses its dirty mark).
    await wb.page.locator('.tabs-container .tab.dirty', { hasText: 'notes.txt' }).waitFor({ state: 'detached', timeout: 0 });
    await wb.page.locator('a.action-label[aria-label="Apply Staged Changes"] >> visible=true').first().click();
    await wb.answerDialog('Apply staged changes to 3 files', 'Apply');
    await fileBecomes('notes.txt', t => t !== 'alpha\nbeta\ngamma\ndelta (mine)\n');
    assert.strictEqual(disk('notes.txt'), 'alpha\nBETA (agent)\ngamma\ndelta (mine)\n', "the person's autosaved edit and the agent's change, both");
    const editor = wb.page.locator('.editor-instance .monaco-editor .view-lines').first();
    await wb.page.locator('.editor-instance .monaco-editor .view-lines', { hasText: 'BETA (agent)' }).first().waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await Workbench.linesOf(editor), /alpha\s+BETA \(agent\)\s+gamma\s+delta \(mine\)/);
    await wb.screenshot('autosave-merged-on-apply');
  });
});
