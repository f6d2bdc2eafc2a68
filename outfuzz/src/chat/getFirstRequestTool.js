"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.GetFirstRequestTool = exports.GET_FIRST_REQUEST_TOOL = exports.GET_FIRST_REQUEST_MODEL_DESCRIPTION = exports.GET_FIRST_REQUEST_INPUT_SCHEMA = exports.FIRST_REQUEST_PREVIEW_LENGTH = void 0;
const chatTool_1 = require("./chatTool");
/** How much of the first request the tool returns (seed 001: a preview; `chat_getRequest` gives the full text). */
exports.FIRST_REQUEST_PREVIEW_LENGTH = 80;
exports.GET_FIRST_REQUEST_INPUT_SCHEMA = {
    type: 'object',
    properties: {
        sessionId: {
            type: 'string',
            description: 'Optional: Dialog session ID. If omitted, uses current active dialog.',
        },
    },
};
exports.GET_FIRST_REQUEST_MODEL_DESCRIPTION = `Retrieves the first user request from a VS Code chat dialog (the chat session this conversation lives in, or another one by its session ID).

**Use this tool when:**
- You need to recall the original user request after context compression (earlier messages were summarised or dropped)
- The user asks "what was my original question?" or similar
- You need to understand the initial goal of the conversation before continuing long-running work

**Parameters:**
- sessionId (optional): Specific dialog session ID. If not provided, returns from the current active dialog.

**Returns:**
JSON with:
- success: boolean
- sessionId: string (if found)
- firstRequest: string (first 80 chars of the initial message; call chat_getRequest with index 1 for the full text)
- timestamp: number (Unix ms), or null if the dialog did not record it
- requestsCount: number (how many user requests the dialog has)
- error: string (if failed): "No active dialog found", "Session not found: {id}", "First request not available", "Chat data not available for session" or "Service temporarily unavailable"

**Example usage scenarios:**
1. Get first request from current dialog:
   Call without parameters: {}

2. Get first request from specific dialog:
   Call with { "sessionId": "abc-123-def-456" }`;
exports.GET_FIRST_REQUEST_TOOL = {
    toolName: 'chat_getFirstRequest',
    displayName: 'Get first chat request',
    toolReferenceName: 'firstRequest',
    userDescription: 'Recalls the first request you made in this chat (or another chat session), for agents that lost it to context compression.',
    modelDescription: exports.GET_FIRST_REQUEST_MODEL_DESCRIPTION,
    tags: ['chat'],
    inputSchema: exports.GET_FIRST_REQUEST_INPUT_SCHEMA,
};
/** `chat_getFirstRequest {sessionId?}` (SPEC §5). */
class GetFirstRequestTool extends chatTool_1.ChatTool {
    static toolName = exports.GET_FIRST_REQUEST_TOOL.toolName;
    definition = exports.GET_FIRST_REQUEST_TOOL;
    parseInput(input) {
        const sessionId = (0, chatTool_1.optionalSessionId)((0, chatTool_1.inputRecord)(input));
        return sessionId === undefined ? {} : { sessionId };
    }
    async call(input, context) {
        const session = await this.resolveSession(input.sessionId, context);
        const first = session.requests[0];
        if (!first)
            throw new chatTool_1.ChatToolError('firstRequestNotAvailable', chatTool_1.CHAT_TOOL_ERRORS.firstRequestNotAvailable);
        return {
            sessionId: session.sessionId,
            // By code point, so the preview never ends in half a surrogate pair.
            firstRequest: Array.from(first.text).slice(0, exports.FIRST_REQUEST_PREVIEW_LENGTH).join(''),
            timestamp: first.timestamp ?? null,
            requestsCount: session.requests.length,
        };
    }
}
exports.GetFirstRequestTool = GetFirstRequestTool;
//# sourceMappingURL=getFirstRequestTool.js.map