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
const assert = __importStar(require("assert"));
const agentTool_1 = require("../../../src/tools/agentTool");
const invokeAgentTool_1 = require("../../../src/tools/invokeAgentTool");
const caller = { sessionId: 's', messageId: 'm', via: 'test' };
function tool(invoke, errorAnswer) {
    return {
        metadata: {
            toolName: 't_tool', displayName: 'T', modelDescription: 'Use this tool when testing. Example: {"n": 1}', userDescription: 'T', tags: [],
            inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 0 } }, required: ['n'], additionalProperties: false },
        },
        invocationMessage: () => 'testing',
        invoke: input => invoke(input),
        ...(errorAnswer ? { errorAnswer } : {}),
    };
}
describe('invokeAgentTool', () => {
    it('answers with the sentence, then the JSON', async () => {
        const out = await (0, invokeAgentTool_1.invokeAgentTool)(tool(async (i) => ({ summary: 'Doubled.', data: { value: i.n * 2 } })), { n: 2 }, caller);
        assert.strictEqual(out.text, 'Doubled.\n{\n  "value": 4\n}');
        assert.strictEqual(out.isError, false);
    });
    it('refuses invalid input before the tool runs, naming the field', async () => {
        let ran = false;
        const out = await (0, invokeAgentTool_1.invokeAgentTool)(tool(async () => { ran = true; return { summary: '', data: {} }; }), { n: -1, x: 1 }, caller);
        assert.strictEqual(ran, false);
        assert.strictEqual(out.isError, true);
        assert.match(String(out.answer.data.message), /input\.n must be at least 0.*input\.x is not a known field/);
    });
    it('turns a thrown ToolError into its code and message', async () => {
        const out = await (0, invokeAgentTool_1.invokeAgentTool)(tool(async () => { throw new agentTool_1.ToolError('Nope', 'Do it differently.'); }), { n: 1 }, caller);
        assert.deepStrictEqual(out.answer.data, { status: 'error', code: 'Nope', message: 'Do it differently.' });
    });
    it("uses the tool's own error shape when it has one, for invalid input too", async () => {
        const own = (e) => ({ summary: 'failed', data: { success: false, error: e.message } });
        const out = await (0, invokeAgentTool_1.invokeAgentTool)(tool(async () => ({ summary: '', data: {} }), own), { n: 'two' }, caller);
        assert.deepStrictEqual(out.answer.data, { success: false, error: 'Invalid input: input.n must be an integer, got a string.' });
        assert.strictEqual(out.isError, true);
    });
    it('lets a front end refuse valid input', async () => {
        const out = await (0, invokeAgentTool_1.invokeAgentTool)(tool(async () => ({ summary: '', data: {} })), { n: 1 }, caller, { guard: () => 'not here' });
        assert.strictEqual(out.answer.data.code, 'Refused');
    });
});
//# sourceMappingURL=invokeAgentTool.test.js.map