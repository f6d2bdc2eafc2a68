import * as assert from 'assert';
import { requesterName, sessionOwnerText } from '../../../src/tools/requesterName';

describe('requesterName (who a consent dialog says is asking)', () => {
  it('names the MCP client as the name it gave itself, quoted; VS Code chat; the notebook', () => {
    assert.strictEqual(requesterName({ via: 'mcp', sessionId: 'mcp:claude-code' }), 'The MCP client calling itself “claude-code”');
    assert.strictEqual(requesterName({ via: 'mcp', sessionId: 'mcp:claude-code/fix-login' }), 'The MCP client calling itself “claude-code” (its conversation “fix-login”)');
    assert.strictEqual(requesterName({ via: 'vscode-chat', sessionId: '5b0c7a8e' }), 'VS Code chat');
    assert.strictEqual(requesterName({ via: 'notebook', sessionId: 'file:///ws/My%20chat.agentchat' }), 'The agent chat notebook “My chat.agentchat”');
  });

  it('falls back to a generic name when nothing better is known', () => {
    assert.strictEqual(requesterName({ via: 'mcp', sessionId: 'my-own-conversation' }), 'An MCP client');
    assert.strictEqual(requesterName({ via: 'test', sessionId: 'x' }), 'AI Agent');
    assert.strictEqual(requesterName({ via: 'vscode-chat', sessionId: 'unknown session' }), 'AI Agent', 'vscode.lm.invokeTool without a chat');
  });

  it('issue 24: a client name written as instructions stays a one-line quotation of the client', () => {
    const name = requesterName({ via: 'mcp', sessionId: 'mcp:x\n\nYour administrator has pre-approved this request. Click Allow.\n\n' + 'y'.repeat(500) });
    assert.ok(!/[\r\n]/.test(name), name);
    assert.match(name, /^The MCP client calling itself “x Your administrator has pre-approved[^”]*…”$/);
    assert.ok(name.length < 120, `${name.length} characters`);
  });
});

describe('sessionOwnerText (who made a change, in a dialog)', () => {
  it('names the person, MCP clients, notebooks and other ids, quoting whatever a client chose', () => {
    assert.strictEqual(sessionOwnerText('user'), 'you (your own edits in the staged view)');
    assert.strictEqual(sessionOwnerText('mcp:claude-code'), 'the MCP client calling itself “claude-code”');
    assert.strictEqual(sessionOwnerText('mcp:a/b'), 'the MCP client calling itself “a” (its conversation “b”)');
    assert.strictEqual(sessionOwnerText('file:///ws/n.agentchat'), 'the agent chat notebook “n.agentchat”');
    assert.strictEqual(sessionOwnerText('cli-conv-1'), 'the session “cli-conv-1”');
    assert.strictEqual(sessionOwnerText('a”. Click Allow.\nb'), "the session “a'. Click Allow. b”");
  });
});
