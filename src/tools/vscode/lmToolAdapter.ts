import * as vscode from 'vscode';
import { UNKNOWN_MESSAGE, UNKNOWN_SESSION, type AgentTool, type ToolAnswer, type ToolCaller } from '../agentTool';
import { answerParts } from '../toolAnswerText';
import { chatRequestIdOf, chatSessionIdOf } from '../../chat/toolInvocationContext';
import { validateInput } from '../jsonSchema';
import { invokeAgentTool } from '../invokeAgentTool';

/** Finds the message a call belongs to, when the chat session file tells (the chat-recall reader does). */
export type MessageIdResolver = (sessionId: string) => Promise<string | undefined>;

/** Serves one `AgentTool` as a `vscode.lm` tool: validates input, attributes the caller, maps errors to text. */
export class LmToolAdapter<I> implements vscode.LanguageModelTool<I> {
  constructor(private readonly tool: AgentTool<I>, private readonly resolveMessageId?: MessageIdResolver) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<I>): vscode.PreparedToolInvocation {
    let message: string;
    try {
      message = this.tool.invocationMessage(validateInput<I>(this.tool.metadata.inputSchema, options.input));
    } catch {
      message = `Running ${this.tool.metadata.displayName}`;
    }
    return { invocationMessage: message };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<I>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const abort = new AbortController();
    const sub = token.onCancellationRequested(() => abort.abort());
    try {
      const caller = await this.callerOf(options);
      return toolResult((await invokeAgentTool(this.tool as AgentTool<unknown>, options.input, caller, { signal: abort.signal })).answer);
    } finally {
      sub.dispose();
    }
  }

  private async callerOf(options: vscode.LanguageModelToolInvocationOptions<I>): Promise<ToolCaller> {
    const sessionId = chatSessionIdOf(options.toolInvocationToken);
    if (!sessionId) return { sessionId: UNKNOWN_SESSION, messageId: UNKNOWN_MESSAGE, via: 'vscode-chat' };
    const messageId = chatRequestIdOf(options) ?? (await this.resolveMessageId?.(sessionId).catch(() => undefined)) ?? UNKNOWN_MESSAGE;
    return { sessionId, messageId, via: 'vscode-chat' };
  }
}

/**
 * Two text parts: the sentence, then the JSON alone. Joined, they are the text the model always got; a program
 * reads the last part as JSON without parsing a sentence. (VS Code 1.104's stable API has no data part for tool
 * results — `LanguageModelDataPart` is proposed API — so the JSON travels as its own text part.)
 */
function toolResult(answer: ToolAnswer): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult(answerParts(answer).map((p) => new vscode.LanguageModelTextPart(p)));
}
