import * as path from 'path';
import { MCP_SERVER_NAME } from '../mcp/mcpClientConfig';
import { projectUrl } from '../mcp/mcpEndpoint';
import { mergeJsonHook, removeJsonHook, type HookGroup } from './jsonHookMerge';
import { ConfigMergeError } from './configMergeError';
import { mergeJsonServer, parseJsonConfig, removeJsonServer, renderJsonConfig } from './jsonServerMerge';
import { mergeTomlTable, removeTomlTable } from './tomlTableMerge';

/**
 * What each "Agent Overlay: Connect …" command writes, and what "Disconnect …" takes out again: the MCP server entry
 * for the bridge, in the agent's own configuration, set up so the agent can call the overlay tools unattended
 * (`codex exec`, `gemini -p`, `claude -p`), the guard-rail hook that denies the agent's built-in file writers, and the shell sandbox hook that runs
 * the agent's shell commands over the staged changes (their writes staged, never on the disk).
 * The entry reads the bearer token from an environment variable, so no file we write (least of all one in the
 * project, which may be committed) ever holds the token; the token and URL reach the agent's shell through a
 * user-level file the extension keeps current (`connectEnvFile.ts`).
 *
 * Each write is one pure edit of one file's text (`apply`) with its inverse (`remove`), so Connect, a second
 * Connect and Disconnect are each one read–edit–replace per file, and tests check them without VS Code.
 */
export type ConnectAgentId = 'claudeCode' | 'codex' | 'geminiCli' | 'copilotCli';

/** The environment variables the written configurations (and the agent plugin's `.mcp.json`) read. */
export const CONNECT_ENV = { url: 'AGENT_OVERLAY_MCP_URL', token: 'AGENT_OVERLAY_MCP_TOKEN' } as const;

/** The guard-rail wrapper's file name: it marks our hook groups in the agents' hook lists. */
export const GUARD_RAIL_SCRIPT = 'guardRail.sh';

/** The shell sandbox hook's file name (plain Node): it marks our shell hook groups the same way. */
export const SANDBOX_SHELL_SCRIPT = 'sandboxBash.js';

export interface ConnectRoots {
  /** The user's home directory (`~`). */
  readonly home: string;
  /** The project the agent runs in (the first workspace folder), if any. */
  readonly project: string | undefined;
}

export interface ConnectContext {
  readonly url: string;
  /** Absolute path of the extension's `plugin/agent-overlay` folder (the guard-rail scripts live in its `hooks/`). */
  readonly pluginDir: string;
}

export interface ConnectWrite {
  /** What this write is, for the message ("the MCP server entry", "the guard-rail hook"). */
  readonly what: string;
  /** Absolute path of the file, or undefined when a project file is needed and no folder is open. */
  file(roots: ConnectRoots): string | undefined;
  /** The file's new text, given its current text (undefined when missing); throws `ConfigMergeError`. */
  apply(current: string | undefined, file: string, ctx: ConnectContext): string;
  /** The text without our part, or undefined when nothing else is left (delete the file); throws `ConfigMergeError`. */
  remove(current: string | undefined, file: string): string | undefined;
}

export interface ConnectTarget {
  readonly id: ConnectAgentId;
  readonly label: string;
  /** Project files are shared through the repository; user files stay on this machine. */
  readonly scope: 'project' | 'user';
  readonly writes: readonly ConnectWrite[];
  /** How to check it from a terminal. */
  readonly verify: string;
  /** What the person still has to do for the guard rail to run, if anything. */
  readonly steps?: string;
}

const bearer = `Bearer \${${CONNECT_ENV.token}}`;
const inProject = (...p: string[]) => (roots: ConnectRoots) => (roots.project ? path.join(roots.project, ...p) : undefined);
const inHome = (...p: string[]) => (roots: ConnectRoots) => path.join(roots.home, ...p);

/**
 * The shell command a hook runs: the fail-closed wrapper, and a denial with the reason when the wrapper itself is
 * gone (the extension was updated to a new folder or uninstalled), since every agent here reads a non-zero exit
 * other than 2 as "the hook broke, go ahead".
 */
