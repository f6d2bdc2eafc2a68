import * as assert from 'assert';
import { ToolError, type AgentTool, type ToolAnswer } from '../../../src/tools/agentTool';
import { invokeAgentTool } from '../../../src/tools/invokeAgentTool';

const caller = { sessionId: 's', messageId: 'm', via: 'test' as const };

function tool(invoke: (input: { n: number }) => Promise<ToolAnswer>, errorAnswer?: (e: unknown) => ToolAnswer): AgentTool<unknown> {
  return {
    metadata: {
      toolName: 't_tool', displayName: 'T', modelDescription: 'Use this tool when testing. Example: {"n": 1}', userDescription: 'T', tags: [],
      inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 0 } }, required: ['n'], additionalProperties: false },
    },
    invocationMessage: () => 'testing',
    invoke: input => invoke(input as { n: number }),
    ...(errorAnswer ? { errorAnswer } : {}),
  };
}

describe('invokeAgentTool', () => {
  it('answers with the sentence, then the JSON', async () => {
    const out = await invokeAgentTool(tool(async i => ({ summary: 'Doubled.', data: { value: i.n * 2 } })), { n: 2 }, caller);
    assert.strictEqual(out.text, 'Doubled.\n{\n  "value": 4\n}');
    assert.strictEqual(out.isError, false);
  });

  it('refuses invalid input before the tool runs, naming the field', async () => {
    let ran = false;
    const out = await invokeAgentTool(tool(async () => { ran = true; return { summary: '', data: {} }; }), { n: -1, x: 1 }, caller);
    assert.strictEqual(ran, false);
    assert.strictEqual(out.isError, true);
    assert.match(String((out.answer.data as { message: string }).message), /input\.n must be at least 0.*input\.x is not a known field/);
  });

  it('turns a thrown ToolError into its code and message', async () => {
    const out = await invokeAgentTool(tool(async () => { throw new ToolError('Nope', 'Do it differently.'); }), { n: 1 }, caller);
    assert.deepStrictEqual(out.answer.data, { status: 'error', code: 'Nope', message: 'Do it differently.' });
  });

  it("uses the tool's own error shape when it has one, for invalid input too", async () => {
    const own = (e: unknown) => ({ summary: 'failed', data: { success: false, error: (e as Error).message } });
    const out = await invokeAgentTool(tool(async () => ({ summary: '', data: {} }), own), { n: 'two' }, caller);
    assert.deepStrictEqual(out.answer.data, { success: false, error: 'Invalid input: input.n must be an integer, got a string.' });
    assert.strictEqual(out.isError, true);
  });

  it('lets a front end refuse valid input', async () => {
    const out = await invokeAgentTool(tool(async () => ({ summary: '', data: {} })), { n: 1 }, caller, { guard: () => 'not here' });
    assert.strictEqual((out.answer.data as { code: string }).code, 'Refused');
  });
});
