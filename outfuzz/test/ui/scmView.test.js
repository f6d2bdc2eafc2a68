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
describe('UI: Source Control view', () => {
    let wb;
    before(async () => { wb = await workbench_1.Workbench.open(); });
    afterEach(async function () { await (0, workbench_1.screenshotOnFailure)(wb, this.currentTest); });
    after(async () => { await wb?.close(); });
    it('says in words that no agent change is staged, with no empty group, and names what Refresh refreshes', async () => {
        const view = await wb.openSourceControl();
        // With a single source control VS Code shows its groups directly, without the provider row: the text must
        // say "agent" itself.
        const squeeze = (t) => t.replace(/\s+/g, '');
        assert.strictEqual(squeeze(await wb.scmEmptyText()), squeeze('No staged agent changes. Agents that write through agent-staged: or the overlay tools appear here.'));
        assert.strictEqual(await view.locator('.monaco-list-row', { hasText: 'Staged Changes' }).count(), 0, 'no empty "Staged Changes 0" group');
        await wb.page.locator('a.action-label[aria-label="Refresh Staged Changes"] >> visible=true').first().waitFor({ state: 'visible' });
        await wb.screenshot('scm-view-empty-state');
    });
});
//# sourceMappingURL=scmView.test.js.map