"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.stagedChangeAnswer = stagedChangeAnswer;
const lineStats_1 = require("../../fs/lineStats");
const overlayToolContext_1 = require("./overlayToolContext");
/** The answer of a tool that staged content at a path: the composite change and the lines this call moved. */
function stagedChangeAnswer(ctx, p, before, after) {
    const c = ctx.overlay.model.composite(p.absolute);
    const stats = (0, lineStats_1.lineStats)(before ? new TextDecoder().decode(before) : '', after);
    if (!c) {
        return { summary: `${p.display} now equals the disk again: nothing is staged for it.`, data: { status: 'unchanged', path: p.display } };
    }
    return {
        summary: `Staged ${c.kind} of ${p.display} (+${stats.added} −${stats.removed} lines); the user reviews it before it reaches the disk.`,
        data: { status: 'staged', ...(0, overlayToolContext_1.describeChange)(ctx, c), linesAdded: stats.added, linesRemoved: stats.removed },
    };
}
//# sourceMappingURL=stagedChangeAnswer.js.map