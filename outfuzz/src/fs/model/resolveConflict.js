"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.resolveConflict = resolveConflict;
exports.acceptAgent = acceptAgent;
const overlayError_1 = require("./overlayError");
const mergeRules_1 = require("./mergeRules");
const accumulator_1 = require("./accumulator");
function resolveConflict(draft, path, resolution) {
    const e = draft.entry(path);
    if (!e?.conflict)
        throw new overlayError_1.OverlayError('NoConflict', `${path} has no conflict to resolve`, { path });
    switch (resolution.kind) {
        case 'acceptAgent':
            acceptAgent(draft, path);
            return;
        case 'acceptDisk':
            (0, accumulator_1.discardPaths)(draft, [path]);
            return;
        case 'manual':
            acceptAgent(draft, path);
            (0, accumulator_1.setContent)(draft, path, resolution.content);
            return;
        case 'delegate':
            draft.setEntry((0, accumulator_1.withEntry)(e, { conflict: { ...e.conflict, delegated: true } }));
            return;
        default:
            (0, mergeRules_1.assertNever)(resolution);
    }
}
/**
 * Keeps the staged content and clears the conflict. For a disk conflict the disk's current state becomes the
 * baseline, so Apply's safety check passes and writes the agent's version over it — the person chose that.
 */
function acceptAgent(draft, path) {
    const e = draft.entry(path);
    const c = e?.conflict;
    if (!e || !c)
        return;
    if (c.origin === 'disk' && c.diskPath !== undefined && draft.entry(c.diskPath)) {
        (0, accumulator_1.setBase)(draft, c.diskPath, c.theirs, c.theirsIdentity);
    }
    const fresh = draft.entry(path);
    if (fresh)
        draft.setEntry((0, accumulator_1.withEntry)(fresh, { conflict: undefined }));
}
//# sourceMappingURL=resolveConflict.js.map