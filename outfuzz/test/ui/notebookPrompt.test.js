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
const path = __importStar(require("path"));
const vscodeHost_1 = require("../harness/vscodeHost");
const workbench_1 = require("./workbench");
/**
 * Issue 15 item 13: a prompt cell, and the cell "+ Code" adds, say "Prompt" where VS Code shows a cell's language;
 * the notebook toolbar names the model that will answer.
 */
describe('UI: agent chat notebook prompt cells', () => {
    let wb;
    before(async () => {
        // The echo test model is the model the fixture notebook names.
        wb = await workbench_1.Workbench.open(path.join(vscodeHost_1.REPO_ROOT, 'test', 'fixtures', 'notebook', 'workspace'), { AGENT_OVERLAY_NOTEBOOK_ECHO_MODEL: '1' });
    });
    afterEach(async function () { await (0, workbench_1.screenshotOnFailure)(wb, this.currentTest); });
    after(async () => { await wb?.close(); });
    it('labels prompt cells "Prompt", also the one "+ Code" adds', async () => {
        await wb.openFile('chat.agentchat');
        const notebook = wb.page.locator('.notebookOverlay').first();
        await notebook.waitFor({ state: 'visible', timeout: 60_000 });
        const prompts = notebook.locator('.code-cell-row .cell-status-item', { hasText: /^Prompt$/ });
        const markdownCode = notebook.locator('.code-cell-row .cell-status-item', { hasText: /^Markdown$/ });
        await prompts.first().waitFor({ state: 'visible', timeout: 30_000 });
        assert.strictEqual(await prompts.count(), 1);
        await wb.page.getByText('Code', { exact: true }).first().click();
        await prompts.nth(1).waitFor({ state: 'visible', timeout: 10_000 });
        await wb.page.keyboard.press('Escape');
        assert.strictEqual(await prompts.count(), 2);
        assert.strictEqual(await markdownCode.count(), 0, 'no prompt cell calls itself Markdown');
        await wb.screenshot('notebook-prompt-cells');
    });
    it('names the model that will answer in the notebook toolbar', async () => {
        await wb.page.getByText('Agent Chat · Echo (test model)').first().waitFor({ state: 'visible', timeout: 30_000 });
        await wb.screenshot('notebook-toolbar-model');
    });
});
//# sourceMappingURL=notebookPrompt.test.js.map