"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryViewRegistry = exports.MAX_HISTORY_VIEWS = void 0;
const uuid_1 = require("uuid");
exports.MAX_HISTORY_VIEWS = 256;
class HistoryViewRegistry {
    newId;
    max;
    views = new Map();
    constructor(newId = uuid_1.v4, max = exports.MAX_HISTORY_VIEWS) {
        this.newId = newId;
        this.max = max;
    }
    /** Registers a view; `id` defaults to a fresh uuid (an agent grant's view reuses the grant id). */
    add(view) {
        const full = { ...view, id: (view.id ?? this.newId()).toLowerCase() };
        this.views.delete(full.id);
        this.views.set(full.id, full);
        // Bounded: the oldest views go first (their editors, if still open, then show NoPermissions).
        while (this.views.size > this.max)
            this.views.delete(this.views.keys().next().value);
        return full;
    }
    get(id) {
        return this.views.get(id.toLowerCase());
    }
    delete(id) {
        return this.views.delete(id.toLowerCase());
    }
    /** Drops every view of this origin (e.g. all agent-grant views when the grants are cleared). */
    clear(origin) {
        if (!origin)
            return this.views.clear();
        for (const [id, v] of this.views)
            if (v.origin === origin)
                this.views.delete(id);
    }
    get size() {
        return this.views.size;
    }
    values() {
        return this.views.values();
    }
}
exports.HistoryViewRegistry = HistoryViewRegistry;
//# sourceMappingURL=historyViewRegistry.js.map