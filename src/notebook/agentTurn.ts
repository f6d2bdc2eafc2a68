/**
 * One agent turn: send the messages, run the tools the model calls, send their results back, until the model
 * answers without calling a tool (or a round limit is reached). The model is a port (the extension adapts
 * `vscode.lm`), so the loop runs in plain Node under test.
 */
import type { AgentTool, ToolCaller } from '../tools/agentTool';
import type { ObjectSchema } from '../tools/jsonSchema';
import type { AgentContentPart, AgentMessage } from './agentMessage';
import { invokeAgentTool, toolsByName, type ToolGuard } from './notebookTools';

export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: ObjectSchema;
}

export type ModelEvent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'toolCall'; readonly callId: string; readonly name: string; readonly input: unknown };

export interface ChatModelPort {
  /** For the output ("answered by …"). */
  readonly name: string;
  send(messages: readonly AgentMessage[], tools: readonly ToolSpec[], signal: AbortSignal): AsyncIterable<ModelEvent>;
}

/** What the output shows while a turn runs. */
export interface TurnObserver {
  text(delta: string): void;
  toolCall(call: { readonly name: string; readonly input: unknown }): void;
  toolResult(result: ToolCallRecord): void;
}

export interface ToolCallRecord {
  readonly name: string;
  readonly input: unknown;
  readonly ok: boolean;
  /** The answer's first sentence. */
  readonly summary: string;
}

export interface TurnOptions {
  readonly tools: readonly AgentTool<never>[];
  readonly caller: ToolCaller;
  readonly guard?: ToolGuard;
  readonly signal?: AbortSignal;
  readonly maxRounds?: number;
}

export interface TurnResult {
  /** Everything the model said, across rounds. */
  readonly answer: string;
  readonly toolCalls: readonly ToolCallRecord[];
  /** True when the model was still calling tools after `maxRounds` rounds. */
  readonly stoppedAtRoundLimit: boolean;
}

export const DEFAULT_MAX_ROUNDS = 16;

export class TurnCancelledError extends Error {
  constructor() {
    super('The run was cancelled.');
    this.name = 'TurnCancelledError';
  }
}

export function toolSpecs(tools: readonly AgentTool<never>[]): ToolSpec[] {
  return tools.map(t => ({ name: t.metadata.toolName, description: t.metadata.modelDescription, inputSchema: t.metadata.inputSchema }));
}

export async function runAgentTurn(model: ChatModelPort, messages: readonly AgentMessage[], observer: TurnObserver, options: TurnOptions): Promise<TurnResult> {
  const signal = options.signal ?? new AbortController().signal;
  const byName = toolsByName(options.tools);
  const specs = toolSpecs(options.tools);
  const conversation: AgentMessage[] = [...messages];
  const toolCalls: ToolCallRecord[] = [];
  let answer = '';
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  for (let round = 0; round < maxRounds; round++) {
    if (signal.aborted) throw new TurnCancelledError();
    let text = '';
    const calls: Extract<ModelEvent, { type: 'toolCall' }>[] = [];
    for await (const event of model.send(conversation, specs, signal)) {
      if (signal.aborted) throw new TurnCancelledError();
      if (event.type === 'text') {
        if (!event.text) continue;
        if (answer && !text && round > 0) {
          answer += '\n\n';
          observer.text('\n\n');
        }
        text += event.text;
        answer += event.text;
        observer.text(event.text);
      } else {
        calls.push(event);
        observer.toolCall({ name: event.name, input: event.input });
      }
    }
    if (calls.length === 0) return { answer, toolCalls, stoppedAtRoundLimit: false };
    const assistant: AgentContentPart[] = text ? [{ type: 'text', text }] : [];
    for (const c of calls) assistant.push({ type: 'toolCall', callId: c.callId, name: c.name, input: c.input });
    conversation.push({ role: 'assistant', content: assistant });
    const results: AgentContentPart[] = [];
    for (const c of calls) {
      if (signal.aborted) throw new TurnCancelledError();
      const outcome = await invokeAgentTool(byName, c.name, c.input, options.caller, { guard: options.guard, signal });
      const record: ToolCallRecord = { name: c.name, input: c.input, ok: outcome.ok, summary: outcome.answer.summary };
      toolCalls.push(record);
      observer.toolResult(record);
      results.push({ type: 'toolResult', callId: c.callId, text: outcome.text });
    }
    conversation.push({ role: 'user', content: results });
  }
  return { answer, toolCalls, stoppedAtRoundLimit: true };
}
