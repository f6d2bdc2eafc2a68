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
const mcpToolService_1 = require("../../../src/mcp/mcpToolService");
const toolAnswerText_1 = require("../../../src/tools/toolAnswerText");
const mcpFakes_1 = require("./mcpFakes");
const origin = { clientName: 'cli', mcpSessionId: 'abcdef0123', requestId: 3 };
describe('MCP tool service', () => {
    it('lists every tool with its own schema plus the attribution fields', () => {
        const fakes = new mcpFakes_1.FakeTools();
        const list = new mcpToolService_1.McpToolService(fakes.tools).list();
        assert.deepStrictEqual(list.map(t => t.name), ['fake_put', 'fake_discard', 'fake_fail', 'fake_boom']);
        const put = list[0];
        assert.strictEqual(put.title, 'fake_put (fake)');
        assert.deepStrictEqual(put.inputSchema.required, ['path', 'content']);
        assert.deepStrictEqual(Object.keys(put.inputSchema.properties), ['path', 'content', 'sessionId', 'messageId']);
        assert.deepStrictEqual(Object.keys(list[1].inputSchema.properties), ['messageId', 'sessionId']);
    });
    it('answers with the same text as VS Code, the JSON as structuredContent, and attributes the call', async () => {
        const fakes = new mcpFakes_1.FakeTools();
        const r = await new mcpToolService_1.McpToolService(fakes.tools).call('fake_put', { path: 'a', content: 'x', sessionId: 'conv', messageId: 'm1' }, origin);
        assert.deepStrictEqual(r, {
            content: [{ type: 'text', text: (0, toolAnswerText_1.answerText)({ summary: 'Stored a.', data: { status: 'staged', path: 'a' } }) }],
            structuredContent: { status: 'staged', path: 'a' },
            isError: false,
        });
        assert.deepStrictEqual(fakes.calls[0], { tool: 'fake_put', input: { path: 'a', content: 'x' }, caller: { sessionId: 'conv', messageId: 'm1', via: 'mcp' } });
    });
    it('defaults the attribution', async () => {
        const fakes = new mcpFakes_1.FakeTools();
        await new mcpToolService_1.McpToolService(fakes.tools).call('fake_put', { path: 'a', content: 'x' }, origin);
        assert.deepStrictEqual(fakes.calls[0].caller, { sessionId: 'mcp:cli', messageId: 'mcp:abcdef01/3', via: 'mcp' });
    });
    it("passes a tool's own messageId through", async () => {
        const fakes = new mcpFakes_1.FakeTools();
        const r = await new mcpToolService_1.McpToolService(fakes.tools).call('fake_discard', { messageId: 'old', sessionId: 's' }, origin);
        assert.match(r.content[0].text, /"messageId": "old"/);
        assert.deepStrictEqual(fakes.calls[0].caller.sessionId, 's');
    });
    it('turns schema violations into error answers without running the tool', async () => {
        const fakes = new mcpFakes_1.FakeTools();
        const svc = new mcpToolService_1.McpToolService(fakes.tools);
        for (const [args, message] of [
            [{ path: 'a' }, /input\.content is required/],
            [{ path: 'a', content: 'x', bogus: 1 }, /bogus is not a known field/],
            [{ path: 'a', content: 'x'.repeat(101) }, /more than the 100 allowed/],
            [{ path: 'a', content: 'x', sessionId: 7 }, /sessionId must be a non-empty string/],
            [[], /must be an object/],
        ]) {
            const r = await svc.call('fake_put', args, origin);
            assert.strictEqual(r.isError, true);
            const data = JSON.parse(r.content[0].text.slice(r.content[0].text.indexOf('\n') + 1));
            assert.deepStrictEqual([data.status, data.code], ['error', 'InvalidInput']);
            assert.match(data.message, message);
        }
        assert.strictEqual(fakes.calls.length, 0);
    });
    it('turns tool errors into error answers', async () => {
        const svc = new mcpToolService_1.McpToolService(new mcpFakes_1.FakeTools().tools);
        const fail = await svc.call('fake_fail', {}, origin);
        assert.strictEqual(fail.isError, true);
        assert.match(fail.content[0].text, /^fake_fail failed: Nothing to do; call fake_put first\.\n/);
        const boom = await svc.call('fake_boom', undefined, origin);
        assert.match(boom.content[0].text, /"code": "Internal"/);
    });
    it('refuses an unknown tool and a duplicate name', async () => {
        const fakes = new mcpFakes_1.FakeTools();
        await assert.rejects(new mcpToolService_1.McpToolService(fakes.tools).call('nope', {}, origin), mcpToolService_1.UnknownToolError);
        assert.throws(() => new mcpToolService_1.McpToolService([...fakes.tools, fakes.tools[0]]), /two tools are named fake_put/);
    });
});
//# sourceMappingURL=mcpToolService.test.js.map