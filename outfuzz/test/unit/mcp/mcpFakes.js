"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.FakeTools = void 0;
const agentTool_1 = require("../../../src/tools/agentTool");
function meta(toolName, inputSchema) {
    return { toolName, displayName: `${toolName} (fake)`, modelDescription: `Fake ${toolName}. Use this tool when testing. Example: {}.`, userDescription: toolName, inputSchema, tags: ['test'] };
}
/** Records every call; `put` stores into `files` like a staging write, `fail` throws a ToolError, `boom` a plain Error. */
class FakeTools {
    calls = [];
    files = new Map();
    tools = [
        this.tool(meta('fake_put', {
            type: 'object',
            properties: { path: { type: 'string' }, content: { type: 'string', maxLength: 100 } },
            required: ['path', 'content'],
            additionalProperties: false,
        }), async (input) => {
            await new Promise(r => setTimeout(r, Math.random() * 5));
            this.files.set(input.path, input.content);
            return { summary: `Stored ${input.path}.`, data: { status: 'staged', path: input.path } };
        }),
        this.tool(meta('fake_discard', {
            type: 'object', properties: { messageId: { type: 'string' } }, additionalProperties: false,
        }), async (input, caller) => ({ summary: 'Discarded.', data: { messageId: input.messageId ?? null, session: caller.sessionId } })),
        this.tool(meta('fake_fail', { type: 'object', properties: {}, additionalProperties: false }), async () => {
            throw new agentTool_1.ToolError('NoChange', 'Nothing to do; call fake_put first.');
        }),
        this.tool(meta('fake_boom', { type: 'object', properties: {}, additionalProperties: false }), async () => {
            throw new Error('kaboom');
        }),
    ];
    tool(metadata, run) {
        return {
            metadata,
            invocationMessage: () => metadata.displayName,
            invoke: async (input, caller) => {
                this.calls.push({ tool: metadata.toolName, input, caller });
                return run(input, caller);
            },
        };
    }
}
exports.FakeTools = FakeTools;
//# sourceMappingURL=mcpFakes.js.map