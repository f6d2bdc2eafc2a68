import { ToolError, type AgentTool, type ToolAnswer, type ToolCaller } from './agentTool';
import { validateInput } from './jsonSchema';
import { answerText, errorAnswer } from './toolAnswerText';

export interface ToolOutcome {
  readonly answer: ToolAnswer;
  /** The text every front end hands the model: one sentence, then the JSON. */
  readonly text: string;
  /** The call failed (an error answer, or the tool's own failure shape). */
  readonly isError: boolean;
}

export interface InvokeOptions {
  readonly signal?: AbortSignal;
  /** A front end's own refusal for valid input (e.g. a path outside a notebook's allowed folders). */
  readonly guard?: (input: unknown) => string | undefined;
}

/**
 * The one way every front end (VS Code's `vscode.lm`, MCP, the notebook agent) runs a tool: validate the input
 * against the declared schema, invoke, and turn any failure into an answer the model can act on — the tool's
 * own error shape when it has one (the chat tools answer `{success: false, error}`), the common one otherwise.
 * Never throws.
 */
export async function invokeAgentTool(tool: AgentTool<unknown>, rawInput: unknown, caller: ToolCaller, options: InvokeOptions = {}): Promise<ToolOutcome> {
  let answer: ToolAnswer;
  let failed = false;
  try {
    const input = validateInput<unknown>(tool.metadata.inputSchema, rawInput ?? {});
    const refusal = options.guard?.(input);
    if (refusal) throw new ToolError('Refused', refusal);
    answer = await tool.invoke(input, caller, options.signal);
  } catch (e) {
    failed = true;
    answer = tool.errorAnswer?.(e) ?? errorAnswer(tool.metadata.toolName, e);
  }
  const data = answer.data as { status?: unknown; success?: unknown } | null;
  return { answer, text: answerText(answer), isError: failed || data?.status === 'error' || data?.success === false };
}
