"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RequestRemovalDetector = void 0;
exports.findRemovedRequests = findRemovedRequests;
/**
 * Which requests of a chat session disappeared between two reads of it, so the overlay can prune the changes
 * staged by those requests (SPEC §2 "Deleting a conversation message prunes that message's changes").
 * VS Code removes requests when the user deletes one (and every later one) or edits and resends an earlier
 * request (which replaces it and everything after it with new ids), and all of them when a session is deleted.
 */
function findRemovedRequests(previous, next) {
    const still = new Set(next);
    const seen = new Set();
    const removed = [];
    for (const id of previous) {
        if (still.has(id) || seen.has(id))
            continue;
        seen.add(id);
        removed.push(id);
    }
    return removed;
}
/** Remembers each session's request ids and reports the ones that vanish. */
class RequestRemovalDetector {
    known = new Map();
    /**
     * Records the session's current request ids and returns those known before and gone now. The first update
     * of a session returns none: there is nothing to compare with.
     */
    update(sessionId, requestIds) {
        const previous = this.known.get(sessionId);
        this.known.set(sessionId, [...requestIds]);
        return previous ? findRemovedRequests(previous, requestIds) : [];
    }
    /** The session itself is gone (its file was deleted): all its known requests are removed. */
    removeSession(sessionId) {
        const previous = this.known.get(sessionId) ?? [];
        this.known.delete(sessionId);
        return findRemovedRequests(previous, []);
    }
    knownRequests(sessionId) {
        return this.known.get(sessionId);
    }
}
exports.RequestRemovalDetector = RequestRemovalDetector;
//# sourceMappingURL=requestRemovalDetector.js.map