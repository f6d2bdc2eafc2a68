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
 * Issue 15 items 1–2: a conflict is announced, opens with its three versions and stays unresolved until the person
 * settles it explicitly; Apply never writes over the person's edit meanwhile.
 */
describe('UI: a conflict between the agent and the person', () => {
    let wb;
    const file = (rel) => path.join(wb.workspace, rel);
    const disk = (rel) => (fs.existsSync(file(rel)) ? fs.readFileSync(file(rel), 'utf8') : undefined);
    const MINE = 'alpha\nBETA (mine)\ngamma\n';
    const scmRow = (text) => wb.page.locator('.scm-view .monaco-list-row', { hasText: text }).first();
    const mergeEditor = () => wb.page.locator('.merge-editor').first();
    before(async () => {
        wb = await workbench_1.Workbench.open();
        await wb.runCommand('UI Driver: Stage Review Changes');
        await wb.openSourceControl();
        await scmRow('notes.txt').waitFor({ state: 'visible', timeout: 30_000 });
        // The person edits the very line the agent changed, outside VS Code.
        fs.writeFileSync(file('notes.txt'), MINE);
    });
    afterEach(async function () { await (0, workbench_1.screenshotOnFailure)(wb, this.currentTest); });
    after(async () => { await wb?.close(); });
    it('announces the new conflict with "Resolve…", and the Source Control view says it is the agent\'s', async () => {
        await scmRow('Agent: Conflicts').waitFor({ state: 'visible', timeout: 30_000 });
        assert.ok(await scmRow('Agent: Staged Changes').isVisible(), 'the staged group names the agent');
        const note = await wb.findNotification('Conflict in notes.txt');
        assert.match(note, /Conflict in notes\.txt: the file changed on disk where the agent changed it too\. Nothing is applied to it until you resolve it\./);
        assert.match(note, /Resolve…/);
        await wb.screenshot('conflict-01-announced');
    });
    it('"Resolve…" opens the merge editor with base, disk and agent, and "1 Conflict Remaining"', async () => {
        const item = wb.page.locator('.notifications-center .notification-list-item', { hasText: 'Conflict in notes.txt' }).first();
        await item.locator('.monaco-button', { hasText: 'Resolve…' }).first().click();
        await mergeEditor().waitFor({ state: 'visible', timeout: 30_000 });
        await wb.hideNotifications();
        await wb.page.getByText('1 Conflict Remaining').first().waitFor({ state: 'visible', timeout: 30_000 });
        const text = await workbench_1.Workbench.textOf(mergeEditor());
        assert.match(text, /Disk/);
        assert.match(text, /Agent/);
        assert.match(text, /BETA \(mine\)/);
        assert.match(text, /BETA \(agent\)/);
        // The Result starts at the base: neither side is taken for the person.
        await wb.page.locator('a.action-label[aria-label="Complete Merge"] >> visible=true').first().waitFor({ state: 'visible', timeout: 10_000 });
        await wb.screenshot('conflict-02-merge-editor-unresolved');
    });
    it('saving the Result settles nothing, and Complete Merge asks while a conflict remains', async () => {
        await mergeEditor().locator('.monaco-editor .view-lines').last().click();
        await wb.page.keyboard.press('Control+S');
        await wb.openSourceControl();
        await scmRow('Agent: Conflicts').waitFor({ state: 'visible', timeout: 5_000 });
        await wb.page.locator('a.action-label[aria-label="Complete Merge"] >> visible=true').first().click();
        const dialog = wb.page.locator('.monaco-dialog-box', { hasText: 'unhandled conflicts' });
        await dialog.waitFor({ state: 'visible', timeout: 10_000 });
        await wb.screenshot('conflict-03-complete-with-conflicts-asks');
        await dialog.locator('.monaco-button', { hasText: /^Cancel$/ }).first().click();
        await dialog.waitFor({ state: 'hidden' });
        assert.ok(await scmRow('Agent: Conflicts').isVisible(), 'still in conflict');
        await wb.page.getByText('1 Conflict Remaining').first().waitFor({ state: 'visible', timeout: 5_000 });
    });
    it('Apply writes the other changes and leaves the person\'s edit on disk, counting changes as the dialog did', async () => {
        await wb.openSourceControl();
        await wb.page.locator('a.action-label[aria-label="Apply Staged Changes"] >> visible=true').first().click();
        await wb.answerDialog('Apply staged changes to 3 files', 'Apply');
        const note = await wb.findNotification('not applied');
        assert.match(note, /Applied 2 staged changes; 1 not applied: notes\.txt in conflict\./);
        await wb.screenshot('conflict-apply-counts');
        await wb.hideNotifications();
        assert.strictEqual(disk('notes.txt'), MINE);
        assert.strictEqual(disk('src/added.ts'), 'export const added = true;\n');
        assert.strictEqual(disk('README.md'), undefined);
    });
    it('clicking the conflict shows it again; taking the disk side and Complete Merge settles it, the edit stays', async () => {
        await scmRow('notes.txt').click();
        await mergeEditor().waitFor({ state: 'visible', timeout: 30_000 });
        await mergeEditor().getByText('Accept Disk').first().click();
        await wb.page.getByText('No Remaining Conflicts').or(wb.page.getByText('0 Conflicts Remaining')).first().waitFor({ state: 'visible', timeout: 10_000 });
        await wb.screenshot('conflict-04-disk-side-taken');
        await wb.page.locator('a.action-label[aria-label="Complete Merge"] >> visible=true').first().click();
        await mergeEditor().waitFor({ state: 'hidden', timeout: 10_000 });
        await wb.openSourceControl();
        await scmRow('Agent: Conflicts').waitFor({ state: 'detached', timeout: 10_000 });
        assert.strictEqual(disk('notes.txt'), MINE);
        // Nothing is left to apply: the view says so in words, with no empty "Staged Changes 0" group.
        assert.match(await wb.scmEmptyText(), /^No staged agent changes\./);
        assert.strictEqual(await scmRow('Staged Changes').count(), 0);
        await wb.screenshot('conflict-05-settled-empty-state');
    });
    it('the "Agent Overlay" output channel keeps an audit trail, without file contents', async () => {
        await wb.runCommand('Agent Overlay: Show Audit Log');
        const output = wb.page.locator('.part.panel .monaco-editor .view-lines').first();
        await output.waitFor({ state: 'visible', timeout: 20_000 });
        await wb.page.locator('.part.panel', { hasText: 'resolved conflict on notes.txt: merged by hand' }).first().waitFor({ state: 'visible', timeout: 20_000 });
        // The panel wraps long lines: read the text without its line breaks.
        const text = (await workbench_1.Workbench.textOf(output)).replace(/\n/g, '');
        for (const line of [/staged modify notes\.txt/, /conflict \(text, from the disk\) on notes\.txt/, /apply: 2 staged changes applied; not applied: notes\.txt in conflict/]) {
            assert.match(text, line);
        }
        assert.doesNotMatch(text, /BETA/, 'no file contents');
        await wb.screenshot('audit-trail');
    });
});
//# sourceMappingURL=conflicts.test.js.map