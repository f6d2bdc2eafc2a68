import type { AgentTool, ToolAnswer } from '../tools/agentTool';
import { invokeAgentTool } from '../tools/invokeAgentTool';
import { answerObject, answerText, errorAnswer } from '../tools/toolAnswerText';
import { outputSchemaOf, type OutputSchema } from '../tools/toolOutputSchemas';
import type { ObjectSchema } from '../tools/jsonSchema';
import { McpRequestNumbers } from './mcpRequestNumbers';
import { advertisedInputSchema, mcpCaller, splitArguments, type McpCallOrigin } from './mcpToolArguments';

/** One entry of MCP's `tools/list`. */
export interface McpToolDescription {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: ObjectSchema;
  /** The JSON every answer of the tool has (`structuredContent`). */
  readonly outputSchema: OutputSchema;
}

/**
 * A `tools/call` result: the same text VS Code's chat gets (the sentence, then the JSON: for models), the JSON
 * again as `structuredContent` (for programs: no parsing of the text), and `isError` for error answers.
 */
export interface McpToolResult {
  readonly content: { readonly type: 'text'; readonly text: string }[];
  readonly structuredContent: Record<string, unknown>;
  readonly isError: boolean;
  readonly [key: string]: unknown;
}

/** For a tool outside the catalog (a test's fake): any JSON object. */
const ANY_OBJECT: OutputSchema = { type: 'object', description: 'The answer as JSON.', properties: {} };

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
  /** One count per session for the bridge's life: every connection's calls are numbered on from the last. */
  private readonly numbers = new McpRequestNumbers();

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
      outputSchema: outputSchemaOf(t.metadata.toolName) ?? ANY_OBJECT,
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
      return result(tool.errorAnswer?.(e) ?? errorAnswer(name, e), true);
    }
    const outcome = await invokeAgentTool(tool as AgentTool<unknown>, split.toolInput, mcpCaller(split, origin, this.numbers), { signal });
    return result(outcome.answer, outcome.isError);
  }
}

function result(answer: ToolAnswer, isError: boolean): McpToolResult {
  return { content: [{ type: 'text', text: answerText(answer) }], structuredContent: answerObject(answer), isError };
}
