"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.planStageOverMovedDisk = planStageOverMovedDisk;
const mergeRules_1 = require("./mergeRules");
const pathEntry_1 = require("./pathEntry");
const accumulator_1 = require("./accumulator");
const overlayDraft_1 = require("./overlayDraft");
const replay_1 = require("./replay");
/**
 * What each path of a record saw before it (read through to the disk where nothing is staged): a rename's
 * destination was free.
 */
function seenBy(record) {
    return record.operation === 'rename' && record.fromPath !== undefined
        ? [[record.fromPath, record.before], [record.path, null]]
        : [[record.path, record.before]];
}
/**
 * A record staged where the overlay reads through to the disk (its records cancel out) but the disk moved on
 * since they were staged: the agent saw the disk's file, so the path's baseline becomes what the disk has now
 * and the whole component is replayed from it, the new record last. Folding the record onto the old state would
 * restart that one path alone and leave the records that link it elsewhere (a rename there and back) replaying
 * from a baseline that no longer exists. Undefined when no path of the record needs it (the usual case: the
 * accumulator folds the record in directly).
 */
function planStageOverMovedDisk(view, record, identityOf, store, merge) {
    const moved = seenBy(record).filter(([p, seen]) => {
        const e = view.entry(p);
        return e !== undefined && (0, pathEntry_1.isTransparent)(e) && ((0, mergeRules_1.afterOf)(e.state) ?? null) !== seen;
    });
    if (moved.length === 0)
        return undefined;
    const draft = new overlayDraft_1.DraftState(view);
    draft.addRecord(record);
    for (const [p, seen] of seenBy(record)) {
        const e = draft.entry(p);
        const identity = seen === null ? undefined : identityOf(p);
        draft.setEntry(e
            ? (0, accumulator_1.withEntry)(e, { recordIds: [...e.recordIds, record.id] })
            : (0, accumulator_1.makeEntry)({ path: p, state: (0, mergeRules_1.stateOf)(seen, seen), recordIds: [record.id], ...(identity ? { identity } : {}) }));
    }
    const baselines = new Map(moved.map(([p, seen]) => {
        const identity = seen === null ? undefined : identityOf(p);
        return [p, { base: seen, ...(identity ? { identity } : {}) }];
    }));
    const result = (0, replay_1.replayComponent)(draft, seenBy(record).map(([p]) => p), store, { origin: 'prune', baselines }, merge);
    return { type: 'replace', reason: 'stage', added: [record], recordIds: [], rewritten: result.rewritten, entries: result.entries, removedPaths: result.removedPaths };
}
//# sourceMappingURL=planStage.js.map