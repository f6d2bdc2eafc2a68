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
const chatSessionStore_1 = require("../../../src/chat/chatSessionStore");
const getFirstRequestTool_1 = require("../../../src/chat/getFirstRequestTool");
const getRequestTool_1 = require("../../../src/chat/getRequestTool");
const agentTool_1 = require("../../../src/tools/agentTool");
const chatRecallAgentTool_1 = require("../../../src/tools/chat/chatRecallAgentTool");
const chatFixtures_1 = require("./chatFixtures");
const anonymous = { sessionId: agentTool_1.UNKNOWN_SESSION, messageId: agentTool_1.UNKNOWN_MESSAGE, via: 'test' };
const inSession = (sessionId) => ({ sessionId, messageId: agentTool_1.UNKNOWN_MESSAGE, via: 'vscode-chat' });
describe('chat recall tools as agent tools', () => {
    let dir;
    let first;
    let nth;
    before(() => {
        dir = (0, chatFixtures_1.makeChatSessionsFolder)({ 'legacy.json': 1_700_000_000, 'basic-log.jsonl': 1_700_000_100 });
        const store = new chatSessionStore_1.ChatSessionStore(dir);
        first = new chatRecallAgentTool_1.ChatRecallAgentTool(new getFirstRequestTool_1.GetFirstRequestTool(store));
        nth = new chatRecallAgentTool_1.ChatRecallAgentTool(new getRequestTool_1.GetRequestTool(store));
    });
    after(() => (0, chatFixtures_1.removeFolder)(dir));
    it('declares the chat tool\'s own metadata', () => {
        assert.strictEqual(first.metadata, getFirstRequestTool_1.GET_FIRST_REQUEST_TOOL);
    });
    it('answers with the seed\'s success shape as the data', async () => {
        const answer = await first.invoke({}, anonymous);
        assert.deepStrictEqual(answer.data, { success: true, sessionId: 'basic-log', firstRequest: 'How do I create a React component?', timestamp: 1768490001000, requestsCount: 3 });
        assert.strictEqual(answer.summary, 'Get first chat request: chat session basic-log.');
    });
    it('uses the caller\'s chat session as the current dialog, and the input\'s over it', async () => {
        assert.strictEqual((await first.invoke({}, inSession('legacy'))).data.sessionId, 'legacy');
        assert.strictEqual((await first.invoke({ sessionId: 'basic-log' }, inSession('legacy'))).data.sessionId, 'basic-log');
    });
    it('takes only a VS Code chat caller\'s session for the current dialog, not an MCP client\'s', async () => {
        const mcp = { sessionId: 'mcp:some client', messageId: 'mcp:1/2', via: 'mcp' };
        assert.strictEqual((await first.invoke({}, mcp)).data.sessionId, 'basic-log');
    });
    it('keeps failures in the seed\'s {success:false, error} shape, never the generic error answer', async () => {
        assert.deepStrictEqual((await nth.invoke({ index: 9 }, anonymous)).data, { success: false, error: 'Index 9 exceeds total requests (3)' });
        assert.deepStrictEqual((await nth.invoke({ index: 0 }, anonymous)).data, { success: false, error: 'Index must be 1 or greater' });
        assert.deepStrictEqual((await first.invoke({ sessionId: 'nope' }, anonymous)).data, { success: false, error: 'Session not found: nope' });
        assert.deepStrictEqual((await first.invoke({}, inSession('not-written-yet'))).data, { success: false, error: 'Chat data not available for session' });
        const answer = await nth.invoke({ index: 9 }, anonymous);
        assert.strictEqual(answer.summary, 'chat_getRequest failed: Index 9 exceeds total requests (3)');
    });
    it('answers "Service temporarily unavailable" when there is no chat storage, and reports cancellation', async () => {
        assert.deepStrictEqual((await new chatRecallAgentTool_1.ChatRecallAgentTool(new getFirstRequestTool_1.GetFirstRequestTool(undefined)).invoke({}, anonymous)).data, { success: false, error: 'Service temporarily unavailable' });
        const never = { mostRecentSessionId: () => Promise.resolve('x'), readSession: () => assert.fail('not read after cancellation') };
        const abort = new AbortController();
        abort.abort();
        const data = (await new chatRecallAgentTool_1.ChatRecallAgentTool(new getFirstRequestTool_1.GetFirstRequestTool(never)).invoke({}, anonymous, abort.signal)).data;
        assert.strictEqual(data.success, false);
    });
    it('names what it does while running', () => {
        assert.strictEqual(first.invocationMessage({}), 'Recalling your first request in this chat');
        assert.strictEqual(nth.invocationMessage({ index: 2, sessionId: 'abc' }), 'Recalling your request #2 in chat abc');
    });
});
//# sourceMappingURL=chatRecallAgentTool.test.js.map