import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { seedLocalHistory } from '../harness/demoSeed';
import { REPO_ROOT } from '../harness/vscodeHost';
import { localHistoryFolderName } from '../../src/history/localHistoryHash';
import { remoteUriString } from '../../src/history/resourceUri';
import { Workbench, screenshotOnFailure } from './workbench';

/**
 * Issue 15, item 15: the demo's local history is VS Code's own. Seeded exactly as `npm start` seeds it, VS Code's
 * Timeline lists the entries for the demo file, and a real save in the editor adds one without dropping them.
 */
describe('UI: the demo\'s local history in VS Code\'s Timeline', () => {
  let wb: Workbench;
  let historyFolder = '';
  let seededIds: string[] = [];
  /** A row's label: VS Code's name for the entry's source (its time, "3 hrs", follows). */
  const label = (row: string) => /^(File Saved|Undo \/ Redo)/.exec(row)?.[1] ?? row;
  before(async () => {
    wb = await Workbench.open(path.join(REPO_ROOT, 'demo', 'workspace'), {}, {}, {
      prepare: (server, workspace) => {
        seedLocalHistory(workspace, server.userDataDir, server.authority);
        historyFolder = path.join(server.userDataDir, 'User', 'History', localHistoryFolderName(remoteUriString(server.authority, path.join(workspace, 'src', 'cart.ts'))));
      },
    });
    await wb.waitForActivation();
  });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  /** The Timeline pane's rows (label and description), once it lists at least `n`. */
  async function timelineRows(n: number): Promise<string[]> {
    const pane = wb.page.locator('.pane', { has: wb.page.locator('.pane-header', { hasText: /^Timeline/ }) }).first();
    const header = pane.locator('.pane-header').first();
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    const rows = pane.locator('.monaco-list-row');
    const deadline = Date.now() + 30_000;
    while ((await rows.count()) < n && Date.now() < deadline) await wb.page.waitForTimeout(250);
    return (await rows.allInnerTexts()).map(t => t.replace(/\s+/g, ' ').trim());
  }

  it('lists the seeded entries for src/cart.ts, with VS Code\'s own source labels', async () => {
    const seeded = JSON.parse(fs.readFileSync(path.join(historyFolder, 'entries.json'), 'utf8')) as { entries: { id: string }[] };
    seededIds = seeded.entries.map(e => e.id);
    for (const id of seededIds) assert.match(id, /^[A-Za-z0-9]{4}\.ts$/);
    assert.strictEqual(seededIds.length, 3);
    await wb.openFile('src/cart.ts');
    const rows = await timelineRows(3);
    assert.deepStrictEqual(rows.map(label), ['File Saved', 'Undo / Redo', 'File Saved'], rows.join('\n'));
    await wb.screenshot('demo-history-timeline');
  });

  it('after one more save in the editor, VS Code keeps the seeded entries and adds the new one', async () => {
    const editor = wb.page.locator('.editor-instance .monaco-editor').first();
    const file = path.join(wb.workspace, 'src', 'cart.ts');
    const entriesOnDisk = () => fs.readFileSync(path.join(historyFolder, 'entries.json'), 'utf8');
    let rows: string[] = [];
    // VS Code's history tracker sometimes takes no entry for a save (session 22: about one save in three in a
    // row of local runs, seeded or not, the save itself done and on disk, no entry after a minute; earlier runs
    // never). A person who sees no new entry saves once more; a second entry is then possible only if the first
    // save's entry came later than 30 s after it, so the checks below ask for at least one new entry.
    for (let attempt = 1; ; attempt++) {
      await editor.locator('.view-lines', { hasText: 'export' }).first().click();
      await wb.page.keyboard.press('Control+End');
      await wb.page.keyboard.type(`// saved once more (${attempt})\n`, { delay: 10 });
      await wb.page.keyboard.press('Control+S');
      // Saved: the tab's dirty mark is gone and the disk has the line.
      await wb.page.locator('.tabs-container .tab.active:not(.dirty)', { hasText: 'cart.ts' }).first().waitFor({ state: 'visible', timeout: 30_000 });
      assert.match(fs.readFileSync(file, 'utf8'), new RegExp(`// saved once more \\(${attempt}\\)\\n$`));
      rows = await timelineRows(4);
      if (rows.length >= 4) break;
      const seen = `${rows.join('; ')} (entries.json: ${entriesOnDisk()}; cart.ts modified ${fs.statSync(file).mtime.toISOString()}, now ${new Date().toISOString()})`;
      if (attempt === 3) assert.fail(`VS Code added no Timeline entry for any of 3 saves: ${seen}`);
      console.log(`    (no Timeline entry 30 s after save ${attempt}: ${seen}; saving again)`);
    }
    assert.match(rows[0], /^File Saved/);
    assert.deepStrictEqual(rows.slice(-3).map(label), ['File Saved', 'Undo / Redo', 'File Saved'], rows.join('\n'));
    await wb.screenshot('demo-history-after-save');
    // VS Code rewrote its index with the seeded ids still in it (code-server writes it on every change).
    const before = new Set(fs.readdirSync(historyFolder));
    const deadline = Date.now() + 20_000;
    let ids: string[] = [];
    while (Date.now() < deadline) {
      try {
        ids = (JSON.parse(entriesOnDisk()) as { entries: { id: string }[] }).entries.map(e => e.id);
      } catch {
        // VS Code rewrites the file in place: a read can catch it half written. Read it again.
      }
      if (ids.length === rows.length) break;
      await wb.page.waitForTimeout(250);
    }
    assert.strictEqual(ids.length, rows.length, ids.join(', '));
    assert.deepStrictEqual(ids.slice(0, 3), seededIds, 'the seeded entries are kept, oldest first');
    for (const id of ids) assert.ok(before.has(id), `${id} is a file in the history folder`);
  });
});
