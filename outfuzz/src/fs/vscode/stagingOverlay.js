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
exports.registerStagingOverlay = registerStagingOverlay;
const crypto_1 = require("crypto");
const vscode = __importStar(require("vscode"));
const openOverlayStore_1 = require("../openOverlayStore");
const stagedUri_1 = require("../stagedUri");
const baselineContentProvider_1 = require("../../ui/baselineContentProvider");
const stagedChangeCommands_1 = require("../../ui/stagedChangeCommands");
const stagedChangesScm_1 = require("../../ui/stagedChangesScm");
const auditTrail_1 = require("../../ui/auditTrail");
const conflictAnnouncer_1 = require("../../ui/conflictAnnouncer");
const conflictResolution_1 = require("../../ui/conflictResolution");
const mergeResultFileSystem_1 = require("../../ui/mergeResultFileSystem");
const sessionNames_1 = require("../../ui/sessionNames");
const stagedFileDecorations_1 = require("../../ui/stagedFileDecorations");
const stagedFileSystemProvider_1 = require("./stagedFileSystemProvider");
const overlayTools_1 = require("../../tools/overlay/overlayTools");
const notebookContext_1 = require("../../notebook/vscode/notebookContext");
/** How long disk events are gathered before one reconciliation pass (a `git checkout` fires thousands). */
const WATCH_BATCH_MS = 100;
/**
 * Capability C1's VS Code half: opens the persistent overlay in this workspace's storage folder, mounts
 * `agent-staged:`, and builds the review UI (SCM view, commands, decorations) and the disk watcher that keeps
 * pending changes reconciled with what the disk does meanwhile.
 */
async function registerStagingOverlay(context, prompts) {
    const { workspace, notices } = await (0, openOverlayStore_1.openOverlayStore)(overlayStoreDir(context));
    for (const n of notices)
        void showStoreNotice(n);
    if (workspace.orphans.length > 0)
        void offerOrphanDiscard(workspace.orphans.length);
    const fileRoots = () => (vscode.workspace.workspaceFolders ?? []).filter(f => f.uri.scheme === 'file');
    const rootPaths = () => fileRoots().map(f => f.uri.fsPath);
    const provider = new stagedFileSystemProvider_1.StagedFileSystemProvider(workspace, rootPaths);
    const applyHooks = { wrapApply: (_files, run) => run() };
    const names = new sessionNames_1.SessionNames();
    const scm = new stagedChangesScm_1.StagedChangesScm(workspace, names);
    const audit = new auditTrail_1.AuditTrail(workspace.model, {
        path: p => vscode.workspace.asRelativePath(p),
        session: id => `${names.session(id)} [${id}]`,
    });
    const mergeResults = new mergeResultFileSystem_1.MergeResultFileSystem();
    const conflicts = new conflictResolution_1.ConflictResolver(workspace, prompts, mergeResults);
    const disposables = [
        provider,
        vscode.workspace.registerFileSystemProvider(stagedUri_1.STAGED_SCHEME, provider, { isCaseSensitive: true }),
        vscode.workspace.registerTextDocumentContentProvider(baselineContentProvider_1.BASELINE_SCHEME, new baselineContentProvider_1.BaselineContentProvider(workspace.model.store)),
        mergeResults,
        vscode.workspace.registerFileSystemProvider(mergeResultFileSystem_1.MERGE_RESULT_SCHEME, mergeResults, { isCaseSensitive: true }),
        scm,
        audit,
        new conflictAnnouncer_1.ConflictAnnouncer(workspace),
        (0, stagedChangeCommands_1.registerStagedChangeCommands)({ overlay: workspace, prompts, hooks: applyHooks, roots: rootPaths, conflicts, audit }),
        watchDisk(workspace),
    ];
    const decorations = new stagedFileDecorations_1.StagedFileDecorations(workspace);
    disposables.push(decorations, vscode.window.registerFileDecorationProvider(decorations));
    const tools = (0, overlayTools_1.createOverlayTools)({
        overlay: workspace,
        roots: () => fileRoots().map(f => ({ name: f.name, path: f.uri.fsPath })),
        confirm: async (message, detail) => (await prompts.confirm(message, detail, 'Allow')) === 'Allow',
    });
    const result = {
        workspace,
        scm,
        tools,
        applyHooks,
        audit,
        dispose: () => {
            for (const d of disposables.reverse())
                d.dispose();
            void workspace.close();
        },
    };
    disposables.push(learnChatNames(workspace, names, () => result.readChatSession, () => scm.refresh()));
    return result;
}
/**
 * Learns the names the SCM view shows: a chat session's title and requests (read once for each new session and
 * message that staged a change: VS Code writes session files periodically, so a message not there yet keeps a
 * generic name until a later change asks again), and an agent chat notebook's cell prompts (from the open
 * notebook, on every change: cells are edited).
 */
