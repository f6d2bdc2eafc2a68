"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DraftState = void 0;
/** Above any committed record's order (those count up from 0). */
const ADDED_ORDER = Number.MAX_SAFE_INTEGER / 2;
/** Copy-on-write draft over a state: collects changed entries, added and removed records. */
class DraftState {
    base;
    /** path → new entry, or null when deleted. */
    changed = new Map();
    removedRecords = new Set();
    addedRecords = [];
    rewrittenRecords = new Map();
    addedById = new Map();
    constructor(base) {
        this.base = base;
    }
    entry(path) {
        const c = this.changed.get(path);
        if (c === null)
            return undefined;
        return c ?? this.base.entry(path);
    }
    setEntry(entry) {
        this.changed.set(entry.path, entry);
    }
    deleteEntry(path) {
        this.changed.set(path, null);
    }
    record(id) {
        if (this.removedRecords.has(id))
            return undefined;
        return this.rewrittenRecords.get(id) ?? this.addedById.get(id)?.record ?? this.base.record(id);
    }
    order(id) {
        return this.addedById.get(id)?.order ?? this.base.order(id);
    }
    /** A record staged by this op: it orders after every committed one. */
    addRecord(record) {
        this.addedRecords.push(record);
        this.addedById.set(record.id, { record, order: ADDED_ORDER + this.addedRecords.length });
    }
    removeRecord(id) {
        this.removedRecords.add(id);
    }
    rewriteRecord(record) {
        this.rewrittenRecords.set(record.id, record);
    }
}
exports.DraftState = DraftState;
//# sourceMappingURL=overlayDraft.js.map