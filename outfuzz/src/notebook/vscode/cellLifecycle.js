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
exports.watchCellLifecycle = watchCellLifecycle;
const crypto_1 = require("crypto");
const vscode = __importStar(require("vscode"));
const notebookMetadata_1 = require("../notebookMetadata");
const chatNotebookSerializer_1 = require("./chatNotebookSerializer");
const agentChatController_1 = require("./agentChatController");
const notebookContext_1 = require("./notebookContext");
/**
 * Keeps cell ids meaningful as message ids: deleting a cell prunes the changes its runs staged (SPEC §2: later
 * changes to the same files are rebased, not dropped) and retracts the macros it defined and the context it
 * brought from the notebook metadata; a cell moved within the notebook keeps all of that; a pasted copy of a cell
 * gets a fresh id, so the copy and the original never share changes.
 */
function watchCellLifecycle(overlay) {
    return vscode.workspace.onDidChangeNotebookDocument(e => {
        if (e.notebook.notebookType !== agentChatController_1.NOTEBOOK_TYPE || e.contentChanges.length === 0)
            return;
        const present = new Map();
        for (const cell of e.notebook.getCells()) {
            const id = (0, notebookContext_1.cellIdOf)(cell);
            if (id)
                present.set(id, (present.get(id) ?? 0) + 1);
        }
        const removed = new Set(e.contentChanges.flatMap(c => c.removedCells).map(notebookContext_1.cellIdOf).filter((id) => !!id));
        let pruned = false;
        for (const id of removed) {
            if (present.has(id) || overlay.model.recordsByMessage(id).length === 0)
                continue; // moved, or staged nothing
            overlay.model.prune(id);
            pruned = true;
        }
        if (pruned)
            void overlay.flush();
        const deleted = new Set([...removed].filter(id => !present.has(id)));
        const retracted = deleted.size ? (0, notebookMetadata_1.retractCells)(e.notebook.metadata, deleted) : undefined;
        if (retracted) {
            const edit = new vscode.WorkspaceEdit();
            edit.set(e.notebook.uri, [vscode.NotebookEdit.updateNotebookMetadata({ ...e.notebook.metadata, ...retracted })]);
            void vscode.workspace.applyEdit(edit);
        }
        const added = e.contentChanges.flatMap(c => c.addedCells);
        const copies = added.filter(cell => {
            const id = (0, notebookContext_1.cellIdOf)(cell);
            return id !== undefined && (present.get(id) ?? 0) > 1 && !removed.has(id);
        });
        if (copies.length > 0) {
            const edit = new vscode.WorkspaceEdit();
            edit.set(e.notebook.uri, copies.map(cell => vscode.NotebookEdit.updateCellMetadata(cell.index, { ...cell.metadata, [chatNotebookSerializer_1.CELL_ID_KEY]: (0, crypto_1.randomUUID)() })));
            void vscode.workspace.applyEdit(edit);
        }
    });
}
//# sourceMappingURL=cellLifecycle.js.map