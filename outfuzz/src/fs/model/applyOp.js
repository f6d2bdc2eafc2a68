"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.applyOp = applyOp;
const overlayError_1 = require("./overlayError");
const overlayDraft_1 = require("./overlayDraft");
const mergeRules_1 = require("./mergeRules");
const accumulator_1 = require("./accumulator");
const resolveConflict_1 = require("./resolveConflict");
/**
 * The one choke point for mutations. Deterministic: the outcome depends only on the state and the op (no
 * clock, no disk, no content reads), so replaying a persisted op log rebuilds the same model. The op runs on a
 * copy-on-write draft and is committed only if it succeeds. Returns the paths whose composites changed.
 */
function applyOp(state, op) {
    if (op.type === 'discardAll')
        return state.clear();
    const draft = new overlayDraft_1.DraftState(state);
    run(draft, op);
    return state.commit(draft);
}
function run(draft, op) {
    switch (op.type) {
        case 'stage': {
            const r = op.record;
            if (draft.record(r.id))
                throw new overlayError_1.OverlayError('CorruptState', `record ${r.id} is already staged`, { id: r.id });
            // A conflict handed back to the agent is settled by its next write there: it was shown the disk's version.
            for (const p of r.fromPath !== undefined ? [r.fromPath, r.path] : [r.path]) {
                if (draft.entry(p)?.conflict?.delegated)
                    (0, resolveConflict_1.acceptAgent)(draft, p);
            }
            draft.addRecord(r);
            (0, accumulator_1.stageRecord)(draft, r, op.identity);
            return;
        }
        case 'rebase': {
            if (!draft.entry(op.path) || !draft.entry(op.diskPath)) {
                throw new overlayError_1.OverlayError('NoChange', `no pending change at ${op.path} to rebase`, { path: op.path });
            }
            (0, accumulator_1.setBase)(draft, op.diskPath, op.base, op.identity);
            (0, accumulator_1.setContent)(draft, op.path, op.after);
            const e = draft.entry(op.path);
            if (e?.conflict?.origin === 'disk')
                draft.setEntry((0, accumulator_1.withEntry)(e, { conflict: undefined }));
            return;
        }
        case 'conflict': {
            const e = draft.entry(op.path);
            if (!e)
                throw new overlayError_1.OverlayError('NoChange', `no pending change at ${op.path}`, { path: op.path });
            draft.setEntry((0, accumulator_1.withEntry)(e, { conflict: op.conflict }));
            return;
        }
        case 'resolve':
            (0, resolveConflict_1.resolveConflict)(draft, op.path, op.resolution);
            return;
        case 'discard':
        case 'applied':
            (0, accumulator_1.discardPaths)(draft, op.paths);
            return;
        case 'discardAll':
            throw new Error('handled by applyOp');
        case 'revert':
        case 'replace':
            for (const r of op.type === 'replace' ? op.added ?? [] : []) {
                if (draft.record(r.id))
                    throw new overlayError_1.OverlayError('CorruptState', `record ${r.id} is already staged`, { id: r.id });
                draft.addRecord(r);
            }
            for (const id of op.recordIds)
                draft.removeRecord(id);
            for (const r of op.rewritten ?? []) {
                if (!draft.record(r.id))
                    throw new overlayError_1.OverlayError('CorruptState', `rewritten record ${r.id} is not staged`, { id: r.id });
                draft.rewriteRecord(r);
            }
            for (const e of op.entries)
                draft.setEntry(e);
            for (const p of op.removedPaths)
                draft.deleteEntry(p);
            return;
        default:
            (0, mergeRules_1.assertNever)(op);
    }
}
//# sourceMappingURL=applyOp.js.map