function learnChatNames(workspace, names, reader, refresh) {
    const asked = new Set();
    const learnNotebook = (sessionId) => {
        const nb = vscode.workspace.notebookDocuments.find(d => d.uri.toString() === sessionId);
        if (!nb)
            return false;
        names.learn(sessionId, {
            title: undefined,
            requests: nb.getCells().map(c => ({ requestId: (0, notebookContext_1.cellIdOf)(c), text: c.document.getText() })),
        });
        return true;
    };
    const sub = workspace.onDidChange(() => {
        const read = reader();
        let learned = false;
        for (const c of workspace.composites()) {
            const last = c.records[c.records.length - 1];
            if (!last)
                continue;
            if (/^[a-z][\w+.-]*:\/\//i.test(last.sessionId)) {
                learned = learnNotebook(last.sessionId) || learned;
                continue;
            }
            const key = `${last.sessionId}\n${last.messageId}`;
            const unnamed = names.isUnknownChat(last.sessionId) || names.message(last.sessionId, last.messageId) === 'a chat request';
            if (!read || asked.has(key) || !unnamed)
                continue;
            asked.add(key);
            void read(last.sessionId).then(facts => {
                if (!facts)
                    return;
                names.learn(last.sessionId, facts);
                refresh();
            }, () => undefined);
        }
        if (learned)
            refresh();
    });
    return { dispose: () => sub.dispose() };
}
/**
 * Where this workspace's pending changes live: the extension's global storage, in a folder named after the
 * workspace's own files (its .code-workspace file, or its folders' paths). Not `context.storageUri`: that folder
 * is named after the workspace URI, which in a remote window or code-server includes the host and port, so
 * reaching the same files through another port would hide the staged changes.
 */
function overlayStoreDir(context) {
    const ws = vscode.workspace;
    const key = ws.workspaceFile?.scheme === 'file'
        ? ws.workspaceFile.fsPath
        : (ws.workspaceFolders ?? []).map(f => (f.uri.scheme === 'file' ? f.uri.fsPath : f.uri.toString())).join('\n');
    const id = key ? (0, crypto_1.createHash)('sha256').update(key).digest('hex').slice(0, 32) : 'no-workspace';
    return vscode.Uri.joinPath(context.globalStorageUri, 'overlay', id).fsPath;
}
/** Reconciles the pending changes that depend on disk paths the workspace watcher reports. */
function watchDisk(workspace) {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*');
    const pending = new Set();
    let timer;
    const flush = () => {
        timer = undefined;
        const paths = [...pending];
        pending.clear();
        if (workspace.reconcilePaths(paths).length > 0)
            void workspace.flush();
    };
    const onEvent = (uri) => {
        if (uri.scheme !== 'file')
            return;
        pending.add(uri.fsPath);
        timer ??= setTimeout(flush, WATCH_BATCH_MS);
    };
    return vscode.Disposable.from(watcher, watcher.onDidChange(onEvent), watcher.onDidCreate(onEvent), watcher.onDidDelete(onEvent), { dispose: () => timer && clearTimeout(timer) });
}
/** Tells the user what opening the store found, with a way to the kept files. Never blocks activation. */
async function showStoreNotice(notice) {
    const show = notice.severity === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
    const reveal = 'Show Kept Files';
    const answer = await show(notice.message, ...(notice.keptAt ? [reveal] : []));
    if (answer === reveal && notice.keptAt)
        await vscode.commands.executeCommand('revealFileInOS', vscode.Uri.file(notice.keptAt));
}
/**
 * SPEC §2: a change whose file vanished while VS Code was closed is an orphan. It is a deletion conflict already
 * (kept, nothing lost); the notice offers to discard such changes at once instead of resolving each.
 */
async function offerOrphanDiscard(count) {
    const discard = 'Discard Them…';
    const answer = await vscode.window.showWarningMessage(`${count} staged change${count === 1 ? '' : 's'} no longer match a file on disk (deleted or moved while VS Code was closed). They wait under Conflicts.`, discard);
    if (answer === discard)
        await vscode.commands.executeCommand('agentOverlay.discardOrphaned');
}
//# sourceMappingURL=stagingOverlay.js.map