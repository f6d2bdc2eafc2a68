"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.Workbench = exports.SCREENSHOTS = void 0;
exports.screenshotOnFailure = screenshotOnFailure;
/**
 * A real VS Code workbench in Chromium with this extension loaded in development mode, for UI tests that click
 * through what a person sees. Each `Workbench` has its own code-server, user data and workspace copy.
 */
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const vscodeHost_1 = require("../harness/vscodeHost");
exports.SCREENSHOTS = path.join(vscodeHost_1.ARTIFACTS, 'screenshots');
const UI_DRIVER = path.join(vscodeHost_1.REPO_ROOT, 'test', 'fixtures', 'ui-driver');
class Workbench {
    page;
    workspace;
    runDir;
    server;
    browser;
    constructor(page, workspace, runDir, server, browser) {
        this.page = page;
        this.workspace = workspace;
        this.runDir = runDir;
        this.server = server;
        this.browser = browser;
    }
    /**
     * A workbench on a copy of `fixture`, with this extension loaded in development mode and the UI test driver
     * (test/fixtures/ui-driver: palette commands that play the agent's part) and any `extensions` installed beside it.
     */
    static async open(fixture = path.join(vscodeHost_1.REPO_ROOT, 'test', 'fixtures', 'workspace'), env = {}, settings = {}, more = {}) {
        const runDir = (0, vscodeHost_1.newRunDir)('ui');
        const workspace = (0, vscodeHost_1.copyWorkspace)(fixture, runDir);
        // The driver is installed as an ordinary extension (the workbench loads only one development extension).
        for (const dir of [UI_DRIVER, ...(more.extensions ?? [])]) {
            const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
            fs.cpSync(dir, path.join(runDir, 'extensions', `${pkg.publisher}.${pkg.name}-${pkg.version}`), { recursive: true });
        }
        const server = await (0, vscodeHost_1.startCodeServer)({ folder: workspace, runDir, auth: { kind: 'none' }, testDriver: true, settings });
        await more.prepare?.(server, workspace);
        const browser = await (0, vscodeHost_1.launchBrowser)(runDir);
        const wb = new Workbench(browser.page, workspace, runDir, server, browser);
        await browser.page.goto((0, vscodeHost_1.workbenchUrl)(server, workspace, {
            extensionDevelopmentPath: (0, vscodeHost_1.extensionUnderTest)(runDir),
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
    async waitForActivation() {
        const view = await this.openSourceControl();
        await view.locator('.monaco-list-row', { hasText: /Agent: |No\sstaged\sagent\schanges/ }).first().waitFor({ state: 'visible', timeout: 60_000 });
        await this.openView('Explorer');
    }
    /** Clicks an activity-bar entry (the `li`, since the badge covers the inner link). */
    async openView(label) {
        await this.page.locator(`.activitybar li.action-item:has(a[aria-label^="${label}"])`).first().click();
    }
    async openSourceControl() {
        const view = this.page.locator('.scm-view').first();
        // Clicking the activity-bar entry of the view already shown would hide the side bar.
        if (await view.isVisible())
            return view;
        await this.openView('Source Control');
        await view.waitFor({ state: 'visible', timeout: 20_000 });
        return view;
    }
    /**
     * Runs a command through the command palette, as a person would. The palette lists the commands registered
     * when it opens, so while extensions are still starting it is closed and opened again until the command shows.
     */
    async runCommand(title, timeoutMs = 60_000) {
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
            }
            catch (e) {
                await this.page.keyboard.press('Escape');
                if (Date.now() > end)
                    throw e;
            }
        }
        await this.page.keyboard.press('Enter');
    }
    /**
     * The Command Palette's entries for `query`, once `anchor` (an entry known to be listed) shows: what a person
     * sees when typing it. The palette is closed again.
     */
    async paletteEntries(query, anchor, shot, timeoutMs = 60_000) {
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
            }
            catch (e) {
                await this.page.keyboard.press('Escape');
                if (Date.now() > end)
                    throw e;
            }
        }
        const texts = await rows.allInnerTexts();
        if (shot)
            await this.screenshot(shot);
        await this.page.keyboard.press('Escape');
        return texts.map(t => t.split('\n')[0]);
    }
    async screenshot(name) {
        fs.mkdirSync(exports.SCREENSHOTS, { recursive: true });
        const file = path.join(exports.SCREENSHOTS, `${name}.png`);
        await this.page.screenshot({ path: file });
        return file;
    }
    async close() {
        await this.browser.close();
        await this.server.stop();
    }
    /** Waits for the modal dialog whose message contains `message`, screenshots it if `shot` is given, clicks `button`. */
    async answerDialog(message, button, shot) {
        const dialog = this.page.locator('.monaco-dialog-box', { hasText: message });
        await dialog.waitFor({ state: 'visible', timeout: 30_000 });
        if (shot)
            await this.screenshot(shot);
        await dialog.locator('.monaco-button', { hasText: new RegExp(`^${button}$`) }).first().click();
        await dialog.waitFor({ state: 'hidden' });
    }
    /** Right-clicks the editor tab labelled `tabLabel` and clicks `item` in its context menu. */
    async tabContextMenu(tabLabel, item) {
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
    async findNotification(text) {
        const center = this.page.locator('.notifications-center');
        const item = center.locator('.notification-list-item', { hasText: text }).first();
        const deadline = Date.now() + 30_000;
        while (!(await item.isVisible())) {
            if (Date.now() > deadline)
                throw new Error(`no notification containing ${JSON.stringify(text)}`);
            if (!(await center.isVisible()))
                await this.page.locator('.statusbar-item[id="status.notifications"]').click();
            await this.page.waitForTimeout(250);
        }
        return item.innerText();
    }
    /** An element's text as a person reads it: editors render spaces as no-break spaces. */
    static async textOf(locator) {
        return (await locator.innerText()).replace(/\u00a0/g, ' ');
    }
    /**
     * The Source Control view's empty-state text (the read-only input box's value), once shown, with the editor's
     * line wrapping and no-break spaces taken out.
     */
    async scmEmptyText() {
        const view = await this.openSourceControl();
        const lines = view.locator('.scm-editor .view-lines', { hasText: /No\sstaged\sagent\schanges/ }).first();
        await lines.waitFor({ state: 'visible', timeout: 60_000 });
        return (await Workbench.textOf(lines)).replace(/\s*\n\s*/g, ' ');
    }
    /** Closes the notification center if it is open. */
    async hideNotifications() {
        if (await this.page.locator('.notifications-center').isVisible()) {
            await this.page.locator('.statusbar-item[id="status.notifications"]').click();
        }
    }
    /** Opens a workspace file through Quick Open (Ctrl+P), as a person would, and waits for its tab. */
    async openFile(relativePath) {
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
    async waitForTextInFrames(text, timeoutMs = 30_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
            for (const frame of this.page.frames()) {
                const hit = frame.getByText(text).first();
                if (await hit.isVisible().catch(() => false))
                    return hit;
            }
            if (Date.now() > deadline)
                throw new Error(`no frame shows ${JSON.stringify(text)} within ${timeoutMs} ms`);
            await this.page.waitForTimeout(250);
        }
    }
}
exports.Workbench = Workbench;
/** Mocha hook body: keeps a screenshot of the workbench when a test fails, named after the test. */
async function screenshotOnFailure(wb, test) {
    if (wb && test?.state === 'failed')
        await wb.screenshot(`FAILED-${test.fullTitle().replace(/[^\w.-]+/g, '_')}`).catch(() => undefined);
}
//# sourceMappingURL=workbench.js.map