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
/** Issue 15 items 6 and 9: actions in the diff editor's title; Explorer marks that follow the SCM view. */
describe('UI: review actions and marks where the eyes are', () => {
    let wb;
    before(async () => {
        wb = await workbench_1.Workbench.open();
        await wb.runCommand('UI Driver: Stage Review Changes');
        await wb.runCommand('UI Driver: Stage a Rename');
    });
    afterEach(async function () { await (0, workbench_1.screenshotOnFailure)(wb, this.currentTest); });
    after(async () => { await wb?.close(); });
    it('the diff editor of a staged change has Apply, Discard and Open Disk File in its title bar', async () => {
        const view = await wb.openSourceControl();
        await view.locator('.monaco-list-row', { hasText: 'notes.txt' }).first().click();
        await wb.page.waitForSelector('.monaco-diff-editor', { timeout: 20_000 });
        const title = wb.page.locator('.editor-group-container').first();
        for (const label of ['Apply', 'Discard', 'Open Disk File']) {
            await title.locator(`a.action-label[aria-label="${label}"] >> visible=true`).first().waitFor({ state: 'visible', timeout: 10_000 });
        }
        await wb.screenshot('surfaces-01-diff-title-actions');
    });
    it('the Explorer marks a file staged to be renamed away, and its folder, as the SCM view lists it', async () => {
        await wb.runCommand('View: Close All Editors');
        await wb.openView('Explorer');
        const explorer = wb.page.locator('.explorer-folders-view');
        const row = (name) => explorer.locator('.monaco-list-row', { hasText: name }).first();
        await row('src').click();
        await row('greet.ts').waitFor({ state: 'visible', timeout: 10_000 });
        // The decoration's letter is drawn by CSS; its tooltip and colour class are on the label.
        const label = row('greet.ts').locator('.monaco-icon-label').first();
        await wb.page.waitForFunction(el => /monaco-decoration-itemColor-/.test(el.className), await label.elementHandle(), { timeout: 10_000 });
        const letter = await label.evaluate(el => {
            const css = globalThis.getComputedStyle;
            return [el, ...el.querySelectorAll('*')].map(e => css(e, '::after').content).filter(c => c && c !== 'none' && c !== 'normal').join(' ');
        });
        assert.match(letter, /R/, `the rename letter (${letter})`);
        const folder = row('src').locator('.monaco-icon-label').first();
        assert.match((await folder.getAttribute('class')) ?? '', /monaco-decoration-itemColor-/, 'the folder is marked too');
        await wb.screenshot('surfaces-02-explorer-marks');
    });
});
//# sourceMappingURL=reviewSurfaces.test.js.map