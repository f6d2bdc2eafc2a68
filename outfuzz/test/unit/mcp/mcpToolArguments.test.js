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
const jsonSchema_1 = require("../../../src/tools/jsonSchema");
const mcpToolArguments_1 = require("../../../src/mcp/mcpToolArguments");
const write = {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
    required: ['path', 'content'],
    additionalProperties: false,
};
/** Like overlay_discardChanges: its own `messageId` means "whose changes to discard". */
const discard = { type: 'object', properties: { path: { type: 'string' }, messageId: { type: 'string' } }, additionalProperties: false };
describe('MCP tool arguments', () => {
    it('advertises sessionId and messageId as optional extra properties', () => {
        const s = (0, mcpToolArguments_1.advertisedInputSchema)(write);
        assert.deepStrictEqual(Object.keys(s.properties), ['path', 'content', 'sessionId', 'messageId']);
        assert.deepStrictEqual(s.required, ['path', 'content']);
        assert.strictEqual(s.additionalProperties, false);
        assert.deepStrictEqual(Object.keys(write.properties), ['path', 'content'], 'the tool schema is not mutated');
    });
    it('does not advertise a field the tool defines itself', () => {
        const s = (0, mcpToolArguments_1.advertisedInputSchema)(discard);
        assert.deepStrictEqual(Object.keys(s.properties), ['path', 'messageId', 'sessionId']);
        assert.strictEqual(s.properties.messageId, discard.properties.messageId);
    });
    it('strips the attribution before the tool sees its input', () => {
        const args = { path: 'a', content: 'b', sessionId: 'conv-1', messageId: 'msg-7' };
        assert.deepStrictEqual((0, mcpToolArguments_1.splitArguments)(write, args), { toolInput: { path: 'a', content: 'b' }, sessionId: 'conv-1', messageId: 'msg-7' });
        assert.deepStrictEqual(Object.keys(args), ['path', 'content', 'sessionId', 'messageId'], 'the arguments are not mutated');
    });
    it("leaves a field the tool defines to the tool", () => {
        assert.deepStrictEqual((0, mcpToolArguments_1.splitArguments)(discard, { messageId: 'm1', sessionId: 's1' }), { toolInput: { messageId: 'm1' }, sessionId: 's1' });
    });
    it('treats missing arguments as an empty object and leaves garbage to the schema', () => {
        assert.deepStrictEqual((0, mcpToolArguments_1.splitArguments)(write, undefined), { toolInput: {} });
        assert.deepStrictEqual((0, mcpToolArguments_1.splitArguments)(write, [1]), { toolInput: [1] });
        assert.deepStrictEqual((0, mcpToolArguments_1.splitArguments)(write, 'x'), { toolInput: 'x' });
    });
    it('refuses malformed attribution with a clear error', () => {
        assert.throws(() => (0, mcpToolArguments_1.splitArguments)(write, { path: 'a', content: 'b', sessionId: 42 }), (e) => e instanceof jsonSchema_1.ToolInputError && /input\.sessionId must be a non-empty string/.test(e.message));
        assert.throws(() => (0, mcpToolArguments_1.splitArguments)(write, { messageId: '  ' }), /input\.messageId must be a non-empty string/);
        assert.throws(() => (0, mcpToolArguments_1.splitArguments)(write, { messageId: 'x'.repeat(201) }), /more than the 200 allowed/);
    });
    it('defaults the session to the client name and the message to one id per call', () => {
        const origin = { clientName: 'claude-code', mcpSessionId: '0123456789abcdef', requestId: 5 };
        assert.deepStrictEqual((0, mcpToolArguments_1.mcpCaller)({ toolInput: {} }, origin), { sessionId: 'mcp:claude-code', messageId: 'mcp:01234567/5', via: 'mcp' });
        assert.deepStrictEqual((0, mcpToolArguments_1.mcpCaller)({ toolInput: {}, sessionId: 'c', messageId: 'm' }, origin), { sessionId: 'c', messageId: 'm', via: 'mcp' });
    });
    it('copes with clients that give no name or odd names', () => {
        assert.strictEqual((0, mcpToolArguments_1.mcpCaller)({ toolInput: {} }, { clientName: undefined, mcpSessionId: undefined, requestId: 'r' }).sessionId, 'mcp:client');
        assert.strictEqual((0, mcpToolArguments_1.mcpCaller)({ toolInput: {} }, { clientName: 'a\u0000b\nc', mcpSessionId: 'x', requestId: 1 }).sessionId, 'mcp:abc');
    });
});
//# sourceMappingURL=mcpToolArguments.test.js.map