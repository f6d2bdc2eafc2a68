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
exports.ChatSessionsWatcher = void 0;
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const chatSessionStore_1 = require("../chatSessionStore");
const requestRemovalDetector_1 = require("../requestRemovalDetector");
/** VS Code appends to a session file many times per request; reading once they settle is enough. */
const SETTLE_MS = 150;
/** Sessions read at start so a removal in one of them is noticed on its first change (the newest first). */
const PRIMED_SESSIONS = 20;
/** The start-up read waits this long, so it does not compete with the window's own start. */
const PRIME_DELAY_MS = 3000;
/** How often the folder listing is compared, for changes the file watcher did not report. */
const POLL_MS = 2000;
/**
 * Watches the `chatSessions` folder and reports requests that vanish from a session (SPEC §2, "Deleting a
 * conversation message prunes that message's changes"). Each changed session file is re-read (after it
 * settles) and its request ids compared with the previous read by `RequestRemovalDetector`; a deleted file
 * removes all of the session's requests. A session first seen after start has no earlier read, so only
 * removals after its first write are reported; the newest sessions are read once at start for that reason.
 * A file that cannot be read (half written, corrupt) is skipped, never taken for a removal.
 */
class ChatSessionsWatcher {
    store;
    onError;
    detector = new requestRemovalDetector_1.RequestRemovalDetector();
    _onDidRemoveRequests = new vscode.EventEmitter();
    onDidRemoveRequests = this._onDidRemoveRequests.event;
    timers = new Map();
    disposables = [];
    queue = Promise.resolve();
    disposed = false;
    constructor(store, folder, onError) {
        this.store = store;
        this.onError = onError;
        const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '*.{json,jsonl}'));
        this.disposables.push(watcher, this._onDidRemoveRequests, watcher.onDidCreate(uri => this.schedule(uri)), watcher.onDidChange(uri => this.schedule(uri)), watcher.onDidDelete(uri => this.schedule(uri)));
        const prime = setTimeout(() => this.enqueue(() => this.prime()), PRIME_DELAY_MS);
        // The folder lies outside the workspace, where file events are best effort (and get dropped under load): a
        // slow poll of the folder's listing (names, sizes, times; no content) catches what the watcher missed.
        const poll = setInterval(() => this.enqueue(() => this.poll()), POLL_MS);
        this.disposables.push({ dispose: () => { clearTimeout(prime); clearInterval(poll); } });
    }
    lastListing = new Map();
    async poll() {
        if (this.disposed)
            return;
        const files = await this.store.listSessionFiles();
        const now = new Map(files.map(f => [f.sessionId, `${f.format}:${f.mtimeMs}:${f.size}`]));
        for (const [id, stamp] of now)
            if (this.lastListing.get(id) !== stamp && this.detector.knownRequests(id))
                this.scheduleSession(id);
        for (const id of this.lastListing.keys())
            if (!now.has(id))
                this.scheduleSession(id);
        this.lastListing = now;
    }
    /** Resolves when every session change seen so far has been read and reported. */
    async idle() {
        for (;;) {
            const current = this.queue;
            await current;
            if (current === this.queue && this.timers.size === 0)
                return;
            if (this.timers.size)
                await new Promise(r => setTimeout(r, SETTLE_MS));
        }
    }
    /** The request ids last read for a session, or undefined when it has not been read. */
    knownRequests(sessionId) {
        return this.detector.knownRequests(sessionId);
    }
    dispose() {
        if (this.disposed)
            return;
        this.disposed = true;
        for (const t of this.timers.values())
            clearTimeout(t);
        this.timers.clear();
        for (const d of this.disposables.splice(0))
            d.dispose();
    }
    schedule(uri) {
        if (this.disposed)
            return;
        const m = /^(.+)\.(jsonl|json)$/.exec(path.basename(uri.fsPath));
        if (!m || !(0, chatSessionStore_1.isValidSessionId)(m[1]))
            return;
        this.scheduleSession(m[1]);
    }
    scheduleSession(sessionId) {
        if (this.disposed)
            return;
        const pending = this.timers.get(sessionId);
        if (pending)
            clearTimeout(pending);
        this.timers.set(sessionId, setTimeout(() => {
            this.timers.delete(sessionId);
            this.enqueue(() => this.check(sessionId));
        }, SETTLE_MS));
    }
    enqueue(job) {
        this.queue = this.queue.then(job).catch(e => this.onError('chat session watcher failed', e));
    }
    async prime() {
        const files = await this.store.listSessionFiles();
        for (const file of files.slice(0, PRIMED_SESSIONS)) {
            if (this.disposed)
                return;
            // A session already read since start has its baseline (and its removals were reported by `check`).
            if (this.detector.knownRequests(file.sessionId))
                continue;
            const ids = await this.requestIds(file.sessionId);
            if (ids)
                this.detector.update(file.sessionId, ids);
        }
    }
    async check(sessionId) {
        if (this.disposed)
            return;
        const file = await this.store.findSessionFile(sessionId);
        let removed;
        if (!file) {
            removed = this.detector.removeSession(sessionId);
        }
        else {
            const ids = await this.requestIds(sessionId);
            if (!ids)
                return;
            removed = this.detector.update(sessionId, ids);
        }
        if (removed.length && !this.disposed)
            this._onDidRemoveRequests.fire({ sessionId, requestIds: removed });
    }
    /** The session's request ids, or undefined when its file cannot be read right now. */
    async requestIds(sessionId) {
        try {
            return await this.store.readRequestIds(sessionId);
        }
        catch (e) {
            if (e instanceof chatSessionStore_1.ChatStorageError)
                return undefined;
            throw e;
        }
    }
}
exports.ChatSessionsWatcher = ChatSessionsWatcher;
//# sourceMappingURL=chatSessionsWatcher.js.map