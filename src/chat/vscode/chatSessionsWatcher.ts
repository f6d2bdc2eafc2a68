import * as path from 'path';
import * as vscode from 'vscode';
import { ChatStorageError, isValidSessionId, type ChatSessionStore } from '../chatSessionStore';
import { RequestRemovalDetector } from '../requestRemovalDetector';

/** Requests that disappeared from a chat session: deleted by the user, replaced by an edited resend, or the whole session deleted. */
export interface RemovedRequests {
  readonly sessionId: string;
  /** VS Code's request ids (`requestId` in the session file), in the order they had in the session. */
  readonly requestIds: readonly string[];
}

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
export class ChatSessionsWatcher implements vscode.Disposable {
  private readonly detector = new RequestRemovalDetector();
  private readonly _onDidRemoveRequests = new vscode.EventEmitter<RemovedRequests>();
  readonly onDidRemoveRequests = this._onDidRemoveRequests.event;
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly disposables: vscode.Disposable[] = [];
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(private readonly store: ChatSessionStore, folder: vscode.Uri, private readonly onError: (message: string, error: unknown) => void) {
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '*.{json,jsonl}'));
    this.disposables.push(
      watcher,
      this._onDidRemoveRequests,
      watcher.onDidCreate(uri => this.schedule(uri)),
      watcher.onDidChange(uri => this.schedule(uri)),
      watcher.onDidDelete(uri => this.schedule(uri)),
    );
    const prime = setTimeout(() => this.enqueue(() => this.prime()), PRIME_DELAY_MS);
    // The folder lies outside the workspace, where file events are best effort (and get dropped under load): a
    // slow poll of the folder's listing (names, sizes, times; no content) catches what the watcher missed.
    const poll = setInterval(() => this.enqueue(() => this.poll()), POLL_MS);
    this.disposables.push({ dispose: () => { clearTimeout(prime); clearInterval(poll); } });
  }

  private lastListing = new Map<string, string>();

  private async poll(): Promise<void> {
    if (this.disposed) return;
    const files = await this.store.listSessionFiles();
    const now = new Map(files.map(f => [f.sessionId, `${f.format}:${f.mtimeMs}:${f.size}`]));
    for (const [id, stamp] of now) if (this.lastListing.get(id) !== stamp && this.detector.knownRequests(id)) this.scheduleSession(id);
    for (const id of this.lastListing.keys()) if (!now.has(id)) this.scheduleSession(id);
    this.lastListing = now;
  }

  /** Resolves when every session change seen so far has been read and reported. */
  async idle(): Promise<void> {
    for (;;) {
      const current = this.queue;
      await current;
      if (current === this.queue && this.timers.size === 0) return;
      if (this.timers.size) await new Promise(r => setTimeout(r, SETTLE_MS));
    }
  }

  /** The request ids last read for a session, or undefined when it has not been read. */
  knownRequests(sessionId: string): readonly string[] | undefined {
    return this.detector.knownRequests(sessionId);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private schedule(uri: vscode.Uri): void {
    if (this.disposed) return;
    const m = /^(.+)\.(jsonl|json)$/.exec(path.basename(uri.fsPath));
    if (!m || !isValidSessionId(m[1])) return;
    this.scheduleSession(m[1]);
  }

  private scheduleSession(sessionId: string): void {
    if (this.disposed) return;
    const pending = this.timers.get(sessionId);
    if (pending) clearTimeout(pending);
    this.timers.set(sessionId, setTimeout(() => {
      this.timers.delete(sessionId);
      this.enqueue(() => this.check(sessionId));
    }, SETTLE_MS));
  }

  private enqueue(job: () => Promise<void>): void {
    this.queue = this.queue.then(job).catch(e => this.onError('chat session watcher failed', e));
  }

  private async prime(): Promise<void> {
    const files = await this.store.listSessionFiles();
    for (const file of files.slice(0, PRIMED_SESSIONS)) {
      if (this.disposed) return;
      // A session already read since start has its baseline (and its removals were reported by `check`).
      if (this.detector.knownRequests(file.sessionId)) continue;
      const ids = await this.requestIds(file.sessionId);
      if (ids) this.detector.update(file.sessionId, ids);
    }
  }

  private async check(sessionId: string): Promise<void> {
    if (this.disposed) return;
    const file = await this.store.findSessionFile(sessionId);
    let removed: string[];
    if (!file) {
      removed = this.detector.removeSession(sessionId);
    } else {
      const ids = await this.requestIds(sessionId);
      if (!ids) return;
      removed = this.detector.update(sessionId, ids);
    }
    if (removed.length && !this.disposed) this._onDidRemoveRequests.fire({ sessionId, requestIds: removed });
  }

  /** The session's request ids, or undefined when its file cannot be read right now. */
  private async requestIds(sessionId: string): Promise<string[] | undefined> {
    try {
      return await this.store.readRequestIds(sessionId);
    } catch (e) {
      if (e instanceof ChatStorageError) return undefined;
      throw e;
    }
  }
}
