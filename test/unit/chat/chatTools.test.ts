import * as assert from 'assert';
import { CHAT_TOOL_ERRORS, type ChatToolContext } from '../../../src/chat/chatTool';
import { ChatSessionStore, ChatStorageError, type ChatSessionSource } from '../../../src/chat/chatSessionStore';
import { LOCAL_CHAT_SESSION_PREFIX } from '../../../src/chat/chatSessionResource';
import { GET_FIRST_REQUEST_INPUT_SCHEMA, GET_FIRST_REQUEST_TOOL, GetFirstRequestTool } from '../../../src/chat/getFirstRequestTool';
import { GET_REQUEST_INPUT_SCHEMA, GET_REQUEST_TOOL, GetRequestTool } from '../../../src/chat/getRequestTool';
import type { ChatSession } from '../../../src/chat/parseChatSession';
import { UNKNOWN_MESSAGE, UNKNOWN_SESSION, type AgentTool } from '../../../src/tools/agentTool';
import { ChatRecallAgentTool } from '../../../src/tools/chat/chatRecallAgentTool';
import { invokeAgentTool } from '../../../src/tools/invokeAgentTool';
import { TOOL_NAME } from '../../../src/tools/toolManifest';
import { makeChatSessionsFolder, removeFolder } from './chatFixtures';

const parse = (json: string): Record<string, unknown> => JSON.parse(json) as Record<string, unknown>;

/** A source that fails every call with the error given. */
function failingSource(error: unknown): ChatSessionSource {
  return { mostRecentSessionId: () => Promise.reject(error), readSession: () => Promise.reject(error) };
}

