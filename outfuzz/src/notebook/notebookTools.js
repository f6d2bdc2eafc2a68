"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PROMPT_RUNNABLE_TOOLS = void 0;
exports.allowedFoldersGuard = allowedFoldersGuard;
exports.invokeAgentTool = invokeAgentTool;
exports.runPromptTool = runPromptTool;
exports.toolsByName = toolsByName;
/**
 * Calling the extension's agent tools from the notebook: the model's tool calls in a turn, and the tools a
 * prompt pre-runs with `@[tool:NAME {args}]`. The same validation and error answers as every other front end.
 */
const agentTool_1 = require("../tools/agentTool");
const invokeAgentTool_1 = require("../tools/invokeAgentTool");
const toolAnswerText_1 = require("../tools/toolAnswerText");
const referencePaths_1 = require("./referencePaths");
/**
 * Tools a prompt may pre-run: only those that change nothing and ask nobody, because the references of every
 * earlier prompt are resolved again on each turn.
 */
exports.PROMPT_RUNNABLE_TOOLS = new Set([
    'overlay_readFile', 'overlay_listChanges', 'overlay_getConflict', 'edits_getRecent', 'chat_getFirstRequest', 'chat_getRequest',
]);
/** The input fields that name files, across the tool catalog. */
const PATH_FIELDS = ['path', 'from', 'to', 'filePath'];
/**
 * A guard keeping tool calls inside `allowed` (a sub-agent notebook's `allowedUris`). When the allowed folders
 * cover every workspace folder it lets everything through: the tools' own path policy applies as usual.
 */
function allowedFoldersGuard(roots, allowed) {
    if (roots.every(r => (0, referencePaths_1.isInsideAny)(allowed, r.path)))
        return undefined;
    return (toolName, input) => {
        for (const field of PATH_FIELDS) {
            const value = input[field];
            if (typeof value !== 'string')
                continue;
            const candidates = (0, referencePaths_1.candidatePaths)(value, roots) ?? [];
            if (!candidates.some(c => (0, referencePaths_1.isInsideAny)(allowed, c))) {
                return `${toolName}: ${field} "${value}" is outside the folders this agent may work in (${allowed.join(', ')}). Work only inside those folders.`;
            }
        }
        return undefined;
    };
}
/** Validates and runs one tool call; every failure becomes an answer the model can read (never a throw). */
async function invokeAgentTool(tools, name, input, caller, options = {}) {
    const tool = tools.get(name);
    if (!tool) {
        const answer = (0, toolAnswerText_1.errorAnswer)(name, new agentTool_1.ToolError('UnknownTool', `There is no tool named ${name}. Call one of: ${[...tools.keys()].join(', ')}.`));
        return { text: (0, toolAnswerText_1.answerText)(answer), answer, ok: false };
    }
    const outcome = await (0, invokeAgentTool_1.invokeAgentTool)(tool, input, caller, {
        signal: options.signal,
        guard: valid => options.guard?.(name, valid),
    });
    return { text: outcome.text, answer: outcome.answer, ok: !outcome.isError };
}
/** Pre-runs a tool a prompt references; only `PROMPT_RUNNABLE_TOOLS`. Resolves to the answer text. */
async function runPromptTool(tools, name, args, caller, guard) {
    if (!exports.PROMPT_RUNNABLE_TOOLS.has(name)) {
        const why = tools.has(name)
            ? `${name} cannot be run from a prompt reference: only tools that change nothing can (${[...exports.PROMPT_RUNNABLE_TOOLS].join(', ')}). Ask the agent to call it instead.`
            : `There is no tool named ${name} that a prompt can run (${[...exports.PROMPT_RUNNABLE_TOOLS].join(', ')}).`;
        return (0, toolAnswerText_1.answerText)((0, toolAnswerText_1.errorAnswer)(name, new agentTool_1.ToolError('NotRunnableFromPrompt', why)));
    }
    return (await invokeAgentTool(tools, name, args, caller, { guard })).text;
}
function toolsByName(tools) {
    return new Map(tools.map(t => [t.metadata.toolName, t]));
}
//# sourceMappingURL=notebookTools.js.map