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
const assert = __importStar(require("assert"));
const workbench_1 = require("./workbench");
/**
 * The guard-rails agent plugin, as VS Code's own Agent Plugins list shows it (Extensions view, `@agentPlugins`):
 * loaded through the extension's `chatPlugins` contribution while `agentOverlay.guardRails.enabled` is on, gone
 * once a person turns the setting off in the Settings editor.
 */
describe('UI: guard-rails plugin', () => {
    let wb;
    before(async () => { wb = await workbench_1.Workbench.open(undefined, {}, { 'agentOverlay.guardRails.enabled': true }); });
    afterEach(async function () {
        if (this.currentTest?.state === 'failed')
            await wb?.screenshot(`FAILED-guardrails-${this.currentTest.title.replace(/\W+/g, '-')}`).catch(() => undefined);
    });
    after(async () => { await wb?.close(); });
    /** The Extensions view searching `@agentPlugins`: VS Code's list of the agent plugins it loaded. */
    async function agentPluginsView() {
        const view = wb.page.locator('.extensions-viewlet').first();
        // Clicking the activity-bar entry of the view already shown would hide the side bar.
        if (!(await view.isVisible()))
            await wb.openView('Extensions');
        const search = view.locator('.suggest-input-container').first();
        await search.waitFor({ state: 'visible', timeout: 30_000 });
        await search.click();
        await wb.page.keyboard.press('ControlOrMeta+A');
        await wb.page.keyboard.type('@agentPlugins ');
        // The Agent Plugins pane (the other panes list extensions, among them the UI driver "agent-overlay-tests").
        return view.locator('.pane', { has: wb.page.locator('.pane-header', { hasText: 'Agent Plugins' }) }).first();
    }
    it('VS Code lists the plugin while agentOverlay.guardRails.enabled is on, and drops it when the setting is turned off', async () => {
        await wb.waitForActivation();
        let view = await agentPluginsView();
        const row = view.locator('.monaco-list-row', { hasText: 'agent-overlay' }).first();
        await row.waitFor({ state: 'visible', timeout: 60_000 });
        // VS Code shows the plugin folder's name and where it lies: in this extension's plugin/ folder.
        const [name, folder] = (await row.innerText()).split('\n');
        assert.strictEqual(name.trim(), 'agent-overlay');
        assert.match(folder, /extension-under-test[\\/]plugin$/);
        await wb.screenshot('guardrails-plugin-listed');
        // A person turns the setting off in the Settings editor.
        await wb.runCommand('Preferences: Open User Settings');
        const settings = wb.page.locator('.settings-editor').first();
        await settings.waitFor({ state: 'visible', timeout: 30_000 });
        await settings.locator('.settings-header .suggest-input-container').first().click();
        await wb.page.keyboard.type('agentOverlay.guardRails.enabled');
        const item = settings.locator('.setting-item-bool', { hasText: 'Load the Agent Overlay agent plugin' }).first();
        const checkbox = item.locator('.setting-value-checkbox').first();
        await checkbox.waitFor({ state: 'visible', timeout: 30_000 });
        assert.strictEqual(await checkbox.getAttribute('aria-checked'), 'true');
        await checkbox.click();
        await item.locator('.setting-value-checkbox[aria-checked="false"]').first().waitFor({ state: 'visible', timeout: 30_000 });
        view = await agentPluginsView();
        await view.locator('.monaco-list-row', { hasText: 'agent-overlay' }).first().waitFor({ state: 'hidden', timeout: 60_000 });
        await view.getByText('No agent plugins found.').first().waitFor({ state: 'visible', timeout: 60_000 });
        await wb.screenshot('guardrails-plugin-off');
    });
});
//# sourceMappingURL=guardRails.test.js.map