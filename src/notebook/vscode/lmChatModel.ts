import * as vscode from 'vscode';
import type { AgentContentPart, AgentMessage } from '../agentMessage';
import type { ChatModelPort, ModelEvent, ToolSpec } from '../agentTurn';

/** `LanguageModelDataPart` (image input) exists at run time in VS Code ≥ 1.105 but not in @types/vscode 1.104. */
const DataPart = (vscode as unknown as { LanguageModelDataPart?: { image(data: Uint8Array, mime: string): unknown } }).LanguageModelDataPart;

/** A `vscode.lm` chat model as the agent turn's model port. */
export class LmChatModel implements ChatModelPort {
  constructor(readonly model: vscode.LanguageModelChat) {}

  get name(): string {
    return this.model.name;
  }

  async *send(messages: readonly AgentMessage[], tools: readonly ToolSpec[], signal: AbortSignal): AsyncIterable<ModelEvent> {
    const cts = new vscode.CancellationTokenSource();
    const onAbort = () => cts.cancel();
    signal.addEventListener('abort', onAbort);
    try {
      const response = await this.model.sendRequest(
        messages.map(toLmMessage),
        {
          tools: tools.map(t => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
          justification: 'Agent Overlay runs the agent chat notebook cell you executed.',
        },
        cts.token,
      );
      for await (const part of response.stream) {
        if (part instanceof vscode.LanguageModelTextPart) yield { type: 'text', text: part.value };
        else if (part instanceof vscode.LanguageModelToolCallPart) yield { type: 'toolCall', callId: part.callId, name: part.name, input: part.input };
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      cts.dispose();
    }
  }
}

export function toLmMessage(m: AgentMessage): vscode.LanguageModelChatMessage {
  // vscode.lm has no system role: the system prompt goes first, as a user message.
  const role = m.role === 'assistant' ? vscode.LanguageModelChatMessageRole.Assistant : vscode.LanguageModelChatMessageRole.User;
  const parts = m.content.flatMap(toLmPart);
  return new vscode.LanguageModelChatMessage(role, parts.length ? parts : [new vscode.LanguageModelTextPart(' ')]);
}

function toLmPart(p: AgentContentPart): vscode.LanguageModelInputPart[] {
  switch (p.type) {
    case 'text':
      return p.text ? [new vscode.LanguageModelTextPart(p.text)] : [];
    case 'image':
      return DataPart
        ? [DataPart.image(Uint8Array.from(Buffer.from(p.data, 'base64')), p.mimeType) as vscode.LanguageModelInputPart]
        : [new vscode.LanguageModelTextPart(`[image "${p.alt}" (${p.source}) not sent: this VS Code cannot send images to models]`)];
    case 'toolCall':
      return [new vscode.LanguageModelToolCallPart(p.callId, p.name, (p.input ?? {}) as object)];
    case 'toolResult':
      return [new vscode.LanguageModelToolResultPart(p.callId, [new vscode.LanguageModelTextPart(p.text)])];
  }
}
