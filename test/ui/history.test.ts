import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { localDateTime } from '../../src/history/versionChoices';
import type { Locator } from 'playwright-core';
import { Workbench, screenshotOnFailure } from './workbench';

/**
 * The consent path as a person sees it (SPEC §3): an agent's tool call brings up the modal, the user clicks
 * Allow and checks two versions in the Quick Pick, and the agent gets exactly those two; Deny gives
 * `denied_by_user`; the user's own share from the editor tab's context menu reaches `history_getSharedContent`.
 * The agent's calls go through the test seam's palette command, which calls `vscode.lm.invokeTool`.
 */
describe('UI: History Helper consent', function () {
  let wb: Workbench;
  const RESULTS = () => path.join(wb.runDir, 'history-tool-results.jsonl');
  const SEAM_COMMAND = 'Invoke agent tool (test seam)';

  /** The JSON of the `n`-th tool result (1-based) the seam wrote, once it is there. */
  async function toolResult(n: number): Promise<Record<string, unknown>> {
    const end = Date.now() + 60_000;
    while (Date.now() < end) {
      const lines = fs.existsSync(RESULTS()) ? fs.readFileSync(RESULTS(), 'utf8').trim().split('\n').filter(Boolean) : [];
      if (lines.length >= n) {
        const text = JSON.parse(lines[n - 1]).text as string;
        return JSON.parse(text.substring(text.indexOf('\n') + 1));
      }
      await wb.page.waitForTimeout(200);
    }
    throw new Error(`no tool result #${n} in ${RESULTS()}`);
  }

  /** Calls an agent tool the way an agent would, through the test seam's (hidden) palette command. */
  async function agentCalls(tool: string, input: object): Promise<void> {
    await wb.runCommand(SEAM_COMMAND);
    const box = wb.page.locator('.quick-input-widget', { hasText: 'Tool name and JSON input' });
    await box.waitFor({ state: 'visible' });
    await box.locator('input').fill(`${tool} ${JSON.stringify(input)}`);
    await wb.page.keyboard.press('Enter');
  }

  /** Whether a picker row shows its checkbox checked (what the person sees). */
  async function isChecked(row: Locator): Promise<boolean> {
    const box = row.locator('input[type="checkbox"], .monaco-custom-toggle').first();
    // Evaluated in the page; typed structurally since the test compiles without the DOM library.
    return box.evaluate((el: { checked?: boolean; classList: { contains(c: string): boolean }; getAttribute(a: string): string | null }) =>
      el.checked === true || el.classList.contains('checked') || el.getAttribute('aria-checked') === 'true');
  }

  async function clickCheckbox(row: Locator): Promise<void> {
    await row.locator('input[type="checkbox"], .quick-input-list-checkbox, .monaco-custom-toggle').first().click();
  }

  /** The text a version row shows (its label, source and exact local time). */
  async function rowText(row: Locator): Promise<string> {
    return (await row.locator('.quick-input-list-label-meta, .label-description, .monaco-icon-label-container').allInnerTexts()).join(' ');
  }

  /** Asserts the agent's versions are exactly the rows in `rows` (by the exact local time each row shows). */
  function assertExactly(versions: { timestamp: string }[], rows: string[]): void {
    assert.strictEqual(versions.length, rows.length, `${versions.length} versions for ${rows.length} checked rows`);
    for (const v of versions) {
      const local = localDateTime(Date.parse(v.timestamp));
      assert.ok(rows.some((c) => c.includes(local)), `${local} is one of the checked rows: ${rows.join(' | ')}`);
    }
  }

  /**
   * The History/ folder entries VS Code wrote for notes.txt (read from the run's user data, as a test may). The
   * folder is found by the resource its `entries.json` names, read as text: VS Code rewrites that file in place, so a
   * read can catch it half written (session 22's local CI: "Unexpected end of JSON input"); the resource comes first.
   */
  function historyEntries(): string[] {
    const root = path.join(wb.runDir, 'user-data', 'User', 'History');
    if (!fs.existsSync(root)) return [];
    for (const folder of fs.readdirSync(root)) {
      const entries = path.join(root, folder, 'entries.json');
      if (fs.existsSync(entries) && /"resource":"[^"]*\/workspace\/notes\.txt"/.test(fs.readFileSync(entries, 'utf8'))) {
        return fs.readdirSync(path.join(root, folder)).filter((n) => n !== 'entries.json');
      }
    }
    return [];
  }

  before(async function () {
    this.timeout(480_000);
    wb = await Workbench.open();
    // Open notes.txt and save three different versions, so the host writes real local history. Saves within
    // workbench.localHistory.mergeWindow (10 s) fold into one entry, so keep saving until there are three. VS Code
    // also takes no entry for some saves (session 22's runs: up to one in two, the save itself on disk), so up to
    // 20 saves, not 8.
    await wb.openFile('notes.txt');
    const editor = wb.page.locator('.editor-instance .monaco-editor .view-lines').first();
    await editor.waitFor({ state: 'visible' });
    for (let i = 1; historyEntries().length < 3; i++) {
      if (i > 20) throw new Error(`only ${historyEntries().length} history entries after ${i - 1} saves`);
      const before = historyEntries().length;
      await editor.click();
      await wb.page.keyboard.press('Control+End');
      await wb.page.keyboard.type(`edit ${i}\n`);
      await wb.page.keyboard.press('Control+S');
      const end = Date.now() + 12_000;
      while (historyEntries().length === before && Date.now() < end) await wb.page.waitForTimeout(250);
    }
  });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });

  async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
    const end = Date.now() + 20_000;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
      await wb.page.waitForTimeout(200);
    }
  }
  after(async () => { await wb?.close(); });

  it('an agent request shows the modal; Allow, check two versions → the agent gets exactly those two', async () => {
    await agentCalls('history_requestVersions', { filePath: 'notes.txt' });
    await wb.answerDialog("AI Agent is requesting access to historical versions for 'notes.txt'.", 'Allow', 'history-consent-modal');

    const picker = wb.page.locator('.quick-input-widget', { hasText: 'Share versions of notes.txt with the AI agent' });
    await picker.waitFor({ state: 'visible' });
    const rows = picker.locator('.quick-input-list .monaco-list-row', { hasText: 'notes.txt (' });
    await rows.nth(2).waitFor({ state: 'visible' });
    assert.ok(await picker.locator('.monaco-list-row', { hasText: 'All recent (up to 10)' }).count() === 1, 'the "All recent" item');
    const chosen: string[] = [];
    for (const i of [1, 2]) {
      const row = rows.nth(i);
      chosen.push((await row.locator('.quick-input-list-label-meta, .label-description, .monaco-icon-label-container').allInnerTexts()).join(' '));
      await row.locator('input[type="checkbox"], .quick-input-list-checkbox, .monaco-custom-toggle').first().click();
    }
    await wb.screenshot('history-consent-picker');
    // OK, not Enter: Enter on a focused row of a multi-select list toggles that row.
    await picker.locator('.monaco-button', { hasText: /^OK$/ }).first().click();

    const result = await toolResult(1);
    assert.strictEqual(result.status, 'success', JSON.stringify(result));
    const versions = result.versions as { id: string; timestamp: string; label: string }[];
    assert.strictEqual(versions.length, 2);
    // Each picked row shows its exact local time; the agent's ISO timestamps must be those two times.
    for (const v of versions) {
      const local = localDateTime(Date.parse(v.timestamp));
      assert.ok(chosen.some((c) => c.includes(local)), `${local} is one of the checked rows: ${chosen.join(' | ')}`);
    }
    assert.notStrictEqual(localDateTime(Date.parse(versions[0].timestamp)), localDateTime(Date.parse(versions[1].timestamp)));
    await wb.findNotification('2 historical versions of notes.txt are now available for the AI agent to list.');
    await wb.hideNotifications();
  });

  it('"All recent", then one version unchecked: the agent gets exactly the checked versions (issue 16 item 1)', async () => {
    await agentCalls('history_requestVersions', { filePath: 'notes.txt' });
    await wb.answerDialog("AI Agent is requesting access to historical versions for 'notes.txt'.", 'Allow');
    const picker = wb.page.locator('.quick-input-widget', { hasText: 'Share versions of notes.txt with the AI agent' });
    await picker.waitFor({ state: 'visible' });
    const rows = picker.locator('.quick-input-list .monaco-list-row', { hasText: 'notes.txt (' });
    await rows.nth(2).waitFor({ state: 'visible' });
    const all = picker.locator('.monaco-list-row', { hasText: 'All recent (up to 10)' });
    const count = await rows.count();

    await clickCheckbox(all);
    // Checking "All recent" checks the rows it stands for (here every row: fewer than 10), so the list shows it.
    await waitUntil(async () => (await Promise.all([...Array(count).keys()].map((i) => isChecked(rows.nth(i))))).every(Boolean), 'every row checked');
    await clickCheckbox(rows.nth(1));
    await waitUntil(async () => !(await isChecked(rows.nth(1))) && !(await isChecked(all)), 'row 2 and "All recent" unchecked');
    const checked: string[] = [];
    for (let i = 0; i < count; i++) if (await isChecked(rows.nth(i))) checked.push(await rowText(rows.nth(i)));
    const unchecked = await rowText(rows.nth(1));
    assert.strictEqual(checked.length, count - 1);
    await wb.screenshot('history-all-recent-minus-one');
    await picker.locator('.monaco-button', { hasText: /^OK$/ }).first().click();

    const result = await toolResult(2);
    assert.strictEqual(result.status, 'success', JSON.stringify(result));
    const versions = result.versions as { id: string; timestamp: string; label: string }[];
    assertExactly(versions, checked);
    assert.ok(!versions.some((v) => unchecked.includes(localDateTime(Date.parse(v.timestamp)))), `the unchecked row (${unchecked}) did not reach the agent`);
    await wb.findNotification(`${count - 1} historical versions of notes.txt are now available for the AI agent to list.`);
    await wb.hideNotifications();
  });

  it('opening the Command Palette over the picker does not deny; Respond from the status bar reopens it (issue 16 item 3)', async () => {
    await agentCalls('history_requestVersions', { filePath: 'notes.txt' });
    await wb.answerDialog("AI Agent is requesting access to historical versions for 'notes.txt'.", 'Allow');
    const picker = wb.page.locator('.quick-input-widget', { hasText: 'Share versions of notes.txt with the AI agent' });
    await picker.waitFor({ state: 'visible' });
    const rows = picker.locator('.quick-input-list .monaco-list-row', { hasText: 'notes.txt (' });
    await clickCheckbox(rows.nth(0));
    const kept = await rowText(rows.nth(0));
    // Another quick input takes the screen (VS Code shows one at a time): the picker goes, the request stays.
    await wb.page.keyboard.press('F1');
    await wb.page.keyboard.press('Escape');
    const status = wb.page.locator('.statusbar-item', { hasText: '1 history request' });
    await status.waitFor({ state: 'visible', timeout: 20_000 });
    await wb.screenshot('history-request-parked');
    await status.click();
    await picker.waitFor({ state: 'visible', timeout: 20_000 });
    assert.ok(await isChecked(rows.nth(0)), 'what was checked before is still checked');
    await clickCheckbox(rows.nth(2));
    const checked = [kept, await rowText(rows.nth(2))];
    await picker.locator('.monaco-button', { hasText: /^OK$/ }).first().click();
    const result = await toolResult(3);
    assert.strictEqual(result.status, 'success', JSON.stringify(result));
    assertExactly(result.versions as { timestamp: string }[], checked);
  });

  it('Deny returns denied_by_user', async () => {
    await agentCalls('history_requestVersions', { filePath: 'notes.txt' });
    await wb.answerDialog("AI Agent is requesting access to historical versions for 'notes.txt'.", 'Deny');
    assert.deepStrictEqual(await toolResult(4), { status: 'denied_by_user' });
    await wb.findNotification('Access to historical versions for notes.txt was denied.');
    await wb.screenshot('history-denied');
    await wb.hideNotifications();
  });

  it('the user shares a version from the editor tab\'s context menu; history_getSharedContent returns it', async () => {
    await wb.tabContextMenu('notes.txt', 'Share Historical Version with AI Agent');
    const picker = wb.page.locator('.quick-input-widget', { hasText: 'Share a version of notes.txt with the AI agent' });
    await picker.waitFor({ state: 'visible' });
    await picker.locator('.quick-input-list .monaco-list-row', { hasText: 'notes.txt (' }).first().click();
    const notice = await wb.findNotification('Inform your AI agent it can request this content.');
    assert.match(notice, /Historical content for notes\.txt \((just now|\d+ minutes? ago)\) is ready\. Inform your AI agent it can request this content\./);
    await wb.screenshot('history-shared');
    await wb.hideNotifications();

    await agentCalls('history_getSharedContent', { filePathHint: 'notes.txt' });
    const result = await toolResult(5);
    const onDisk = fs.readFileSync(path.join(wb.workspace, 'notes.txt'), 'utf8');
    assert.deepStrictEqual(result, { status: 'success', filePath: 'notes.txt', content: onDisk }, 'the newest version is what was last saved');
  });

  it('"Open historical version" opens a read-only editor titled with the file and the time', async () => {
    await wb.runCommand('Agent History Helper: Open Historical Version');
    const picker = wb.page.locator('.quick-input-widget', { hasText: 'Open a version of notes.txt' });
    await picker.waitFor({ state: 'visible' });
    await picker.locator('.quick-input-list .monaco-list-row', { hasText: 'notes.txt (' }).nth(1).click();
    const tab = wb.page.locator('.tabs-container .tab.active', { hasText: /notes\.txt \((just now|\d+ minutes? ago)\)/ });
    await tab.waitFor({ state: 'visible', timeout: 20_000 });
    await wb.page.locator('a.action-label[aria-label="Compare with Current"]').first().click();
    await wb.page.locator('.tabs-container .tab.active', { hasText: '↔' }).waitFor({ state: 'visible', timeout: 20_000 });
    await wb.screenshot('history-compare');
  });
});
