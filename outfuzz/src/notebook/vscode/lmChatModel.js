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
exports.LmChatModel = void 0;
exports.toLmMessage = toLmMessage;
const vscode = __importStar(require("vscode"));
/** `LanguageModelDataPart` (image input) exists at run time in VS Code ≥ 1.105 but not in @types/vscode 1.104. */
const DataPart = vscode.LanguageModelDataPart;
/** A `vscode.lm` chat model as the agent turn's model port. */
class LmChatModel {
    model;
    constructor(model) {
        this.model = model;
    }
    get name() {
        return this.model.name;
    }
    async *send(messages, tools, signal) {
        const cts = new vscode.CancellationTokenSource();
        const onAbort = () => cts.cancel();
        signal.addEventListener('abort', onAbort);
        try {
            const response = await this.model.sendRequest(messages.map(toLmMessage), {
                tools: tools.map(t => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
                justification: 'Agent Overlay runs the agent chat notebook cell you executed.',
            }, cts.token);
            for await (const part of response.stream) {
                if (part instanceof vscode.LanguageModelTextPart)
                    yield { type: 'text', text: part.value };
                else if (part instanceof vscode.LanguageModelToolCallPart)
                    yield { type: 'toolCall', callId: part.callId, name: part.name, input: part.input };
            }
        }
        finally {
            signal.removeEventListener('abort', onAbort);
            cts.dispose();
        }
    }
}
exports.LmChatModel = LmChatModel;
function toLmMessage(m) {
    // vscode.lm has no system role: the system prompt goes first, as a user message.
    const role = m.role === 'assistant' ? vscode.LanguageModelChatMessageRole.Assistant : vscode.LanguageModelChatMessageRole.User;
    const parts = m.content.flatMap(toLmPart);
    return new vscode.LanguageModelChatMessage(role, parts.length ? parts : [new vscode.LanguageModelTextPart(' ')]);
}
function toLmPart(p) {
    switch (p.type) {
        case 'text':
            return p.text ? [new vscode.LanguageModelTextPart(p.text)] : [];
        case 'image':
            return DataPart
                ? [DataPart.image(Uint8Array.from(Buffer.from(p.data, 'base64')), p.mimeType)]
                : [new vscode.LanguageModelTextPart(`[image "${p.alt}" (${p.source}) not sent: this VS Code cannot send images to models]`)];
        case 'toolCall':
            return [new vscode.LanguageModelToolCallPart(p.callId, p.name, (p.input ?? {}))];
        case 'toolResult':
            return [new vscode.LanguageModelToolResultPart(p.callId, [new vscode.LanguageModelTextPart(p.text)])];
    }
}
//# sourceMappingURL=lmChatModel.js.map