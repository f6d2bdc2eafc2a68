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
exports.registerAgentNotebook = registerAgentNotebook;
const vscode = __importStar(require("vscode"));
const agentChatController_1 = require("./agentChatController");
const cellLifecycle_1 = require("./cellLifecycle");
const chatNotebookSerializer_1 = require("./chatNotebookSerializer");
const notebookCommands_1 = require("./notebookCommands");
const notebookTestSeam_1 = require("./notebookTestSeam");
/**
 * Capability C5's VS Code half: the `.agentchat` notebook type (serializer), its controller (the agent), the
 * cell lifecycle (deleting a cell prunes its staged changes) and the "Agent Chat" commands. Everything it
 * registers is disposed with the extension.
 */
function registerAgentNotebook(context, deps) {
    const controller = new agentChatController_1.AgentChatController(deps);
    context.subscriptions.push(vscode.workspace.registerNotebookSerializer(agentChatController_1.NOTEBOOK_TYPE, new chatNotebookSerializer_1.ChatNotebookSerializer(), { transientOutputs: false }), controller, (0, cellLifecycle_1.watchCellLifecycle)(deps.overlay), (0, notebookCommands_1.registerNotebookCommands)());
    if (!process.env.AGENT_OVERLAY_TEST_RUN_DIR)
        return {};
    if (process.env.AGENT_OVERLAY_NOTEBOOK_ECHO_MODEL) {
        context.subscriptions.push(vscode.lm.registerLanguageModelChatProvider(notebookTestSeam_1.TEST_MODEL_VENDOR, notebookTestSeam_1.echoChatModelProvider));
    }
    return { testSeam: (0, notebookTestSeam_1.createNotebookTestSeam)(controller.onDidFinishCell) };
}
//# sourceMappingURL=registerAgentNotebook.js.map