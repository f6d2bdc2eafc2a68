import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Workbench, useWorkbench } from './workbench';

/**
 * Issue 27 item 6 as a person clicks it: the agent's changes shown where they go in the normal editor, Keep on one
 * writes exactly that change to disk beside the person's own edit, Undo on another drops it from the staged change.
 */
describe('UI: Keep / Undo one staged change in the editor', () => {
  let wb: Workbench;
  const lines = (edit: (k: number) => string | undefined = () => undefined) =>
    Array.from({ length: 10 }, (_, i) => edit(i + 1) ?? `line ${i + 1}`).join('\n') + '\n';
  useWorkbench(w => (wb = w), async w => {
    fs.writeFileSync(path.join(w.workspace, 'hunks.txt'), lines());
    await w.runCommand('UI Driver: Stage Two Changes to hunks.txt');
  });
  const lens = (title: string) => wb.page.locator('.monaco-editor .codelens-decoration a', { hasText: title });
  /** Waits until the editor shows `n` lenses titled `title` (the lenses are redrawn, all gone for a moment, after a change). */
  const lensCount = async (title: string, n: number) => {
    const deadline = Date.now() + 30_000;
    // Counted twice in a row, a frame apart: a redraw removes every lens for a moment before it adds them again.
    let seen = 0;
    while (seen < 2) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${n} "${title}" lenses (now ${await lens(title).count()})`);
      seen = (await lens(title).count()) === n ? seen + 1 : 0;
      await wb.page.waitForTimeout(100);
    }
  };

  it('Keep writes one change beside the person\'s edit; Undo drops the other and leaves the disk alone', async () => {
    const scmRow = (text: string) => wb.page.locator('.scm-view .monaco-list-row', { hasText: text }).first();
    await wb.openSourceControl();
    await scmRow('hunks.txt').waitFor({ state: 'visible', timeout: 30_000 });
    // The person's own edit, saved on disk meanwhile: the staged change is rebased onto it. A write made before VS
    // Code's file watcher runs is never reported (see Workbench.waitForDiskWatcher).
    await wb.waitForDiskWatcher();
    const mine = lines(k => (k === 5 ? 'line 5 (mine)' : undefined));
    fs.writeFileSync(path.join(wb.workspace, 'hunks.txt'), mine);
    await wb.openFile('hunks.txt');
    await wb.page.locator('.monaco-editor .view-line', { hasText: 'line 5 (mine)' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    // One Keep per change, once the rebase onto the person's edit is shown: until the watcher reports the edit, the
    // editor shows the new disk against the staged text made before it, three hunks (stop 35's local CI saw 3).
    await lensCount('Keep', 2);
    await wb.screenshot('hunks-01-keep-undo-in-editor');

    await lens('Keep').first().click();
    await wb.page.locator('.monaco-editor .view-line', { hasText: 'line 2 (agent)' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    assert.strictEqual(wb.onDisk('hunks.txt'), lines(k => (k === 2 ? 'line 2 (agent)' : k === 5 ? 'line 5 (mine)' : undefined)), 'exactly that change, and the person\'s edit still');
    // The other change is still offered, alone.
    await lensCount('Keep', 1);
    await lensCount('Undo', 1);
    await wb.screenshot('hunks-02-after-keep');

    await lens('Undo').first().click();
    await wb.openSourceControl();
    await scmRow('hunks.txt').waitFor({ state: 'detached', timeout: 30_000 });
    await lensCount('Undo', 0);
    assert.strictEqual(wb.onDisk('hunks.txt'), lines(k => (k === 2 ? 'line 2 (agent)' : k === 5 ? 'line 5 (mine)' : undefined)), 'Undo never touches the disk');
    await wb.openSourceControl();
    await scmRow('hunks.txt').waitFor({ state: 'detached', timeout: 30_000 });
    await wb.screenshot('hunks-03-after-undo');
  });
});
