/**
 * Agent requests that wait on the user (seed 000 "Respond to AI Agent's request for history"). Consent dialogs
 * are shown one at a time, in arrival order: while the user answers one, the others wait here, where the
 * "Respond to AI Agent's request for history" command lists them, lets the user take one next, or deny them
 * all at once. A waiting request the agent cancels leaves the queue without a dialog.
 */

export type AgentRequestKind = 'listVersions' | 'versionContent';

export interface AgentRequestInfo {
  readonly kind: AgentRequestKind;
  /** The file as the user sees it (workspace-relative). */
  readonly displayPath: string;
  /** For `versionContent`: which version, e.g. `5 minutes ago (File Saved)`. */
  readonly versionLabel?: string;
  /** Which front end the agent came through (`vscode-chat`, `mcp`, …). */
  readonly via: string;
}

export interface AgentRequest extends AgentRequestInfo {
  readonly id: number;
  readonly requestedAt: number;
}

export type QueueOutcome<T> =
  | { readonly kind: 'answered'; readonly value: T }
  /** The user denied it from the Respond command before its dialog came up. */
  | { readonly kind: 'deniedWhileWaiting' }
  /** The agent cancelled it, or the queue was disposed (window closing). */
  | { readonly kind: 'cancelled' };

interface Entry {
  readonly request: AgentRequest;
  readonly start: () => void;
  readonly settle: (outcome: QueueOutcome<never>) => void;
}

export class HistoryRequestQueue {
  private readonly waitingEntries: Entry[] = [];
  private active: AgentRequest | undefined;
  private nextId = 1;
  private disposed = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Runs `dialog` when it is this request's turn (at once when nothing else is on screen) and resolves with its
   * value; or without running it when the user denies waiting requests or `signal` aborts first.
   * `dialog` must not throw for ordinary answers; if it throws, the error propagates and the next request runs.
   */
  submit<T>(info: AgentRequestInfo, dialog: () => Promise<T>, signal?: AbortSignal): Promise<QueueOutcome<T>> {
    if (this.disposed || signal?.aborted) return Promise.resolve({ kind: 'cancelled' });
    const request: AgentRequest = { ...info, id: this.nextId++, requestedAt: this.now() };
    return new Promise<QueueOutcome<T>>((resolve, reject) => {
      const cleanup = () => signal?.removeEventListener('abort', onAbort);
      const entry: Entry = {
        request,
        settle: (outcome) => { cleanup(); resolve(outcome); },
        start: () => {
          cleanup();
          this.active = request;
          this.fire();
          // The next request starts as soon as this one is answered, before its caller resumes.
          const finish = () => {
            this.active = undefined;
            this.fire();
            this.pump();
          };
          new Promise<T>((run) => run(dialog())).then(
            (value) => { finish(); resolve({ kind: 'answered', value }); },
            (err: unknown) => { finish(); reject(err); },
          );
        },
      };
      const onAbort = () => {
        const i = this.waitingEntries.indexOf(entry);
        if (i === -1) return;
        this.waitingEntries.splice(i, 1);
        this.fire();
        entry.settle({ kind: 'cancelled' });
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waitingEntries.push(entry);
      this.fire();
      this.pump();
    });
  }

  /** The request whose dialog is on screen. */
  get current(): AgentRequest | undefined {
    return this.active;
  }

  /** Requests waiting behind it, in the order they will be asked. */
  get waiting(): readonly AgentRequest[] {
    return this.waitingEntries.map((e) => e.request);
  }

  /** Ask this waiting request next. */
  prioritize(id: number): boolean {
    const i = this.waitingEntries.findIndex((e) => e.request.id === id);
    if (i === -1) return false;
    const [entry] = this.waitingEntries.splice(i, 1);
    this.waitingEntries.unshift(entry);
    this.fire();
    return true;
  }

  /** Deny every waiting request (not the one on screen); returns how many. */
  denyWaiting(): number {
    const entries = this.waitingEntries.splice(0);
    if (entries.length) this.fire();
    for (const e of entries) e.settle({ kind: 'deniedWhileWaiting' });
    return entries.length;
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Window closing: waiting requests are cancelled; idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const entries = this.waitingEntries.splice(0);
    for (const e of entries) e.settle({ kind: 'cancelled' });
    this.listeners.clear();
  }

  private pump(): void {
    if (this.active || this.disposed) return;
    const next = this.waitingEntries.shift();
    if (next) next.start();
  }

  private fire(): void {
    for (const l of [...this.listeners]) l();
  }
}
