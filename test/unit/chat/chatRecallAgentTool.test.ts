import * as assert from 'assert';
import { ChatSessionStore, type ChatSessionSource } from '../../../src/chat/chatSessionStore';
import { GET_FIRST_REQUEST_TOOL, GetFirstRequestTool } from '../../../src/chat/getFirstRequestTool';
import { GetRequestTool } from '../../../src/chat/getRequestTool';
import { UNKNOWN_MESSAGE, UNKNOWN_SESSION, type ToolCaller } from '../../../src/tools/agentTool';
import { ChatRecallAgentTool } from '../../../src/tools/chat/chatRecallAgentTool';
import { makeChatSessionsFolder, removeFolder } from './chatFixtures';

const anonymous: ToolCaller = { sessionId: UNKNOWN_SESSION, messageId: UNKNOWN_MESSAGE, via: 'test' };
const inSession = (sessionId: string): ToolCaller => ({ sessionId, messageId: UNKNOWN_MESSAGE, via: 'vscode-chat' });

describe('chat recall tools as agent tools', () => {
  let dir: string;
  let first: ChatRecallAgentTool;
  let nth: ChatRecallAgentTool;
  before(() => {
    dir = makeChatSessionsFolder({ 'legacy.json': 1_700_000_000, 'basic-log.jsonl': 1_700_000_100 });
    const store = new ChatSessionStore(dir);
    first = new ChatRecallAgentTool(new GetFirstRequestTool(store));
    nth = new ChatRecallAgentTool(new GetRequestTool(store));
  });
  after(() => removeFolder(dir));

  it('declares the chat tool\'s own metadata', () => {
    assert.strictEqual(first.metadata, GET_FIRST_REQUEST_TOOL);
  });

  it('answers with the seed\'s success shape as the data', async () => {
    const answer = await first.invoke({}, anonymous);
    assert.deepStrictEqual(answer.data, { success: true, sessionId: 'basic-log', firstRequest: 'How do I create a React component?', timestamp: 1768490001000, requestsCount: 3 });
    assert.strictEqual(answer.summary, 'Get first chat request: chat session basic-log.');
  });

  it('uses the caller\'s chat session as the current dialog, and the input\'s over it', async () => {
    assert.strictEqual((await first.invoke({}, inSession('legacy')) as { data: { sessionId: string } }).data.sessionId, 'legacy');
    assert.strictEqual((await first.invoke({ sessionId: 'basic-log' }, inSession('legacy')) as { data: { sessionId: string } }).data.sessionId, 'basic-log');
  });

  it('takes only a VS Code chat caller\'s session for the current dialog, not an MCP client\'s', async () => {
    const mcp: ToolCaller = { sessionId: 'mcp:some client', messageId: 'mcp:1/2', via: 'mcp' };
    assert.strictEqual(((await first.invoke({}, mcp)).data as { sessionId: string }).sessionId, 'basic-log');
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
    assert.deepStrictEqual((await new ChatRecallAgentTool(new GetFirstRequestTool(undefined)).invoke({}, anonymous)).data, { success: false, error: 'Service temporarily unavailable' });
    const never: ChatSessionSource = { mostRecentSessionId: () => Promise.resolve('x'), readSession: () => assert.fail('not read after cancellation') };
    const abort = new AbortController();
    abort.abort();
    const data = (await new ChatRecallAgentTool(new GetFirstRequestTool(never)).invoke({}, anonymous, abort.signal)).data as { success: boolean };
    assert.strictEqual(data.success, false);
  });

  it('names what it does while running', () => {
    assert.strictEqual(first.invocationMessage({}), 'Recalling your first request in this chat');
    assert.strictEqual(nth.invocationMessage({ index: 2, sessionId: 'abc' }), 'Recalling your request #2 in chat abc');
  });
});
