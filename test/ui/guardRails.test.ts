import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Locator } from 'playwright-core';
import { Workbench } from './workbench';

/**
 * The guard-rails agent plugin, as VS Code's own Agent Plugins list shows it (Extensions view, `@agentPlugins`):
 * loaded through the extension's `chatPlugins` contribution while `agentOverlay.guardRails.enabled` is on, gone
 * once a person turns the setting off in the Settings editor.
 */
describe('UI: guard-rails plugin', () => {
  let wb: Workbench;
  before(async () => { wb = await Workbench.open(undefined, {}, { 'agentOverlay.guardRails.enabled': true }); });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await wb?.screenshot(`FAILED-guardrails-${this.currentTest.title.replace(/\W+/g, '-')}`).catch(() => undefined);
  });
  after(async () => { await wb?.close(); });

  /** The Extensions view searching `@agentPlugins`: VS Code's list of the agent plugins it loaded. */
  async function agentPluginsView(): Promise<Locator> {
    const view = wb.page.locator('.extensions-viewlet').first();
    // Clicking the activity-bar entry of the view already shown would hide the side bar.
    if (!(await view.isVisible())) await wb.openView('Extensions');
    const search = view.locator('.suggest-input-container').first();
    await search.waitFor({ state: 'visible', timeout: 30_000 });
    await search.click();
    await wb.page.keyboard.press('ControlOrMeta+A');
    await wb.page.keyboard.type('@agentPlugins ');
    // The Agent Plugins pane (the other panes list extensions, among them the UI driver "agent-overlay-tests").
    return view.locator('.pane', { has: wb.page.locator('.pane-header', { hasText: 'Agent Plugins' }) }).first();
  }

  /**
   * Whether the user settings file (where the Settings editor writes) has the setting turned off: the test wrote it
   * `true`, and the editor, setting it back to its default (off), removes the entry.
   */
  function writtenOff(): boolean {
    const file = path.join(wb.runDir, 'user-data', 'User', 'settings.json');
    return !/"agentOverlay\.guardRails\.enabled"\s*:\s*true/.test(fs.readFileSync(file, 'utf8'));
  }

  /**
   * Clicks the setting's checkbox until the settings file says off. A click can be lost (stop 42's CI: the box
   * stayed checked for 30 s, the row perhaps re-rendered under the click); a person then clicks again. Only a click
   * that changed nothing is repeated: neither the box nor the file moved in 45 s (on a loaded machine a click that
   * is taken can show a few seconds late). Otherwise the write is awaited, so a second click never undoes a first.
   */
  async function clickUntilWritten(checkbox: Locator): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      await checkbox.click();
      const lostBy = Date.now() + 45_000;
      const writtenBy = Date.now() + 60_000;
      for (;;) {
        if (writtenOff()) return;
        const unchecked = (await checkbox.getAttribute('aria-checked').catch(() => null)) === 'false';
        if (Date.now() > (unchecked ? writtenBy : lostBy)) break;
        await wb.page.waitForTimeout(200);
      }
      const state = await checkbox.getAttribute('aria-checked').catch(e => String(e));
      if (state === 'false' || attempt === 3) {
        throw new Error(`the setting was never written off after ${attempt} click(s) (the box shows aria-checked=${state})`);
      }
      console.log(`    (the click on the checkbox changed nothing in 45 s; clicking again, attempt ${attempt + 1})`);
    }
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
    // The query goes in as one input: typed a key at a time, the list re-renders under each keystroke.
    await wb.page.keyboard.insertText('agentOverlay.guardRails.enabled');
    const item = settings.locator('.setting-item-bool', { hasText: 'Load the Agent Overlay agent plugin' }).first();
    const checkbox = item.locator('.setting-value-checkbox').first();
    await checkbox.waitFor({ state: 'visible', timeout: 30_000 });
    assert.strictEqual(await checkbox.getAttribute('aria-checked'), 'true');
    await clickUntilWritten(checkbox);
    await item.locator('.setting-value-checkbox[aria-checked="false"]').first().waitFor({ state: 'visible', timeout: 30_000 });

    view = await agentPluginsView();
    await view.locator('.monaco-list-row', { hasText: 'agent-overlay' }).first().waitFor({ state: 'hidden', timeout: 60_000 });
    await view.getByText('No agent plugins found.').first().waitFor({ state: 'visible', timeout: 60_000 });
    await wb.screenshot('guardrails-plugin-off');
  });
});
