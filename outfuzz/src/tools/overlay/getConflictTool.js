"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GetConflictTool = exports.GET_CONFLICT_METADATA = void 0;
exports.conflictData = conflictData;
const agentTool_1 = require("../agentTool");
const overlayToolContext_1 = require("./overlayToolContext");
exports.GET_CONFLICT_METADATA = {
    toolName: 'overlay_getConflict',
    displayName: 'Get Conflict (Agent Overlay)',
    userDescription: 'Shows the base, agent and disk versions of a conflicted file.',
    modelDescription: 'Shows a conflict between your staged change and what happened on disk meanwhile (the user edited, deleted, created or renamed the file): ' +
        'the base version your change started from, your staged version, the disk version, and a merge with conflict markers ' +
        '(<<<<<<< agent / ||||||| base / ======= / >>>>>>> disk). Use this tool when overlay_readFile or overlay_listChanges reports a conflict; ' +
        'then write the merged result with overlay_resolveConflict. Example: {"path": "src/app.ts"}.',
    inputSchema: {
        type: 'object',
        properties: { path: { type: 'string', description: 'Workspace-relative path of the conflicted file.' } },
        required: ['path'],
        additionalProperties: false,
    },
    tags: ['overlay', 'conflicts'],
};
const decode = (b) => (b === undefined ? null : new TextDecoder().decode(b));
class GetConflictTool {
    ctx;
    metadata = exports.GET_CONFLICT_METADATA;
    constructor(ctx) {
        this.ctx = ctx;
    }
    invocationMessage(input) {
        return `Reading the conflict on ${input.path}`;
    }
    async invoke(input) {
        const p = await (0, overlayToolContext_1.resolveToolPath)(this.ctx, input.path);
        const { model } = this.ctx.overlay;
        if (!model.composite(p.absolute)?.conflict)
            throw new agentTool_1.ToolError('NoConflict', `${p.display} has no conflict. overlay_listChanges shows which files do.`);
        return {
            summary: `Conflict on ${p.display} (${model.composite(p.absolute).conflict.kind}): base, your version (agent) and the disk's. Resolve with overlay_resolveConflict.`,
            data: conflictData(this.ctx, p),
        };
    }
}
exports.GetConflictTool = GetConflictTool;
/** Base, agent and disk versions of the conflict at `p` (and the marked-up merge): what the agent resolves from. */
function conflictData(ctx, p) {
    let d;
    try {
        d = ctx.overlay.model.conflictDetails(p.absolute);
    }
    catch (e) {
        (0, overlayToolContext_1.toolErrorOf)(e, p.display);
    }
    return {
        path: p.display,
        kind: d.kind,
        binary: d.binary,
        ...(d.theirsPath ? { diskPath: (0, overlayToolContext_1.displayPath)(ctx, d.theirsPath) } : {}),
        base: d.binary ? null : decode(d.base),
        agent: d.binary ? null : decode(d.ours),
        disk: d.binary ? null : decode(d.theirs),
        ...(d.merge?.kind === 'conflict' ? { markedUp: d.merge.markedUp, regions: d.merge.regions.length } : {}),
        ...(d.merge?.kind === 'clean' ? { merged: d.merge.text } : {}),
    };
}
//# sourceMappingURL=getConflictTool.js.map