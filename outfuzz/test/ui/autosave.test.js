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
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const workbench_1 = require("./workbench");
/**
 * Issue 15 item 16: the suites pin `files.autoSave` off (code-server's default is `afterDelay`); this workbench
 * turns it on, as a browser user has it, and checks that an editor saving itself while the agent's change waits
 * is merged with that change, never overwritten by Apply.
 */
describe('UI: autosave on while an agent change is staged', () => {
    let wb;
    const disk = (rel) => fs.readFileSync(path.join(wb.workspace, rel), 'utf8');
    const until = async (check, what) => {
        const end = Date.now() + 30_000;
        while (!check()) {
            if (Date.now() > end)
                throw new Error(`timed out waiting for ${what}`);
            await new Promise(r => setTimeout(r, 100));
        }
    };
    before(async () => { wb = await workbench_1.Workbench.open(undefined, {}, { 'files.autoSave': 'afterDelay', 'files.autoSaveDelay': 200 }); });
    afterEach(async function () { await (0, workbench_1.screenshotOnFailure)(wb, this.currentTest); });
    after(async () => { await wb?.close(); });
    it('an edit that saves itself after the agent staged is merged into the change, and Apply keeps it', async () => {
        await wb.runCommand('UI Driver: Stage Review Changes');
        const view = await wb.openSourceControl();
        await view.locator('.monaco-list-row', { hasText: 'notes.txt' }).first().waitFor({ state: 'visible', timeout: 30_000 });
        await wb.openFile('notes.txt');
        // A line of the person's own, away from the agent's (an edit next to it would be a conflict, as in git).
        await wb.page.keyboard.press('Control+End');
        await wb.page.keyboard.type('delta (mine)\n');
        // Nobody pressed Ctrl+S: autosave wrote it.
        await until(() => disk('notes.txt') === 'alpha\nbeta\ngamma\ndelta (mine)\n', 'the autosave');
        await wb.page.locator('a.action-label[aria-label="Apply Staged Changes"] >> visible=true').first().click();
        await wb.answerDialog('Apply staged changes to 3 files', 'Apply');
        await until(() => disk('notes.txt') !== 'alpha\nbeta\ngamma\ndelta (mine)\n', 'the apply');
        assert.strictEqual(disk('notes.txt'), 'alpha\nBETA (agent)\ngamma\ndelta (mine)\n', "the person's autosaved edit and the agent's change, both");
        const editor = wb.page.locator('.editor-instance .monaco-editor .view-lines').first();
        await wb.page.locator('.editor-instance .monaco-editor .view-lines', { hasText: 'BETA (agent)' }).first().waitFor({ state: 'visible', timeout: 10_000 });
        assert.match(await workbench_1.Workbench.textOf(editor), /alpha\s+BETA \(agent\)\s+gamma\s+delta \(mine\)/);
        await wb.screenshot('autosave-merged-on-apply');
    });
});
//# sourceMappingURL=autosave.test.js.map