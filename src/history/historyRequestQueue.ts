/**
 * Agent requests that wait on the user (seed 000 "Respond to AI Agent's request for history"). VS Code shows one
 * quick input at a time, and opening another one (the Command Palette, "Respond to AI Agent's request", any Quick
 * Pick) hides the one on screen. So consent dialogs are shown one at a time, in arrival order, and a version picker
 * hidden without an answer is not a denial: its request is PARKED. It keeps its turn, the status bar says it waits,
 * and "Respond to AI Agent's request for history" reopens it (or answers another one first, or denies).
 * A request the agent cancels leaves the queue without a dialog; nothing is ever denied without the user saying so.
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
  /** Its dialog was hidden without an answer: it waits for the user to reopen it. */
  readonly parked: boolean;
}

export type QueueOutcome<T> =
  | { readonly kind: 'answered'; readonly value: T }
  /** The user denied it from the Respond command before its dialog came up. */
  | { readonly kind: 'deniedWhileWaiting' }
  /** The agent cancelled it, or the queue was disposed (window closing). */
  | { readonly kind: 'cancelled' };

/** How a parked request goes on: its dialog again, an explicit denial, or the agent / the window gave up. */
export type ParkOutcome = 'resume' | 'deny' | 'cancelled';

/** Handed to a running dialog: how it parks itself when its picker was hidden without an answer. */
export interface RequestTurn {
  /** Resolves when the user reopens this request ('resume'), denies it, or it is cancelled. */
  park(): Promise<ParkOutcome>;
}

interface Entry {
  readonly info: AgentRequestInfo;
  readonly id: number;
  readonly requestedAt: number;
  /** Set once its dialog has run (it is on screen, parked, or set aside to answer another first). */
  started: boolean;
  /** While parked: how to wake the dialog. */
  wake: ((outcome: ParkOutcome) => void) | undefined;
  /** Before it started: answers the submit promise without a dialog. */
  readonly settle: (outcome: QueueOutcome<never>) => void;
  /** Runs its dialog (first turn) or wakes it with 'resume' (a parked request whose turn came back). */
  readonly start: () => void;
}

