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
/** Monaco renders spaces as non-breaking spaces; compare rendered text with plain spaces. */
const plain = (s) => (s ?? '').replace(/\u00a0/g, ' ');
describe('UI: agent chat notebook', () => {
    let wb;
    before(async () => {
        // The echo test model stands in for a real chat model (the UI test cannot reach the extension's test seam).
        wb = await workbench_1.Workbench.open(path.join(vscodeHost_1.REPO_ROOT, 'test', 'fixtures', 'notebook', 'workspace'), { AGENT_OVERLAY_NOTEBOOK_ECHO_MODEL: '1' });
    });
    afterEach(async function () { await (0, workbench_1.screenshotOnFailure)(wb, this.currentTest); });
    after(async () => { await wb?.close(); });
    it('opens an .agentchat notebook, runs its prompt cell and shows the answer, with a warning above it for a reference that names nothing', async () => {
        await wb.openFile('chat.agentchat');
        const notebook = wb.page.locator('.notebookOverlay').first();
        await notebook.waitFor({ state: 'visible', timeout: 60_000 });
        const promptCell = notebook.locator('.monaco-list-row', { hasText: 'Summarize' }).first();
        await promptCell.waitFor({ state: 'visible', timeout: 30_000 });
        assert.match(plain(await promptCell.locator('.view-lines').first().textContent()), /Summarize @src\/app\.ts please, against @docs\/missing\.md\./);
        await wb.screenshot('notebook-opened');
        await wb.runCommand('Notebook: Run All');
        // With one controller for the notebook type VS Code picks it; if it asks anyway, choose it as a person would.
        const kernelPick = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Agent Chat' }).first();
        if (await kernelPick.isVisible({ timeout: 3_000 }).catch(() => false))
            await kernelPick.click();
        const answer = await wb.waitForTextInFrames('Echo from the test model', 90_000);
        // The bare @src/app.ts reached the model as a file (macros substituted in the rules it got).
        assert.match((await answer.textContent()) ?? '', /"Summarize @src\/app.ts please, against @docs\/missing\.md\.". Context: 1 rules file\(s\) \(- Answer for reviewers\.\), files src\/app.ts\./);
        // The one that names nothing is shown to the person, above the answer.
        const warning = await wb.waitForTextInFrames('looks like a file reference but names no file', 30_000);
        assert.match((await warning.textContent()) ?? '', /@docs\/missing\.md looks like a file reference but names no file in the workspace/);
        const [warningBox, answerBox] = [await warning.boundingBox(), await answer.boundingBox()];
        assert.ok(warningBox && answerBox && warningBox.y < answerBox.y, `the warning (y=${warningBox?.y}) is above the answer (y=${answerBox?.y})`);
        await notebook.locator('.codicon-notebook-state-success').first().waitFor({ state: 'visible', timeout: 30_000 });
        await wb.screenshot('notebook-cell-output');
    });
    it('offers "Select Chat Model" and "Forget" in the notebook toolbar; Forget says what it did', async () => {
        const toolbar = wb.page.locator('.notebook-toolbar-container').first();
        // With the workbench's built-in actions the toolbar is full, so VS Code puts ours under "More Actions...".
        await toolbar.locator('[aria-label="More Actions..."]').first().click();
        const menu = wb.page.locator('.monaco-menu').first();
        await menu.locator('.action-label', { hasText: 'Select Chat Model' }).first().waitFor({ state: 'visible', timeout: 20_000 });
        await wb.screenshot('notebook-toolbar-menu');
        await menu.locator('.action-label', { hasText: 'Forget Remembered Macros and Context' }).first().click();
        assert.match(await wb.findNotification('no longer remembers macros'), /This notebook no longer remembers macros or referenced context/);
    });
});
//# sourceMappingURL=notebook.test.js.map