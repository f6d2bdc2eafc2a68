"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RenameFileTool = exports.RENAME_FILE_METADATA = void 0;
const overlayError_1 = require("../../fs/model/overlayError");
const overlayToolContext_1 = require("./overlayToolContext");
exports.RENAME_FILE_METADATA = {
    toolName: 'overlay_renameFile',
    displayName: 'Rename File (Agent Overlay)',
    userDescription: 'Stages a file or folder rename or move for review.',
    modelDescription: 'Renames or moves a workspace file as a STAGED change, keeping its staged edits. The destination must not exist. ' +
        'Given a directory, moves every file under it (one change per file); nothing is staged if any destination exists. ' +
        'Use this tool when you move a file to another folder or give it a better name; update its importers with overlay_editFile. ' +
        'Example: {"from": "src/utils.ts", "to": "src/util/strings.ts", "description": "Group string helpers"}.',
    inputSchema: {
        type: 'object',
        properties: {
            from: { type: 'string', description: 'Workspace-relative path of the file or directory now.' },
            to: { type: 'string', description: 'Workspace-relative path it should have.' },
            description: { type: 'string', maxLength: 500, description: 'Why, in a few words; shown to the reviewer.' },
        },
        required: ['from', 'to'],
        additionalProperties: false,
    },
    tags: ['overlay', 'files'],
};
class RenameFileTool {
    ctx;
    metadata = exports.RENAME_FILE_METADATA;
    constructor(ctx) {
        this.ctx = ctx;
    }
    invocationMessage(input) {
        return `Staging rename of ${input.from} to ${input.to}`;
    }
    async invoke(input, caller) {
        const from = await (0, overlayToolContext_1.resolveToolPath)(this.ctx, input.from, 'from');
        const to = await (0, overlayToolContext_1.resolveToolPath)(this.ctx, input.to, 'to');
        const { overlay } = this.ctx;
        let records = [];
        let isDirectory = false;
        try {
            isDirectory = overlay.stat(from.absolute).type === 'directory';
            records = overlay.rename(from.absolute, to.absolute, (0, overlayToolContext_1.metaOf)(caller, input.description, `Rename ${from.display} to ${to.display}`));
        }
        catch (e) {
            (0, overlayToolContext_1.toolErrorOf)(e, e instanceof overlayError_1.OverlayError && e.code === 'FileExists' ? (0, overlayToolContext_1.displayPath)(this.ctx, typeof e.data.path === 'string' ? e.data.path : to.absolute) : from.display);
        }
        await overlay.flush();
        if (isDirectory) {
            const moved = records.filter(r => r.operation === 'rename').map(r => ({ from: (0, overlayToolContext_1.displayPath)(this.ctx, r.fromPath), to: (0, overlayToolContext_1.displayPath)(this.ctx, r.path) }));
            return {
                summary: `Staged the move of ${moved.length} file(s) from ${from.display} to ${to.display}.`,
                data: { status: moved.length ? 'staged' : 'unchanged', operation: 'rename', fromPath: from.display, path: to.display, files: moved },
            };
        }
        const c = overlay.model.composite(to.absolute);
        return {
            summary: `Staged rename of ${from.display} to ${to.display}.`,
            data: c ? { status: 'staged', ...(0, overlayToolContext_1.describeChange)(this.ctx, c) } : { status: 'unchanged', path: to.display },
        };
    }
}
exports.RenameFileTool = RenameFileTool;
//# sourceMappingURL=renameFileTool.js.map