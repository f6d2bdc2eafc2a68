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
exports.RecentEditsView = exports.SHOW_RECENT_EDITS_COMMAND = exports.RECENT_EDITS_URI = exports.RECENT_EDITS_SCHEME = void 0;
exports.renderRecentEdits = renderRecentEdits;
const vscode = __importStar(require("vscode"));
/** Scheme of the read-only "Recent Edits" document. */
exports.RECENT_EDITS_SCHEME = 'agent-overlay-edits';
exports.RECENT_EDITS_URI = vscode.Uri.from({ scheme: exports.RECENT_EDITS_SCHEME, path: '/Recent Edits.md' });
exports.SHOW_RECENT_EDITS_COMMAND = 'agentOverlay.showRecentEdits';
/** How long the view waits after an edit before it refreshes, so typing does not re-render it per keystroke. */
const REFRESH_DELAY_MS = 300;
/**
 * "Agent Overlay: Show Recent Edits": the tracker's history as the seed's "RECENT EDITS" prompt block, what an
 * agent would be given, in a read-only Markdown document that refreshes while it is open.
 *
 * Why a read-only file system rather than an untitled document or an output channel: an untitled document
 * would ask to be saved when closed and would itself be edited on every refresh; an output channel shows
 * plain text without the code fences' highlighting and cannot be searched or copied as comfortably. A
 * provider registered `isReadonly` gives a Markdown document that is never dirty, says it is read-only the way
 * the `history:` editor does, and is not a workspace file, so the tracker does not record its own report.
 */
class RecentEditsView {
    adapter;
    _onDidChangeFile = new vscode.EventEmitter();
    onDidChangeFile = this._onDidChangeFile.event;
    disposables = [];
    timer;
    rendered;
    constructor(adapter) {
        this.adapter = adapter;
        this.disposables.push(this._onDidChangeFile, vscode.workspace.registerFileSystemProvider(exports.RECENT_EDITS_SCHEME, this, {
            isReadonly: new vscode.MarkdownString('Recent Edits is a report of your recent edits, as an agent would be given them; it refreshes by itself.'),
        }), vscode.commands.registerCommand(exports.SHOW_RECENT_EDITS_COMMAND, () => this.show()), adapter.onDidRecord(() => this.refreshSoon()), vscode.workspace.onDidChangeConfiguration(e => {
            if (e.affectsConfiguration('agentOverlay.editHistory'))
                this.refreshSoon();
        }));
    }
    async show() {
        this.changed();
        const doc = await vscode.workspace.openTextDocument(exports.RECENT_EDITS_URI);
        return vscode.window.showTextDocument(doc, { preview: false });
    }
    async stat(uri) {
        const r = await this.render(uri);
        return { type: vscode.FileType.File, ctime: r.mtime, mtime: r.mtime, size: r.text.byteLength, permissions: vscode.FilePermission.Readonly };
    }
    async readFile(uri) {
        return (await this.render(uri)).text;
    }
    watch() {
        return new vscode.Disposable(() => undefined);
    }
    readDirectory() {
        return [];
    }
    createDirectory(uri) {
        throw vscode.FileSystemError.NoPermissions(uri);
    }
    writeFile(uri) {
        throw vscode.FileSystemError.NoPermissions(uri);
    }
    delete(uri) {
        throw vscode.FileSystemError.NoPermissions(uri);
    }
    rename(uri) {
        throw vscode.FileSystemError.NoPermissions(uri);
    }
    dispose() {
        if (this.timer)
            clearTimeout(this.timer);
        this.timer = undefined;
        for (const d of this.disposables.splice(0))
            d.dispose();
    }
    /** The report, rendered once per change (stat and read must agree on its size). */
    render(uri) {
        if (uri.path !== exports.RECENT_EDITS_URI.path)
            throw vscode.FileSystemError.FileNotFound(uri);
        const mtime = Date.now();
        this.rendered ??= renderRecentEdits(this.adapter).then(text => ({ text: new TextEncoder().encode(text), mtime }));
        return this.rendered;
    }
    changed() {
        this.rendered = undefined;
        this._onDidChangeFile.fire([{ type: vscode.FileChangeType.Changed, uri: exports.RECENT_EDITS_URI }]);
    }
    refreshSoon() {
        if (this.timer || !vscode.workspace.textDocuments.some(d => d.uri.toString() === exports.RECENT_EDITS_URI.toString()))
            return;
        this.timer = setTimeout(() => {
            this.timer = undefined;
            this.changed();
        }, REFRESH_DELAY_MS);
    }
}
exports.RecentEditsView = RecentEditsView;
async function renderRecentEdits(adapter) {
    if (!adapter.enabled) {
        return 'RECENT EDITS: tracking is off\n\nTurn on the setting `agentOverlay.editHistory.enabled` to record the edits you make in open editors.\n';
    }
    const settings = adapter.tracker.currentSettings;
    const edits = adapter.getRecent({ maxEdits: 1 });
    if (edits.length === 0) {
        return [
            'RECENT EDITS: none yet',
            '',
            `Edits you make in open workspace and untitled editors appear here, most recent first, for ${settings.maxAgeMinutes} minutes`
                + ` (at most ${settings.maxEdits} per file and ${settings.maxGlobalEdits} in all).`
                + (settings.ignoreSingleChar ? ` Keystrokes typed in a row become one edit; edits shorter than ${settings.minEditLength} characters are left out.` : '')
                + (settings.ignoreWhitespace ? ' Whitespace-only edits are left out.' : ''),
            'Agents read the same list with the `edits_getRecent` tool. Settings: `agentOverlay.editHistory.*`.',
            '',
        ].join('\n');
    }
    return await adapter.recentEditsText({ maxEdits: settings.maxGlobalEdits + settings.maxGlobalUndoRedoEdits }) + '\n';
}
//# sourceMappingURL=recentEditsView.js.map