"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.invokeAgentTool = invokeAgentTool;
const agentTool_1 = require("./agentTool");
const jsonSchema_1 = require("./jsonSchema");
const toolAnswerText_1 = require("./toolAnswerText");
/**
 * The one way every front end (VS Code's `vscode.lm`, MCP, the notebook agent) runs a tool: validate the input
 * against the declared schema, invoke, and turn any failure into an answer the model can act on — the tool's
 * own error shape when it has one (the chat tools answer `{success: false, error}`), the common one otherwise.
 * Never throws.
 */
async function invokeAgentTool(tool, rawInput, caller, options = {}) {
    let answer;
    let failed = false;
    try {
        const input = (0, jsonSchema_1.validateInput)(tool.metadata.inputSchema, rawInput ?? {});
        const refusal = options.guard?.(input);
        if (refusal)
            throw new agentTool_1.ToolError('Refused', refusal);
        answer = await tool.invoke(input, caller, options.signal);
    }
    catch (e) {
        failed = true;
        answer = tool.errorAnswer?.(e) ?? (0, toolAnswerText_1.errorAnswer)(tool.metadata.toolName, e);
    }
    const data = answer.data;
    return { answer, text: (0, toolAnswerText_1.answerText)(answer), isError: failed || data?.status === 'error' || data?.success === false };
}
//# sourceMappingURL=invokeAgentTool.js.map