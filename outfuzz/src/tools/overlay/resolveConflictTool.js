"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ResolveConflictTool = exports.RESOLVE_CONFLICT_METADATA = void 0;
const agentTool_1 = require("../agentTool");
const stagedChangeAnswer_1 = require("./stagedChangeAnswer");
const overlayToolContext_1 = require("./overlayToolContext");
const writeFileTool_1 = require("./writeFileTool");
exports.RESOLVE_CONFLICT_METADATA = {
    toolName: 'overlay_resolveConflict',
    displayName: 'Resolve Conflict (Agent Overlay)',
    userDescription: "Settles a conflict with the agent's merged content (still staged for review).",
    modelDescription: 'Settles a conflict on a file by giving its merged content, which becomes the staged version (still reviewed by the user before it reaches the disk). ' +
        'Use this tool after overlay_getConflict, when you have merged your change with the disk version; keep the user\'s disk changes unless they contradict the task. ' +
        'The content must not contain conflict markers. Example: {"path": "src/app.ts", "content": "<the whole merged file>"}.',
    inputSchema: {
        type: 'object',
        properties: {
            path: { type: 'string', description: 'Workspace-relative path of the conflicted file.' },
            content: { type: 'string', maxLength: overlayToolContext_1.MAX_CONTENT_CHARS, description: 'The complete merged content.' },
        },
        required: ['path', 'content'],
        additionalProperties: false,
    },
    tags: ['overlay', 'conflicts'],
};
class ResolveConflictTool {
    ctx;
    metadata = exports.RESOLVE_CONFLICT_METADATA;
    constructor(ctx) {
        this.ctx = ctx;
    }
    invocationMessage(input) {
        return `Resolving the conflict on ${input.path}`;
    }
    async invoke(input) {
        const p = await (0, overlayToolContext_1.resolveToolPath)(this.ctx, input.path);
        const { overlay } = this.ctx;
        if (!overlay.model.composite(p.absolute)?.conflict)
            throw new agentTool_1.ToolError('NoConflict', `${p.display} has no conflict to resolve.`);
        if (/^(<{7}|={7}|>{7}|\|{7})( |$)/m.test(input.content)) {
            throw new agentTool_1.ToolError('ConflictMarkers', 'The content still contains conflict markers (<<<<<<<, =======, >>>>>>>). Merge the regions and send the final text.');
        }
        const encoded = (0, overlayToolContext_1.encodeUtf8)(input.content, 'content');
        const before = (0, writeFileTool_1.readOrUndefined)(this.ctx, p.absolute);
        try {
            overlay.model.resolveManually(p.absolute, encoded);
        }
        catch (e) {
            (0, overlayToolContext_1.toolErrorOf)(e, p.display);
        }
        await overlay.flush();
        return (0, stagedChangeAnswer_1.stagedChangeAnswer)(this.ctx, p, before, input.content);
    }
}
exports.ResolveConflictTool = ResolveConflictTool;
//# sourceMappingURL=resolveConflictTool.js.map