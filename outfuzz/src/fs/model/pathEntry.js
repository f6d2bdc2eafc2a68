"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.isTransparent = isTransparent;
exports.isListed = isListed;
exports.sameIdentity = sameIdentity;
/**
 * True when the entry has no visible effect: a change undone (base = after) or a create deleted again, with no
 * rename link and no conflict. Such an entry reads through to the disk and is not listed, and survives only so
 * its records can be pruned.
 */
function isTransparent(entry) {
    if (entry.movedFrom !== undefined || entry.movedTo !== undefined || entry.conflict)
        return false;
    const s = entry.state;
    return s.kind === 'cancelled' || (s.kind === 'modified' && s.base === s.after);
}
/**
 * True when the entry is listed as a composite of its own. The source of a rename (absent, its file moved) is
 * shown as part of the destination's rename instead.
 */
function isListed(entry) {
    if (entry.conflict)
        return true;
    if (isTransparent(entry))
        return false;
    if (entry.movedTo !== undefined && (entry.state.kind === 'deleted' || entry.state.kind === 'cancelled'))
        return false;
    return entry.state.kind !== 'cancelled';
}
function sameIdentity(a, b) {
    return a !== undefined && b !== undefined && a.dev === b.dev && a.ino === b.ino;
}
//# sourceMappingURL=pathEntry.js.map