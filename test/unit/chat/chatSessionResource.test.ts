import * as assert from 'assert';
import { LOCAL_CHAT_SESSION_PREFIX, normalizeSessionId, sessionIdFromResource } from '../../../src/chat/chatSessionResource';

describe('chatSessionResource', () => {
  const encode = (id: string) => LOCAL_CHAT_SESSION_PREFIX + Buffer.from(id, 'utf8').toString('base64url');

  it('decodes the session id of a local chat session resource', () => {
    for (const id of ['chat-123456789', 'a1b2c3d4-e5f6-7890-abcd-ef0123456789', 'ünï']) assert.strictEqual(sessionIdFromResource(encode(id)), id);
  });

  it('refuses other URIs and malformed encodings', () => {
    assert.strictEqual(sessionIdFromResource('vscode-chat-session://remote/abc'), undefined);
    assert.strictEqual(sessionIdFromResource(LOCAL_CHAT_SESSION_PREFIX + 'not base64!'), undefined);
    assert.strictEqual(sessionIdFromResource(LOCAL_CHAT_SESSION_PREFIX), undefined);
  });

  it('normalizes either form to the plain id', () => {
    assert.strictEqual(normalizeSessionId(' chat-1 '), 'chat-1');
    assert.strictEqual(normalizeSessionId(encode('chat-1')), 'chat-1');
  });
});
