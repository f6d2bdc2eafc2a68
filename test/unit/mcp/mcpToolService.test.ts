import * as assert from 'assert';
import { McpToolService, UnknownToolError } from '../../../src/mcp/mcpToolService';
import { answerText } from '../../../src/tools/toolAnswerText';
import { FakeTools } from './mcpFakes';

const origin = { clientName: 'cli', mcpSessionId: 'abcdef0123', requestId: 3 };

describe('MCP tool service', () => {
  it('lists every tool with its own schema plus the attribution fields', () => {
    const fakes = new FakeTools();
    const list = new McpToolService(fakes.tools).list();
    assert.deepStrictEqual(list.map(t => t.name), ['fake_put', 'fake_discard', 'fake_fail', 'fake_boom']);
    const put = list[0];
    assert.strictEqual(put.title, 'fake_put (fake)');
    assert.deepStrictEqual(put.inputSchema.required, ['path', 'content']);
    assert.deepStrictEqual(Object.keys(put.inputSchema.properties), ['path', 'content', 'sessionId', 'messageId']);
    assert.deepStrictEqual(Object.keys(list[1].inputSchema.properties), ['messageId', 'sessionId']);
  });

  it('answers with the same text as VS Code, the JSON as structuredContent, and attributes the call', async () => {
    const fakes = new FakeTools();
    const r = await new McpToolService(fakes.tools).call('fake_put', { path: 'a', content: 'x', sessionId: 'conv', messageId: 'm1' }, origin);
    assert.deepStrictEqual(r, {
      content: [{ type: 'text', text: answerText({ summary: 'Stored a.', data: { status: 'staged', path: 'a' } }) }],
      structuredContent: { status: 'staged', path: 'a' },
      isError: false,
    });
    assert.deepStrictEqual(fakes.calls[0], { tool: 'fake_put', input: { path: 'a', content: 'x' }, caller: { sessionId: 'mcp:cli/conv', messageId: 'm1', via: 'mcp' } });
  });

  it('defaults the attribution', async () => {
    const fakes = new FakeTools();
    await new McpToolService(fakes.tools).call('fake_put', { path: 'a', content: 'x' }, origin);
    assert.deepStrictEqual(fakes.calls[0].caller, { sessionId: 'mcp:cli', messageId: 'mcp:abcdef01/1', via: 'mcp' });
  });

  it('numbers a session\'s calls on across connections, whose JSON-RPC ids each start again (issue 27 item 14)', async () => {
    const fakes = new FakeTools();
    const svc = new McpToolService(fakes.tools);
    // A CLI agent that opens a connection per call: every call is JSON-RPC request 1.
    await svc.call('fake_put', { path: 'a', content: 'x' }, { clientName: 'cli', mcpSessionId: 'aaaaaaaa11', requestId: 1 });
    await svc.call('fake_put', { path: 'b', content: 'x' }, { clientName: 'cli', mcpSessionId: 'bbbbbbbb22', requestId: 1 });
    await svc.call('fake_put', { path: 'c', content: 'x' }, { clientName: 'other', mcpSessionId: 'cccccccc33', requestId: 1 });
    await svc.call('fake_put', { path: 'd', content: 'x', messageId: 'own' }, { clientName: 'cli', mcpSessionId: 'dddddddd44', requestId: 1 });
    await svc.call('fake_put', { path: 'e', content: 'x' }, { clientName: 'cli', mcpSessionId: 'eeeeeeee55', requestId: 1 });
    assert.deepStrictEqual(fakes.calls.map(c => c.caller.messageId), ['mcp:aaaaaaaa/1', 'mcp:bbbbbbbb/2', 'mcp:cccccccc/1', 'own', 'mcp:eeeeeeee/3']);
  });

  it("passes a tool's own messageId through", async () => {
    const fakes = new FakeTools();
    const r = await new McpToolService(fakes.tools).call('fake_discard', { messageId: 'old', sessionId: 's' }, origin);
    assert.match(r.content[0].text, /"messageId": "old"/);
    assert.deepStrictEqual(fakes.calls[0].caller.sessionId, 'mcp:cli/s', 'a label inside the client\'s namespace');
  });

  it('turns schema violations into error answers without running the tool', async () => {
    const fakes = new FakeTools();
    const svc = new McpToolService(fakes.tools);
    for (const [args, message] of [
      [{ path: 'a' }, /input\.content is required/],
      [{ path: 'a', content: 'x', bogus: 1 }, /bogus is not a known field/],
      [{ path: 'a', content: 'x'.repeat(101) }, /more than the 100 allowed/],
      [{ path: 'a', content: 'x', sessionId: 7 }, /sessionId must be a non-empty string/],
      [[], /must be an object/],
    ] as [unknown, RegExp][]) {
      const r = await svc.call('fake_put', args, origin);
      assert.strictEqual(r.isError, true);
      const data = JSON.parse(r.content[0].text.slice(r.content[0].text.indexOf('\n') + 1));
      assert.deepStrictEqual([data.status, data.code], ['error', 'InvalidInput']);
      assert.match(data.message, message);
    }
    assert.strictEqual(fakes.calls.length, 0);
  });

  it('turns tool errors into error answers', async () => {
    const svc = new McpToolService(new FakeTools().tools);
    const fail = await svc.call('fake_fail', {}, origin);
    assert.strictEqual(fail.isError, true);
    assert.match(fail.content[0].text, /^fake_fail failed: Nothing to do; call fake_put first\.\n/);
    const boom = await svc.call('fake_boom', undefined, origin);
    assert.match(boom.content[0].text, /"code": "Internal"/);
  });

  it('refuses an unknown tool and a duplicate name', async () => {
    const fakes = new FakeTools();
    await assert.rejects(new McpToolService(fakes.tools).call('nope', {}, origin), UnknownToolError);
    assert.throws(() => new McpToolService([...fakes.tools, fakes.tools[0]]), /two tools are named fake_put/);
  });
});
