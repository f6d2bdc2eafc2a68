"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.planRevert = planRevert;
exports.recordsShownBy = recordsShownBy;
const replay_1 = require("./replay");
/**
 * Takes records out (prune a message, discard a change, a session or composites) and replays what survives on the
 * paths they touched (see `replay.ts`): later changes are rebased onto the state without them, and what cannot be
 * rebased becomes a `prune` conflict. Paths outside the records' components are left alone. Pure: returns the op.
 */
function planRevert(view, records, selector, store, merge) {
    const live = records.filter((r) => view.record(r.id));
    const seeds = new Set();
    for (const r of live) {
        seeds.add(r.path);
        if (r.fromPath !== undefined)
            seeds.add(r.fromPath);
    }
    const result = (0, replay_1.replayComponent)(view, seeds, store, { removed: new Set(live.map((r) => r.id)), origin: 'prune' }, merge);
    return {
        op: {
            type: 'revert',
            selector,
            recordIds: result.removedRecordIds,
            entries: result.entries,
            removedPaths: result.removedPaths,
            rewritten: result.rewritten,
        },
        conflicts: result.conflicts,
    };
}
/**
 * What "Discard" on composites takes out: every record at those paths and every record whose content they show
 * (a rename's source history), except what another path of the component still shows (a file created here and
 * moved on keeps its creation).
 */
function recordsShownBy(view, paths, store) {
    const now = (0, replay_1.replayComponent)(view, paths, store, { origin: 'prune' });
    const chosen = new Set(paths);
    const take = new Set();
    for (const p of paths) {
        for (const id of view.entry(p)?.recordIds ?? [])
            take.add(id);
        for (const id of now.provenance.get(p) ?? [])
            take.add(id);
    }
    for (const [p, ids] of now.provenance) {
        if (chosen.has(p))
            continue;
        for (const id of ids)
            take.delete(id);
    }
    return now.records.filter((r) => take.has(r.id));
}
//# sourceMappingURL=planRevert.js.map