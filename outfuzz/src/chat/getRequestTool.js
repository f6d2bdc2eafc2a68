"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GetRequestTool = exports.GET_REQUEST_TOOL = exports.GET_REQUEST_MODEL_DESCRIPTION = exports.GET_REQUEST_INPUT_SCHEMA = void 0;
const chatTool_1 = require("./chatTool");
exports.GET_REQUEST_INPUT_SCHEMA = {
    type: 'object',
    properties: {
        index: {
            type: 'number',
            description: 'Required: Position of the request (1-based). 1 = first request, 2 = second, etc.',
        },
        sessionId: {
            type: 'string',
            description: 'Optional: Dialog session ID. If omitted, uses current active dialog.',
        },
    },
    required: ['index'],
};
exports.GET_REQUEST_MODEL_DESCRIPTION = `Retrieves a specific user request by position from a VS Code chat dialog (the chat session this conversation lives in, or another one by its session ID).

**Use this tool when:**
- You need to recall a specific request from the dialog history (for example after context compression)
- User asks about their Nth question or request
- You need to reference a particular point in the conversation, or the full text of the first request (index 1)

**Parameters:**
- index (required): Position of the request (1-based, where 1 is the first request)
- sessionId (optional): Specific dialog session ID. If not provided, uses current active dialog.

**Returns:**
JSON with:
- success: boolean
- sessionId: string (if found)
- request: string (full request message)
- index: number (the requested position)
- timestamp: number (Unix ms), or null if the dialog did not record it
- totalRequests: number (total requests in dialog)
- error: string (if failed): "Index must be 1 or greater", "Index {n} exceeds total requests ({total})" (call again with an index from 1 to total), "No active dialog found", "Session not found: {id}", "Chat data not available for session" or "Service temporarily unavailable"

**Example usage scenarios:**
1. Get 2nd request from current dialog:
   Call with { "index": 2 }

2. Get 3rd request from specific dialog:
   Call with { "index": 3, "sessionId": "abc-123-def-456" }`;
exports.GET_REQUEST_TOOL = {
    toolName: 'chat_getRequest',
    displayName: 'Get chat request by position',
    toolReferenceName: 'chatRequest',
    userDescription: 'Recalls the full text of your Nth request in this chat (or another chat session).',
    modelDescription: exports.GET_REQUEST_MODEL_DESCRIPTION,
    tags: ['chat'],
    inputSchema: exports.GET_REQUEST_INPUT_SCHEMA,
};
/** `chat_getRequest {index, sessionId?}` (SPEC §5). */
class GetRequestTool extends chatTool_1.ChatTool {
    static toolName = exports.GET_REQUEST_TOOL.toolName;
    definition = exports.GET_REQUEST_TOOL;
    parseInput(input) {
        const record = (0, chatTool_1.inputRecord)(input);
        const sessionId = (0, chatTool_1.optionalSessionId)(record);
        let index = record.index;
        // Models now and then send numbers as strings ("2"); accept those, nothing looser.
        if (typeof index === 'string' && /^\s*[+-]?\d+\s*$/.test(index))
            index = Number(index);
        if (index === undefined || index === null)
            throw new chatTool_1.ChatToolError('invalidInput', 'Invalid input: index is required (1 = first request)');
        if (typeof index !== 'number' || !Number.isInteger(index)) {
            throw new chatTool_1.ChatToolError('invalidInput', 'Invalid input: index must be a whole number (1 = first request)');
        }
        return sessionId === undefined ? { index } : { index, sessionId };
    }
    async call(input, context) {
        if (input.index < 1)
            throw new chatTool_1.ChatToolError('indexTooSmall', chatTool_1.CHAT_TOOL_ERRORS.indexTooSmall);
        const session = await this.resolveSession(input.sessionId, context);
        const total = session.requests.length;
        if (input.index > total)
            throw new chatTool_1.ChatToolError('indexTooLarge', chatTool_1.CHAT_TOOL_ERRORS.indexTooLarge(input.index, total));
        const request = session.requests[input.index - 1];
        return {
            sessionId: session.sessionId,
            request: request.text,
            index: input.index,
            timestamp: request.timestamp ?? null,
            totalRequests: total,
        };
    }
}
exports.GetRequestTool = GetRequestTool;
//# sourceMappingURL=getRequestTool.js.map