"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TurnCancelledError = exports.DEFAULT_MAX_ROUNDS = void 0;
exports.toolSpecs = toolSpecs;
exports.runAgentTurn = runAgentTurn;
const notebookTools_1 = require("./notebookTools");
exports.DEFAULT_MAX_ROUNDS = 16;
class TurnCancelledError extends Error {
    constructor() {
        super('The run was cancelled.');
        this.name = 'TurnCancelledError';
    }
}
exports.TurnCancelledError = TurnCancelledError;
function toolSpecs(tools) {
    return tools.map(t => ({ name: t.metadata.toolName, description: t.metadata.modelDescription, inputSchema: t.metadata.inputSchema }));
}
async function runAgentTurn(model, messages, observer, options) {
    const signal = options.signal ?? new AbortController().signal;
    const byName = (0, notebookTools_1.toolsByName)(options.tools);
    const specs = toolSpecs(options.tools);
    const conversation = [...messages];
    const toolCalls = [];
    let answer = '';
    const maxRounds = options.maxRounds ?? exports.DEFAULT_MAX_ROUNDS;
    for (let round = 0; round < maxRounds; round++) {
        if (signal.aborted)
            throw new TurnCancelledError();
        let text = '';
        const calls = [];
        for await (const event of model.send(conversation, specs, signal)) {
            if (signal.aborted)
                throw new TurnCancelledError();
            if (event.type === 'text') {
                if (!event.text)
                    continue;
                if (answer && !text && round > 0) {
                    answer += '\n\n';
                    observer.text('\n\n');
                }
                text += event.text;
                answer += event.text;
                observer.text(event.text);
            }
            else {
                calls.push(event);
                observer.toolCall({ name: event.name, input: event.input });
            }
        }
        if (calls.length === 0)
            return { answer, toolCalls, stoppedAtRoundLimit: false };
        const assistant = text ? [{ type: 'text', text }] : [];
        for (const c of calls)
            assistant.push({ type: 'toolCall', callId: c.callId, name: c.name, input: c.input });
        conversation.push({ role: 'assistant', content: assistant });
        const results = [];
        for (const c of calls) {
            if (signal.aborted)
                throw new TurnCancelledError();
            const outcome = await (0, notebookTools_1.invokeAgentTool)(byName, c.name, c.input, options.caller, { guard: options.guard, signal });
            const record = { name: c.name, input: c.input, ok: outcome.ok, summary: outcome.answer.summary };
            toolCalls.push(record);
            observer.toolResult(record);
            results.push({ type: 'toolResult', callId: c.callId, text: outcome.text });
        }
        conversation.push({ role: 'user', content: results });
    }
    return { answer, toolCalls, stoppedAtRoundLimit: true };
}
//# sourceMappingURL=agentTurn.js.map