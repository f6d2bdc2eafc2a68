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
exports.NoChatModelError = exports.AgentChatController = exports.CONTROLLER_ID = exports.NOTEBOOK_TYPE = void 0;
exports.pickModel = pickModel;
const crypto_1 = require("crypto");
const vscode = __importStar(require("vscode"));
const agentTurn_1 = require("../agentTurn");
const interactionHistory_1 = require("../interactionHistory");
const notebookMetadata_1 = require("../notebookMetadata");
const turnTranscript_1 = require("../turnTranscript");
const chatNotebookSerializer_1 = require("./chatNotebookSerializer");
const lmChatModel_1 = require("./lmChatModel");
const chatNotebookSerializer_2 = require("./chatNotebookSerializer");
const notebookContext_1 = require("./notebookContext");
exports.NOTEBOOK_TYPE = 'agent-chat';
exports.CONTROLLER_ID = 'agent-chat-agent';
/**
 * The notebook controller: running a prompt cell builds the interaction history (ghost block and all), runs the
 * agent turn with a `vscode.lm` model and this extension's tools, and streams the answer into the cell's output.
 * The cell's id is the message id of every change the run stages; re-running the cell first prunes what its
 * earlier run staged. Runs of one notebook are sequenced.
 */
class AgentChatController {
    deps;
    controller;
    queues = new Map();
    _onDidFinishCell = new vscode.EventEmitter();
    /** Fires after each cell run (tests wait on it). */
    onDidFinishCell = this._onDidFinishCell.event;
    order = 0;
    disposables = [];
    constructor(deps) {
        this.deps = deps;
        this.controller = vscode.notebooks.createNotebookController(exports.CONTROLLER_ID, exports.NOTEBOOK_TYPE, 'Agent Chat');
        this.controller.description = 'Chat model + Agent Overlay tools';
        this.controller.detail = 'Runs each prompt cell with a VS Code chat model; file changes are staged for review in Source Control.';
        // Prompt first: "+ Code" in an empty notebook takes the controller's first language.
        this.controller.supportedLanguages = [chatNotebookSerializer_2.PROMPT_LANGUAGE, 'markdown', 'plaintext'];
        this.controller.supportsExecutionOrder = true;
        this.controller.executeHandler = (cells, notebook) => this.enqueue(notebook, cells);
        this.disposables.push(this.controller, this._onDidFinishCell, vscode.workspace.onDidOpenNotebookDocument(nb => this.prefer(nb)), 
        // The kernel's label in the notebook toolbar names the model that will answer (issue 15 item 13).
        vscode.window.onDidChangeActiveNotebookEditor(() => void this.showModel()), vscode.workspace.onDidChangeNotebookDocument(e => {
            if (e.metadata && e.notebook === vscode.window.activeNotebookEditor?.notebook)
                void this.showModel();
        }), vscode.lm.onDidChangeChatModels(() => void this.showModel()));
        for (const nb of vscode.workspace.notebookDocuments)
            this.prefer(nb);
        void this.showModel();
    }
    /** "Agent Chat · ‹model›" for the active agent chat notebook: the model its next run will use. */
    async showModel() {
        const notebook = vscode.window.activeNotebookEditor?.notebook;
        if (notebook?.notebookType !== exports.NOTEBOOK_TYPE)
            return;
        const name = await pickModel((0, notebookMetadata_1.readNotebookMetadata)(notebook.metadata).model).then(m => m.name, () => 'no chat model available');
        if (vscode.window.activeNotebookEditor?.notebook === notebook)
            this.controller.label = `Agent Chat · ${name}`;
    }
    dispose() {
        for (const d of this.disposables.splice(0).reverse())
            d.dispose();
    }
    prefer(notebook) {
        if (notebook.notebookType === exports.NOTEBOOK_TYPE)
            this.controller.updateNotebookAffinity(notebook, vscode.NotebookControllerAffinity.Preferred);
    }
    enqueue(notebook, cells) {
        const key = notebook.uri.toString();
        const previous = this.queues.get(key) ?? Promise.resolve();
        const next = previous.then(async () => {
            for (const cell of cells)
                if (cell.kind === vscode.NotebookCellKind.Code)
                    await this.run(cell);
        });
        const settled = next.catch(() => undefined);
        this.queues.set(key, settled);
        void settled.then(() => {
            if (this.queues.get(key) === settled)
                this.queues.delete(key);
        });
        return next;
    }
    async run(cell) {
        const execution = this.controller.createNotebookCellExecution(cell);
        execution.executionOrder = ++this.order;
        execution.start(Date.now());
        const abort = new AbortController();
        const onCancel = execution.token.onCancellationRequested(() => abort.abort());
        const transcript = new turnTranscript_1.TurnTranscript();
        let output = new vscode.NotebookCellOutput([markdownItem(transcript.markdown())]);
        let cellId = (0, notebookContext_1.cellIdOf)(cell) ?? '';
        let success = false;
        try {
            const notebook = cell.notebook;
            cellId = await ensureCellId(cell);
            // Re-running a cell replaces its earlier changes.
            const { overlay, tools } = this.deps;
            if (overlay.model.recordsByMessage(cellId).length > 0) {
                overlay.model.prune(cellId);
                await overlay.flush();
            }
            const caller = { sessionId: notebook.uri.toString(), messageId: cellId, via: 'notebook' };
            const roots = (0, notebookContext_1.workspaceRoots)();
            const guard = (0, notebookContext_1.notebookToolGuard)(notebook, roots);
            const history = await (0, interactionHistory_1.buildInteractionHistory)((0, notebookContext_1.notebookView)(notebook), cell.index, cell.document.getText(), (0, notebookContext_1.contextPorts)(overlay, tools, caller, roots, guard, this.deps.recentEdits));
            transcript.warn(...history.warnings);
            output = new vscode.NotebookCellOutput([markdownItem(transcript.markdown())]);
            await execution.replaceOutput([output]);
            await persistMetadata(notebook, history.metadata);
            const model = await pickModel((0, notebookMetadata_1.readNotebookMetadata)(notebook.metadata).model);
            transcript.setModel(model.name);
            const render = new OutputRenderer(execution, () => output, () => transcript.markdown());
            const observer = {
                text: d => { transcript.text(d); render.schedule(); },
                toolCall: c => { transcript.toolCall(c); render.schedule(); },
                toolResult: r => { transcript.toolResult(r); render.schedule(); },
            };
            const result = await (0, agentTurn_1.runAgentTurn)(new lmChatModel_1.LmChatModel(model), history.messages, observer, { tools, caller, guard, signal: abort.signal });
            await render.idle();
            if (result.stoppedAtRoundLimit)
                transcript.fail(`The model was still calling tools after ${result.toolCalls.length} calls; run the cell again to continue.`);
            await overlay.flush();
            success = !result.stoppedAtRoundLimit;
        }
        catch (e) {
            transcript.fail(e instanceof agentTurn_1.TurnCancelledError || abort.signal.aborted ? 'Cancelled.' : errorText(e));
        }
        finally {
            onCancel.dispose();
            await execution.replaceOutput([new vscode.NotebookCellOutput([markdownItem(transcript.markdown())], { [turnTranscript_1.TURN_METADATA_KEY]: transcript.record() })]).then(undefined, () => undefined);
            execution.end(success, Date.now());
            this._onDidFinishCell.fire({ cellId, success });
        }
    }
}
exports.AgentChatController = AgentChatController;
/**
 * The cell's id. Prompt cells typed in the editor have none yet: every such cell of the notebook gets one (in its
 * metadata) now, so the references they brought are remembered under ids that last.
 */
