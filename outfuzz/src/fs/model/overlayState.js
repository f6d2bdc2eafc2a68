"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.OverlayState = exports.SNAPSHOT_VERSION = void 0;
exports.SNAPSHOT_VERSION = 1;
/** The live model data: entries by path, records in staging order, and indexes by message and session. */
class OverlayState {
    entries = new Map();
    records = new Map();
    orders = new Map();
    nextOrder = 0;
    byMessage = new Map();
    bySession = new Map();
    entry(path) {
        return this.entries.get(path);
    }
    record(id) {
        return this.records.get(id);
    }
    order(id) {
        return this.orders.get(id) ?? -1;
    }
    allEntries() {
        return this.entries.values();
    }
    get entryCount() {
        return this.entries.size;
    }
    allRecords() {
        return this.records.values();
    }
    /** Records a selector picks, oldest first. */
    select(selector) {
        let ids;
        switch (selector.kind) {
            case 'change':
                ids = this.records.has(selector.id) ? [selector.id] : [];
                break;
            case 'message': {
                const all = this.byMessage.get(selector.messageId) ?? [];
                ids = selector.sessionId === undefined ? all : [...all].filter((id) => this.records.get(id)?.sessionId === selector.sessionId);
                break;
            }
            case 'paths':
                ids = [];
                break;
            case 'session':
                ids = this.bySession.get(selector.sessionId) ?? [];
                break;
        }
        return [...ids].map((id) => this.records.get(id)).sort((a, b) => this.order(a.id) - this.order(b.id));
    }
    /** Installs a draft's changes; returns the paths whose entries changed. */
    commit(draft) {
        for (const id of draft.removedRecords)
            this.removeRecord(id);
        for (const r of draft.addedRecords)
            if (!draft.removedRecords.has(r.id))
                this.addRecord(draft.rewrittenRecords.get(r.id) ?? r);
        for (const [id, r] of draft.rewrittenRecords)
            if (this.records.has(id) && !draft.removedRecords.has(id))
                this.records.set(id, r);
        for (const [path, e] of draft.changed) {
            if (e)
                this.entries.set(path, e);
            else
                this.entries.delete(path);
        }
        return [...draft.changed.keys()];
    }
    clear() {
        const paths = [...this.entries.keys()];
        this.entries.clear();
        this.records.clear();
        this.orders.clear();
        this.byMessage.clear();
        this.bySession.clear();
        return paths;
    }
    snapshot() {
        return { version: exports.SNAPSHOT_VERSION, records: [...this.records.values()], entries: [...this.entries.values()] };
    }
    /** Replaces everything with a (validated) snapshot. */
    load(snapshot) {
        this.clear();
        for (const r of snapshot.records)
            this.addRecord(r);
        for (const e of snapshot.entries)
            this.entries.set(e.path, e);
    }
    addRecord(r) {
        this.records.set(r.id, r);
        this.orders.set(r.id, this.nextOrder++);
        index(this.byMessage, r.messageId, r.id);
        index(this.bySession, r.sessionId, r.id);
    }
    removeRecord(id) {
        const r = this.records.get(id);
        if (!r)
            return;
        this.records.delete(id);
        this.orders.delete(id);
        unindex(this.byMessage, r.messageId, id);
        unindex(this.bySession, r.sessionId, id);
    }
}
exports.OverlayState = OverlayState;
function index(map, key, id) {
    let s = map.get(key);
    if (!s)
        map.set(key, (s = new Set()));
    s.add(id);
}
function unindex(map, key, id) {
    const s = map.get(key);
    if (!s)
        return;
    s.delete(id);
    if (s.size === 0)
        map.delete(key);
}
//# sourceMappingURL=overlayState.js.map