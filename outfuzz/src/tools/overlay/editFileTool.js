"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EditFileTool = exports.EDIT_FILE_METADATA = void 0;
const agentTool_1 = require("../agentTool");
const stagedChangeAnswer_1 = require("./stagedChangeAnswer");
const overlayToolContext_1 = require("./overlayToolContext");
exports.EDIT_FILE_METADATA = {
    toolName: 'overlay_editFile',
    displayName: 'Edit File (Agent Overlay)',
    userDescription: 'Stages a find-and-replace edit of a file for review.',
    modelDescription: 'Replaces an exact piece of text in a workspace file, as a STAGED change the user reviews before it reaches the disk. ' +
        'Use this tool when you change part of a file: oldString must appear exactly once (include a few surrounding lines to make it unique), ' +
        'or set replaceAll to change every occurrence. Whitespace and line endings must match exactly; read the file with overlay_readFile first. ' +
        'Example: {"path": "src/app.ts", "oldString": "const port = 3000;", "newString": "const port = Number(process.env.PORT ?? 3000);", "description": "Port from env"}.',
    inputSchema: {
        type: 'object',
        properties: {
            path: { type: 'string', description: 'Workspace-relative path, e.g. "src/app.ts".' },
            oldString: { type: 'string', minLength: 1, maxLength: overlayToolContext_1.MAX_CONTENT_CHARS, description: 'The exact text to replace.' },
            newString: { type: 'string', maxLength: overlayToolContext_1.MAX_CONTENT_CHARS, description: 'The text to put in its place.' },
            replaceAll: { type: 'boolean', description: 'Replace every occurrence instead of exactly one. Default false.' },
            description: { type: 'string', maxLength: 500, description: 'Why, in a few words; shown to the reviewer.' },
        },
        required: ['path', 'oldString', 'newString'],
        additionalProperties: false,
    },
    tags: ['overlay', 'files', 'edit'],
};
class EditFileTool {
    ctx;
    metadata = exports.EDIT_FILE_METADATA;
    constructor(ctx) {
        this.ctx = ctx;
    }
    invocationMessage(input) {
        return `Editing ${input.path}`;
    }
    async invoke(input, caller) {
        const p = await (0, overlayToolContext_1.resolveToolPath)(this.ctx, input.path);
        const { overlay } = this.ctx;
        (0, overlayToolContext_1.encodeUtf8)(input.newString, 'newString');
        const { bytes, text } = (0, overlayToolContext_1.readTextWithBytes)(this.ctx, p);
        const count = text.split(input.oldString).length - 1;
        if (count === 0) {
            throw new agentTool_1.ToolError('OldStringNotFound', `oldString was not found in ${p.display}. Read the file with overlay_readFile and copy the text exactly, including whitespace and line endings.`);
        }
        if (count > 1 && !input.replaceAll) {
            throw new agentTool_1.ToolError('OldStringAmbiguous', `oldString appears ${count} times in ${p.display}. Include more surrounding lines so it appears once, or set replaceAll to true.`, { occurrences: count });
        }
        const next = input.replaceAll ? text.split(input.oldString).join(input.newString) : text.replace(input.oldString, () => input.newString);
        const encoded = (0, overlayToolContext_1.encodeUtf8)(next, 'The edited text');
        try {
            overlay.write(p.absolute, encoded, (0, overlayToolContext_1.metaOf)(caller, input.description, `Edit ${p.display}`));
        }
        catch (e) {
            (0, overlayToolContext_1.toolErrorOf)(e, p.display);
        }
        await overlay.flush();
        return (0, stagedChangeAnswer_1.stagedChangeAnswer)(this.ctx, p, bytes, next);
    }
}
exports.EditFileTool = EditFileTool;
//# sourceMappingURL=editFileTool.js.map