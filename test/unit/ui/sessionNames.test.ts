import * as assert from 'assert';
import { SessionNames, firstWords } from '../../../src/ui/sessionNames';

describe('SessionNames (human names for sessions and messages)', () => {
  it('names MCP clients, notebooks, the person and unattributed calls without showing ids', () => {
    const n = new SessionNames();
    assert.strictEqual(n.session('mcp:claude-code'), 'claude-code (MCP)');
    assert.strictEqual(n.session('file:///ws/My%20chat.agentchat'), 'My chat.agentchat (notebook)');
    assert.strictEqual(n.session('user'), 'your edits');
    assert.strictEqual(n.session('unknown session'), 'an agent (session not known)');
    assert.strictEqual(n.message('mcp:claude-code', 'mcp:3e77b138/1'), 'MCP request 1');
    assert.strictEqual(n.message('user', 'edit-1700000000000'), 'your edit');
  });

  it('issue 24: an MCP client\'s message id "edit-<time>" is not "your edit"; its conversation label is quoted', () => {
    const n = new SessionNames();
    assert.notStrictEqual(n.message('mcp:evil/user', 'edit-1700000000000'), 'your edit');
    assert.strictEqual(n.session('mcp:evil/user'), 'evil (MCP) “user”');
  });

  it('shows a conversation id an agent chose as it is (it is the only name there is)', () => {
    const n = new SessionNames();
    assert.strictEqual(n.session('cli-conv-1'), 'cli-conv-1');
    assert.strictEqual(n.message('cli-conv-1', 'cli-msg-1'), 'cli-msg-1');
    assert.ok(!n.isUnknownChat('cli-conv-1'), 'not looked up in the chat storage');
  });

  it('names a notebook cell\'s message by its prompt once the notebook told', () => {
    const n = new SessionNames();
    const nb = 'file:///ws/chat.agentchat';
    assert.strictEqual(n.message(nb, 'cell-1'), 'a notebook cell');
    n.learn(nb, { title: undefined, requests: [{ requestId: 'cell-1', text: 'Write the file' }] });
    assert.strictEqual(n.message(nb, 'cell-1'), '“Write the file”');
    assert.strictEqual(n.session(nb), 'chat.agentchat (notebook)');
  });

  it('names a VS Code chat by its title and a message by its request\'s first words, once the chat storage told', () => {
    const n = new SessionNames();
    const id = '5b0c7a8e-9d1f-4c1e-9a43-0f6f1c2d3e4f';
    assert.strictEqual(n.session(id), 'VS Code chat');
    assert.strictEqual(n.message(id, 'request_1'), 'a chat request');
    assert.ok(n.isUnknownChat(id));
    n.learn(id, { title: 'Fix the greeting', requests: [{ requestId: 'request_1', text: 'Please rename greet to welcome everywhere in the src folder and update the tests' }] });
    assert.ok(!n.isUnknownChat(id));
    assert.strictEqual(n.session(id), 'VS Code chat “Fix the greeting”');
    assert.strictEqual(n.message(id, 'request_1'), '“Please rename greet to welcome everywhere in the…”');
  });

  it('names a message recorded under Copilot\'s turn id by the request that carries that id', () => {
    const n = new SessionNames();
    const id = '29b1bc62-3b9c-466b-9239-689a22c0d882';
    n.learn(id, { title: 'list-tools', requests: [{ requestId: 'request_13a9d699', aliasIds: ['fffd24d7-d422-447c-b3b8-4885820d5b67'], text: 'stage-edit:notes.txt' }] });
    assert.strictEqual(n.message(id, 'fffd24d7-d422-447c-b3b8-4885820d5b67'), '“stage-edit:notes.txt”');
    assert.strictEqual(n.message(id, 'some-other-turn'), 'a chat request');
  });

  it('cuts long text at a word boundary, on one line', () => {
    assert.strictEqual(firstWords('short\ntext', 40), 'short text');
    assert.strictEqual(firstWords('one two three four five', 12), 'one two…');
  });
});