export class HistoryRequestQueue {
  /** Requests waiting for their turn, in order; may hold parked requests the user set aside. */
  private readonly queue: Entry[] = [];
  private active: Entry | undefined;
  private nextId = 1;
  private disposed = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Runs `dialog` when it is this request's turn (at once when nothing else is on screen) and resolves with its
   * value; or without running it when the user denies waiting requests or `signal` aborts first.
   * `dialog` must not throw for ordinary answers; if it throws, the error propagates and the next request runs.
   */
  submit<T>(info: AgentRequestInfo, dialog: (turn: RequestTurn) => Promise<T>, signal?: AbortSignal): Promise<QueueOutcome<T>> {
    if (this.disposed || signal?.aborted) return Promise.resolve({ kind: 'cancelled' });
    return new Promise<QueueOutcome<T>>((resolve, reject) => {
      const onAbort = () => {
        if (entry.wake) return this.wakeUp(entry, 'cancelled');
        if (entry.started) return;
        this.remove(entry);
        entry.settle({ kind: 'cancelled' });
      };
      const turn: RequestTurn = {
        park: () => new Promise<ParkOutcome>((wake) => {
          if (this.disposed || signal?.aborted) return wake('cancelled');
          entry.wake = wake;
          this.fire();
        }),
      };
      const finish = () => {
        signal?.removeEventListener('abort', onAbort);
        entry.wake = undefined;
        this.remove(entry);
        if (this.active === entry) this.active = undefined;
        this.fire();
        this.pump();
      };
      const entry: Entry = {
        info,
        id: this.nextId++,
        requestedAt: this.now(),
        started: false,
        wake: undefined,
        settle: (outcome) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
        start: () => {
          if (entry.started) return this.wakeUp(entry, 'resume');
          entry.started = true;
          // The next request starts as soon as this one is answered, before its caller resumes.
          new Promise<T>((run) => run(dialog(turn))).then(
            (value) => { finish(); resolve({ kind: 'answered', value }); },
            (err: unknown) => { finish(); reject(err); },
          );
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(entry);
      this.fire();
      this.pump();
    });
  }

  /** The request whose turn it is: on screen, or parked. */
  get current(): AgentRequest | undefined {
    return this.active && view(this.active);
  }

  /** Requests waiting behind it, in the order they will be asked. */
  get waiting(): readonly AgentRequest[] {
    return this.queue.map(view);
  }

  /** How many requests wait for the user to act: every queued one, plus the current one when it is parked. */
  get pendingCount(): number {
    return this.queue.length + (this.active?.wake ? 1 : 0);
  }

  /** Ask this waiting request next (after the one whose turn it is). */
  prioritize(id: number): boolean {
    const i = this.queue.findIndex((e) => e.id === id);
    if (i === -1) return false;
    const [entry] = this.queue.splice(i, 1);
    this.queue.unshift(entry);
    this.fire();
    return true;
  }

  /**
   * The user wants to answer this request now. The parked current one: its dialog reopens. A waiting one while the
   * current one is parked: the parked one steps aside (first in line again) and this one's dialog comes up. A
   * waiting one while a dialog is on screen: it goes next. Returns false for an id that is not waiting.
   */
  answerNow(id: number): boolean {
    const active = this.active;
    if (active?.id === id) {
      if (!active.wake) return false;
      this.wakeUp(active, 'resume');
      return true;
    }
    if (!this.prioritize(id)) return false;
    if (active?.wake) {
      // Set the parked one aside: it keeps its place right behind the one the user chose.
      const [chosen] = this.queue.splice(0, 1);
      this.queue.unshift(chosen, active);
      this.active = undefined;
      this.pump();
    }
    return true;
  }

  /** The user denies this request: parked (current or set aside) or still waiting. Returns false when not found. */
  deny(id: number): boolean {
    const entry = this.active?.id === id ? this.active : this.queue.find((e) => e.id === id);
    if (!entry) return false;
    if (entry.wake) {
      this.wakeUp(entry, 'deny');
      return true;
    }
    if (entry.started) return false;
    this.remove(entry);
    this.fire();
    entry.settle({ kind: 'deniedWhileWaiting' });
    return true;
  }

  /** Deny every request waiting for the user (the parked current one too, not a dialog on screen); returns how many. */
  denyAllPending(): number {
    const ids = [...(this.active?.wake ? [this.active.id] : []), ...this.queue.map((e) => e.id)];
    let n = 0;
    for (const id of ids) if (this.deny(id)) n++;
    return n;
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Window closing: waiting and parked requests are cancelled; idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const entries = [...(this.active ? [this.active] : []), ...this.queue];
    this.queue.length = 0;
    for (const e of entries) {
      if (e.wake) this.wakeUp(e, 'cancelled');
      else if (!e.started) e.settle({ kind: 'cancelled' });
    }
    this.listeners.clear();
  }

  private wakeUp(entry: Entry, outcome: ParkOutcome): void {
    const wake = entry.wake;
    if (!wake) return;
    entry.wake = undefined;
    // Only the request whose turn it is resumes; a set-aside one that is denied or cancelled finishes off screen.
    if (this.active !== entry) this.remove(entry);
    this.fire();
    wake(outcome);
  }

  private remove(entry: Entry): void {
    const i = this.queue.indexOf(entry);
    if (i !== -1) this.queue.splice(i, 1);
  }

  private pump(): void {
    if (this.active || this.disposed) return;
    const next = this.queue.shift();
    if (!next) return;
    this.active = next;
    this.fire();
    next.start();
  }

  private fire(): void {
    for (const l of [...this.listeners]) l();
  }
}

function view(e: Entry): AgentRequest {
  return { ...e.info, id: e.id, requestedAt: e.requestedAt, parked: e.wake !== undefined };
}
