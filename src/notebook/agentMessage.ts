/**
 * The messages the notebook agent sends a chat model, independent of `vscode.lm` (the adapter converts them).
 * A message is a list of parts so a user turn can carry images and a tool round can carry calls and results.
 */

export type AgentContentPart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image'; readonly mimeType: string; /** base64 */ readonly data: string; readonly alt: string; readonly source: string }
  | { readonly type: 'toolCall'; readonly callId: string; readonly name: string; readonly input: unknown }
  | { readonly type: 'toolResult'; readonly callId: string; readonly text: string };

export interface AgentMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: AgentContentPart[];
}

export function textMessage(role: AgentMessage['role'], text: string): AgentMessage {
  return { role, content: [{ type: 'text', text }] };
}

/** The text parts of a message, concatenated (images, calls and results left out). */
export function messageText(message: AgentMessage): string {
  return message.content.map(p => (p.type === 'text' ? p.text : '')).join('');
}
