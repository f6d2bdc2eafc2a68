"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AgentApplyLabels = exports.AGENT_APPLY_GRACE_MS = void 0;
/** How long after the writes end a reload of a written file is still expected (file watchers can lag). */
exports.AGENT_APPLY_GRACE_MS = 10_000;
class AgentApplyLabels {
    clock;
    graceMs;
    pending = new Map();
    constructor(clock = Date.now, graceMs = exports.AGENT_APPLY_GRACE_MS) {
        this.clock = clock;
        this.graceMs = graceMs;
    }
    /**
     * Starts expecting changes to these documents; returns the function that marks the writes as finished
     * (call it in a `finally`; calling it twice is harmless).
     */
    begin(writes) {
        const started = [];
        for (const w of writes) {
            const e = { text: w.text, until: undefined };
            const list = this.pending.get(w.uri) ?? [];
            list.push(e);
            this.pending.set(w.uri, list);
            started.push([w.uri, e]);
        }
        let ended = false;
        return () => {
            if (ended)
                return;
            ended = true;
            const until = this.clock() + this.graceMs;
            for (const [, e] of started)
                e.until = until;
        };
    }
    /** Whether any expectation is open; the adapter skips the lookup on the hot path otherwise. */
    get isEmpty() {
        return this.pending.size === 0;
    }
    /**
     * Whether this change of `uri` is the agent's. Call once per change event, after the event (the adapter does
     * it synchronously in `onDidChangeTextDocument`); `textAfter` is read only when an expectation carries text.
     */
    isAgentChange(uri, textAfter) {
        const list = this.live(uri);
        if (!list)
            return false;
        let text;
        for (let k = 0; k < list.length; k++) {
            const expected = list[k].text;
            if (expected === undefined)
                continue;
            text ??= textAfter();
            if (sameText(text, expected)) {
                list.splice(k, 1);
                if (list.length === 0)
                    this.pending.delete(uri);
                return true;
            }
        }
        return list.some(e => e.text === undefined);
    }
    /** Drops expired expectations everywhere; returns how many are left. */
    prune() {
        let left = 0;
        for (const uri of [...this.pending.keys()])
            left += this.live(uri)?.length ?? 0;
        return left;
    }
    live(uri) {
        const list = this.pending.get(uri);
        if (!list)
            return undefined;
        const now = this.clock();
        const kept = list.filter(e => e.until === undefined || now < e.until);
        if (kept.length === 0) {
            this.pending.delete(uri);
            return undefined;
        }
        if (kept.length === list.length)
            return list;
        this.pending.set(uri, kept);
        return kept;
    }
}
exports.AgentApplyLabels = AgentApplyLabels;
function sameText(actual, expected) {
    if (actual === expected)
        return true;
    if (!actual.includes('\r') && !expected.includes('\r'))
        return false;
    return actual.replace(/\r\n?/g, '\n') === expected.replace(/\r\n?/g, '\n');
}
//# sourceMappingURL=agentApplyLabels.js.map