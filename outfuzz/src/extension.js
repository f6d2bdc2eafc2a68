"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.activate = activate;
exports.deactivate = deactivate;
const historyBridge_1 = require("./history/vscode/historyBridge");
const stagingOverlay_1 = require("./fs/vscode/stagingOverlay");
const registerAgentTools_1 = require("./tools/vscode/registerAgentTools");
const registerEditTracker_1 = require("./edits/vscode/registerEditTracker");
const registerChatRecall_1 = require("./chat/vscode/registerChatRecall");
const prompts_1 = require("./ui/prompts");
const registerMcpBridge_1 = require("./mcp/vscode/registerMcpBridge");
const registerAgentNotebook_1 = require("./notebook/vscode/registerAgentNotebook");
const registerConnectCommands_1 = require("./connect/vscode/registerConnectCommands");
async function activate(context) {
    const started = performance.now();
    const prompts = new prompts_1.PromptsSwitch();
    const overlay = await (0, stagingOverlay_1.registerStagingOverlay)(context, prompts);
    const history = (0, historyBridge_1.registerHistoryBridge)(context);
    const edits = (0, registerEditTracker_1.registerEditTracker)(context);
    const chat = (0, registerChatRecall_1.registerChatRecall)(context);
    // The SCM view names chat sessions by their title and messages by their request's first words.
    overlay.readChatSession = id => chat.readSession(id);
    // Apply's writes reload open documents: the edit tracker records those as the agent's edits, not the user's.
    overlay.applyHooks.wrapApply = (files, run) => edits.markAgentApply(files, run);
    // A chat request the user removed (undo, retry, deleted session) takes the changes it staged with it.
    const pruneRemoved = chat.onDidRemoveRequests(({ sessionId, requestIds }) => {
        const model = overlay.workspace.model;
        for (const id of requestIds)
            if (model.recordsByMessage(id, sessionId).length > 0)
                model.prune(id, sessionId);
        void overlay.workspace.flush();
    });
    const allTools = [...overlay.tools, ...history.tools, ...edits.tools, ...chat.tools];
    const mcp = (0, registerMcpBridge_1.registerMcpBridge)(context, allTools);
    const connect = (0, registerConnectCommands_1.registerConnectCommands)(mcp);
    // The notebook's ghost block carries the user's recent edits (seed 002's RECENT EDITS), without undo/redo.
    const notebook = (0, registerAgentNotebook_1.registerAgentNotebook)(context, { overlay: overlay.workspace, tools: allTools, recentEdits: () => edits.recentEditsText({ includeUndoRedo: false }) });
    context.subscriptions.push(pruneRemoved, overlay, history, edits, chat, (0, registerAgentTools_1.registerAgentTools)(allTools), mcp, connect);
    const activationMs = performance.now() - started;
    if (!process.env.AGENT_OVERLAY_TEST_RUN_DIR)
        return {};
    return {
        testing: {
            activationMs,
            scriptPrompts: () => (prompts.current = new prompts_1.ScriptedPrompts()),
            restorePrompts: () => void (prompts.current = prompts_1.windowPrompts),
            scmState: () => overlay.scm.describe(),
            flush: () => overlay.workspace.flush(),
            auditLines: () => overlay.audit.lines(),
            history: history.testSeam,
            mcp: mcp.testSeam,
            notebook: notebook.testSeam,
            connect: connect.testSeam,
        },
    };
}
function deactivate() {
    // Everything is disposed through context.subscriptions.
}
//# sourceMappingURL=extension.js.map