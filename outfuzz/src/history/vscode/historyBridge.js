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
exports.registerHistoryBridge = registerHistoryBridge;
const fs = __importStar(require("fs"));
const vscode = __importStar(require("vscode"));
const getSharedContentTool_1 = require("../../tools/history/getSharedContentTool");
const getVersionContentTool_1 = require("../../tools/history/getVersionContentTool");
const requestVersionsTool_1 = require("../../tools/history/requestVersionsTool");
const grants_1 = require("../grants");
const historyRequestQueue_1 = require("../historyRequestQueue");
const historySources_1 = require("../historySources");
const historyUri_1 = require("../historyUri");
const historyViewRegistry_1 = require("../historyViewRegistry");
const relativeTime_1 = require("../relativeTime");
const versionChoices_1 = require("../versionChoices");
const historyCommands_1 = require("./historyCommands");
const historyConsentUi_1 = require("./historyConsentUi");
const historyFileSystemProvider_1 = require("./historyFileSystemProvider");
const historyTestSeam_1 = require("./historyTestSeam");
const workspaceHistoryFiles_1 = require("./workspaceHistoryFiles");
const SETTINGS = 'agentOverlay.history';
/**
 * Capability C2's VS Code half (SPEC §3): the `history:` scheme, the consent dialogs, the "History Helper"
 * commands and log, and the three agent tools, all over the pure readers and grants in src/history.
 */
