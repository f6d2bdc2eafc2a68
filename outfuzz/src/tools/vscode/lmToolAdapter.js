"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.LmToolAdapter = void 0;
const vscode = __importStar(require("vscode"));
const agentTool_1 = require("../agentTool");
const toolAnswerText_1 = require("../toolAnswerText");
const toolInvocationContext_1 = require("../../chat/toolInvocationContext");
const jsonSchema_1 = require("../jsonSchema");
const invokeAgentTool_1 = require("../invokeAgentTool");
/** Serves one `AgentTool` as a `vscode.lm` tool: validates input, attributes the caller, maps errors to text. */
class LmToolAdapter {
    tool;
    resolveMessageId;
    constructor(tool, resolveMessageId) {
        this.tool = tool;
        this.resolveMessageId = resolveMessageId;
    }
    prepareInvocation(options) {
        let message;
        try {
            message = this.tool.invocationMessage((0, jsonSchema_1.validateInput)(this.tool.metadata.inputSchema, options.input));
        }
        catch {
            message = `Running ${this.tool.metadata.displayName}`;
        }
        return { invocationMessage: message };
    }
    async invoke(options, token) {
        const abort = new AbortController();
        const sub = token.onCancellationRequested(() => abort.abort());
        try {
            const caller = await this.callerOf(options);
            return toolResult((await (0, invokeAgentTool_1.invokeAgentTool)(this.tool, options.input, caller, { signal: abort.signal })).answer);
        }
        finally {
            sub.dispose();
        }
    }
    async callerOf(options) {
        const sessionId = (0, toolInvocationContext_1.chatSessionIdOf)(options.toolInvocationToken);
        if (!sessionId)
            return { sessionId: agentTool_1.UNKNOWN_SESSION, messageId: agentTool_1.UNKNOWN_MESSAGE, via: 'vscode-chat' };
        const messageId = (0, toolInvocationContext_1.chatRequestIdOf)(options) ?? (await this.resolveMessageId?.(sessionId).catch(() => undefined)) ?? agentTool_1.UNKNOWN_MESSAGE;
        return { sessionId, messageId, via: 'vscode-chat' };
    }
}
exports.LmToolAdapter = LmToolAdapter;
/**
 * Two text parts: the sentence, then the JSON alone. Joined, they are the text the model always got; a program
 * reads the last part as JSON without parsing a sentence. (VS Code 1.104's stable API has no data part for tool
 * results — `LanguageModelDataPart` is proposed API — so the JSON travels as its own text part.)
 */
function toolResult(answer) {
    return new vscode.LanguageModelToolResult((0, toolAnswerText_1.answerParts)(answer).map((p) => new vscode.LanguageModelTextPart(p)));
}
//# sourceMappingURL=lmToolAdapter.js.map