async function ensureCellId(cell) {
    const existing = (0, notebookContext_1.cellIdOf)(cell);
    if (existing)
        return existing;
    const missing = cell.notebook.getCells().filter(c => c.kind === vscode.NotebookCellKind.Code && !(0, notebookContext_1.cellIdOf)(c));
    const ids = new Map(missing.map(c => [c.index, (0, crypto_1.randomUUID)()]));
    const edit = new vscode.WorkspaceEdit();
    edit.set(cell.notebook.uri, missing.map(c => vscode.NotebookEdit.updateCellMetadata(c.index, { ...c.metadata, [chatNotebookSerializer_1.CELL_ID_KEY]: ids.get(c.index) })));
    await vscode.workspace.applyEdit(edit);
    return (0, notebookContext_1.cellIdOf)(cell) ?? ids.get(cell.index) ?? (0, crypto_1.randomUUID)();
}
/** Seed 004: macros and remembered context are saved in the notebook metadata after each turn (if they changed). */
async function persistMetadata(notebook, update) {
    const current = notebook.metadata ?? {};
    if (Object.entries(update).every(([k, v]) => JSON.stringify(current[k]) === JSON.stringify(v)))
        return;
    const edit = new vscode.WorkspaceEdit();
    edit.set(notebook.uri, [vscode.NotebookEdit.updateNotebookMetadata({ ...notebook.metadata, ...update })]);
    await vscode.workspace.applyEdit(edit);
}
class NoChatModelError extends Error {
}
exports.NoChatModelError = NoChatModelError;
/** The notebook's model (metadata `model` selector), else the first available one, preferring Copilot's. */
async function pickModel(selector) {
    if (selector) {
        const [model] = await vscode.lm.selectChatModels(selector);
        if (model)
            return model;
        throw new NoChatModelError(`The chat model this notebook names (${JSON.stringify(selector)}) is not available. Pick another with "Agent Chat: Select Chat Model".`);
    }
    const all = await vscode.lm.selectChatModels();
    const model = all.find(m => m.vendor === 'copilot') ?? all[0];
    if (!model)
        throw new NoChatModelError('No chat model is available. Install and sign in to a chat model provider (for example GitHub Copilot), then run the cell again.');
    return model;
}
function markdownItem(markdown) {
    return vscode.NotebookCellOutputItem.text(markdown, 'text/markdown');
}
function errorText(e) {
    if (e instanceof vscode.LanguageModelError)
        return `The chat model refused the request (${e.code}): ${e.message}`;
    return e instanceof Error ? e.message : String(e);
}
/** Streams the transcript into the output: at most one update in flight, the latest state always shown. */
class OutputRenderer {
    execution;
    output;
    markdown;
    running;
    dirty = false;
    constructor(execution, output, markdown) {
        this.execution = execution;
        this.output = output;
        this.markdown = markdown;
    }
    schedule() {
        this.dirty = true;
        this.running ??= this.loop();
    }
    async idle() {
        await this.running;
    }
    async loop() {
        while (this.dirty) {
            this.dirty = false;
            await this.execution.replaceOutputItems([markdownItem(this.markdown())], this.output()).then(undefined, () => undefined);
        }
        this.running = undefined;
    }
}
//# sourceMappingURL=agentChatController.js.map