function registerHistoryBridge(context) {
    const channel = vscode.window.createOutputChannel('History Helper', { log: true });
    const log = channelLog(channel);
    const testMode = context.extensionMode === vscode.ExtensionMode.Test;
    const offsetClock = testMode ? new historyTestSeam_1.OffsetClock() : undefined;
    const clock = offsetClock ?? grants_1.systemClock;
    const config = () => vscode.workspace.getConfiguration(SETTINGS);
    const grants = new grants_1.GrantStore({
        clock,
        ttlMinutes: config().get('grantTtlMinutes'),
        clearAfterRetrieval: config().get('clearAfterRetrieval', true),
        caseSensitivePaths: () => caseSensitiveFolders(),
    });
    const settings = () => ({
        maxVersionsInPicker: (0, versionChoices_1.countSetting)(config().get('maxVersionsInPicker'), versionChoices_1.DEFAULT_MAX_VERSIONS_IN_PICKER, 1, 500),
        allRecentCount: (0, versionChoices_1.countSetting)(config().get('allRecentCount'), versionChoices_1.DEFAULT_ALL_RECENT_COUNT, 1, 50),
    });
    // <User>/globalStorage/<extension id> → <User>, whose History/ holds VS Code's local history (formats.md §A1).
    const userDir = vscode.Uri.joinPath(context.globalStorageUri, '..', '..').fsPath;
    // In code-server and VS Code server, remoteName is the window's authority (`127.0.0.1:43003`): the one VS
    // Code hashed with the path. Elsewhere it is only a kind (`ssh-remote`): the header index can fill the gap,
    // but it reads other files' paths from the store, so only when the user opted in.
    const remoteName = vscode.env.remoteName;
    const sources = new historySources_1.HistorySources({
        userDir, remoteAuthorities: remoteName ? [remoteName] : [], log,
        searchWholeStore: () => config().get('searchWholeStore', false),
    });
    log.info(`history: local history in ${userDir}/History; remote authority ${remoteName ?? 'none'}`);
    const files = new workspaceHistoryFiles_1.WorkspaceHistoryFiles(sources, log);
    const requests = new historyRequestQueue_1.HistoryRequestQueue(() => clock.now());
    const views = new historyViewRegistry_1.HistoryViewRegistry();
    const scripted = testMode ? new historyTestSeam_1.ScriptedHistoryConsentUi(offsetClock, () => grants.sweep(), () => requests.pendingCount) : undefined;
    const consent = scripted ?? new historyConsentUi_1.VscodeHistoryConsentUi();
    const servable = (id, fileName) => {
        const view = views.get(id);
        if (!view || view.fileName !== fileName)
            return undefined;
        if (view.origin === 'agentGrant' && grants.lookup(view.id, view.file.filePath).kind !== 'granted') {
            views.delete(view.id);
            return undefined;
        }
        return view;
    };
    const provider = new historyFileSystemProvider_1.HistoryFileSystemProvider({ servable, read: (view) => sources.readContent(view.version) }, channel);
    const toolDeps = {
        files, consent, grants, requests, log, clock, settings,
        onContentAllowed: (grant) => views.add({
            id: grant.id,
            file: { filePath: grant.filePath, displayPath: grant.displayPath },
            fileName: grant.displayPath.split('/').pop() ?? grant.displayPath,
            version: grant.version,
            label: `${(0, relativeTime_1.formatRelativeTime)(grant.timestamp, clock.now())} (${grant.label})`,
            origin: 'agentGrant',
        }),
    };
    const tools = [new requestVersionsTool_1.RequestVersionsTool(toolDeps), new getVersionContentTool_1.GetVersionContentTool(toolDeps), new getSharedContentTool_1.GetSharedContentTool(toolDeps)];
    const commands = new historyCommands_1.HistoryCommands({ files, consent, grants, views, requests, log, clock, settings, servable });
    // One timer sweeps expired grants so their content does not linger in memory.
    let timer;
    const schedule = () => {
        if (timer)
            clearTimeout(timer);
        timer = undefined;
        const next = grants.nextExpiry();
        if (next !== undefined)
            timer = setTimeout(() => { grants.sweep(); schedule(); }, Math.max(0, next - clock.now()) + 50);
    };
    const status = vscode.window.createStatusBarItem('agentOverlay.history', vscode.StatusBarAlignment.Left, -100);
    status.name = 'History Helper';
    const updateStatus = () => {
        // Requests waiting for the user: queued behind a dialog, or parked (their picker was closed unanswered).
        const pending = requests.pendingCount;
        const shared = grants.peekShared();
        if (pending > 0) {
            status.text = `$(history) ${pending} history request${pending === 1 ? '' : 's'}`;
            status.tooltip = `${pending} AI agent request${pending === 1 ? ' is' : 's are'} waiting for your answer. Click to answer.`;
            status.command = historyCommands_1.HISTORY_COMMANDS.respond;
            status.show();
        }
        else if (shared) {
            status.text = `$(history) ${shared.displayPath.split('/').pop()} shared`;
            status.tooltip = `The AI agent can retrieve ${shared.displayPath} (${(0, relativeTime_1.formatRelativeTime)(shared.timestamp, clock.now())}) with history_getSharedContent. Click to clear it.`;
            status.command = historyCommands_1.HISTORY_COMMANDS.clearShared;
            status.show();
        }
        else {
            status.hide();
        }
    };
    const disposables = [
        channel,
        provider,
        vscode.workspace.registerFileSystemProvider(historyUri_1.HISTORY_SCHEME, provider, {
            isCaseSensitive: true,
            isReadonly: new vscode.MarkdownString('Local history versions are read-only. Use **Agent History: Open Historical Version** to see one, or share it with an agent.'),
        }),
        commands,
        status,
        grants.onDidChange((change) => {
            schedule();
            if (change === 'cleared' || change === 'shared')
                views.clear('agentGrant');
            // A denial revokes one file's ids: only the views those ids opened go.
            if (change === 'denied')
                for (const v of [...views.values()])
                    if (v.origin === 'agentGrant' && !grants.isLive(v.id))
                        views.delete(v.id);
            updateStatus();
        }),
        requests.onDidChange(updateStatus),
        vscode.workspace.onDidChangeConfiguration((e) => {
            if (!e.affectsConfiguration(SETTINGS))
                return;
            grants.configure({ ttlMinutes: config().get('grantTtlMinutes'), clearAfterRetrieval: config().get('clearAfterRetrieval', true) });
        }),
        // A view the user opened lasts as long as its document.
        vscode.workspace.onDidCloseTextDocument((doc) => {
            if (doc.uri.scheme !== historyUri_1.HISTORY_SCHEME)
                return;
            const parts = (0, historyUri_1.parseHistoryUriPath)(doc.uri.path);
            if (parts && views.get(parts.id)?.origin === 'user')
                views.delete(parts.id);
        }),
    ];
    const runDir = process.env.AGENT_OVERLAY_TEST_RUN_DIR;
    if (runDir && context.extensionMode !== vscode.ExtensionMode.Production)
        disposables.push((0, historyTestSeam_1.registerTestInvokeToolCommand)(runDir));
    let disposed = false;
    return {
        tools: tools,
        testSeam: scripted,
        dispose: () => {
            if (disposed)
                return;
            disposed = true;
            if (timer)
                clearTimeout(timer);
            // Window closing: every grant, the shared content and every view are forgotten (SPEC §3).
            requests.dispose();
            grants.dispose();
            views.clear();
            for (const d of disposables.reverse())
                d.dispose();
        },
    };
}
/**
 * Whether the workspace's file system tells paths apart by case, probed as VS Code's own rule can only guess
 * (it assumes so on Linux only): a folder path with letters whose case-swapped form exists too is on a
 * case-insensitive file system (Windows, a default macOS volume). Without letters to swap, the platform decides.
 */
function caseSensitiveFolders() {
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
        if (folder.uri.scheme !== 'file')
            continue;
        const p = folder.uri.fsPath;
        const swapped = [...p].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
        if (swapped === p)
            continue;
        return !fs.existsSync(swapped);
    }
    return process.platform === 'linux';
}
function channelLog(channel) {
    return {
        info: (m) => channel.info(m),
        warn: (m) => channel.warn(m),
        error: (m, err) => channel.error(err === undefined ? m : `${m}: ${err instanceof Error ? err.message : String(err)}`),
    };
}
//# sourceMappingURL=historyBridge.js.map