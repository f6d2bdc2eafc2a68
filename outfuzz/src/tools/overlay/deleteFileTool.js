"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DeleteFileTool = exports.DELETE_FILE_METADATA = void 0;
const overlayToolContext_1 = require("./overlayToolContext");
exports.DELETE_FILE_METADATA = {
    toolName: 'overlay_deleteFile',
    displayName: 'Delete File (Agent Overlay)',
    userDescription: 'Stages the deletion of a file, or of every file in a folder, for review.',
    modelDescription: 'Deletes a workspace file as a STAGED change: the file stays on disk until the user applies the deletion, but your reads no longer see it. ' +
        'Given a directory, stages the deletion of every file under it (one change per file) and lists them. ' +
        'Use this tool when a file is no longer needed (e.g. after moving its code elsewhere). ' +
        'Example: {"path": "src/legacy/oldHelper.ts", "description": "Replaced by src/util/helper.ts"}.',
    inputSchema: {
        type: 'object',
        properties: {
            path: { type: 'string', description: 'Workspace-relative path of the file or directory, e.g. "src/old.ts".' },
            description: { type: 'string', maxLength: 500, description: 'Why, in a few words; shown to the reviewer.' },
        },
        required: ['path'],
        additionalProperties: false,
    },
    tags: ['overlay', 'files'],
};
class DeleteFileTool {
    ctx;
    metadata = exports.DELETE_FILE_METADATA;
    constructor(ctx) {
        this.ctx = ctx;
    }
    invocationMessage(input) {
        return `Staging deletion of ${input.path}`;
    }
    async invoke(input, caller) {
        const p = await (0, overlayToolContext_1.resolveToolPath)(this.ctx, input.path);
        const { overlay } = this.ctx;
        let records = [];
        let isDirectory = false;
        try {
            isDirectory = overlay.stat(p.absolute).type === 'directory';
            records = overlay.delete(p.absolute, (0, overlayToolContext_1.metaOf)(caller, input.description, `Delete ${p.display}`), { recursive: true });
        }
        catch (e) {
            (0, overlayToolContext_1.toolErrorOf)(e, p.display);
        }
        await overlay.flush();
        if (isDirectory)
            return directoryAnswer(this.ctx, p.display, records);
        const c = overlay.model.composite(p.absolute);
        return {
            summary: c ? `Staged deletion of ${p.display}; the file stays on disk until the user applies it.` : `${p.display} was only ever staged, so it is simply gone.`,
            data: c ? { status: 'staged', ...(0, overlayToolContext_1.describeChange)(this.ctx, c) } : { status: 'unstaged', path: p.display },
        };
    }
}
exports.DeleteFileTool = DeleteFileTool;
function directoryAnswer(ctx, display, records) {
    const files = records.map(r => (0, overlayToolContext_1.displayPath)(ctx, r.path));
    if (files.length === 0)
        return { summary: `${display} holds no files; there is nothing to delete.`, data: { status: 'unchanged', path: display, files } };
    return {
        summary: `Staged deletion of ${files.length} file(s) under ${display}; they stay on disk until the user applies it.`,
        data: { status: 'staged', operation: 'delete', path: display, files },
    };
}
//# sourceMappingURL=deleteFileTool.js.map