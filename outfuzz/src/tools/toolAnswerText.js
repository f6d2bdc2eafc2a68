"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.answerText = answerText;
exports.answerParts = answerParts;
exports.answerObject = answerObject;
exports.errorAnswer = errorAnswer;
const jsonSchema_1 = require("./jsonSchema");
const agentTool_1 = require("./agentTool");
/**
 * The text every front end returns for an answer: one sentence, then the JSON. Errors become an answer too
 * (`{"status":"error","code",...,"message"}`) so the model reads why and what to do instead of a stack trace.
 * Programs get the JSON on its own as well: `answerParts` (VS Code) and `answerObject` (MCP `structuredContent`).
 */
function answerText(answer) {
    const [sentence, json] = answerParts(answer);
    return sentence + json;
}
/**
 * The answer as two pieces whose concatenation is `answerText`: the sentence (with its line break), for models,
 * and the JSON alone, which a program parses as it is.
 */
function answerParts(answer) {
    // A tool whose answer is prose (edits_getRecent {format: "text"}) is read as written, not as a JSON string.
    if (typeof answer.data === 'string')
        return [`${answer.summary}\n`, answer.data];
    return [`${answer.summary}\n`, JSON.stringify(answer.data, null, 2)];
}
/** The answer's JSON as an object (MCP's `structuredContent` must be one); a non-object is wrapped as `{value}`. */
function answerObject(answer) {
    const data = answer.data;
    // Prose (edits_getRecent {format: "text"}) is a successful answer whose text is the content.
    if (typeof data === 'string')
        return { status: 'success', text: data };
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? data : { value: data ?? null };
}
function errorAnswer(toolName, error) {
    if (error instanceof agentTool_1.ToolError || error instanceof jsonSchema_1.ToolInputError) {
        const data = error instanceof agentTool_1.ToolError && error.data !== undefined ? { data: error.data } : {};
        return { summary: `${toolName} failed: ${error.message}`, data: { status: 'error', code: error.code, message: error.message, ...data } };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { summary: `${toolName} failed unexpectedly: ${message}`, data: { status: 'error', code: 'Internal', message } };
}
//# sourceMappingURL=toolAnswerText.js.map