import * as path from 'path';
import { MCP_SERVER_NAME } from '../mcp/mcpClientConfig';
import { mergeJsonServer } from './jsonServerMerge';
import { mergeTomlTable } from './tomlTableMerge';

/**
 * What each "Agent Overlay: Connect …" command writes: one MCP server entry for the bridge, in the agent's own
 * configuration file, that reads the bearer token from an environment variable, so no file we write (least of all
 * one in the project, which may be committed) ever holds the token. The token and URL reach the agent's shell
 * through a user-level file the extension keeps current (`connectEnvFile.ts`).
 */
export type ConnectAgentId = 'claudeCode' | 'codex' | 'geminiCli' | 'copilotCli';

/** The environment variables the written configurations (and the agent plugin's `.mcp.json`) read. */
export const CONNECT_ENV = { url: 'AGENT_OVERLAY_MCP_URL', token: 'AGENT_OVERLAY_MCP_TOKEN' } as const;

export interface ConnectRoots {
  /** The user's home directory (`~`). */
  readonly home: string;
  /** The project the agent runs in (the first workspace folder), if any. */
  readonly project: string | undefined;
}

export interface ConnectTarget {
  readonly id: ConnectAgentId;
  readonly label: string;
  /** Project files are shared through the repository; user files stay on this machine. */
  readonly scope: 'project' | 'user';
  /** Absolute path of the file to write, or undefined when a project file is needed and no folder is open. */
  file(roots: ConnectRoots): string | undefined;
  /** The file's new text, given its current text (undefined when missing); throws `ConfigMergeError`. */
  merge(current: string | undefined, file: string, url: string): string;
  /** How to check it from a terminal. */
  readonly verify: string;
}

const bearer = `Bearer \${${CONNECT_ENV.token}}`;
const inProject = (...p: string[]) => (roots: ConnectRoots) => (roots.project ? path.join(roots.project, ...p) : undefined);
const inHome = (...p: string[]) => (roots: ConnectRoots) => path.join(roots.home, ...p);

export const CONNECT_TARGETS: Readonly<Record<ConnectAgentId, ConnectTarget>> = {
  // https://code.claude.com/docs/en/mcp: project scope is `.mcp.json` at the project root, `type: "http"`, and
  // `${VAR}` is expanded in `url` and `headers` ("Environment variable expansion in .mcp.json").
  claudeCode: {
    id: 'claudeCode',
    label: 'Claude Code',
    scope: 'project',
    file: inProject('.mcp.json'),
    merge: (current, file, url) => mergeJsonServer(current, file, 'mcpServers', MCP_SERVER_NAME, { type: 'http', url, headers: { Authorization: bearer } }),
    verify: 'claude mcp list',
  },
  // https://developers.openai.com/codex/mcp: `[mcp_servers.<name>]` in ~/.codex/config.toml; a Streamable HTTP
  // server has `url` and `bearer_token_env_var` (the name of the variable holding the token, never the token).
  codex: {
    id: 'codex',
    label: 'Codex',
    scope: 'user',
    file: inHome('.codex', 'config.toml'),
    merge: (current, file, url) => mergeTomlTable(current, file, ['mcp_servers', MCP_SERVER_NAME], [['url', url], ['bearer_token_env_var', CONNECT_ENV.token]]),
    verify: 'codex mcp list',
  },
  // https://geminicli.com/docs/tools/mcp-server: `mcpServers.<name>.httpUrl` (Streamable HTTP) and `headers`;
  // https://geminicli.com/docs/cli/configuration: string values in settings.json may reference `$VAR` / `${VAR}`.
  geminiCli: {
    id: 'geminiCli',
    label: 'Gemini CLI',
    scope: 'project',
    file: inProject('.gemini', 'settings.json'),
    merge: (current, file, url) => mergeJsonServer(current, file, 'mcpServers', MCP_SERVER_NAME, { httpUrl: url, headers: { Authorization: bearer } }),
    verify: 'gemini mcp list',
  },
  // https://docs.github.com/en/copilot/how-tos/use-copilot-agents/use-copilot-cli: servers live in
  // ~/.copilot/mcp-config.json under `mcpServers` (`type: "http"`, `url`, `headers`, `tools`); header values may
  // reference `${VAR}` (Copilot CLI changelog 0.0.340: explicit `${VAR}` expansion).
  copilotCli: {
    id: 'copilotCli',
    label: 'Copilot CLI',
    scope: 'user',
    file: inHome('.copilot', 'mcp-config.json'),
    merge: (current, file, url) => mergeJsonServer(current, file, 'mcpServers', MCP_SERVER_NAME, { type: 'http', url, headers: { Authorization: bearer }, tools: ['*'] }),
    verify: 'copilot, then /mcp show',
  },
};

export const CONNECT_AGENT_IDS = Object.keys(CONNECT_TARGETS) as ConnectAgentId[];
