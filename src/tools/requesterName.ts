import { parseMcpSession } from '../mcp/mcpSessionId';
import { UNKNOWN_SESSION, type ToolCaller } from './agentTool';
import { quoteClientText } from './clientText';

/**
 * Who is asking, in a consent dialog's words, at the start of a sentence: the MCP client as the name it gave
 * itself (quoted: it is the client's own words, see `clientText.ts`), "VS Code chat", or the agent chat notebook's
 * file name — "AI Agent" only when nothing better is known.
 */
export function requesterName(caller: Pick<ToolCaller, 'sessionId' | 'via'>): string {
  switch (caller.via) {
    case 'mcp': {
      const mcp = parseMcpSession(caller.sessionId);
      return mcp ? `The MCP client calling itself ${mcpWords(mcp)}` : 'An MCP client';
    }
    case 'vscode-chat':
      // Without a chat session the call came through vscode.lm.invokeTool from anywhere (another extension).
      return caller.sessionId === UNKNOWN_SESSION ? 'AI Agent' : 'VS Code chat';
    case 'notebook': {
      const name = notebookFile(caller.sessionId);
      return name ? `The agent chat notebook ${quoteClientText(name)}` : 'The agent chat notebook';
    }
    case 'test':
      return 'AI Agent';
  }
}

/**
 * Who made a staged change, for a dialog that asks before touching it: "you (edits in the staged view)", an MCP
 * client, a notebook, a VS Code chat; any id is shown only quoted.
 */
export function sessionOwnerText(sessionId: string): string {
  if (sessionId === 'user') return 'you (your own edits in the staged view)';
  if (sessionId === UNKNOWN_SESSION) return 'an agent whose session is not known';
  const mcp = parseMcpSession(sessionId);
  if (mcp) return `the MCP client calling itself ${mcpWords(mcp)}`;
  if (/^[a-z][\w+.-]*:\/\//i.test(sessionId)) return `the agent chat notebook ${quoteClientText(notebookFile(sessionId) || sessionId)}`;
  return `the session ${quoteClientText(sessionId)}`;
}

function mcpWords(mcp: { readonly client: string; readonly label?: string }): string {
  const client = quoteClientText(mcp.client || 'client');
  return mcp.label ? `${client} (its conversation ${quoteClientText(mcp.label, 40)})` : client;
}

function notebookFile(uri: string): string {
  const file = uri.replace(/[?#].*$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(file);
  } catch {
    return file; // keep it as written
  }
}
