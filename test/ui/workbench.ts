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

export class Workbench {
  private constructor(
    readonly page: Page,
    readonly workspace: string,
    readonly runDir: string,
    private readonly server: CodeServer,
    private readonly browser: Browser,
  ) {}

  static async open(fixture = path.join(REPO_ROOT, 'test', 'fixtures', 'workspace'), env: Record<string, string> = {}): Promise<Workbench> {
    const runDir = newRunDir('ui');
    const workspace = copyWorkspace(fixture, runDir);
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

  /** Runs a command through the command palette, as a person would. */
  async runCommand(title: string): Promise<void> {
    await this.page.keyboard.press('F1');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`>${title}`);
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ state: 'visible' });
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
}

/** Mocha hook body: keeps a screenshot of the workbench when a test fails, named after the test. */
export async function screenshotOnFailure(wb: Workbench | undefined, test: Mocha.Test | undefined): Promise<void> {
  if (wb && test?.state === 'failed') await wb.screenshot(`FAILED-${test.fullTitle().replace(/[^\w.-]+/g, '_')}`).catch(() => undefined);
}
