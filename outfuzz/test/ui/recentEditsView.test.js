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
/** Issue 15 item 14: the Recent Edits document is read-only, and says so, as the history editor does. */
describe('UI: Recent Edits document', () => {
    let wb;
    before(async () => {
        wb = await workbench_1.Workbench.open();
        await wb.waitForActivation();
    });
    afterEach(async function () { await (0, workbench_1.screenshotOnFailure)(wb, this.currentTest); });
    after(async () => { await wb?.close(); });
    it('is read-only: typing into it shows why instead of changing it', async () => {
        await wb.runCommand('Agent Overlay: Show Recent Edits');
        const editor = wb.page.locator('.editor-instance .monaco-editor').first();
        const lines = editor.locator('.view-lines', { hasText: 'RECENT EDITS:' }).first();
        await lines.waitFor({ state: 'visible', timeout: 30_000 });
        const before = await workbench_1.Workbench.textOf(lines);
        await lines.click();
        await wb.page.keyboard.type('x');
        const message = wb.page.locator('.monaco-editor-overlaymessage', { hasText: 'Recent Edits is a report of your recent edits' }).first();
        await message.waitFor({ state: 'visible', timeout: 10_000 });
        await wb.screenshot('recent-edits-read-only');
        assert.strictEqual(await workbench_1.Workbench.textOf(lines), before, 'the document did not change');
        assert.strictEqual(await wb.page.locator('.tabs-container .tab.dirty', { hasText: 'Recent Edits.md' }).count(), 0, 'not dirty');
    });
});
//# sourceMappingURL=recentEditsView.test.js.map