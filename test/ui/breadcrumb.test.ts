import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { Workbench, screenshotOnFailure, useWorkbench } from './workbench';

/**
 * Issue 15 item 6: the breadcrumb of a staged file is its workspace-relative path (`src › added.ts`), not the
 * absolute one (`tmp › … › workspace › src › added.ts`); and the editor's title actions still act on its file.
 */
describe('UI: the breadcrumb of a staged file', () => {
  let wb: Workbench;
  useWorkbench(w => (wb = w), w => w.runCommand('UI Driver: Stage Review Changes'));

  /** The active editor's breadcrumb, item by item, once its first item is `first`. */
  async function breadcrumb(first: string): Promise<string[]> {
    const items = wb.page.locator('.editor-group-container.active .breadcrumbs-control .monaco-breadcrumb-item');
    const end = Date.now() + 20_000;
    for (;;) {
      const texts = (await items.allInnerTexts()).map(t => t.trim());
      if (texts[0] === first || Date.now() > end) return texts;
      await wb.page.waitForTimeout(100);
    }
  }

  /** Opens the diff of `name` from the Source Control view, as a person clicks it. */
  async function openChange(name: string): Promise<void> {
    const view = await wb.openSourceControl();
    await view.locator('.monaco-list-row', { hasText: name }).first().click();
    await wb.page.locator('.tabs-container .tab.active', { hasText: `${name} (` }).first().waitFor({ state: 'visible', timeout: 20_000 });
    await wb.page.waitForSelector('.monaco-diff-editor', { timeout: 20_000 });
  }

  const absoluteSegments = () => wb.workspace.split(/[/\\]/).filter(Boolean);

  it('the diff editor opened from Source Control shows src › added.ts, none of the folders above the workspace', async () => {
    await openChange('added.ts');
    const items = await breadcrumb('src');
    assert.deepStrictEqual(items.slice(0, 2), ['src', 'added.ts'], `breadcrumb: ${items.join(' › ')}`);
    for (const segment of absoluteSegments()) assert.ok(!items.includes(segment), `"${segment}" of ${wb.workspace} in ${items.join(' › ')}`);
    assert.ok(!items.includes('tmp'));
    // The staged side is read through the same provider: the agent's content shows.
    await wb.page.locator('.monaco-diff-editor .modified', { hasText: 'export const added' }).first().waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('breadcrumb-01-staged-diff');
  });

  it('"Open Staged File" opens an editor whose breadcrumb is src › added.ts too', async () => {
    await wb.runCommand('View: Close All Editors');
    await wb.page.locator('.tabs-container .tab').first().waitFor({ state: 'detached', timeout: 10_000 });
    const view = await wb.openSourceControl();
    const row = view.locator('.monaco-list-row', { hasText: 'added.ts' }).first();
    await row.hover();
    await row.locator('a.action-label[aria-label="Open Staged File"]').first().click();
    await wb.page.locator('.tabs-container .tab.active', { hasText: /^added\.ts$/ }).first().waitFor({ state: 'visible', timeout: 20_000 });
    assert.strictEqual(await wb.page.locator('.monaco-diff-editor').count(), 0, 'a plain editor, not the diff');
    await wb.page.locator('.editor-group-container.active .monaco-editor .view-lines', { hasText: 'export const added' }).first().waitFor({ state: 'visible', timeout: 10_000 });
    const items = await breadcrumb('src');
    assert.deepStrictEqual(items.slice(0, 2), ['src', 'added.ts'], `breadcrumb: ${items.join(' › ')}`);
    await wb.screenshot('breadcrumb-02-staged-file');
    await wb.runCommand('View: Close All Editors');
  });

  it('"Open Disk File" in that diff editor\'s title opens the file on disk', async () => {
    await openChange('notes.txt');
    assert.deepStrictEqual((await breadcrumb('notes.txt')).slice(0, 1), ['notes.txt']);
    await wb.page.locator('.editor-group-container.active a.action-label[aria-label="Open Disk File"] >> visible=true').first().click();
    await wb.page.locator('.tabs-container .tab.active', { hasText: /^notes\.txt$/ }).first().waitFor({ state: 'visible', timeout: 20_000 });
    await wb.page.locator('.editor-group-container.active .monaco-editor .view-lines', { hasText: 'beta' }).first().waitFor({ state: 'visible', timeout: 10_000 });
    await wb.runCommand('View: Close All Editors');
  });

  it('"Discard" in that diff editor\'s title discards only its change and leaves the disk alone', async () => {
    await openChange('notes.txt');
    await wb.page.locator('.editor-group-container.active a.action-label[aria-label="Discard"] >> visible=true').first().click();
    await wb.answerDialog('Discard staged changes to 1 file?', 'Discard');
    const view = await wb.openSourceControl();
    await view.locator('.monaco-list-row', { hasText: 'notes.txt' }).first().waitFor({ state: 'detached', timeout: 10_000 });
    assert.strictEqual(wb.onDisk('notes.txt'), 'alpha\nbeta\ngamma\n');
    for (const name of ['added.ts', 'README.md']) await view.locator('.monaco-list-row', { hasText: name }).first().waitFor({ state: 'visible', timeout: 10_000 });
    await wb.runCommand('View: Close All Editors');
  });

  it('"Apply" in that diff editor\'s title writes only its file to disk; the other change stays staged', async () => {
    await openChange('added.ts');
    await wb.page.locator('.editor-group-container.active a.action-label[aria-label="Apply"] >> visible=true').first().click();
    await wb.answerDialog('Apply staged changes to 1 file on disk?', 'Apply');
    const end = Date.now() + 20_000;
    while (wb.onDisk('src/added.ts') === undefined && Date.now() < end) await new Promise(r => setTimeout(r, 100));
    assert.strictEqual(wb.onDisk('src/added.ts'), 'export const added = true;\n');
    assert.notStrictEqual(wb.onDisk('README.md'), undefined, 'README.md, staged for deletion, is still on disk');
    const view = await wb.openSourceControl();
    await view.locator('.monaco-list-row', { hasText: 'added.ts' }).first().waitFor({ state: 'detached', timeout: 10_000 });
    await view.locator('.monaco-list-row', { hasText: 'README.md' }).first().waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('breadcrumb-03-after-apply');
  });
});

