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
exports.HistoryCommands = exports.HISTORY_COMMANDS = void 0;
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const messages = __importStar(require("../historyMessages"));
const historyUri_1 = require("../historyUri");
const relativeTime_1 = require("../relativeTime");
const versionChoices_1 = require("../versionChoices");
const workspacePath_1 = require("../workspacePath");
exports.HISTORY_COMMANDS = {
    share: 'agentOverlay.history.shareVersion',
    respond: 'agentOverlay.history.respondToRequest',
    open: 'agentOverlay.history.openVersion',
    compare: 'agentOverlay.history.compareWithCurrent',
    clearShared: 'agentOverlay.history.clearShared',
};
/** The user's own "History Helper" commands (seed 000 "Key Commands"); each is a user action, so it is the consent. */
class HistoryCommands {
    deps;
    disposables;
    constructor(deps) {
        this.deps = deps;
        const wrap = (id, fn) => vscode.commands.registerCommand(id, async (...args) => {
            try {
                return await fn(...args);
            }
            catch (err) {
                // One wrapper for every command: the user sees what went wrong, the log has the details.
                this.deps.log.error(`${id} failed`, err);
                const message = err instanceof workspacePath_1.WorkspacePathError ? messages.WORKSPACE_FILES_ONLY : `History Helper: ${err.message}`;
                void vscode.window.showErrorMessage(message);
                return undefined;
            }
        });
        this.disposables = [
            wrap(exports.HISTORY_COMMANDS.share, (uri) => this.share(uri)),
            wrap(exports.HISTORY_COMMANDS.respond, () => this.respond()),
            wrap(exports.HISTORY_COMMANDS.open, (uri) => this.open(uri)),
            wrap(exports.HISTORY_COMMANDS.compare, (uri) => this.compare(uri)),
            wrap(exports.HISTORY_COMMANDS.clearShared, () => this.clearShared()),
        ];
    }
    /** "Share historical version with AI Agent": the picked version becomes the one pending shared content. */
    async share(arg) {
        const target = await this.target(arg, 'Share a historical version of which file?');
        if (!target)
            return undefined;
        let chosen;
        if (target.view) {
            chosen = { file: target.view.file, version: target.view.version };
        }
        else {
            const picked = await this.pickOne(target.uri, `Share a version of ${path.basename(target.uri.fsPath)} with the AI agent`);
            chosen = picked && { file: { filePath: picked.file.absolutePath, displayPath: picked.file.displayPath }, version: picked.version };
        }
        if (!chosen)
            return undefined;
        const { file, version } = chosen;
        let text;
        try {
            text = await this.deps.files.readText(version, file.filePath);
        }
        catch (err) {
            this.deps.log.error(`share: could not read the version of ${file.displayPath} from ${this.when(version)}`, err);
            this.deps.consent.warn(`${messages.couldNotAccess(file.displayPath)} ${err.message}`);
            return undefined;
        }
        const shared = this.deps.grants.share(file, version, text);
        this.deps.log.info(`share: the user shared ${file.displayPath} from ${this.when(version)} (${version.label}); version ids given earlier were revoked`);
        this.deps.consent.notify(messages.shareReady(file.displayPath, this.when(version)));
        return { filePath: shared.displayPath, timestamp: shared.timestamp };
    }
    /**
     * "Respond to AI Agent's request for history" (also the status bar item): the requests waiting for the user.
     * VS Code shows one quick input at a time, so this never opens over a request's picker: by the time it runs,
     * the palette (or this list) has hidden that picker and its request is parked, not denied. One parked request
     * and nothing else waiting: its picker reopens at once. Several: the user picks which to answer now.
     */
    async respond() {
        const { requests, consent } = this.deps;
        const current = requests.current;
        const pending = [...(current?.parked ? [current] : []), ...requests.waiting];
        if (pending.length === 0) {
            consent.notify(current
                ? `The AI agent's request for ${current.displayPath} is waiting for your answer in the open dialog.`
                : messages.NO_WAITING_REQUESTS);
            return;
        }
        if (pending.length === 1 && current?.parked) {
            this.deps.log.info(`respond: the user reopens the request for ${current.displayPath}`);
            requests.answerNow(current.id);
            return;
        }
        const now = this.deps.clock.now();
        const choice = await consent.chooseRequest(pending.map((r) => ({
            id: r.id,
            label: r.displayPath,
            description: r.kind === 'listVersions' ? 'wants the list of versions' : `wants the version from ${r.versionLabel ?? 'earlier'}`,
            detail: `Requested ${(0, relativeTime_1.formatRelativeTime)(r.requestedAt, now)} through ${r.via}.${r.parked ? ' You closed its picker without answering.' : ''} Pick it to answer it now.`,
        })));
        if (!choice)
            return;
        if (choice.kind === 'denyAll') {
            const n = requests.denyAllPending();
            this.deps.log.info(`respond: the user denied ${n} waiting request(s)`);
            return;
        }
        this.deps.log.info(`respond: the user answers request ${choice.id} now`);
        requests.answerNow(choice.id);
    }
    /** "Open historical version": the user's own view of a version (their action is the grant). Returns its URI. */
    async open(arg) {
        const target = await this.target(arg, 'Open a historical version of which file?');
        if (!target)
            return undefined;
        if (target.view) {
            await this.show(target.view);
            return target.uri;
        }
        const chosen = await this.pickOne(target.uri, `Open a version of ${path.basename(target.uri.fsPath)}`);
        if (!chosen)
            return undefined;
        const view = this.addView(chosen.file, chosen.version);
        await this.show(view);
        return this.uriOf(view);
    }
    /** "Compare with current": the historical version (left, read-only) against the file as it is now (right). */
    async compare(arg) {
        const target = await this.target(arg, 'Compare a historical version of which file?');
        if (!target)
            return undefined;
        let view = target.view;
        if (!view) {
            const chosen = await this.pickOne(target.uri, `Compare a version of ${path.basename(target.uri.fsPath)} with the current file`);
            if (!chosen)
                return undefined;
            view = this.addView(chosen.file, chosen.version);
        }
        const left = this.uriOf(view);
        const right = vscode.Uri.file(view.file.filePath);
        this.deps.log.info(`compare: the user compares ${view.file.displayPath} from ${this.when(view.version)} with the current file`);
        await vscode.commands.executeCommand('vscode.diff', left, right, `${view.fileName} (${this.when(view.version)}) ↔ ${view.fileName}`);
        return left;
    }
    /** "Clear shared content": the shared version and every version id given to the agent are revoked. */
    async clearShared() {
        const had = this.deps.grants.peekShared() !== undefined || this.deps.grants.grantCount > 0;
        this.deps.grants.clearAll();
        this.deps.views.clear('agentGrant');
        this.deps.log.info('clear: the user cleared the content shared with the AI agent');
        this.deps.consent.notify(messages.clearedShared(had));
    }
    dispose() {
        for (const d of this.disposables)
            d.dispose();
    }
    when(version) {
        return (0, relativeTime_1.formatRelativeTime)(version.timestamp, this.deps.clock.now());
    }
    addView(file, version) {
        return this.deps.views.add({
            file: { filePath: file.absolutePath, displayPath: file.displayPath },
            fileName: path.basename(file.absolutePath),
            version,
            label: `${this.when(version)} (${version.label})`,
            origin: 'user',
        });
    }
    uriOf(view) {
        return vscode.Uri.from({ scheme: historyUri_1.HISTORY_SCHEME, path: (0, historyUri_1.historyUriPath)({ id: view.id, fileName: view.fileName }) });
    }
    async show(view) {
        this.deps.log.info(`open: the user opens ${view.file.displayPath} from ${this.when(view.version)}`);
        await vscode.commands.executeCommand('vscode.open', this.uriOf(view), { preview: false }, `${view.fileName} (${this.when(view.version)})`);
    }
    /** The file a command acts on: its argument, else the active editor, else one the user picks. */
    async target(arg, question) {
        let uri = arg instanceof vscode.Uri ? arg : undefined;
        if (!uri) {
            const active = vscode.window.activeTextEditor?.document.uri;
            if (active && (active.scheme === 'file' || active.scheme === historyUri_1.HISTORY_SCHEME))
                uri = active;
        }
        uri ??= await this.pickFile(question);
        if (!uri)
            return undefined;
        if (uri.scheme === historyUri_1.HISTORY_SCHEME) {
            const parts = (0, historyUri_1.parseHistoryUriPath)(uri.path);
            const view = parts && this.deps.servable(parts.id, parts.fileName);
            if (!view)
                throw new Error('this historical version is no longer available; open it again with "Agent History: Open Historical Version".');
            return { uri, view };
        }
        return { uri };
    }
    async pickFile(question) {
        const open = new Map();
        for (const group of vscode.window.tabGroups.all) {
            for (const tab of group.tabs) {
                const input = tab.input;
                if (input instanceof vscode.TabInputText && input.uri.scheme === 'file' && vscode.workspace.getWorkspaceFolder(input.uri)) {
                    open.set(input.uri.toString(), input.uri);
                }
            }
        }
        const browse = { label: '$(folder-opened) Choose a file from the workspace…' };
        const items = [...open.values()].map((uri) => ({ label: path.basename(uri.fsPath), description: vscode.workspace.asRelativePath(uri), uri }));
        const picked = items.length
            ? await vscode.window.showQuickPick([...items, { label: '', kind: vscode.QuickPickItemKind.Separator }, browse], { title: 'History Helper', placeHolder: question })
            : browse;
        if (!picked)
            return undefined;
        if (picked.uri)
            return picked.uri;
        const chosen = await vscode.window.showOpenDialog({
            canSelectFiles: true, canSelectFolders: false, canSelectMany: false,
            defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri, title: question,
        });
        return chosen?.[0];
    }
    /** Lists the file's versions and lets the user pick one (single select). */
    async pickOne(uri, title) {
        const file = await this.deps.files.resolveUri(uri);
        let versions;
        try {
            versions = await this.deps.files.listVersions(file);
        }
        catch (err) {
            this.deps.log.error(`could not list the history of ${file.displayPath}`, err);
            this.deps.consent.warn(messages.couldNotAccess(file.displayPath));
            return undefined;
        }
        if (versions.length === 0) {
            this.deps.consent.notify(messages.noLocalHistory(file.displayPath));
            return undefined;
        }
        const picked = await this.deps.consent.pickVersions({
            title,
            placeholder: 'Pick a version (newest first)',
            choices: (0, versionChoices_1.versionChoices)(path.basename(file.absolutePath), versions, this.deps.clock.now(), this.deps.settings().maxVersionsInPicker),
            canPickMany: false,
        });
        const version = picked.kind === 'accepted' ? picked.versions[0] : undefined;
        return version ? { file, version } : undefined;
    }
}
exports.HistoryCommands = HistoryCommands;
//# sourceMappingURL=historyCommands.js.map