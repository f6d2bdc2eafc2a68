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
exports.SIMULATE_AGENT_APPLY_COMMAND = void 0;
exports.registerEditTracker = registerEditTracker;
const vscode = __importStar(require("vscode"));
const getRecentEditsTool_1 = require("../../tools/edits/getRecentEditsTool");
const editTrackerAdapter_1 = require("./editTrackerAdapter");
const recentEditsView_1 = require("./recentEditsView");
/** Test-only command (registered only when the test harness runs the extension): simulates an Apply's writes. */
exports.SIMULATE_AGENT_APPLY_COMMAND = 'agentOverlay.test.simulateAgentApply';
/**
 * Capability C3's VS Code half (SPEC §4, seed 002): the session edit tracker fed by document events, the
 * `edits_getRecent` tool, the "Agent Overlay: Show Recent Edits" command, and the agent-apply labelling hook.
 */
function registerEditTracker(_context) {
    const adapter = new editTrackerAdapter_1.EditTrackerAdapter();
    const view = new recentEditsView_1.RecentEditsView(adapter);
    const disposables = [view, adapter];
    if (process.env.AGENT_OVERLAY_TEST_RUN_DIR) {
        disposables.push(vscode.commands.registerCommand(exports.SIMULATE_AGENT_APPLY_COMMAND, (writes) => adapter.markAgentApply(writes, async () => {
            for (const w of writes)
                await vscode.workspace.fs.writeFile(vscode.Uri.parse(w.uri, true), new TextEncoder().encode(w.text));
        })));
    }
    const tool = new getRecentEditsTool_1.GetRecentEditsTool(adapter.source);
    let disposed = false;
    return {
        tools: [tool],
        markAgentApply: (files, during) => adapter.markAgentApply(files, during),
        recentEditsText: query => adapter.recentEditsText(query),
        dispose: () => {
            if (disposed)
                return;
            disposed = true;
            for (const d of disposables.splice(0).reverse())
                d.dispose();
        },
    };
}
//# sourceMappingURL=registerEditTracker.js.map