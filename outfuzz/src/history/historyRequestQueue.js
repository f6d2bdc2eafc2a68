"use strict";
/**
 * Agent requests that wait on the user (seed 000 "Respond to AI Agent's request for history"). VS Code shows one
 * quick input at a time, and opening another one (the Command Palette, "Respond to AI Agent's request", any Quick
 * Pick) hides the one on screen. So consent dialogs are shown one at a time, in arrival order, and a version picker
 * hidden without an answer is not a denial: its request is PARKED. It keeps its turn, the status bar says it waits,
 * and "Respond to AI Agent's request for history" reopens it (or answers another one first, or denies).
 * A request the agent cancels leaves the queue without a dialog; nothing is ever denied without the user saying so.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryRequestQueue = void 0;
class HistoryRequestQueue {
    now;
    /** Requests waiting for their turn, in order; may hold parked requests the user set aside. */
    queue = [];
    active;
    nextId = 1;
    disposed = false;
    listeners = new Set();
    constructor(now = Date.now) {
        this.now = now;
    }
    /**
     * Runs `dialog` when it is this request's turn (at once when nothing else is on screen) and resolves with its
     * value; or without running it when the user denies waiting requests or `signal` aborts first.
     * `dialog` must not throw for ordinary answers; if it throws, the error propagates and the next request runs.
     */
    submit(info, dialog, signal) {
        if (this.disposed || signal?.aborted)
            return Promise.resolve({ kind: 'cancelled' });
        return new Promise((resolve, reject) => {
            const onAbort = () => {
                if (entry.wake)
                    return this.wakeUp(entry, 'cancelled');
                if (entry.started)
                    return;
                this.remove(entry);
                entry.settle({ kind: 'cancelled' });
            };
            const turn = {
                park: () => new Promise((wake) => {
                    if (this.disposed || signal?.aborted)
                        return wake('cancelled');
                    entry.wake = wake;
                    this.fire();
                }),
            };
            const finish = () => {
                signal?.removeEventListener('abort', onAbort);
                entry.wake = undefined;
                this.remove(entry);
                if (this.active === entry)
                    this.active = undefined;
                this.fire();
                this.pump();
            };
            const entry = {
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
                    if (entry.started)
                        return this.wakeUp(entry, 'resume');
                    entry.started = true;
                    // The next request starts as soon as this one is answered, before its caller resumes.
                    new Promise((run) => run(dialog(turn))).then((value) => { finish(); resolve({ kind: 'answered', value }); }, (err) => { finish(); reject(err); });
                },
            };
            signal?.addEventListener('abort', onAbort, { once: true });
            this.queue.push(entry);
            this.fire();
            this.pump();
        });
    }
    /** The request whose turn it is: on screen, or parked. */
    get current() {
        return this.active && view(this.active);
    }
    /** Requests waiting behind it, in the order they will be asked. */
    get waiting() {
        return this.queue.map(view);
    }
    /** How many requests wait for the user to act: every queued one, plus the current one when it is parked. */
    get pendingCount() {
        return this.queue.length + (this.active?.wake ? 1 : 0);
    }
    /** Ask this waiting request next (after the one whose turn it is). */
    prioritize(id) {
        const i = this.queue.findIndex((e) => e.id === id);
        if (i === -1)
            return false;
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
    answerNow(id) {
        const active = this.active;
        if (active?.id === id) {
            if (!active.wake)
                return false;
            this.wakeUp(active, 'resume');
            return true;
        }
        if (!this.prioritize(id))
            return false;
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
    deny(id) {
        const entry = this.active?.id === id ? this.active : this.queue.find((e) => e.id === id);
        if (!entry)
            return false;
        if (entry.wake) {
            this.wakeUp(entry, 'deny');
            return true;
        }
        if (entry.started)
            return false;
        this.remove(entry);
        this.fire();
        entry.settle({ kind: 'deniedWhileWaiting' });
        return true;
    }
    /** Deny every request waiting for the user (the parked current one too, not a dialog on screen); returns how many. */
    denyAllPending() {
        const ids = [...(this.active?.wake ? [this.active.id] : []), ...this.queue.map((e) => e.id)];
        let n = 0;
        for (const id of ids)
            if (this.deny(id))
                n++;
        return n;
    }
    onDidChange(listener) {
        this.listeners.add(listener);
        return { dispose: () => this.listeners.delete(listener) };
    }
    /** Window closing: waiting and parked requests are cancelled; idempotent. */
    dispose() {
        if (this.disposed)
            return;
        this.disposed = true;
        const entries = [...(this.active ? [this.active] : []), ...this.queue];
        this.queue.length = 0;
        for (const e of entries) {
            if (e.wake)
                this.wakeUp(e, 'cancelled');
            else if (!e.started)
                e.settle({ kind: 'cancelled' });
        }
        this.listeners.clear();
    }
    wakeUp(entry, outcome) {
        const wake = entry.wake;
        if (!wake)
            return;
        entry.wake = undefined;
        // Only the request whose turn it is resumes; a set-aside one that is denied or cancelled finishes off screen.
        if (this.active !== entry)
            this.remove(entry);
        this.fire();
        wake(outcome);
    }
    remove(entry) {
        const i = this.queue.indexOf(entry);
        if (i !== -1)
            this.queue.splice(i, 1);
    }
    pump() {
        if (this.active || this.disposed)
            return;
        const next = this.queue.shift();
        if (!next)
            return;
        this.active = next;
        this.fire();
        next.start();
    }
    fire() {
        for (const l of [...this.listeners])
            l();
    }
}
exports.HistoryRequestQueue = HistoryRequestQueue;
function view(e) {
    return { ...e.info, id: e.id, requestedAt: e.requestedAt, parked: e.wake !== undefined };
}
//# sourceMappingURL=historyRequestQueue.js.map