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
exports.EditTrackerAdapter = exports.EDIT_HISTORY_SECTION = void 0;
exports.readEditTrackerSettings = readEditTrackerSettings;
const vscode = __importStar(require("vscode"));
const agentApplyLabels_1 = require("../agentApplyLabels");
const editHistoryTracker_1 = require("../editHistoryTracker");
const cleanupTimer_1 = require("../cleanupTimer");
const enclosingSymbol_1 = require("../enclosingSymbol");
const recentEditsBlock_1 = require("../recentEditsBlock");
const documentOutline_1 = require("./documentOutline");
const editTrackerSettings_1 = require("../editTrackerSettings");
/** Settings section: `agentOverlay.editHistory.*` (keys in `EDIT_TRACKER_SETTING_KEYS`). */
exports.EDIT_HISTORY_SECTION = 'agentOverlay.editHistory';
/** `agentOverlay.editHistory.*` as the tracker takes it; missing or wrong values fall back to the defaults. */
function readEditTrackerSettings() {
    const c = vscode.workspace.getConfiguration(exports.EDIT_HISTORY_SECTION);
    return (0, editTrackerSettings_1.editTrackerSettingsFrom)(key => c.get(key));
}
/**
 * Feeds VS Code's document events into the pure `EditHistoryTracker` (SPEC §4): content changes (with
 * Undo/Redo reasons and the overlay's apply labelled `agent`), the editor selection after an edit, document
 * close; settings read at start and on every change; a cleanup timer. Owns its subscriptions and timer.
 *
 * Tracked documents: untitled ones and those inside a workspace folder. Everything else (output channels,
 * the SCM input, settings files, documents outside the workspace) is not the user's work on this project and
 * is never recorded.
 */
