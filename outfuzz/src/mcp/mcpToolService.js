"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.McpToolService = exports.UnknownToolError = void 0;
const invokeAgentTool_1 = require("../tools/invokeAgentTool");
const toolAnswerText_1 = require("../tools/toolAnswerText");
const toolOutputSchemas_1 = require("../tools/toolOutputSchemas");
const mcpToolArguments_1 = require("./mcpToolArguments");
/** For a tool outside the catalog (a test's fake): any JSON object. */
const ANY_OBJECT = { type: 'object', description: 'The answer as JSON.', properties: {} };
class UnknownToolError extends Error {
    toolName;
    code = 'UnknownTool';
    constructor(toolName, known) {
        super(`Unknown tool ${JSON.stringify(toolName)}. Known tools: ${known.join(', ')}.`);
        this.toolName = toolName;
        this.name = 'UnknownToolError';
    }
}
exports.UnknownToolError = UnknownToolError;
/**
 * The MCP front end of the one tool registry (VS Code's `vscode.lm` adapter is the other): the same tool objects,
 * names, schemas, validation and answer text, so consent prompts and staging behave identically for both.
 */
class McpToolService {
    byName;
    constructor(tools) {
        const map = new Map();
        for (const t of tools) {
            if (map.has(t.metadata.toolName))
                throw new Error(`two tools are named ${t.metadata.toolName}`);
            map.set(t.metadata.toolName, t);
        }
        this.byName = map;
    }
    get toolNames() {
        return [...this.byName.keys()];
    }
    list() {
        return [...this.byName.values()].map(t => ({
            name: t.metadata.toolName,
            title: t.metadata.displayName,
            description: t.metadata.modelDescription,
            inputSchema: (0, mcpToolArguments_1.advertisedInputSchema)(t.metadata.inputSchema),
            outputSchema: (0, toolOutputSchemas_1.outputSchemaOf)(t.metadata.toolName) ?? ANY_OBJECT,
        }));
    }
    /** Throws `UnknownToolError` for a name no tool has; every other failure becomes an error answer. */
    async call(name, args, origin, signal) {
        const tool = this.byName.get(name);
        if (!tool)
            throw new UnknownToolError(name, this.toolNames);
        let split;
        try {
            split = (0, mcpToolArguments_1.splitArguments)(tool.metadata.inputSchema, args);
        }
        catch (e) {
            // A malformed sessionId/messageId: answered like any invalid input.
            return result(tool.errorAnswer?.(e) ?? (0, toolAnswerText_1.errorAnswer)(name, e), true);
        }
        const outcome = await (0, invokeAgentTool_1.invokeAgentTool)(tool, split.toolInput, (0, mcpToolArguments_1.mcpCaller)(split, origin), { signal });
        return result(outcome.answer, outcome.isError);
    }
}
exports.McpToolService = McpToolService;
function result(answer, isError) {
    return { content: [{ type: 'text', text: (0, toolAnswerText_1.answerText)(answer) }], structuredContent: (0, toolAnswerText_1.answerObject)(answer), isError };
}
//# sourceMappingURL=mcpToolService.js.map