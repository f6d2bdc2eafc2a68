import type { McpEndpoint } from './mcpEndpoint';

/** The variable the environment-variable form reads the token from (the Connect commands' env file sets it). */
export const TOKEN_ENV = 'AGENT_OVERLAY_MCP_TOKEN';

/**
 * Ready-to-paste client configurations for the running bridge. The token is kept across restarts and changes only
 * with Rotate MCP Token, after which a saved configuration has to be refreshed (VS Code itself gets the new one
 * through the MCP server definition provider).
 */
export type McpClientFormat = 'mcpServers' | 'vscode' | 'gemini' | 'claudeCli';

/**
 * `env`: the configuration names the variable `AGENT_OVERLAY_MCP_TOKEN` and the client reads the token from its
 * environment, so the copied text (and the file it is pasted into, perhaps a committed one) holds no secret;
 * `literal`: the token itself, only when the person asks for it.
 */
export type McpTokenForm = 'env' | 'literal';

export interface McpClientFormatInfo {
  readonly id: McpClientFormat;
  readonly label: string;
  readonly detail: string;
  /** The client expands `${VAR}` in the header (documented), so the environment-variable form works. */
  readonly envForm: boolean;
}

export const MCP_SERVER_NAME = 'agent-overlay';

export const MCP_CLIENT_FORMATS: readonly McpClientFormatInfo[] = [
  // https://code.claude.com/docs/en/mcp, "Environment variable expansion in .mcp.json": `${VAR}` in url and headers.
  { id: 'mcpServers', label: 'Claude Code, Cursor, Windsurf and most clients', detail: '{"mcpServers": {...}}: .mcp.json, ~/.cursor/mcp.json, …', envForm: true },
  { id: 'vscode', label: 'VS Code (another window or a workspace)', detail: '{"servers": {...}}: .vscode/mcp.json or the user mcp.json', envForm: false },
  // https://geminicli.com/docs/cli/configuration: string values in settings.json may reference `$VAR` / `${VAR}`.
  { id: 'gemini', label: 'Gemini CLI', detail: '{"mcpServers": {... "httpUrl"}}: ~/.gemini/settings.json', envForm: true },
  // `--scope project` writes .mcp.json, where Claude Code expands `${VAR}` (the single quotes keep the shell from it).
  { id: 'claudeCli', label: 'Claude Code command line', detail: 'claude mcp add --transport http …', envForm: true },
];

/** The HTTP header every request must carry. */
export function authorizationHeader(endpoint: McpEndpoint): Record<string, string> {
  return { Authorization: `Bearer ${endpoint.token}` };
}

/** Whether `format`'s client can read the token from an environment variable. */
export function supportsEnvForm(format: McpClientFormat): boolean {
  return MCP_CLIENT_FORMATS.find(f => f.id === format)?.envForm ?? false;
}

/**
 * The configuration text. `token: 'env'` (where the client supports it) writes `Bearer ${AGENT_OVERLAY_MCP_TOKEN}`
 * instead of the token; a format without it gets the literal token either way.
 */
export function renderClientConfig(endpoint: McpEndpoint, format: McpClientFormat = 'mcpServers', token: McpTokenForm = 'literal'): string {
  const env = token === 'env' && supportsEnvForm(format);
  const headers = env ? { Authorization: `Bearer \${${TOKEN_ENV}}` } : authorizationHeader(endpoint);
  switch (format) {
    case 'mcpServers':
      return json({ mcpServers: { [MCP_SERVER_NAME]: { type: 'http', url: endpoint.url, headers } } });
    case 'vscode':
      return json({ servers: { [MCP_SERVER_NAME]: { type: 'http', url: endpoint.url, headers } } });
    case 'gemini':
      return json({ mcpServers: { [MCP_SERVER_NAME]: { httpUrl: endpoint.url, headers } } });
    case 'claudeCli':
      return `claude mcp add --transport http${env ? ' --scope project' : ''} ${MCP_SERVER_NAME} ${endpoint.url} --header ${shellQuote(`Authorization: ${headers.Authorization}`)}`;
  }
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

/** POSIX single quotes; the token is base64url, so this is belt and braces. */
function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
