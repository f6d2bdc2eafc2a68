import * as assert from 'assert';
import { chatRequestIdOf, chatSessionIdOf } from '../../../src/chat/toolInvocationContext';

describe('toolInvocationContext (which chat session and request a tool call belongs to)', () => {
  const session = '29b1bc62-3b9c-466b-9239-689a22c0d882';
  const resource = { scheme: 'vscode-chat-session', authority: 'local', path: `/${Buffer.from(session).toString('base64url')}` };

  it('reads the session from the token\'s sessionResource (VS Code 1.139) or sessionId (older)', () => {
    assert.strictEqual(chatSessionIdOf({ sessionResource: resource }), session);
    assert.strictEqual(chatSessionIdOf({ sessionId: session }), session);
  });

  it('knows no session for a missing or foreign token', () => {
    for (const token of [undefined, null, 'x', 42, {}, { sessionId: '' }, { sessionResource: { scheme: 'x' } }]) assert.strictEqual(chatSessionIdOf(token), undefined, JSON.stringify(token));
  });

  it('reads the request from chatRequestId when VS Code hands it over', () => {
    assert.strictEqual(chatRequestIdOf({ input: {}, chatRequestId: 'fffd24d7-d422-447c-b3b8-4885820d5b67' }), 'fffd24d7-d422-447c-b3b8-4885820d5b67');
  });

  it('knows no request when it is absent or not a string (VS Code desktop without the proposal)', () => {
    for (const options of [undefined, null, {}, { input: {} }, { chatRequestId: '' }, { chatRequestId: 7 }]) assert.strictEqual(chatRequestIdOf(options), undefined, JSON.stringify(options));
  });
});
