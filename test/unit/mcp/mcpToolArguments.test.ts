import * as assert from 'assert';
import type { ObjectSchema } from '../../../src/tools/jsonSchema';
import { ToolInputError } from '../../../src/tools/jsonSchema';
import { advertisedInputSchema, mcpCaller, splitArguments } from '../../../src/mcp/mcpToolArguments';

const write: ObjectSchema = {
  type: 'object',
  properties: { path: { type: 'string' }, content: { type: 'string' } },
  required: ['path', 'content'],
  additionalProperties: false,
};
/** Like overlay_discardChanges: its own `messageId` means "whose changes to discard". */
const discard: ObjectSchema = { type: 'object', properties: { path: { type: 'string' }, messageId: { type: 'string' } }, additionalProperties: false };

describe('MCP tool arguments', () => {
  it('advertises sessionId and messageId as optional extra properties', () => {
    const s = advertisedInputSchema(write);
    assert.deepStrictEqual(Object.keys(s.properties), ['path', 'content', 'sessionId', 'messageId']);
    assert.deepStrictEqual(s.required, ['path', 'content']);
    assert.strictEqual(s.additionalProperties, false);
    assert.deepStrictEqual(Object.keys(write.properties), ['path', 'content'], 'the tool schema is not mutated');
  });

  it('does not advertise a field the tool defines itself', () => {
    const s = advertisedInputSchema(discard);
    assert.deepStrictEqual(Object.keys(s.properties), ['path', 'messageId', 'sessionId']);
    assert.strictEqual(s.properties.messageId, discard.properties.messageId);
  });

  it('strips the attribution before the tool sees its input', () => {
    const args = { path: 'a', content: 'b', sessionId: 'conv-1', messageId: 'msg-7' };
    assert.deepStrictEqual(splitArguments(write, args), { toolInput: { path: 'a', content: 'b' }, sessionId: 'conv-1', messageId: 'msg-7' });
    assert.deepStrictEqual(Object.keys(args), ['path', 'content', 'sessionId', 'messageId'], 'the arguments are not mutated');
  });

  it("leaves a field the tool defines to the tool", () => {
    assert.deepStrictEqual(splitArguments(discard, { messageId: 'm1', sessionId: 's1' }), { toolInput: { messageId: 'm1' }, sessionId: 's1' });
  });

  it('treats missing arguments as an empty object and leaves garbage to the schema', () => {
    assert.deepStrictEqual(splitArguments(write, undefined), { toolInput: {} });
    assert.deepStrictEqual(splitArguments(write, [1]), { toolInput: [1] });
    assert.deepStrictEqual(splitArguments(write, 'x'), { toolInput: 'x' });
  });

  it('refuses malformed attribution with a clear error', () => {
    assert.throws(() => splitArguments(write, { path: 'a', content: 'b', sessionId: 42 }), (e: unknown) => e instanceof ToolInputError && /input\.sessionId must be a non-empty string/.test(e.message));
    assert.throws(() => splitArguments(write, { messageId: '  ' }), /input\.messageId must be a non-empty string/);
    assert.throws(() => splitArguments(write, { messageId: 'x'.repeat(201) }), /more than the 200 allowed/);
  });

  it('defaults the session to the client name and the message to one id per call', () => {
    const origin = { clientName: 'claude-code', mcpSessionId: '0123456789abcdef', requestId: 5 };
    assert.deepStrictEqual(mcpCaller({ toolInput: {} }, origin), { sessionId: 'mcp:claude-code', messageId: 'mcp:01234567/5', via: 'mcp' });
    assert.deepStrictEqual(mcpCaller({ toolInput: {}, sessionId: 'c', messageId: 'm' }, origin), { sessionId: 'mcp:claude-code/c', messageId: 'm', via: 'mcp' });
  });

  it('copes with clients that give no name or odd names', () => {
    assert.strictEqual(mcpCaller({ toolInput: {} }, { clientName: undefined, mcpSessionId: undefined, requestId: 'r' }).sessionId, 'mcp:client');
    assert.strictEqual(mcpCaller({ toolInput: {} }, { clientName: 'a\u0000b\nc', mcpSessionId: 'x', requestId: 1 }).sessionId, 'mcp:a b c');
  });

  describe('issue 24 breach 2: a client acts as itself, whatever its arguments say', () => {
    const origin = { clientName: 'evil-cli', mcpSessionId: 'abcdef0123', requestId: 3 };
    const sessionOf = (sessionId: string) => mcpCaller(splitArguments(write, { path: 'a', content: 'b', sessionId }), origin).sessionId;

    it("cannot name the person's session: sessionId \"user\" is a label of its own namespace", () => {
      assert.strictEqual(sessionOf('user'), 'mcp:evil-cli/user');
    });

    it("cannot name another client's session or a VS Code chat's", () => {
      assert.strictEqual(sessionOf('mcp:claude-code'), 'mcp:evil-cli/mcp:claude-code');
      assert.strictEqual(sessionOf('mcp:claude-code/conv-1'), 'mcp:evil-cli/mcp:claude-code/conv-1');
      assert.strictEqual(sessionOf('5b0c7a8e-1111-2222-3333-444455556666'), 'mcp:evil-cli/5b0c7a8e-1111-2222-3333-444455556666');
      assert.strictEqual(sessionOf('unknown session'), 'mcp:evil-cli/unknown session');
    });

    it('takes back the id it was shown (its own namespace, with or without a label) as that id', () => {
      assert.strictEqual(sessionOf('mcp:evil-cli'), 'mcp:evil-cli');
      assert.strictEqual(sessionOf('mcp:evil-cli/conv-1'), 'mcp:evil-cli/conv-1');
      assert.strictEqual(sessionOf('conv-1'), 'mcp:evil-cli/conv-1');
    });

    it('cannot reach into another namespace through its own name: "/" in a client name is not a separator', () => {
      const sneaky = mcpCaller({ toolInput: {}, sessionId: 'x' }, { ...origin, clientName: 'claude-code/conv-1' });
      assert.strictEqual(sneaky.sessionId, 'mcp:claude-code_conv-1/x');
    });

    it('refuses ids with line breaks, controls, zero-width or text-direction characters', () => {
      for (const bad of ['a\nb', 'a\u2028b', 'a\u202Eb', 'a\u200Bb', 'a\u0007b']) {
        assert.throws(() => splitArguments(write, { sessionId: bad }), /input\.sessionId contains a control, line-break, zero-width or text-direction character/, JSON.stringify(bad));
        assert.throws(() => splitArguments(write, { messageId: bad }), /input\.messageId contains/, JSON.stringify(bad));
      }
    });
  });
});
