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
exports.FORGET_CONTEXT_COMMAND = exports.SELECT_MODEL_COMMAND = exports.NEW_NOTEBOOK_COMMAND = void 0;
exports.registerNotebookCommands = registerNotebookCommands;
const vscode = __importStar(require("vscode"));
const chatNotebookSerializer_1 = require("./chatNotebookSerializer");
const agentChatController_1 = require("./agentChatController");
exports.NEW_NOTEBOOK_COMMAND = 'agentOverlay.notebook.new';
exports.SELECT_MODEL_COMMAND = 'agentOverlay.notebook.selectModel';
exports.FORGET_CONTEXT_COMMAND = 'agentOverlay.notebook.forgetContext';
/** "Agent Chat: …" commands: a new notebook, the model it uses, and forgetting remembered macros and context. */
function registerNotebookCommands() {
    return vscode.Disposable.from(vscode.commands.registerCommand(exports.NEW_NOTEBOOK_COMMAND, async () => {
        const cell = new vscode.NotebookCellData(vscode.NotebookCellKind.Code, '', chatNotebookSerializer_1.PROMPT_LANGUAGE);
        const doc = await vscode.workspace.openNotebookDocument(agentChatController_1.NOTEBOOK_TYPE, new vscode.NotebookData([cell]));
        await vscode.window.showNotebookDocument(doc);
    }), vscode.commands.registerCommand(exports.SELECT_MODEL_COMMAND, async () => {
        const notebook = activeAgentNotebook();
        if (!notebook)
            return;
        const models = await vscode.lm.selectChatModels();
        if (models.length === 0) {
            void vscode.window.showWarningMessage('No chat model is available. Install and sign in to a chat model provider (for example GitHub Copilot).');
            return;
        }
        const current = notebook.metadata?.model;
        const picked = await vscode.window.showQuickPick(models.map(m => ({ label: m.name, description: `${m.vendor} · ${m.family}`, detail: m.id === current?.id && m.vendor === current?.vendor ? 'current' : undefined, model: m })), { title: 'Chat model for this agent chat notebook' });
        if (!picked)
            return;
        await updateMetadata(notebook, { model: { vendor: picked.model.vendor, id: picked.model.id } });
    }), vscode.commands.registerCommand(exports.FORGET_CONTEXT_COMMAND, async () => {
        const notebook = activeAgentNotebook();
        if (!notebook)
            return;
        await updateMetadata(notebook, { macroContext: {}, macroOrigins: {}, contextItems: [] });
        void vscode.window.showInformationMessage('This notebook no longer remembers macros or referenced context from earlier turns.');
    }));
}
function activeAgentNotebook() {
    const notebook = vscode.window.activeNotebookEditor?.notebook;
    if (notebook?.notebookType === agentChatController_1.NOTEBOOK_TYPE)
        return notebook;
    void vscode.window.showInformationMessage('Open an agent chat notebook (.agentchat) first.');
    return undefined;
}
async function updateMetadata(notebook, update) {
    const edit = new vscode.WorkspaceEdit();
    edit.set(notebook.uri, [vscode.NotebookEdit.updateNotebookMetadata({ ...notebook.metadata, ...update })]);
    await vscode.workspace.applyEdit(edit);
}
//# sourceMappingURL=notebookCommands.js.map