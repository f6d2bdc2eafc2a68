"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.WriteFileTool = exports.WRITE_FILE_METADATA = void 0;
exports.readOrUndefined = readOrUndefined;
const stagedChangeAnswer_1 = require("./stagedChangeAnswer");
const overlayToolContext_1 = require("./overlayToolContext");
exports.WRITE_FILE_METADATA = {
    toolName: 'overlay_writeFile',
    displayName: 'Write File (Agent Overlay)',
    userDescription: 'Stages a whole-file write for review; nothing reaches the disk until the user applies it.',
    modelDescription: 'Creates or replaces a text file in the workspace as a STAGED change: the user reviews it in Source Control and applies or discards it; ' +
        'your later reads already see it. Use this tool when you create a new file or rewrite most of one; for small changes prefer overlay_editFile. ' +
        'Give a short description of why; it is shown to the reviewer. ' +
        'Example: {"path": "src/util/slug.ts", "content": "export function slug(s: string) {\\n  return s.toLowerCase();\\n}\\n", "description": "Add slug helper"}.',
    inputSchema: {
        type: 'object',
        properties: {
            path: { type: 'string', description: 'Workspace-relative path, e.g. "src/app.ts".' },
            content: { type: 'string', maxLength: overlayToolContext_1.MAX_CONTENT_CHARS, description: 'The complete new content of the file.' },
            description: { type: 'string', maxLength: 500, description: 'Why, in a few words; shown to the reviewer.' },
        },
        required: ['path', 'content'],
        additionalProperties: false,
    },
    tags: ['overlay', 'files', 'edit'],
};
class WriteFileTool {
    ctx;
    metadata = exports.WRITE_FILE_METADATA;
    constructor(ctx) {
        this.ctx = ctx;
    }
    invocationMessage(input) {
        return `Staging ${input.path}`;
    }
    async invoke(input, caller) {
        const p = await (0, overlayToolContext_1.resolveToolPath)(this.ctx, input.path);
        const { overlay } = this.ctx;
        const encoded = (0, overlayToolContext_1.encodeUtf8)(input.content, 'content');
        const before = readOrUndefined(this.ctx, p.absolute);
        try {
            overlay.write(p.absolute, encoded, (0, overlayToolContext_1.metaOf)(caller, input.description, `Write ${p.display}`));
        }
        catch (e) {
            (0, overlayToolContext_1.toolErrorOf)(e, p.display);
        }
        await overlay.flush();
        return (0, stagedChangeAnswer_1.stagedChangeAnswer)(this.ctx, p, before, input.content);
    }
}
exports.WriteFileTool = WriteFileTool;
function readOrUndefined(ctx, absolute) {
    try {
        return ctx.overlay.readFile(absolute);
    }
    catch {
        return undefined;
    }
}
//# sourceMappingURL=writeFileTool.js.map