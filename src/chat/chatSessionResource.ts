/**
 * VS Code names a local chat session `vscode-chat-session://local/<base64url(sessionId)>` (no padding;
 * `LocalChatSessionUri.forSession`, research/formats.md §C1). The session a tool runs in can reach an extension
 * in that form (proposed `chatSessionResource`, or the untyped `toolInvocationToken.sessionResource`); the file
 * on disk is named by the decoded id.
 */
export const LOCAL_CHAT_SESSION_PREFIX = 'vscode-chat-session://local/';

/** The session id inside a local chat session resource URI string, or undefined if it is not one. */
export function sessionIdFromResource(resource: string): string | undefined {
  if (!resource.startsWith(LOCAL_CHAT_SESSION_PREFIX)) return undefined;
  const encoded = resource.slice(LOCAL_CHAT_SESSION_PREFIX.length).replace(/[?#].*$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  const id = Buffer.from(encoded, 'base64url').toString('utf8');
  // Buffer decoding never throws; a round trip tells a real encoding from noise.
  return id && Buffer.from(id, 'utf8').toString('base64url') === encoded ? id : undefined;
}

/** A session id given either plainly or as a local chat session resource. */
export function normalizeSessionId(value: string): string {
  const trimmed = value.trim();
  return sessionIdFromResource(trimmed) ?? trimmed;
}