class EditTrackerAdapter {
    tracker;
    labels = new agentApplyLabels_1.AgentApplyLabels();
    disposables = [];
    trackable = new Map();
    outlines = new documentOutline_1.DocumentOutlines();
    /** The tracker as the RECENT EDITS block and the `edits_getRecent` tool read it (symbols included). */
    source = {
        isEnabled: () => this.enabled,
        getRecent: query => this.getRecent(query),
        fileLabel: uri => this.fileLabel(uri),
        symbols: async (edits) => {
            await this.outlines.load(edits.map(e => e.uri));
            return edit => {
                const symbols = this.outlines.symbols(edit.uri);
                return symbols ? (0, enclosingSymbol_1.enclosingSymbolName)(symbols, edit.range.start.line) : undefined;
            };
        },
    };
    _onDidRecord = new vscode.EventEmitter();
    /** Fires after a change event recorded edits (most recent first). */
    onDidRecord = this._onDidRecord.event;
    disposed = false;
    constructor() {
        this.tracker = new editHistoryTracker_1.EditHistoryTracker({ settings: readEditTrackerSettings() });
        this.disposables.push(this._onDidRecord, (0, cleanupTimer_1.startCleanupTimer)(() => {
            this.tracker.cleanup();
            this.labels.prune();
        }), vscode.workspace.onDidChangeTextDocument(e => this.onChange(e)), vscode.window.onDidChangeTextEditorSelection(e => this.onSelection(e)), vscode.workspace.onDidCloseTextDocument(d => {
            const uri = d.uri.toString();
            this.tracker.close(uri);
            this.trackable.delete(uri);
            this.outlines.forget(uri);
        }), vscode.workspace.onDidChangeWorkspaceFolders(() => this.trackable.clear()), vscode.workspace.onDidOpenTextDocument(d => this.trackOpen([d])), 
        // Shown again after the copy was dropped (the budget's least recently used): copy it again.
        vscode.window.onDidChangeVisibleTextEditors(editors => this.trackOpen(editors.map(e => e.document))), vscode.workspace.onDidChangeConfiguration(e => {
            if (!e.affectsConfiguration(exports.EDIT_HISTORY_SECTION))
                return;
            this.tracker.updateSettings(readEditTrackerSettings());
            this.trackOpen(vscode.workspace.textDocuments);
        }));
        this.trackOpen(vscode.workspace.textDocuments);
    }
    get enabled() {
        return this.tracker.currentSettings.enabled;
    }
    getRecent(query) {
        return this.tracker.getRecent(query);
    }
    /** The RECENT EDITS block for `query` ('' when off or empty), descriptions naming symbols where cheap. */
    recentEditsText(query = {}) {
        return (0, recentEditsBlock_1.recentEditsBlock)(this.source, query);
    }
    /**
     * Runs the overlay's Apply writes so that the document changes they cause are labelled `agent`, not `user`.
     * Pass every file the writes touch, with the text it will hold when known (then only the reload that
     * produces exactly that text is labelled; see `AgentApplyLabels`). Open documents of those files are
     * snapshotted first, so the tracker records the exact text the apply replaced.
     */
    async markAgentApply(files, during) {
        const writes = files.map(f => (f instanceof vscode.Uri ? { uri: f.toString() } : f));
        const wanted = new Set(writes.map(w => w.uri));
        for (const doc of vscode.workspace.textDocuments) {
            const uri = doc.uri.toString();
            if (wanted.has(uri) && this.isTrackable(doc.uri, uri))
                this.tracker.track(uri, doc.getText(), doc.version);
        }
        const end = this.labels.begin(writes);
        try {
            return await during();
        }
        finally {
            end();
        }
    }
    /** Workspace-relative path of a tracked document (with the folder name in multi-root workspaces). */
    fileLabel(uri) {
        let parsed;
        try {
            parsed = vscode.Uri.parse(uri, true);
        }
        catch {
            return uri;
        }
        if (parsed.scheme === 'untitled')
            return parsed.path;
        return vscode.workspace.asRelativePath(parsed, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
    }
    dispose() {
        if (this.disposed)
            return;
        this.disposed = true;
        for (const d of this.disposables.splice(0))
            d.dispose();
        this.tracker.clear();
        this.outlines.clear();
    }
    /** Synchronous on purpose: the tracker reads `getText()` as of THIS event when it has to resync. */
    onChange(e) {
        const doc = e.document;
        const uri = doc.uri.toString();
        if (!this.isTrackable(doc.uri, uri))
            return;
        if (e.contentChanges.length === 0 && !this.tracker.isTracked(uri))
            return; // a dirty-state flip
        const isAgentApply = !this.labels.isEmpty && this.labels.isAgentChange(uri, () => doc.getText());
        const outcome = this.tracker.handleChange({
            uri,
            version: doc.version,
            // vscode.Range has the plain shape the tracker takes; it copies what it keeps.
            changes: e.contentChanges,
            reason: reasonOf(e.reason),
            isAgentApply,
            languageId: doc.languageId,
        }, () => doc.getText());
        if (outcome.recorded.length)
            this._onDidRecord.fire(outcome.recorded);
    }
    onSelection(e) {
        const uri = e.textEditor.document.uri.toString();
        if (this.tracker.isTracked(uri) && e.selections.length)
            this.tracker.onSelection(uri, e.selections[0]);
    }
    /**
     * Copies every open workspace document (not only the visible ones), so the first replace in a background tab
     * or in a file a refactor (rename symbol, replace all) opened and changed has an exact `oldText`. The tracker
     * keeps the copies in an LRU cache bounded in total bytes (`ShadowBudget`: documents up to 5 MB, 64 MB in
     * all); cheap for documents already copied and current.
     */
    trackOpen(documents) {
        if (!this.tracker.currentSettings.enabled)
            return;
        for (const doc of documents) {
            const uri = doc.uri.toString();
            if (!this.isTrackable(doc.uri, uri) || this.tracker.trackedVersion(uri) === doc.version)
                continue;
            // The length without building the text: documents over the budget are not copied at all.
            const length = doc.offsetAt(doc.lineAt(doc.lineCount - 1).range.end);
            if (length <= this.tracker.shadowBudget.maxDocumentLength)
                this.tracker.track(uri, doc.getText(), doc.version);
        }
    }
    isTrackable(uri, key) {
        let known = this.trackable.get(key);
        if (known === undefined) {
            known = uri.scheme === 'untitled' || vscode.workspace.getWorkspaceFolder(uri) !== undefined;
            this.trackable.set(key, known);
        }
        return known;
    }
}
exports.EditTrackerAdapter = EditTrackerAdapter;
function reasonOf(reason) {
    switch (reason) {
        case vscode.TextDocumentChangeReason.Undo:
            return 'undo';
        case vscode.TextDocumentChangeReason.Redo:
            return 'redo';
        default:
            return undefined;
    }
}
//# sourceMappingURL=editTrackerAdapter.js.map