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
/** Monaco renders spaces as non-breaking spaces; compare rendered text with plain spaces. */
const plain = (s) => (s ?? '').replace(/\u00a0/g, ' ');
describe('UI: session edit tracker', () => {
    let wb;
    /** The workbench's server (and its extension host) runs in a zone that is not UTC, so local time shows as such. */
    const ZONE = 'Asia/Kathmandu';
    before(async () => {
        const tz = process.env.TZ;
        process.env.TZ = ZONE;
        try {
            wb = await workbench_1.Workbench.open();
        }
        finally {
            if (tz === undefined)
                delete process.env.TZ;
            else
                process.env.TZ = tz;
        }
        await wb.waitForActivation();
    });
    afterEach(async function () { await (0, workbench_1.screenshotOnFailure)(wb, this.currentTest); });
    after(async () => { await wb?.close(); });
    it('shows what was typed in an editor under "Agent Overlay: Show Recent Edits"', async () => {
        await wb.openFile('README.md');
        const editor = wb.page.locator('.editor-instance .monaco-editor').first();
        await editor.locator('.view-lines', { hasText: 'Demo workspace' }).waitFor({ state: 'visible', timeout: 30_000 });
        await editor.locator('.view-lines').click();
        await wb.page.keyboard.press('Control+End');
        const typedFrom = Date.now();
        // Typed key by key, as a person types: the tracker gathers the keystrokes into one edit.
        await wb.page.keyboard.press('Enter');
        await wb.page.keyboard.type('Release notes: the recall tools shipped', { delay: 20 });
        await editor.locator('.view-lines', { hasText: 'recall tools shipped' }).waitFor({ state: 'visible' });
        await wb.runCommand('Agent Overlay: Show Recent Edits');
        const tab = wb.page.locator('.tabs-container .tab.active', { hasText: 'Recent Edits.md' }).first();
        await tab.waitFor({ state: 'visible', timeout: 30_000 });
        // The active editor's lines, top to bottom, as the person reads them.
        const lines = async () => {
            const rows = wb.page.locator('.editor-group-container.active .editor-instance .monaco-editor .view-lines .view-line');
            const shown = await rows.evaluateAll(els => els.map(e => ({ top: parseFloat(e.style.top) || 0, text: e.textContent ?? '' })));
            return shown.sort((a, b) => a.top - b.top).map(l => plain(l.text));
        };
        const active = wb.page.locator('.editor-group-container.active .editor-instance .monaco-editor .view-lines');
        await active.filter({ hasText: 'recall tools shipped' }).waitFor({ state: 'visible', timeout: 30_000 });
        let shown = await lines();
        const seenBy = Date.now();
        assert.strictEqual(shown[0], 'RECENT EDITS:', `first line: ${JSON.stringify(shown[0])}`);
        // The person's local time (Kathmandu is 5:45 ahead of UTC all year), not ISO UTC with a Z.
        const when = /^ {2}\[(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) \+05:45\] insert: Added 2 lines at README\.md:2$/.exec(shown[1]);
        assert.ok(when, shown[1]);
        const instant = Date.parse(`${when[1]}T${when[2]}+05:45`);
        assert.ok(instant >= Math.floor(typedFrom / 1000) * 1000 && instant <= seenBy, `${shown[1]} is the moment of typing in Kathmandu time`);
        assert.deepStrictEqual(shown.slice(2, 5), ['  ```markdown', '  Release notes: the recall tools shipped', '  ```']);
        await wb.screenshot('recent-edits');
        // It refreshes while open: a new edit at the top of README.md is listed first, the earlier one below it.
        await wb.page.locator('.tabs-container .tab', { hasText: 'README.md' }).first().click();
        await active.filter({ hasText: 'Demo workspace' }).waitFor({ state: 'visible', timeout: 30_000 });
        await active.click();
        await wb.page.keyboard.press('Control+Home');
        await wb.page.keyboard.type('Second note typed later', { delay: 20 });
        await wb.page.keyboard.press('Enter');
        await wb.page.locator('.tabs-container .tab', { hasText: 'Recent Edits.md' }).first().click();
        await tab.waitFor({ state: 'visible', timeout: 30_000 });
        // The view refreshes as the tracker hears keystrokes, so it may first show the typed text alone ("Added 23
        // characters") before the Enter joins it into one line; wait for the settled entry, not the first refresh.
        const settled = (rows) => /insert: Added 1 line at README\.md:1$/.test(rows[1] ?? '');
        const deadline = Date.now() + 20_000;
        while (!settled(shown = await lines()) && Date.now() < deadline)
            await wb.page.waitForTimeout(200);
        assert.match(shown[1], /insert: Added 1 line at README\.md:1$/, shown.join('\n'));
        assert.strictEqual(shown[3], '  Second note typed later', shown.join('\n'));
        assert.ok(shown.indexOf('  Release notes: the recall tools shipped') > 3, 'the earlier edit is listed below the newer one');
    });
});
//# sourceMappingURL=edits.test.js.map