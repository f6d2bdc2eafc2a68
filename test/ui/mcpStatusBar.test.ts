import * as assert from 'assert';
import { Workbench } from './workbench';

describe('UI: mcp bridge status bar', () => {
  let wb: Workbench;
  before(async () => { wb = await Workbench.open(); });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await wb?.screenshot(`FAILED-mcp-${this.currentTest.title.replace(/\W+/g, '-')}`).catch(() => undefined);
  });
  after(async () => { await wb?.close(); });

  it('shows the running server in the status bar; clicking it copies a client configuration; Stop hides it', async () => {
    const item = wb.page.locator('.statusbar-item', { hasText: /MCP :\d+/ }).first();
    assert.strictEqual(await item.isVisible(), false, 'off by default');
    const serverCommands = async (shot?: string) => (await wb.paletteEntries('MCP', 'Copy MCP Client Configuration', shot)).filter(t => /(Start|Stop) MCP Server/.test(t));
    assert.deepStrictEqual(await serverCommands('mcp-palette-stopped'), ['Agent Overlay: Start MCP Server'], 'Stop is not offered while the server is stopped');
    await wb.runCommand('Agent Overlay: Start MCP Server');
    await item.waitFor({ state: 'visible', timeout: 30_000 });
    assert.deepStrictEqual(await serverCommands(), ['Agent Overlay: Stop MCP Server'], 'Start is not offered while the server runs');
    assert.match(await item.innerText(), /MCP :\d+/);
    await wb.screenshot('mcp-status-bar');

    await item.click();
    const row = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Claude Code, Cursor' }).first();
    await row.waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('mcp-copy-config-picker');
    await row.click();
    // Then the form: the environment-variable form is the first item, so Enter picks it (no token in the copy).
    const envForm = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'recommended' }).first();
    await envForm.waitFor({ state: 'visible', timeout: 10_000 });
    await wb.page.keyboard.press('Enter');
    assert.match(await wb.findNotification('Copied the MCP client configuration'), /http:\/\/127\.0\.0\.1:\d+\/mcp[\s\S]*reads the token from/);
    await wb.hideNotifications();

    await wb.runCommand('Agent Overlay: Stop MCP Server');
    await item.waitFor({ state: 'hidden', timeout: 30_000 });
  });
});
