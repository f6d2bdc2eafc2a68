"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ReadFileTool = exports.READ_FILE_METADATA = void 0;
const agentTool_1 = require("../agentTool");
const getConflictTool_1 = require("./getConflictTool");
const overlayToolContext_1 = require("./overlayToolContext");
exports.READ_FILE_METADATA = {
    toolName: 'overlay_readFile',
    displayName: 'Read File (Agent Overlay)',
    userDescription: "Reads a workspace file as the agent sees it: the disk plus the agent's staged changes.",
    modelDescription: 'Reads a text file of the workspace as you (the agent) see it: your staged changes included, which are not on disk yet. ' +
        'Use this tool when you need the current content of a file before editing it, or to check what you staged. ' +
        'The result says whether the content is staged and whether the file is in conflict with a change the user made on disk; ' +
        'in that case call overlay_getConflict. Lines are 1-based and inclusive. ' +
        'Example: {"path": "src/app.ts", "startLine": 1, "endLine": 40}.',
    inputSchema: {
        type: 'object',
        properties: {
            path: { type: 'string', description: 'Workspace-relative path, e.g. "src/app.ts" (multi-root: "folderName/src/app.ts").' },
            startLine: { type: 'integer', minimum: 1, description: 'First line to return (1-based). Default 1.' },
            endLine: { type: 'integer', minimum: 1, description: 'Last line to return (inclusive). Default: the last line.' },
        },
        required: ['path'],
        additionalProperties: false,
    },
    tags: ['overlay', 'files'],
};
class ReadFileTool {
    ctx;
    metadata = exports.READ_FILE_METADATA;
    constructor(ctx) {
        this.ctx = ctx;
    }
    invocationMessage(input) {
        return `Reading ${input.path}`;
    }
    async invoke(input) {
        const p = await (0, overlayToolContext_1.resolveToolPath)(this.ctx, input.path);
        const { overlay } = this.ctx;
        const text = (0, overlayToolContext_1.readText)(this.ctx, p);
        const lines = text.split(/(?<=\n)/);
        const start = input.startLine ?? 1;
        const end = Math.min(input.endLine ?? lines.length, lines.length);
        if (input.endLine !== undefined && input.endLine < start)
            throw new agentTool_1.ToolError('InvalidInput', `endLine (${input.endLine}) is before startLine (${start}).`);
        const composite = overlay.model.composite(p.absolute);
        const conflict = composite?.conflict;
        return {
            summary: `Content of ${p.display}${composite ? ' (with your staged changes)' : ''}${conflict?.delegated ? ` — IN CONFLICT (${conflict.kind}), handed to you to resolve: conflict holds base, your version and the disk's` : conflict ? ` — IN CONFLICT (${conflict.kind}): call overlay_getConflict` : ''}.`,
            data: {
                path: p.display,
                staged: !!composite,
                totalLines: lines.length,
                startLine: start,
                endLine: end,
                content: lines.slice(start - 1, end).join(''),
                // Delegated to the agent by the user (SPEC §2): the versions come with the read, ready to resolve.
                ...(conflict?.delegated ? { conflict: { ...(0, getConflictTool_1.conflictData)(this.ctx, p), delegated: true, next: `Merge and send the result with overlay_resolveConflict {"path": "${p.display}", "content": …}.` } }
                    : conflict ? { conflict: { kind: conflict.kind, next: `Call overlay_getConflict {"path": "${p.display}"} to see base, your version and the disk's.` } } : {}),
            },
        };
    }
}
exports.ReadFileTool = ReadFileTool;
//# sourceMappingURL=readFileTool.js.map