export function guardRailCommand(ctx: ConnectContext, agent: 'claude-project' | 'codex' | 'gemini', connectCommand: string): string {
  const file = path.join(ctx.pluginDir, 'hooks', GUARD_RAIL_SCRIPT);
  const missing = shellQuote(`Agent Overlay guard rail: ${file} is missing (the extension was updated or removed), so this tool call is denied. Run "Agent Overlay: ${connectCommand}" again in VS Code, or write with the Agent Overlay MCP tools.`);
  return `if [ -f ${shellQuote(file)} ]; then exec sh ${shellQuote(file)} --agent ${agent}; else echo ${missing} >&2; exit 2; fi`;
}

/**
 * The shell command of the hook that runs the agent's shell tool in the sandbox (`sandboxBash.js`), fail-closed the
 * same way: without the script or without `node` the call is refused (exit 2) rather than run on the disk.
 */
export function sandboxShellCommand(ctx: ConnectContext, agent: 'claude' | 'codex' | 'gemini', connectCommand: string): string {
  const file = path.join(ctx.pluginDir, 'hooks', SANDBOX_SHELL_SCRIPT);
  const missing = shellQuote(`Agent Overlay: the shell sandbox (${file}, run with node) is not available (the extension was updated or removed, or node is not on PATH), so this command is not run: it would write to the disk unreviewed. Run "Agent Overlay: ${connectCommand}" again in VS Code, or run commands with the overlay_runCommand tool.`);
  return `if [ -f ${shellQuote(file)} ] && command -v node >/dev/null 2>&1; then exec node ${shellQuote(file)} --agent ${agent}; else echo ${missing} >&2; exit 2; fi`;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

const hookGroup = (matcher: string, command: string, timeout?: number): HookGroup => ({
  matcher, hooks: [{ type: 'command', command, ...(timeout !== undefined ? { timeout } : {}) }],
});

/** A JSON MCP server entry under `mcpServers`. */
const jsonServer = (file: ConnectWrite['file'], entry: (ctx: ConnectContext) => object): ConnectWrite => ({
  what: `the MCP server entry "${MCP_SERVER_NAME}"`,
  file,
  apply: (current, f, ctx) => mergeJsonServer(current, f, 'mcpServers', MCP_SERVER_NAME, entry(ctx)),
  remove: (current, f) => removeJsonServer(current, f, 'mcpServers', MCP_SERVER_NAME),
});

/** The guard-rail hook group in a JSON hooks file. */
const jsonGuardRail = (file: ConnectWrite['file'], event: string, matcher: string, command: (ctx: ConnectContext) => string, timeout?: number): ConnectWrite => ({
  what: `the guard-rail hook (${event}: ${matcher})`,
  file,
  apply: (current, f, ctx) => mergeJsonHook(current, f, event, hookGroup(matcher, command(ctx), timeout), GUARD_RAIL_SCRIPT),
  remove: (current, f) => removeJsonHook(current, f, event, GUARD_RAIL_SCRIPT),
});

/** The shell sandbox hook group in a JSON hooks file: the agent's shell tool runs over the staged view. */
const jsonShellSandbox = (file: ConnectWrite['file'], event: string, matcher: string, command: (ctx: ConnectContext) => string, timeout?: number): ConnectWrite => ({
  what: `the shell sandbox hook (${event}: ${matcher}: commands run over the staged changes, their writes staged)`,
  file,
  apply: (current, f, ctx) => mergeJsonHook(current, f, event, hookGroup(matcher, command(ctx), timeout), SANDBOX_SHELL_SCRIPT),
  remove: (current, f) => removeJsonHook(current, f, event, SANDBOX_SHELL_SCRIPT),
});

/** Claude Code lets project settings allow a whole MCP server's tools with its bare prefix. */
const claudePermission = `mcp__${MCP_SERVER_NAME}`;

export const CONNECT_TARGETS: Readonly<Record<ConnectAgentId, ConnectTarget>> = {
  // https://code.claude.com/docs/en/mcp: project scope is `.mcp.json` at the project root, `type: "http"`, and
  // `${VAR}` is expanded in `url` and `headers`. https://code.claude.com/docs/en/settings: `.claude/settings.local.json`
  // is the project's personal, git-ignored settings: `enabledMcpjsonServers` approves the .mcp.json server,
  // `permissions.allow` lets its tools run without a prompt (which `claude -p` cannot answer), `hooks.PreToolUse`
  // runs the guard rail (the same script the plugin ships).
  claudeCode: {
    id: 'claudeCode',
    label: 'Claude Code',
    scope: 'project',
    writes: [
      jsonServer(inProject('.mcp.json'), ctx => ({ type: 'http', url: ctx.url, headers: { Authorization: bearer } })),
      {
        what: `the approval of "${MCP_SERVER_NAME}" and its tools (enabledMcpjsonServers, permissions.allow ${claudePermission})`,
        file: inProject('.claude', 'settings.local.json'),
        apply: (current, f) => addToLists(current, f, [['enabledMcpjsonServers'], MCP_SERVER_NAME], [['permissions', 'allow'], claudePermission]),
        remove: (current, f) => removeFromLists(current, f, [['enabledMcpjsonServers'], MCP_SERVER_NAME], [['permissions', 'allow'], claudePermission]),
      },
      jsonGuardRail(inProject('.claude', 'settings.local.json'), 'PreToolUse', 'Write|Edit|MultiEdit|NotebookEdit',
        ctx => guardRailCommand(ctx, 'claude-project', 'Connect Claude Code'), 10),
      jsonShellSandbox(inProject('.claude', 'settings.local.json'), 'PreToolUse', 'Bash', ctx => sandboxShellCommand(ctx, 'claude', 'Connect Claude Code'), 10),
    ],
    verify: 'claude mcp list',
  },
  // https://developers.openai.com/codex/mcp: `[mcp_servers.<name>]` in ~/.codex/config.toml; a Streamable HTTP
  // server has `url` and `bearer_token_env_var` (the name of the variable holding the token, never the token);
  // `default_tools_approval_mode = "approve"` lets `codex exec` call its tools (otherwise: "MCP tool call requires
  // approval, but approval policy is never"). https://developers.openai.com/codex/hooks: ~/.codex/hooks.json in
  // Claude Code's shape; Codex runs a new hook only once the person trusted it (/hooks).
  codex: {
    id: 'codex',
    label: 'Codex',
    scope: 'user',
    writes: [
      {
        what: `the MCP server entry [mcp_servers.${MCP_SERVER_NAME}] (its tools approved: default_tools_approval_mode = "approve")`,
        file: inHome('.codex', 'config.toml'),
        apply: (current, f, ctx) => mergeTomlTable(current, f, ['mcp_servers', MCP_SERVER_NAME],
          [['url', ctx.url], ['bearer_token_env_var', CONNECT_ENV.token], ['default_tools_approval_mode', 'approve']]),
        remove: (current, f) => removeTomlTable(current, f, ['mcp_servers', MCP_SERVER_NAME]),
      },
      jsonGuardRail(inHome('.codex', 'hooks.json'), 'PreToolUse', '^apply_patch$', ctx => guardRailCommand(ctx, 'codex', 'Connect Codex'), 10),
      jsonShellSandbox(inHome('.codex', 'hooks.json'), 'PreToolUse', '^Bash$', ctx => sandboxShellCommand(ctx, 'codex', 'Connect Codex'), 10),
    ],
    verify: 'codex mcp list',
    steps: 'Codex runs a new hook only once you trust it: start `codex`, open /hooks, review the Agent Overlay guard rail and shell sandbox hooks and trust them (for one unattended run, `codex exec --dangerously-bypass-hook-trust` skips that review).',
  },
  // https://geminicli.com/docs/tools/mcp-server: `mcpServers.<name>.httpUrl` (Streamable HTTP) and `headers`;
  // `trust: true` skips the confirmation for this server's tools (without it `gemini -p` offers none of them).
  // https://geminicli.com/docs/cli/configuration: string values may reference `${VAR}`.
  // https://geminicli.com/docs/hooks/reference: `hooks.BeforeTool` groups; project hooks run in trusted folders.
  geminiCli: {
    id: 'geminiCli',
    label: 'Gemini CLI',
    scope: 'project',
    writes: [
      jsonServer(inProject('.gemini', 'settings.json'), ctx => ({ httpUrl: ctx.url, headers: { Authorization: bearer }, trust: true })),
      jsonGuardRail(inProject('.gemini', 'settings.json'), 'BeforeTool', '^(write_file|replace)$', ctx => guardRailCommand(ctx, 'gemini', 'Connect Gemini CLI')),
      jsonShellSandbox(inProject('.gemini', 'settings.json'), 'BeforeTool', '^run_shell_command$', ctx => sandboxShellCommand(ctx, 'gemini', 'Connect Gemini CLI')),
    ],
    verify: 'gemini mcp list',
    steps: 'Gemini CLI runs project hooks only in a trusted folder: if it asks, trust this folder (`gemini trust`).',
  },
  // https://docs.github.com/en/copilot/how-tos/use-copilot-agents/use-copilot-cli: servers live in
  // ~/.copilot/mcp-config.json under `mcpServers` (`type: "http"`, `url`, `headers`, `tools`); header values may
  // reference `${VAR}` (Copilot CLI changelog 0.0.340: explicit `${VAR}` expansion).
  copilotCli: {
    id: 'copilotCli',
    label: 'Copilot CLI',
    scope: 'user',
    writes: [jsonServer(inHome('.copilot', 'mcp-config.json'), ctx => ({ type: 'http', url: ctx.url, headers: { Authorization: bearer }, tools: ['*'] }))],
    verify: 'copilot, then /mcp show',
  },
};

export const CONNECT_AGENT_IDS = Object.keys(CONNECT_TARGETS) as ConnectAgentId[];

/**
 * The bridge URL a target's configuration holds. A project's file names the project (`?project=<key>`), so only that
 * project's VS Code window serves it: the token and pinned port are every window's, and an agent started in one
 * project must never stage in another's window. A user-level file serves every project, so it names none.
 */
export function connectUrl(target: ConnectTarget, bridgeUrl: string, roots: ConnectRoots): string {
  return target.scope === 'project' && roots.project !== undefined ? projectUrl(bridgeUrl, roots.project) : bridgeUrl;
}

type ListItem = readonly [readonly string[], string];

/** Adds each value to the JSON list at its key path (created when missing), once. */
function addToLists(text: string | undefined, file: string, ...items: ListItem[]): string {
  return editLists(text, file, items, (list, value) => (list.includes(value) ? list : [...list, value])) ?? '{}\n';
}

function removeFromLists(text: string | undefined, file: string, ...items: ListItem[]): string | undefined {
  if (text === undefined) return undefined;
  return editLists(text, file, items, (list, value) => list.filter(v => v !== value));
}

function editLists(text: string | undefined, file: string, items: readonly ListItem[], edit: (list: unknown[], value: string) => unknown[]): string | undefined {
  let config = parseJsonConfig(text, file);
  for (const [keys, value] of items) config = editList(config, keys, file, list => edit(list, value));
  return Object.keys(config).length > 0 ? renderJsonConfig(config) : undefined;
}

/** The object with the list at `keys` edited; an emptied list, and objects it leaves empty, are removed. */
function editList(config: Record<string, unknown>, keys: readonly string[], file: string, edit: (list: unknown[]) => unknown[]): Record<string, unknown> {
  const [key, ...rest] = keys;
  const current = config[key];
  if (rest.length === 0) {
    if (current !== undefined && !Array.isArray(current)) throw new ConfigMergeError('Unexpected', file, `has a "${keys.join('.')}" that is not a list.`);
    const next = edit(current ?? []);
    if (next.length === 0) {
      const { [key]: _gone, ...others } = config;
      return others;
    }
    return { ...config, [key]: next };
  }
  if (current !== undefined && (typeof current !== 'object' || current === null || Array.isArray(current))) {
    throw new ConfigMergeError('Unexpected', file, `has a "${key}" that is not an object.`);
  }
  const inner = editList((current ?? {}) as Record<string, unknown>, rest, file, edit);
  if (Object.keys(inner).length === 0) {
    const { [key]: _gone, ...others } = config;
    return others;
  }
  return { ...config, [key]: inner };
}
