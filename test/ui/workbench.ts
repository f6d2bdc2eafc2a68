/**
 * A real VS Code workbench in Chromium with this extension loaded in development mode, for UI tests that click
 * through what a person sees. Each `Workbench` has its own code-server, user data and workspace copy.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Locator, Page } from 'playwright-core';
import {
  ARTIFACTS, REPO_ROOT, copyWorkspace, launchBrowser, newRunDir, startCodeServer, workbenchUrl,
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

  /**
   * A workbench on a copy of `fixture`, with this extension loaded in development mode and the UI test driver
   * (test/fixtures/ui-driver: palette commands that play the agent's part) installed beside it.
   */
  static async open(fixture = path.join(REPO_ROOT, 'test', 'fixtures', 'workspace'), env: Record<string, string> = {}): Promise<Workbench> {
    const runDir = newRunDir('ui');
    const workspace = copyWorkspace(fixture, runDir);
    // The driver is installed as an ordinary extension (the workbench loads only one development extension).
    fs.cpSync(UI_DRIVER, path.join(runDir, 'extensions', 'agent-overlay-tests.agent-overlay-ui-driver-0.0.1'), { recursive: true });
    const server = await startCodeServer({ folder: workspace, runDir, auth: { kind: 'none' }, testDriver: true });
    const browser = await launchBrowser(runDir);
    const wb = new Workbench(browser.page, workspace, runDir, server, browser);
    await browser.page.goto(workbenchUrl(server, workspace, {
      extensionDevelopmentPath: REPO_ROOT,
      extensionEnvironment: { AGENT_OVERLAY_TEST_RUN_DIR: runDir, ...env },
    }));
    await browser.page.waitForSelector('.monaco-workbench', { timeout: 60_000 });
    // The status bar's remote indicator appears once the extension host is connected.
    await browser.page.waitForSelector('.statusbar-item[id="status.host"], .statusbar-item[id*="remote"]', { timeout: 60_000 }).catch(() => undefined);
    return wb;
  }

  /** Clicks an activity-bar entry (the `li`, since the badge covers the inner link). */
  async openView(label: string): Promise<void> {
    await this.page.locator(`.activitybar li.action-item:has(a[aria-label^="${label}"])`).first().click();
  }

  async openSourceControl(): Promise<Locator> {
    await this.openView('Source Control');
    const view = this.page.locator('.scm-view').first();
    await view.waitFor({ state: 'visible', timeout: 20_000 });
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
    const entry = this.page.locator('.monaco-menu .action-item', { hasText: item }).first();
    await entry.waitFor({ state: 'visible', timeout: 10_000 });
    await entry.click();
  }

  /** The notification toast containing `text`, once visible. */
  async waitForNotification(text: string): Promise<Locator> {
    const toast = this.page.locator('.notification-toast', { hasText: text }).first();
    await toast.waitFor({ state: 'visible', timeout: 30_000 });
    return toast;
  }
}

/** Mocha hook body: keeps a screenshot of the workbench when a test fails, named after the test. */
export async function screenshotOnFailure(wb: Workbench | undefined, test: Mocha.Test | undefined): Promise<void> {
  if (wb && test?.state === 'failed') await wb.screenshot(`FAILED-${test.fullTitle().replace(/[^\w.-]+/g, '_')}`).catch(() => undefined);
}
