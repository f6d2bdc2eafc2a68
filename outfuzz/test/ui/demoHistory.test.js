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
const demoSeed_1 = require("../harness/demoSeed");
const vscodeHost_1 = require("../harness/vscodeHost");
const localHistoryHash_1 = require("../../src/history/localHistoryHash");
const resourceUri_1 = require("../../src/history/resourceUri");
const workbench_1 = require("./workbench");
/**
 * Issue 15, item 15: the demo's local history is VS Code's own. Seeded exactly as `npm start` seeds it, VS Code's
 * Timeline lists the entries for the demo file, and a real save in the editor adds one without dropping them.
 */
describe('UI: the demo\'s local history in VS Code\'s Timeline', () => {
    let wb;
    let historyFolder = '';
    let seededIds = [];
    /** A row's label: VS Code's name for the entry's source (its time, "3 hrs", follows). */
    const label = (row) => /^(File Saved|Undo \/ Redo)/.exec(row)?.[1] ?? row;
    before(async () => {
        wb = await workbench_1.Workbench.open(path.join(vscodeHost_1.REPO_ROOT, 'demo', 'workspace'), {}, {}, {
            prepare: (server, workspace) => {
                (0, demoSeed_1.seedLocalHistory)(workspace, server.userDataDir, server.authority);
                historyFolder = path.join(server.userDataDir, 'User', 'History', (0, localHistoryHash_1.localHistoryFolderName)((0, resourceUri_1.remoteUriString)(server.authority, path.join(workspace, 'src', 'cart.ts'))));
            },
        });
        await wb.waitForActivation();
    });
    afterEach(async function () { await (0, workbench_1.screenshotOnFailure)(wb, this.currentTest); });
    after(async () => { await wb?.close(); });
    /** The Timeline pane's rows (label and description), once it lists at least `n`. */
    async function timelineRows(n) {
        const pane = wb.page.locator('.pane', { has: wb.page.locator('.pane-header', { hasText: /^Timeline/ }) }).first();
        const header = pane.locator('.pane-header').first();
        if ((await header.getAttribute('aria-expanded')) !== 'true')
            await header.click();
        const rows = pane.locator('.monaco-list-row');
        const deadline = Date.now() + 30_000;
        while ((await rows.count()) < n && Date.now() < deadline)
            await wb.page.waitForTimeout(250);
        return (await rows.allInnerTexts()).map(t => t.replace(/\s+/g, ' ').trim());
    }
    it('lists the seeded entries for src/cart.ts, with VS Code\'s own source labels', async () => {
        const seeded = JSON.parse(fs.readFileSync(path.join(historyFolder, 'entries.json'), 'utf8'));
        seededIds = seeded.entries.map(e => e.id);
        for (const id of seededIds)
            assert.match(id, /^[A-Za-z0-9]{4}\.ts$/);
        assert.strictEqual(seededIds.length, 3);
        await wb.openFile('src/cart.ts');
        const rows = await timelineRows(3);
        assert.deepStrictEqual(rows.map(label), ['File Saved', 'Undo / Redo', 'File Saved'], rows.join('\n'));
        await wb.screenshot('demo-history-timeline');
    });
    it('after one more save in the editor, VS Code keeps the seeded entries and adds the new one', async () => {
        const editor = wb.page.locator('.editor-instance .monaco-editor').first();
        await editor.locator('.view-lines', { hasText: 'export' }).first().click();
        await wb.page.keyboard.press('Control+End');
        await wb.page.keyboard.type('// saved once more\n', { delay: 10 });
        await wb.page.keyboard.press('Control+S');
        const rows = await timelineRows(4);
        assert.strictEqual(rows.length, 4, rows.join('\n'));
        assert.match(rows[0], /^File Saved/);
        assert.deepStrictEqual(rows.slice(1).map(label), ['File Saved', 'Undo / Redo', 'File Saved'], rows.join('\n'));
        await wb.screenshot('demo-history-after-save');
        // VS Code rewrote its index with the seeded ids still in it (code-server writes it on every change).
        const before = new Set(fs.readdirSync(historyFolder));
        const deadline = Date.now() + 20_000;
        let ids = [];
        while (Date.now() < deadline) {
            ids = JSON.parse(fs.readFileSync(path.join(historyFolder, 'entries.json'), 'utf8')).entries.map(e => e.id);
            if (ids.length === 4)
                break;
            await wb.page.waitForTimeout(250);
        }
        assert.strictEqual(ids.length, 4, ids.join(', '));
        assert.deepStrictEqual(ids.slice(0, 3), seededIds, 'the seeded entries are kept, oldest first');
        for (const id of ids)
            assert.ok(before.has(id), `${id} is a file in the history folder`);
    });
});
//# sourceMappingURL=demoHistory.test.js.map