describe('UI: the breadcrumb of a staged file in a multi-root workspace', () => {
  let wb: Workbench;
  before(async () => {
    wb = await Workbench.open();
    const other = path.join(wb.runDir, 'other');
    fs.mkdirSync(path.join(other, 'src'), { recursive: true });
    fs.writeFileSync(path.join(other, 'src', 'added.ts'), 'export const other = 1;\n');
    const file = path.join(wb.runDir, 'two.code-workspace');
    fs.writeFileSync(file, JSON.stringify({ folders: [{ path: 'workspace' }, { path: 'other' }] }));
    await wb.openWorkspaceFile(file);
    await wb.waitForActivation();
    await wb.runCommand('UI Driver: Stage Review Changes');
  });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  it('starts with the folder\'s name, as VS Code\'s breadcrumb of a workspace file does there: workspace › src › added.ts', async () => {
    const view = await wb.openSourceControl();
    await view.locator('.monaco-list-row', { hasText: 'added.ts' }).first().click();
    await wb.page.locator('.monaco-diff-editor .modified', { hasText: 'export const added' }).first().waitFor({ state: 'visible', timeout: 20_000 });
    const items = wb.page.locator('.editor-group-container.active .breadcrumbs-control .monaco-breadcrumb-item');
    const end = Date.now() + 20_000;
    let texts: string[] = [];
    while (Date.now() < end) {
      texts = (await items.allInnerTexts()).map(t => t.trim());
      if (texts[0] === 'workspace') break;
      await wb.page.waitForTimeout(100);
    }
    assert.deepStrictEqual(texts.slice(0, 3), ['workspace', 'src', 'added.ts'], `breadcrumb: ${texts.join(' › ')}`);
    for (const segment of path.dirname(wb.workspace).split(/[/\\]/).filter(Boolean)) assert.ok(!texts.includes(segment), `"${segment}" in ${texts.join(' › ')}`);
    await wb.screenshot('breadcrumb-04-multi-root');
  });
});
