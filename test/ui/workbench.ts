/**
 * A real VS Code workbench in Chromium with this extension loaded in development mode, for UI tests that click
 * through what a person sees. Each `Workbench` has its own code-server, user data and workspace copy.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Locator, Page } from 'playwright-core';
import {
  ARTIFACTS, REPO_ROOT, copyWorkspace, extensionUnderTest, launchBrowser, newRunDir, startCodeServer, workbenchUrl,
  type Browser, type CodeServer,
} from '../harness/vscodeHost';

export const SCREENSHOTS = path.join(ARTIFACTS, 'screenshots');
const UI_DRIVER = path.join(REPO_ROOT, 'test', 'fixtures', 'ui-driver');

export class Workbench {
  private constructor(
    readonly page: Page,
    readonly workspace: string,
    readonly runDir: string,
    private readonly server: CodeServer,
    private readonly browser: Browser,
  ) {}

  /** What the workspace folder's file `rel` holds on disk now (undefined: no file): what a person would find. */
  onDisk(rel: string): string | undefined {
    const file = path.join(this.workspace, rel);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  }

  /**
   * A workbench on a copy of `fixture`, with this extension loaded in development mode and the UI test driver
   * (test/fixtures/ui-driver: palette commands that play the agent's part) and any `extensions` installed beside it.
   */
  static async open(
    fixture = path.join(REPO_ROOT, 'test', 'fixtures', 'workspace'),
    env: Record<string, string> = {},
    settings: Record<string, unknown> = {},
    more: {
      /** More test extensions (folders with a package.json), installed beside the driver. */
      readonly extensions?: readonly string[];
      /** Runs once the server is up and before the workbench loads (it knows the URIs' authority by then). */
      readonly prepare?: (server: CodeServer, workspace: string) => void | Promise<void>;
    } = {},
  ): Promise<Workbench> {
    const runDir = newRunDir('ui');
    const workspace = copyWorkspace(fixture, runDir);
    // The driver is installed as an ordinary extension (the workbench loads only one development extension).
    for (const dir of [UI_DRIVER, ...(more.extensions ?? [])]) {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };
      fs.cpSync(dir, path.join(runDir, 'extensions', `${pkg.publisher}.${pkg.name}-${pkg.version}`), { recursive: true });
    }
    const server = await startCodeServer({ folder: workspace, runDir, auth: { kind: 'none' }, testDriver: true, settings });
    await more.prepare?.(server, workspace);
    const browser = await launchBrowser(runDir);
    const wb = new Workbench(browser.page, workspace, runDir, server, browser);
    await browser.page.goto(workbenchUrl(server, workspace, {
      extensionDevelopmentPath: extensionUnderTest(runDir),
      extensionEnvironment: { AGENT_OVERLAY_TEST_RUN_DIR: runDir, ...env },
    }));
    await browser.page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    // The status bar's remote indicator appears once the extension host is connected.
    await browser.page.waitForSelector('.statusbar-item[id="status.host"], .statusbar-item[id*="remote"]', { timeout: 60_000 }).catch(() => undefined);
    return wb;
  }

  /**
   * Waits until this extension has finished activating — its Source Control view shows either its groups or its
   * empty-state text only then — and goes back to the Explorer. Typing before that would go unseen by the edit
   * tracker.
   */
  async waitForActivation(): Promise<void> {
    // Activation waits for the window's start-up to finish (onStartupFinished): on a loaded machine that alone can
    // take longer than opening a view should.
    const view = await this.openSourceControl(120_000);
    await view.locator('.monaco-list-row', { hasText: /Agent: |No\sstaged\sagent\schanges/ }).first().waitFor({ state: 'visible', timeout: 60_000 });
    await this.openView('Explorer');
  }

  /**
   * Reloads the window (the browser page, as Developer: Reload Window does): a new extension host starts. Returns
   * once this extension has activated again and the Chat view's input shows.
   */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    await this.waitForActivation();
    const chatInput = this.page.locator('.interactive-input-part').first();
    if (!(await chatInput.isVisible())) await this.runCommand('Chat: Open Chat');
    await chatInput.waitFor({ state: 'visible', timeout: 60_000 });
  }

  /** Clicks an activity-bar entry (the `li`, since the badge covers the inner link). */
  async openView(label: string): Promise<void> {
    await this.page.locator(`.activitybar li.action-item:has(a[aria-label^="${label}"])`).first().click();
  }

  async openSourceControl(timeoutMs = 20_000): Promise<Locator> {
    const view = this.page.locator('.scm-view').first();
    // Clicking the activity-bar entry of the view already shown would hide the side bar.
    if (await view.isVisible()) return view;
    await this.openView('Source Control');
    await view.waitFor({ state: 'visible', timeout: timeoutMs });
    return view;
  }

  /**
   * Runs a command through the command palette, as a person would. The palette lists the commands registered
   * when it opens, so while extensions are still starting it is closed and opened again until the command shows.
   */
  async runCommand(title: string, timeoutMs = 60_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    const input = this.page.locator('.quick-input-widget input');
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    for (;;) {
      await this.page.keyboard.press('F1');
      await input.waitFor({ state: 'visible' });
      await input.fill(`>${title}`);
      try {
        await row.waitFor({ state: 'visible', timeout: 3_000 });
        break;
      } catch (e) {
        await this.page.keyboard.press('Escape');
        if (Date.now() > end) throw e;
      }
    }
    await this.page.keyboard.press('Enter');
  }

  /**
   * Returns once VS Code's file watcher reports writes made outside VS Code (the UI driver's "Wait For The Disk
   * Watcher" writes a probe until it is reported). A person's edit on disk before the watcher has started is never
   * reported, so a test that makes one right after the window opens waits for this first.
   */
  async waitForDiskWatcher(timeoutMs = 150_000): Promise<void> {
    const ready = path.join(path.dirname(this.workspace), '.ui-driver-watcher-ready');
    fs.rmSync(ready, { force: true });
    await this.runCommand('UI Driver: Wait For The Disk Watcher');
    const end = Date.now() + timeoutMs;
    while (!fs.existsSync(ready)) {
      if (Date.now() > end) throw new Error('the UI driver never saw the file watcher report a disk write');
      await new Promise(resolve => setTimeout(resolve, 100));
    }
  }

  /**
   * The Command Palette's entries for `query`, once `anchor` (an entry known to be listed) shows: what a person
   * sees when typing it. The palette is closed again.
   */
  async paletteEntries(query: string, anchor: string, shot?: string, timeoutMs = 60_000): Promise<string[]> {
    const end = Date.now() + timeoutMs;
    const input = this.page.locator('.quick-input-widget input');
    const rows = this.page.locator('.quick-input-list .monaco-list-row');
    // As in runCommand: the palette lists the commands registered when it opens.
    for (;;) {
      await this.page.keyboard.press('F1');
      await input.waitFor({ state: 'visible' });
      await input.fill(`>${query}`);
      try {
        await rows.filter({ hasText: anchor }).first().waitFor({ state: 'visible', timeout: 3_000 });
        break;
      } catch (e) {
        await this.page.keyboard.press('Escape');
        if (Date.now() > end) throw e;
      }
    }
    const texts = await rows.allInnerTexts();
    if (shot) await this.screenshot(shot);
    await this.page.keyboard.press('Escape');
    return texts.map(t => t.split('\n')[0]);
  }

  /** Reopens the window on a `.code-workspace` file (a multi-root workspace), with the same extensions loaded. */
  async openWorkspaceFile(file: string): Promise<void> {
    const url = new URL(this.page.url());
    url.searchParams.delete('folder');
    url.searchParams.set('workspace', file);
    await this.page.goto(url.toString());
    await this.page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
  }

  async screenshot(name: string): Promise<string> {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const file = path.join(SCREENSHOTS, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  async close(): Promise<void> {
    await this.browser.close();
    await this.server.stop();
  }

  /** Waits for the modal dialog whose message contains `message`, screenshots it if `shot` is given, clicks `button`. */
  async answerDialog(message: string, button: string, shot?: string): Promise<void> {
    const dialog = this.page.locator('.monaco-dialog-box', { hasText: message });
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    if (shot) await this.screenshot(shot);
    await dialog.locator('.monaco-button', { hasText: new RegExp(`^${button}$`) }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Right-clicks the editor tab labelled `tabLabel` and clicks `item` in its context menu. */
  async tabContextMenu(tabLabel: string, item: string): Promise<void> {
    await this.page.locator('.tabs-container .tab', { hasText: tabLabel }).first().click({ button: 'right' });
    const menu = this.page.locator('.monaco-menu').first();
    const entry = menu.locator('.action-item', { hasText: item }).first();
    await entry.waitFor({ state: 'visible', timeout: 10_000 });
    await entry.hover();
    await entry.click();
    // A busy workbench can drop a click that lands right after the menu opened; the hovered entry takes Enter.
    if (!(await menu.waitFor({ state: 'hidden', timeout: 3_000 }).then(() => true, () => false))) {
      await this.page.keyboard.press('Enter');
      await menu.waitFor({ state: 'hidden', timeout: 10_000 });
    }
  }

  /**
   * The text of the notification containing `text`, read from the notification center (opened if needed):
   * the smoke-test driver the harness needs for its payload turns toasts off, so notifications only land there.
   */
  async findNotification(text: string): Promise<string> {
    const center = this.page.locator('.notifications-center');
    const item = center.locator('.notification-list-item', { hasText: text }).first();
    const deadline = Date.now() + 30_000;
    while (!(await item.isVisible())) {
      if (Date.now() > deadline) throw new Error(`no notification containing ${JSON.stringify(text)}`);
      if (!(await center.isVisible())) await this.page.locator('.statusbar-item[id="status.notifications"]').click();
      await this.page.waitForTimeout(250);
    }
    return item.innerText();
  }

  /** An element's text as a person reads it: editors render spaces as no-break spaces. */
  static async textOf(locator: Locator): Promise<string> {
    return (await locator.innerText()).replace(/\u00a0/g, ' ');
  }

  /**
   * An editor's rendered lines (`.view-lines`) in the order they are shown. Monaco reuses its line elements and places
   * each by its `top`, so after a reload their order in the page can differ from the text's (a UI run read the
   * person's last line first, with the file right on disk).
   */
  static async linesOf(viewLines: Locator): Promise<string> {
    type Line = { readonly style: { readonly top: string }; readonly textContent: string | null };
    const lines = await viewLines.evaluate((el: { querySelectorAll(selector: string): ArrayLike<Line> }) => Array.from(el.querySelectorAll('.view-line'))
      .map(line => ({ top: parseFloat(line.style.top) || 0, text: line.textContent ?? '' }))
      .sort((a, b) => a.top - b.top)
      .map(line => line.text));
    return lines.join('\n').replace(/\u00a0/g, ' ');
  }

  /**
   * The Source Control view's empty-state text (the read-only input box's value), once shown, with the editor's
   * line wrapping and no-break spaces taken out.
   */
  async scmEmptyText(): Promise<string> {
    const view = await this.openSourceControl();
    const lines = view.locator('.scm-editor .view-lines', { hasText: /No\sstaged\sagent\schanges/ }).first();
    await lines.waitFor({ state: 'visible', timeout: 60_000 });
    return (await Workbench.textOf(lines)).replace(/\s*\n\s*/g, ' ');
  }

  /** Closes the notification center if it is open. */
  async hideNotifications(): Promise<void> {
    if (await this.page.locator('.notifications-center').isVisible()) {
      await this.page.locator('.statusbar-item[id="status.notifications"]').click();
    }
  }

  /** Opens a workspace file through Quick Open (Ctrl+P), as a person would, and waits for its tab. */
  async openFile(relativePath: string): Promise<void> {
    const name = path.basename(relativePath);
    await this.page.keyboard.press('Control+P');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(relativePath);
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await this.page.keyboard.press('Enter');
    await this.page.locator('.tabs-container .tab', { hasText: name }).first().waitFor({ state: 'visible', timeout: 30_000 });
    // Keys typed next go to the editor only once Quick Open has closed.
    await input.waitFor({ state: 'hidden', timeout: 30_000 });
  }

  /** The innermost element showing `text` in the page or any nested frame (webviews and notebook outputs are iframes). */
  async waitForTextInFrames(text: string, timeoutMs = 30_000): Promise<Locator> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const frame of this.page.frames()) {
        const hit = frame.getByText(text).first();
        if (await hit.isVisible().catch(() => false)) return hit;
      }
      if (Date.now() > deadline) throw new Error(`no frame shows ${JSON.stringify(text)} within ${timeoutMs} ms`);
      await this.page.waitForTimeout(250);
    }
  }
}

/** Mocha hook body: keeps a screenshot of the workbench when a test fails, named after the test. */
/**
 * Hooks for the enclosing `describe`: one workbench opened (then `prepare`d) before its tests and handed to `set`,
 * a screenshot of each failing test, the workbench closed after them.
 */
export function useWorkbench(set: (wb: Workbench) => void, prepare?: (wb: Workbench) => Promise<unknown>): void {
  let opened: Workbench | undefined;
  before(async () => {
    opened = await Workbench.open();
    set(opened);
    await prepare?.(opened);
  });
  afterEach(async function () { await screenshotOnFailure(opened, this.currentTest); });
  after(async () => { await opened?.close(); });
}

export async function screenshotOnFailure(wb: Workbench | undefined, test: Mocha.Test | undefined): Promise<void> {
  if (wb && test?.state === 'failed') await wb.screenshot(`FAILED-${test.fullTitle().replace(/[^\w.-]+/g, '_')}`).catch(() => undefined);
}
