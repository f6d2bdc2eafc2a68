/** What the chat storage tells about a VS Code chat session: its title and its requests' text. */
export interface ChatSessionFacts {
  readonly title: string | undefined;
  /** `aliasIds`: other ids the request's tool calls carry (parseChatSession's `ChatRequestRecord`). */
  readonly requests: readonly { readonly requestId: string | undefined; readonly aliasIds?: readonly string[]; readonly text: string }[];
}

/** The session id of edits a person makes in an `agent-staged:` editor, and of an unattributed agent call. */
const USER = 'user';
const UNKNOWN_SESSION = 'unknown session';
const UNKNOWN_MESSAGE = 'unknown message';

/**
 * Human names for the sessions and messages changes are attributed to (issue 15 item 5): the chat's title, the
 * MCP client's name, the notebook's file name; a message as the first words of its request. Ids are for tooltips
 * only. Pure: the VS Code adapter feeds it what the chat storage says (`learn`).
 */
export class SessionNames {
  private readonly chats = new Map<string, ChatSessionFacts>();

  learn(sessionId: string, facts: ChatSessionFacts): void {
    this.chats.set(sessionId, facts);
  }

  /** True for a VS Code chat session whose title has not been read yet. */
  isUnknownChat(sessionId: string): boolean {
    return kindOf(sessionId) === 'chat' && !this.chats.has(sessionId);
  }

  session(sessionId: string): string {
    switch (kindOf(sessionId)) {
      case 'user': return 'your edits';
      case 'unknown': return 'an agent (session not known)';
      case 'notebook': return `${notebookName(sessionId)} (notebook)`;
      case 'mcp': {
        // `mcp:<client>/<label>` (mcpSessionId.ts): the label is the client's own words, so it is quoted.
        const rest = sessionId.slice('mcp:'.length);
        const slash = rest.indexOf('/');
        const client = (slash < 0 ? rest : rest.slice(0, slash)) || 'MCP client';
        return slash < 0 ? `${client} (MCP)` : `${client} (MCP) “${firstWords(rest.slice(slash + 1), 40)}”`;
      }
      // An agent's own conversation id (MCP clients may pass one): the only name there is.
      case 'other': return firstWords(sessionId, 40);
      case 'chat': {
        const title = this.chats.get(sessionId)?.title?.trim();
        return title ? `VS Code chat “${firstWords(title, 40)}”` : 'VS Code chat';
      }
    }
  }

  message(sessionId: string, messageId: string): string {
    if (messageId === UNKNOWN_MESSAGE) return 'message not known';
    // By session only: a message id is whatever the caller chose (an MCP client may send "edit-1700000000000").
    if (kindOf(sessionId) === 'user') return 'your edit';
    const mcp = /^mcp:[^/]*\/(.+)$/.exec(messageId);
    if (mcp) return `MCP request ${mcp[1]}`;
    const text = this.chats.get(sessionId)?.requests.find(r => r.requestId === messageId || r.aliasIds?.includes(messageId))?.text;
    if (text?.trim()) return `“${firstWords(text, 48)}”`;
    switch (kindOf(sessionId)) {
      case 'notebook': return 'a notebook cell';
      case 'chat': return 'a chat request';
      default: return messageId.length <= 32 ? messageId : 'an agent request';
    }
  }
}

type SessionKind = 'user' | 'unknown' | 'notebook' | 'mcp' | 'chat' | 'other';

/** VS Code names chat sessions with UUIDs; anything else is an id an agent chose. */
const CHAT_SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function kindOf(sessionId: string): SessionKind {
  if (sessionId === USER) return 'user';
  if (sessionId === UNKNOWN_SESSION || sessionId === '') return 'unknown';
  if (/^[a-z][\w+.-]*:\/\//i.test(sessionId)) return 'notebook';
  if (sessionId.startsWith('mcp:')) return 'mcp';
  return CHAT_SESSION_ID.test(sessionId) ? 'chat' : 'other';
}

function notebookName(uri: string): string {
  const p = uri.replace(/[?#].*$/, '');
  const last = p.slice(p.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || uri;
  } catch {
    return last || uri;
  }
}

/** The first words of a text, on one line, cut at a word boundary with "…" when longer than `max` characters. */
export function firstWords(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = line[max] === ' ' ? max : cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
