"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ChatRecallAgentTool = void 0;
const agentTool_1 = require("../agentTool");
/**
 * Serves a chat recall tool (`chat_getFirstRequest`, `chat_getRequest`; src/chat) as an `AgentTool`, so the
 * same front ends as every other tool register it. The chat tool already answers every outcome, failures
 * included, with seed 001's JSON (`{success: true, ...}` / `{success: false, error}`), so this wrapper never
 * throws and never turns a failure into the generic `{status: "error"}` answer: the data IS the seed's shape.
 * The caller's chat session (decoded by VS Code's front end from the invocation) is "the current dialog";
 * callers from elsewhere (MCP clients, the notebook agent) get the most recently modified session.
 */
class ChatRecallAgentTool {
    tool;
    metadata;
    constructor(tool) {
        this.tool = tool;
        this.metadata = tool.definition;
    }
    invocationMessage(input) {
        const index = typeof input?.index === 'number' ? ` #${input.index}` : '';
        const what = this.metadata.toolName === 'chat_getFirstRequest' ? 'your first request' : `your request${index}`;
        return typeof input?.sessionId === 'string' && input.sessionId ? `Recalling ${what} in chat ${input.sessionId}` : `Recalling ${what} in this chat`;
    }
    async invoke(input, caller, signal) {
        const context = {
            // Only VS Code's chat names a VS Code chat session; an MCP client's or a notebook's session is not one.
            ...(caller.via === 'vscode-chat' && caller.sessionId !== agentTool_1.UNKNOWN_SESSION ? { invocationSessionId: caller.sessionId } : {}),
            ...(signal ? { token: { get isCancellationRequested() { return signal.aborted; } } } : {}),
        };
        const data = await this.tool.run(input, context);
        const summary = data.success
            ? `${this.metadata.displayName}: chat session ${data.sessionId ?? ''}.`
            : `${this.metadata.toolName} failed: ${data.error}`;
        return { summary, data };
    }
    /** Invalid input (caught before `invoke`) keeps the seed's `{success: false, error}` shape too. */
    errorAnswer(error) {
        const message = error instanceof Error ? error.message : String(error);
        return { summary: `${this.metadata.toolName} failed: ${message}`, data: { success: false, error: message } };
    }
}
exports.ChatRecallAgentTool = ChatRecallAgentTool;
//# sourceMappingURL=chatRecallAgentTool.js.map