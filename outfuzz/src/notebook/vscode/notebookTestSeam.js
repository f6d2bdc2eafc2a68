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
exports.echoChatModelProvider = exports.TEST_MODEL_VENDOR = void 0;
exports.createNotebookTestSeam = createNotebookTestSeam;
const vscode = __importStar(require("vscode"));
const contextCollector_1 = require("../contextCollector");
/** The chat-model vendor tests register (package.json declares it, hidden from the Manage Models list). */
exports.TEST_MODEL_VENDOR = 'agent-overlay-test';
function createNotebookTestSeam(onDidFinishCell) {
    return {
        vendor: exports.TEST_MODEL_VENDOR,
        registerChatModel: provider => vscode.lm.registerLanguageModelChatProvider(exports.TEST_MODEL_VENDOR, provider),
        onDidFinishCell,
    };
}
/**
 * A model that echoes the newest prompt and names what its ghost block carried; registered at activation when
 * the UI tests ask for it (AGENT_OVERLAY_NOTEBOOK_ECHO_MODEL), since they cannot reach the test seam.
 */
exports.echoChatModelProvider = {
    provideLanguageModelChatInformation: () => [{
            id: 'echo', name: 'Echo (test model)', family: 'echo', version: '1', maxInputTokens: 1_000_000, maxOutputTokens: 10_000,
            capabilities: { toolCalling: true, imageInput: true },
        }],
    async provideLanguageModelChatResponse(_model, messages, _options, progress) {
        const last = messages[messages.length - 1];
        const text = last.content.map(p => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
        const ghost = text.indexOf(contextCollector_1.GHOST_OPEN);
        const prompt = (ghost >= 0 ? text.slice(0, ghost) : text).split('\n').filter(l => l.trim() && !/^\s*#define\b/.test(l)).join(' ').trim();
        let context = '';
        if (ghost >= 0) {
            const block = JSON.parse(text.slice(ghost + contextCollector_1.GHOST_OPEN.length, text.lastIndexOf('</')));
            const rules = block.rules.map(r => r.content.split('\n').filter(l => l.trim() && !l.startsWith('#')).join(' ')).join(' / ');
            context = ` Context: ${block.rules.length} rules file(s)${rules ? ` (${rules})` : ''}${Object.keys(block.files).length ? `, files ${Object.keys(block.files).join(', ')}` : ''}.`;
        }
        progress.report(new vscode.LanguageModelTextPart(`Echo from the test model: "${prompt}".${context}`));
    },
    provideTokenCount: async (_model, text) => Math.ceil((typeof text === 'string' ? text.length : 100) / 4),
};
//# sourceMappingURL=notebookTestSeam.js.map