describe('chat recall tools', () => {
  let dir: string;
  let store: ChatSessionStore;
  let first: GetFirstRequestTool;
  let nth: GetRequestTool;
  before(() => {
    // basic-log is the most recently modified: it is "the current dialog" when nothing else says.
    dir = makeChatSessionsFolder({
      'legacy.json': 1_700_000_000, 'unicode.jsonl': 1_700_000_010, 'empty-session.jsonl': 1_700_000_020, 'corrupt.json': 1_700_000_030,
      'empty-file.jsonl': 1_700_000_040, 'both.json': 1_700_000_050, 'both.jsonl': 1_700_000_060, 'basic-log.jsonl': 1_700_000_100,
    });
    store = new ChatSessionStore(dir);
    first = new GetFirstRequestTool(store);
    nth = new GetRequestTool(store);
  });
  after(() => removeFolder(dir));

  describe('chat_getFirstRequest', () => {
    it('answers from the most recently modified session when none is named', async () => {
      assert.deepStrictEqual(parse(await first.invoke({})), {
        success: true, sessionId: 'basic-log', firstRequest: 'How do I create a React component?', timestamp: 1768490001000, requestsCount: 3,
      });
      assert.strictEqual(parse(await first.invoke(undefined)).sessionId, 'basic-log');
    });

    it('prefers the session named in the input, then the invocation\'s session', async () => {
      const context: ChatToolContext = { invocationSessionId: 'both' };
      assert.strictEqual(parse(await first.invoke({ sessionId: 'legacy' }, context)).sessionId, 'legacy');
      assert.strictEqual(parse(await first.invoke({}, context)).firstRequest, 'from the jsonl log');
      assert.strictEqual(parse(await first.invoke({ sessionId: '  ' }, context)).sessionId, 'both');
    });

    it('accepts a session given as a vscode-chat-session resource', async () => {
      const resource = LOCAL_CHAT_SESSION_PREFIX + Buffer.from('legacy').toString('base64url');
      assert.strictEqual(parse(await first.invoke({ sessionId: resource })).sessionId, 'legacy');
    });

    it('returns the first 80 characters, never half a surrogate pair', async () => {
      const out = parse(await first.invoke({ sessionId: 'unicode' }));
      const preview = out.firstRequest as string;
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
      const tool = new ChatRecallAgentTool(nth);
      const outcome = await invokeAgentTool(tool as AgentTool<unknown>, { index: '2' }, { sessionId: UNKNOWN_SESSION, messageId: UNKNOWN_MESSAGE, via: 'test' });
      assert.strictEqual(outcome.isError, true);
      assert.deepStrictEqual(outcome.answer.data, { success: false, error: 'Invalid input: input.index must be a number, got a string.' });
      const ok = await invokeAgentTool(tool as AgentTool<unknown>, { index: 2 }, { sessionId: UNKNOWN_SESSION, messageId: UNKNOWN_MESSAGE, via: 'test' });
      assert.strictEqual((ok.answer.data as { request: string }).request, 'Add form validation');
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
      const empty = makeChatSessionsFolder({});
      try {
        const s = new ChatSessionStore(empty);
        assert.deepStrictEqual(parse(await new GetFirstRequestTool(s).invoke({})), { success: false, error: 'No active dialog found' });
        assert.deepStrictEqual(parse(await new GetRequestTool(s).invoke({ index: 1 })), { success: false, error: 'No active dialog found' });
      } finally {
        removeFolder(empty);
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
      const seen: unknown[] = [];
      const eio = Object.assign(new Error('EIO'), { code: 'EIO' });
      const broken = new ChatSessionStore(dir, { fs: { readdir: () => Promise.reject(eio), stat: () => Promise.reject(eio), readFile: () => Promise.reject(eio) } });
      assert.deepStrictEqual(parse(await new GetFirstRequestTool(broken, { onUnexpectedError: e => seen.push(e) }).invoke({})), { success: false, error: 'Service temporarily unavailable' });
      assert.deepStrictEqual(parse(await new GetRequestTool(undefined).invoke({ index: 1 })), { success: false, error: 'Service temporarily unavailable' });
      assert.deepStrictEqual(parse(await new GetRequestTool(failingSource(new TypeError('bug'))).invoke({ index: 1 })), { success: false, error: 'Service temporarily unavailable' });
      assert.strictEqual(seen.length, 1);
      assert.ok(seen[0] instanceof ChatStorageError);
    });

    it('matches the constants the tools use', () => {
      assert.strictEqual(CHAT_TOOL_ERRORS.sessionNotFound('x'), 'Session not found: x');
      assert.strictEqual(CHAT_TOOL_ERRORS.indexTooLarge(5, 2), 'Index 5 exceeds total requests (2)');
    });
  });

  it('stops when the call is cancelled', async () => {
    assert.deepStrictEqual(parse(await nth.invoke({ index: 1 }, { token: { isCancellationRequested: true } })), { success: false, error: 'Cancelled' });
  });

  it('resolves a session through any source (template method over a fake)', async () => {
    const session: ChatSession = { sessionId: 'fake', title: undefined, creationDate: undefined, lastMessageDate: undefined, skippedRequests: 0, requests: [{ requestId: 'r', text: 'hi', timestamp: 5, aliasIds: [] }] };
    const fake: ChatSessionSource = { mostRecentSessionId: async () => 'fake', readSession: async id => (id === 'fake' ? session : Promise.reject(new ChatStorageError('notFound', id, 'no'))) };
    assert.deepStrictEqual(await new GetRequestTool(fake).run({ index: 1 }), { success: true, sessionId: 'fake', request: 'hi', index: 1, timestamp: 5, totalRequests: 1 });
  });

  describe('definitions', () => {
    for (const def of [GET_FIRST_REQUEST_TOOL, GET_REQUEST_TOOL]) {
      it(`${def.toolName}: a valid VS Code tool name and a detailed model description`, () => {
        assert.match(def.toolName, TOOL_NAME);
        assert.match(def.toolReferenceName ?? '', /^[\w-]+$/);
        assert.ok(def.modelDescription.includes('**Use this tool when:**'));
        assert.ok(def.modelDescription.includes('**Example usage scenarios:**'));
        assert.strictEqual(def.inputSchema.type, 'object');
      });
    }
    it('has the seed\'s input schemas', () => {
      assert.deepStrictEqual(Object.keys(GET_FIRST_REQUEST_INPUT_SCHEMA.properties), ['sessionId']);
      assert.deepStrictEqual(GET_REQUEST_INPUT_SCHEMA.required, ['index']);
      assert.strictEqual(GET_REQUEST_INPUT_SCHEMA.properties.index.type, 'number');
      assert.strictEqual(GetFirstRequestTool.toolName, 'chat_getFirstRequest');
      assert.strictEqual(GetRequestTool.toolName, 'chat_getRequest');
    });
  });
});
