import * as assert from 'assert';
import { requesterName } from '../../../src/tools/requesterName';

describe('requesterName (who a consent dialog says is asking)', () => {
  it('names the MCP client, VS Code chat and the notebook', () => {
    assert.strictEqual(requesterName({ via: 'mcp', sessionId: 'mcp:claude-code' }), 'claude-code (MCP client)');
    assert.strictEqual(requesterName({ via: 'vscode-chat', sessionId: '5b0c7a8e' }), 'VS Code chat');
    assert.strictEqual(requesterName({ via: 'notebook', sessionId: 'file:///ws/My%20chat.agentchat' }), 'The agent chat notebook My chat.agentchat');
  });

  it('falls back to a generic name when nothing better is known', () => {
    assert.strictEqual(requesterName({ via: 'mcp', sessionId: 'my-own-conversation' }), 'An MCP client');
    assert.strictEqual(requesterName({ via: 'test', sessionId: 'x' }), 'AI Agent');
    assert.strictEqual(requesterName({ via: 'vscode-chat', sessionId: 'unknown session' }), 'AI Agent', 'vscode.lm.invokeTool without a chat');
  });
});
