import type { AgentTool } from '../tools/agentTool';
import { invokeAgentTool } from '../tools/invokeAgentTool';
import { answerText, errorAnswer } from '../tools/toolAnswerText';
import type { ObjectSchema } from '../tools/jsonSchema';
import { advertisedInputSchema, mcpCaller, splitArguments, type McpCallOrigin } from './mcpToolArguments';

/** One entry of MCP's `tools/list`. */
export interface McpToolDescription {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: ObjectSchema;
}

/** A `tools/call` result: the same text VS Code's chat gets, `isError` for error answers. */
export interface McpToolResult {
  readonly content: { readonly type: 'text'; readonly text: string }[];
  readonly isError: boolean;
  readonly [key: string]: unknown;
}

export class UnknownToolError extends Error {
  readonly code = 'UnknownTool';
  constructor(readonly toolName: string, known: readonly string[]) {
    super(`Unknown tool ${JSON.stringify(toolName)}. Known tools: ${known.join(', ')}.`);
    this.name = 'UnknownToolError';
  }
}

/**
 * The MCP front end of the one tool registry (VS Code's `vscode.lm` adapter is the other): the same tool objects,
 * names, schemas, validation and answer text, so consent prompts and staging behave identically for both.
 */
export class McpToolService {
  private readonly byName: ReadonlyMap<string, AgentTool<unknown>>;

  constructor(tools: readonly AgentTool<never>[]) {
    const map = new Map<string, AgentTool<unknown>>();
    for (const t of tools as readonly AgentTool<unknown>[]) {
      if (map.has(t.metadata.toolName)) throw new Error(`two tools are named ${t.metadata.toolName}`);
      map.set(t.metadata.toolName, t);
    }
    this.byName = map;
  }

  get toolNames(): readonly string[] {
    return [...this.byName.keys()];
  }

  list(): McpToolDescription[] {
    return [...this.byName.values()].map(t => ({
      name: t.metadata.toolName,
      title: t.metadata.displayName,
      description: t.metadata.modelDescription,
      inputSchema: advertisedInputSchema(t.metadata.inputSchema),
    }));
  }

  /** Throws `UnknownToolError` for a name no tool has; every other failure becomes an error answer. */
  async call(name: string, args: unknown, origin: McpCallOrigin, signal?: AbortSignal): Promise<McpToolResult> {
    const tool = this.byName.get(name);
    if (!tool) throw new UnknownToolError(name, this.toolNames);
    let split;
    try {
      split = splitArguments(tool.metadata.inputSchema, args);
    } catch (e) {
      // A malformed sessionId/messageId: answered like any invalid input.
      return { content: [{ type: 'text', text: answerText(errorAnswer(name, e)) }], isError: true };
    }
    const outcome = await invokeAgentTool(tool as AgentTool<unknown>, split.toolInput, mcpCaller(split, origin), { signal });
    return { content: [{ type: 'text', text: outcome.text }], isError: outcome.isError };
  }
}
