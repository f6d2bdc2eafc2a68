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
describe('UI: mcp bridge status bar', () => {
    let wb;
    before(async () => { wb = await workbench_1.Workbench.open(); });
    afterEach(async function () {
        if (this.currentTest?.state === 'failed')
            await wb?.screenshot(`FAILED-mcp-${this.currentTest.title.replace(/\W+/g, '-')}`).catch(() => undefined);
    });
    after(async () => { await wb?.close(); });
    it('shows the running server in the status bar; clicking it copies a client configuration; Stop hides it', async () => {
        const item = wb.page.locator('.statusbar-item', { hasText: /MCP :\d+/ }).first();
        assert.strictEqual(await item.isVisible(), false, 'off by default');
        const serverCommands = async (shot) => (await wb.paletteEntries('MCP', 'Copy MCP Client Configuration', shot)).filter(t => /(Start|Stop) MCP Server/.test(t));
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
        assert.match(await wb.findNotification('Copied the MCP client configuration'), /http:\/\/127\.0\.0\.1:\d+\/mcp/);
        await wb.hideNotifications();
        await wb.runCommand('Agent Overlay: Stop MCP Server');
        await item.waitFor({ state: 'hidden', timeout: 30_000 });
    });
});
//# sourceMappingURL=mcpStatusBar.test.js.map