import type { AgentTool, ToolAnswer, ToolCaller } from '../../../src/tools/agentTool';
import { ToolError } from '../../../src/tools/agentTool';
import type { ToolMetadata } from '../../../src/tools/toolManifest';

function meta(toolName: string, inputSchema: ToolMetadata['inputSchema']): ToolMetadata {
  return { toolName, displayName: `${toolName} (fake)`, modelDescription: `Fake ${toolName}. Use this tool when testing. Example: {}.`, userDescription: toolName, inputSchema, tags: ['test'] };
}

/** Records every call; `put` stores into `files` like a staging write, `fail` throws a ToolError, `boom` a plain Error. */
export class FakeTools {
  readonly calls: { tool: string; input: unknown; caller: ToolCaller }[] = [];
  readonly files = new Map<string, string>();

  readonly tools: AgentTool<never>[] = [
    this.tool<{ path: string; content: string }>(meta('fake_put', {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string', maxLength: 100 } },
      required: ['path', 'content'],
      additionalProperties: false,
    }), async input => {
      await new Promise(r => setTimeout(r, Math.random() * 5));
      this.files.set(input.path, input.content);
      return { summary: `Stored ${input.path}.`, data: { status: 'staged', path: input.path } };
    }),
    this.tool<{ messageId?: string }>(meta('fake_discard', {
      type: 'object', properties: { messageId: { type: 'string' } }, additionalProperties: false,
    }), async (input, caller) => ({ summary: 'Discarded.', data: { messageId: input.messageId ?? null, session: caller.sessionId } })),
    this.tool<Record<string, never>>(meta('fake_fail', { type: 'object', properties: {}, additionalProperties: false }), async () => {
      throw new ToolError('NoChange', 'Nothing to do; call fake_put first.');
    }),
    this.tool<Record<string, never>>(meta('fake_boom', { type: 'object', properties: {}, additionalProperties: false }), async () => {
      throw new Error('kaboom');
    }),
  ] as AgentTool<never>[];

  private tool<I>(metadata: ToolMetadata, run: (input: I, caller: ToolCaller) => Promise<ToolAnswer>): AgentTool<I> {
    return {
      metadata,
      invocationMessage: () => metadata.displayName,
      invoke: async (input, caller) => {
        this.calls.push({ tool: metadata.toolName, input, caller });
        return run(input, caller);
      },
    };
  }
}
