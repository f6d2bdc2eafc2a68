import type { McpEndpoint } from './mcpEndpoint';

/**
 * Ready-to-paste client configurations for the running bridge. The token changes on every start, so a saved
 * configuration has to be refreshed after a restart (VS Code itself gets the new one through the MCP server
 * definition provider).
 */
export type McpClientFormat = 'mcpServers' | 'vscode' | 'gemini' | 'claudeCli';

export interface McpClientFormatInfo {
  readonly id: McpClientFormat;
  readonly label: string;
  readonly detail: string;
}

export const MCP_SERVER_NAME = 'agent-overlay';

export const MCP_CLIENT_FORMATS: readonly McpClientFormatInfo[] = [
  { id: 'mcpServers', label: 'Claude Code, Cursor, Windsurf and most clients', detail: '{"mcpServers": {...}}: .mcp.json, ~/.cursor/mcp.json, …' },
  { id: 'vscode', label: 'VS Code (another window or a workspace)', detail: '{"servers": {...}}: .vscode/mcp.json or the user mcp.json' },
  { id: 'gemini', label: 'Gemini CLI', detail: '{"mcpServers": {... "httpUrl"}}: ~/.gemini/settings.json' },
  { id: 'claudeCli', label: 'Claude Code command line', detail: 'claude mcp add --transport http …' },
];

/** The HTTP header every request must carry. */
export function authorizationHeader(endpoint: McpEndpoint): Record<string, string> {
  return { Authorization: `Bearer ${endpoint.token}` };
}

export function renderClientConfig(endpoint: McpEndpoint, format: McpClientFormat = 'mcpServers'): string {
  const headers = authorizationHeader(endpoint);
  switch (format) {
    case 'mcpServers':
      return json({ mcpServers: { [MCP_SERVER_NAME]: { type: 'http', url: endpoint.url, headers } } });
    case 'vscode':
      return json({ servers: { [MCP_SERVER_NAME]: { type: 'http', url: endpoint.url, headers } } });
    case 'gemini':
      return json({ mcpServers: { [MCP_SERVER_NAME]: { httpUrl: endpoint.url, headers } } });
    case 'claudeCli':
      return `claude mcp add --transport http ${MCP_SERVER_NAME} ${endpoint.url} --header ${shellQuote(`Authorization: ${headers.Authorization}`)}`;
  }
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

/** POSIX single quotes; the token is base64url, so this is belt and braces. */
function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
