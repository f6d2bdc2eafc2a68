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
const chatTool_1 = require("../../../src/chat/chatTool");
const chatSessionStore_1 = require("../../../src/chat/chatSessionStore");
const chatSessionResource_1 = require("../../../src/chat/chatSessionResource");
const getFirstRequestTool_1 = require("../../../src/chat/getFirstRequestTool");
const getRequestTool_1 = require("../../../src/chat/getRequestTool");
const agentTool_1 = require("../../../src/tools/agentTool");
const chatRecallAgentTool_1 = require("../../../src/tools/chat/chatRecallAgentTool");
const invokeAgentTool_1 = require("../../../src/tools/invokeAgentTool");
const toolManifest_1 = require("../../../src/tools/toolManifest");
const chatFixtures_1 = require("./chatFixtures");
const parse = (json) => JSON.parse(json);
/** A source that fails every call with the error given. */
function failingSource(error) {
    return { mostRecentSessionId: () => Promise.reject(error), readSession: () => Promise.reject(error) };
}
describe('chat recall tools', () => {
    let dir;
    let store;
    let first;
    let nth;
    before(() => {
        // basic-log is the most recently modified: it is "the current dialog" when nothing else says.
        dir = (0, chatFixtures_1.makeChatSessionsFolder)({
            'legacy.json': 1_700_000_000, 'unicode.jsonl': 1_700_000_010, 'empty-session.jsonl': 1_700_000_020, 'corrupt.json': 1_700_000_030,
            'empty-file.jsonl': 1_700_000_040, 'both.json': 1_700_000_050, 'both.jsonl': 1_700_000_060, 'basic-log.jsonl': 1_700_000_100,
        });
        store = new chatSessionStore_1.ChatSessionStore(dir);
        first = new getFirstRequestTool_1.GetFirstRequestTool(store);
        nth = new getRequestTool_1.GetRequestTool(store);
    });
    after(() => (0, chatFixtures_1.removeFolder)(dir));
    describe('chat_getFirstRequest', () => {
        it('answers from the most recently modified session when none is named', async () => {
            assert.deepStrictEqual(parse(await first.invoke({})), {
                success: true, sessionId: 'basic-log', firstRequest: 'How do I create a React component?', timestamp: 1768490001000, requestsCount: 3,
            });
            assert.strictEqual(parse(await first.invoke(undefined)).sessionId, 'basic-log');
        });
        it('prefers the session named in the input, then the invocation\'s session', async () => {
            const context = { invocationSessionId: 'both' };
            assert.strictEqual(parse(await first.invoke({ sessionId: 'legacy' }, context)).sessionId, 'legacy');
            assert.strictEqual(parse(await first.invoke({}, context)).firstRequest, 'from the jsonl log');
            assert.strictEqual(parse(await first.invoke({ sessionId: '  ' }, context)).sessionId, 'both');
        });
        it('accepts a session given as a vscode-chat-session resource', async () => {
            const resource = chatSessionResource_1.LOCAL_CHAT_SESSION_PREFIX + Buffer.from('legacy').toString('base64url');
            assert.strictEqual(parse(await first.invoke({ sessionId: resource })).sessionId, 'legacy');
        });
        it('returns the first 80 characters, never half a surrogate pair', async () => {
            const out = parse(await first.invoke({ sessionId: 'unicode' }));
            const preview = out.firstRequest;
            assert.strictEqual(Array.from(preview).length, 80);
            assert.ok((await store.readSession('unicode')).requests[0].text.startsWith(preview));
            assert.ok(!/[\ud800-\udbff]$/.test(preview));
        });
        it('gives null for a timestamp the session did not record', async () => {
            const out = parse(await nth.invoke({ sessionId: 'legacy', index: 2 }));
            assert.strictEqual(out.timestamp, null);
        });
    });
    describe('chat_getRequest', () => {
        it('returns the full text of the Nth request', async () => {
            assert.deepStrictEqual(parse(await nth.invoke({ index: 3 })), {
                success: true, sessionId: 'basic-log', request: 'Now write tests for it\nwith mocha', index: 3, timestamp: 1768490900000, totalRequests: 3,
            });
            assert.strictEqual(parse(await nth.invoke({ index: 1, sessionId: 'unicode' })).request, (await store.readSession('unicode')).requests[0].text);
        });
        it('an index sent as a numeric string is refused by the declared schema before the tool runs, naming the field', async () => {
            // What production does: every front end runs the tool through invokeAgentTool, which checks the input
            // against GET_REQUEST_INPUT_SCHEMA ("index": number) first; the answer keeps the seed's failure shape.
            const tool = new chatRecallAgentTool_1.ChatRecallAgentTool(nth);
            const outcome = await (0, invokeAgentTool_1.invokeAgentTool)(tool, { index: '2' }, { sessionId: agentTool_1.UNKNOWN_SESSION, messageId: agentTool_1.UNKNOWN_MESSAGE, via: 'test' });
            assert.strictEqual(outcome.isError, true);
            assert.deepStrictEqual(outcome.answer.data, { success: false, error: 'Invalid input: input.index must be a number, got a string.' });
            const ok = await (0, invokeAgentTool_1.invokeAgentTool)(tool, { index: 2 }, { sessionId: agentTool_1.UNKNOWN_SESSION, messageId: agentTool_1.UNKNOWN_MESSAGE, via: 'test' });
            assert.strictEqual(ok.answer.data.request, 'Add form validation');
        });
        it('explains bad input instead of guessing', async () => {
            assert.deepStrictEqual(parse(await nth.invoke({})), { success: false, error: 'Invalid input: index is required (1 = first request)' });
            assert.strictEqual(parse(await nth.invoke({ index: 1.5 })).error, 'Invalid input: index must be a whole number (1 = first request)');
            assert.strictEqual(parse(await nth.invoke({ index: 'two' })).error, 'Invalid input: index must be a whole number (1 = first request)');
            assert.strictEqual(parse(await nth.invoke({ index: 1, sessionId: 42 })).error, 'Invalid input: sessionId must be a string (omit it for the current dialog)');
            assert.strictEqual(parse(await first.invoke('basic-log')).error, 'Invalid input: expected a JSON object');
        });
    });
    describe('the seed\'s error table, verbatim', () => {
        it('No active dialog found', async () => {
            const empty = (0, chatFixtures_1.makeChatSessionsFolder)({});
            try {
                const s = new chatSessionStore_1.ChatSessionStore(empty);
                assert.deepStrictEqual(parse(await new getFirstRequestTool_1.GetFirstRequestTool(s).invoke({})), { success: false, error: 'No active dialog found' });
                assert.deepStrictEqual(parse(await new getRequestTool_1.GetRequestTool(s).invoke({ index: 1 })), { success: false, error: 'No active dialog found' });
            }
            finally {
                (0, chatFixtures_1.removeFolder)(empty);
            }
        });
        it('Session not found: {id}', async () => {
            assert.deepStrictEqual(parse(await first.invoke({ sessionId: 'abc-123-def-456' })), { success: false, error: 'Session not found: abc-123-def-456' });
            assert.deepStrictEqual(parse(await nth.invoke({ index: 1, sessionId: '../basic-log' })), { success: false, error: 'Session not found: ../basic-log' });
        });
        it('First request not available', async () => {
            assert.deepStrictEqual(parse(await first.invoke({ sessionId: 'empty-session' })), { success: false, error: 'First request not available' });
        });
        it('Index must be 1 or greater', async () => {
            assert.deepStrictEqual(parse(await nth.invoke({ index: 0 })), { success: false, error: 'Index must be 1 or greater' });
            assert.deepStrictEqual(parse(await nth.invoke({ index: -3, sessionId: 'nope' })), { success: false, error: 'Index must be 1 or greater' });
        });
        it('Index {n} exceeds total requests ({total})', async () => {
            assert.deepStrictEqual(parse(await nth.invoke({ index: 4 })), { success: false, error: 'Index 4 exceeds total requests (3)' });
            assert.deepStrictEqual(parse(await nth.invoke({ index: 1, sessionId: 'empty-session' })), { success: false, error: 'Index 1 exceeds total requests (0)' });
        });
        it('Chat data not available for session', async () => {
            for (const sessionId of ['corrupt', 'empty-file']) {
                assert.deepStrictEqual(parse(await nth.invoke({ index: 1, sessionId })), { success: false, error: 'Chat data not available for session' });
                assert.deepStrictEqual(parse(await first.invoke({ sessionId })), { success: false, error: 'Chat data not available for session' });
            }
            // The session VS Code says the tool runs in, before VS Code has written its file.
            assert.deepStrictEqual(parse(await first.invoke({}, { invocationSessionId: 'chat-4242' })), { success: false, error: 'Chat data not available for session' });
        });
        it('Service temporarily unavailable', async () => {
            const seen = [];
            const eio = Object.assign(new Error('EIO'), { code: 'EIO' });
            const broken = new chatSessionStore_1.ChatSessionStore(dir, { fs: { readdir: () => Promise.reject(eio), stat: () => Promise.reject(eio), readFile: () => Promise.reject(eio) } });
            assert.deepStrictEqual(parse(await new getFirstRequestTool_1.GetFirstRequestTool(broken, { onUnexpectedError: e => seen.push(e) }).invoke({})), { success: false, error: 'Service temporarily unavailable' });
            assert.deepStrictEqual(parse(await new getRequestTool_1.GetRequestTool(undefined).invoke({ index: 1 })), { success: false, error: 'Service temporarily unavailable' });
            assert.deepStrictEqual(parse(await new getRequestTool_1.GetRequestTool(failingSource(new TypeError('bug'))).invoke({ index: 1 })), { success: false, error: 'Service temporarily unavailable' });
            assert.strictEqual(seen.length, 1);
            assert.ok(seen[0] instanceof chatSessionStore_1.ChatStorageError);
        });
        it('matches the constants the tools use', () => {
            assert.strictEqual(chatTool_1.CHAT_TOOL_ERRORS.sessionNotFound('x'), 'Session not found: x');
            assert.strictEqual(chatTool_1.CHAT_TOOL_ERRORS.indexTooLarge(5, 2), 'Index 5 exceeds total requests (2)');
        });
    });
    it('stops when the call is cancelled', async () => {
        assert.deepStrictEqual(parse(await nth.invoke({ index: 1 }, { token: { isCancellationRequested: true } })), { success: false, error: 'Cancelled' });
    });
    it('resolves a session through any source (template method over a fake)', async () => {
        const session = { sessionId: 'fake', title: undefined, creationDate: undefined, lastMessageDate: undefined, skippedRequests: 0, requests: [{ requestId: 'r', text: 'hi', timestamp: 5, aliasIds: [] }] };
        const fake = { mostRecentSessionId: async () => 'fake', readSession: async (id) => (id === 'fake' ? session : Promise.reject(new chatSessionStore_1.ChatStorageError('notFound', id, 'no'))) };
        assert.deepStrictEqual(await new getRequestTool_1.GetRequestTool(fake).run({ index: 1 }), { success: true, sessionId: 'fake', request: 'hi', index: 1, timestamp: 5, totalRequests: 1 });
    });
    describe('definitions', () => {
        for (const def of [getFirstRequestTool_1.GET_FIRST_REQUEST_TOOL, getRequestTool_1.GET_REQUEST_TOOL]) {
            it(`${def.toolName}: a valid VS Code tool name and a detailed model description`, () => {
                assert.match(def.toolName, toolManifest_1.TOOL_NAME);
                assert.match(def.toolReferenceName ?? '', /^[\w-]+$/);
                assert.ok(def.modelDescription.includes('**Use this tool when:**'));
                assert.ok(def.modelDescription.includes('**Example usage scenarios:**'));
                assert.strictEqual(def.inputSchema.type, 'object');
            });
        }
        it('has the seed\'s input schemas', () => {
            assert.deepStrictEqual(Object.keys(getFirstRequestTool_1.GET_FIRST_REQUEST_INPUT_SCHEMA.properties), ['sessionId']);
            assert.deepStrictEqual(getRequestTool_1.GET_REQUEST_INPUT_SCHEMA.required, ['index']);
            assert.strictEqual(getRequestTool_1.GET_REQUEST_INPUT_SCHEMA.properties.index.type, 'number');
            assert.strictEqual(getFirstRequestTool_1.GetFirstRequestTool.toolName, 'chat_getFirstRequest');
            assert.strictEqual(getRequestTool_1.GetRequestTool.toolName, 'chat_getRequest');
        });
    });
});
//# sourceMappingURL=chatTools.test.js.map