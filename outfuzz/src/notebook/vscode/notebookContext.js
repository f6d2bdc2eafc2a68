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
exports.RECENT_EDITS_SETTING = exports.RULES_GLOB_SETTING = void 0;
exports.workspaceRoots = workspaceRoots;
exports.cellIdOf = cellIdOf;
exports.notebookView = notebookView;
exports.notebookToolGuard = notebookToolGuard;
exports.contextPorts = contextPorts;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const notebookMetadata_1 = require("../notebookMetadata");
const notebookTools_1 = require("../notebookTools");
const referencePaths_1 = require("../referencePaths");
const rulesFiles_1 = require("../rulesFiles");
const turnTranscript_1 = require("../turnTranscript");
const chatNotebookFormat_1 = require("../chatNotebookFormat");
const chatNotebookSerializer_1 = require("./chatNotebookSerializer");
exports.RULES_GLOB_SETTING = 'agentOverlay.notebook.rulesGlob';
/** Whether the ghost block carries the user's recent edits (default on). */
exports.RECENT_EDITS_SETTING = 'agentOverlay.notebook.recentEdits';
/** The workspace folders on disk (the overlay covers `file:` folders only). */
function workspaceRoots() {
    return (vscode.workspace.workspaceFolders ?? [])
        .filter(f => f.uri.scheme === 'file')
        .map(f => ({ name: f.name, path: f.uri.fsPath, uri: f.uri.toString() }));
}
function cellIdOf(cell) {
    const id = cell.metadata?.[chatNotebookSerializer_1.CELL_ID_KEY];
    return typeof id === 'string' && id ? id : undefined;
}
/** The notebook as the pure builder sees it. */
function notebookView(notebook) {
    return {
        uri: notebook.uri.toString(),
        dir: notebook.uri.scheme === 'file' ? path.dirname(notebook.uri.fsPath) : undefined,
        metadata: notebook.metadata ?? {},
        cells: notebook.getCells().map(cell => ({
            id: cellIdOf(cell) ?? `unsaved-cell-${cell.index}`,
            role: cell.kind === vscode.NotebookCellKind.Code ? 'user' : 'note',
            text: cell.document.getText(),
            answer: (0, turnTranscript_1.answerOfOutputs)(cell.outputs.map(o => ({
                metadata: o.metadata,
                items: o.items.map(i => ({ mime: i.mime, text: (0, chatNotebookFormat_1.isTextMime)(i.mime) ? new TextDecoder().decode(i.data) : undefined })),
            }))),
        })),
    };
}
/** The guard for a sub-agent notebook whose metadata narrows `allowedUris`; undefined otherwise. */
function notebookToolGuard(notebook, roots) {
    const allowed = (0, notebookMetadata_1.readNotebookMetadata)(notebook.metadata).allowedUris;
    return allowed ? (0, notebookTools_1.allowedFoldersGuard)(roots, (0, referencePaths_1.allowedPathsOf)(allowed).paths) : undefined;
}
/** The builder's ports over the overlay: staged content wins over the disk, for files, rules and images alike. */
function contextPorts(overlay, tools, caller, roots, guard, recentEdits) {
    const byName = (0, notebookTools_1.toolsByName)(tools);
    const sendRecentEdits = vscode.workspace.getConfiguration('agentOverlay.notebook').get('recentEdits', true);
    return {
        ...(recentEdits && sendRecentEdits ? { recentEdits } : {}),
        roots,
        readFile: p => overlay.readFile(p),
        readImage: p => overlay.readFile(p),
        listRules: () => roots.flatMap(r => {
            const glob = vscode.workspace.getConfiguration('agentOverlay.notebook', vscode.Uri.file(r.path)).get('rulesGlob') || rulesFiles_1.DEFAULT_RULES_GLOB;
            return (0, rulesFiles_1.listRuleFiles)(r.path, glob, d => overlay.readDirectory(d));
        }),
        runTool: (name, args) => (0, notebookTools_1.runPromptTool)(byName, name, args, caller, guard),
        realPath: realPathOfDeepest,
    };
}
/** The real path of `p`, resolving symlinks in the part that exists on disk (a staged file may not exist yet). */
async function realPathOfDeepest(p) {
    let probe = p;
    const rest = [];
    for (;;) {
        try {
            return path.join(await fs.promises.realpath(probe), ...rest);
        }
        catch {
            const parent = path.dirname(probe);
            if (parent === probe)
                return p;
            rest.unshift(path.basename(probe));
            probe = parent;
        }
    }
}
//# sourceMappingURL=notebookContext.js.map