#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * Agent Overlay guard rail: a hook that denies an agent's built-in tools that write straight to disk (or run
 * commands on it), naming the overlay tool whose writes are staged for the user's review instead, in the form that
 * agent calls it. Every other tool passes. One script for four hosts:
 *
 * | agent       | wired by                                   | event      | answer on stdout (exit 0)                         |
 * |-------------|--------------------------------------------|------------|---------------------------------------------------|
 * | Claude Code | the plugin's hooks/hooks.json              | PreToolUse | hookSpecificOutput.permissionDecision "deny"      |
 * |             | or Connect → .claude/settings.local.json   |            |                                                   |
 * | VS Code     | the same plugin folder (agent plugins)     | PreToolUse | the same (VS Code ignores `matcher`: we filter)   |
 * | Codex       | Connect Codex → ~/.codex/hooks.json        | PreToolUse | the same (Codex reads Claude's shape)             |
 * | Gemini CLI  | Connect Gemini CLI → .gemini/settings.json | BeforeTool | `decision: "deny"`, `reason`                      |
 *
 * Sources: https://code.claude.com/docs/en/hooks, https://code.visualstudio.com/docs/agents/reference/hooks-reference,
 * https://developers.openai.com/codex/hooks, https://geminicli.com/docs/hooks/reference.
 *
 * It is run through guardRail.sh, which denies when this script cannot run or fails (no `node` on PATH, a broken
 * input): a guard rail that fails open is no guard rail.
 *
 * Plain Node, no dependencies: it runs from the installed extension's folder, outside the bundle.
 */

/** The overlay tools named in a denial. */
const WRITE = 'overlay_writeFile';
const EDIT = 'overlay_editFile';
const DELETE = 'overlay_deleteFile';
const RUN = 'overlay_runCommand';
/** `apply_patch` (Codex; VS Code's model-facing name) is an add, an update or a delete depending on its patch. */
const PATCH = 'patch';

/**
 * Built-in tools by the name the hook input carries → the overlay tool that replaces them.
 * @type {Readonly<Record<string, string>>}
 */
const REPLACEMENTS = Object.freeze({
  // Claude Code
  Write: WRITE,
  Edit: EDIT,
  MultiEdit: EDIT,
  NotebookEdit: WRITE,
  // VS Code agent mode (Copilot Chat 0.67): model-facing names, contributed ids and `#` reference names, since
  // which one a hook sees is not documented.
  create_file: WRITE,
  replace_string_in_file: EDIT,
  multi_replace_string_in_file: EDIT,
  insert_edit_into_file: EDIT,
  edit_notebook_file: WRITE,
  copilot_createFile: WRITE,
  copilot_replaceString: EDIT,
  copilot_multiReplaceString: EDIT,
  copilot_insertEdit: EDIT,
  copilot_applyPatch: PATCH,
  copilot_editFiles: EDIT,
  copilot_editNotebook: WRITE,
  createFile: WRITE,
  replaceString: EDIT,
  multiReplaceString: EDIT,
  insertEdit: EDIT,
  applyPatch: PATCH,
  editFiles: EDIT,
  editNotebook: WRITE,
  // VS Code's terminal and task tools run commands on the real disk; the overlay runs them over the staged view.
  run_in_terminal: RUN,
  create_and_run_task: RUN,
  copilot_runInTerminal: RUN,
  copilot_createAndRunTask: RUN,
  runInTerminal: RUN,
  createAndRunTask: RUN,
  // Codex (and VS Code's model-facing apply_patch)
  apply_patch: PATCH,
  // Gemini CLI (https://geminicli.com/docs/reference/tools)
  write_file: WRITE,
  replace: EDIT,
});

/**
 * A writer this table does not name yet (a host renames its tools, adds one): a write verb and a file noun in one
 * name, e.g. `edit_file`, `createNotebook`, `str_replace_based_edit_tool`'s successors. MCP tools (the overlay's
 * own among them, under any prefix) are never built-in writers. The table above is exact; this is the net under it.
 */
const WRITER_PATTERN = /(write|create|edit|replace|insert|append|patch|delete|remove|rename|move)/i;
const FILE_PATTERN = /(file|notebook|document)/i;
const isMcpTool = (/** @type {string} */ name) => /^mcp_/.test(name) || /(^|_)overlay_/.test(name);
/** Readers that happen to carry a verb-like word stay allowed by name (the pattern never denies them). */
const NEVER_WRITERS = new Set(['read_file', 'list_files', 'file_search', 'read_many_files']);

/** The agents this hook answers, and how each one names the overlay's MCP tools. */
const AGENTS = Object.freeze({
  /** Claude Code with this plugin: the tools come from the plugin's own MCP entry. */
  claude: { label: 'Claude Code', toolName: (/** @type {string} */ t) => `mcp__plugin_agent-overlay_agent-overlay__${t}` },
  /** Claude Code connected by "Agent Overlay: Connect Claude Code": the tools come from the project's .mcp.json. */
  'claude-project': { label: 'Claude Code', toolName: (/** @type {string} */ t) => `mcp__agent-overlay__${t}` },
  /** VS Code agent mode: the overlay's tools are VS Code language-model tools. */
  vscode: { label: 'VS Code chat', toolName: (/** @type {string} */ t) => `#${t}` },
  /** Codex: server `agent-overlay` becomes the namespace `mcp__agent_overlay` (hyphens are not allowed in tool names). */
  codex: { label: 'Codex', toolName: (/** @type {string} */ t) => `mcp__agent_overlay__${t}` },
  /** Gemini CLI: `mcp_<server>_<tool>` (https://geminicli.com/docs/hooks/reference#matchers-and-tool-names). */
  gemini: { label: 'Gemini CLI', toolName: (/** @type {string} */ t) => `mcp_agent-overlay_${t}` },
});

/** @typedef {keyof typeof AGENTS} AgentId */

/**
 * Which agent sent this input: the `--agent` the hook command passes wins; else the input and environment tell
 * (Gemini's event is `BeforeTool`; Claude Code sets CLAUDE_PLUGIN_ROOT for plugin hooks; VS Code sets PLUGIN_ROOT).
 * @param {unknown} input
 * @param {readonly string[]} argv
 * @param {NodeJS.ProcessEnv} env
 * @returns {AgentId}
 */
function detectAgent(input, argv, env) {
  const i = argv.indexOf('--agent');
  const named = i >= 0 ? argv[i + 1] : undefined;
  if (named !== undefined) {
    if (!Object.prototype.hasOwnProperty.call(AGENTS, named)) throw new Error(`unknown --agent "${named}" (expected one of ${Object.keys(AGENTS).join(', ')})`);
    return /** @type {AgentId} */ (named);
  }
  const event = input && typeof input === 'object' ? /** @type {{ hook_event_name?: unknown }} */ (input).hook_event_name : undefined;
  if (event === 'BeforeTool') return 'gemini';
  if (env.CLAUDE_PLUGIN_ROOT) return 'claude';
  return 'vscode';
}

/**
 * The overlay tool for one built-in tool call, or undefined when the call may go ahead.
 * @param {string} name
 * @param {unknown} toolInput
 * @returns {string | undefined}
 */
function replacementFor(name, toolInput) {
  const known = Object.prototype.hasOwnProperty.call(REPLACEMENTS, name) ? REPLACEMENTS[name] : undefined;
  const kind = known ?? (!isMcpTool(name) && !NEVER_WRITERS.has(name) && WRITER_PATTERN.test(name) && FILE_PATTERN.test(name) ? byVerb(name) : undefined);
  return kind === PATCH ? patchKind(toolInput) : kind;
}

/** @param {string} name a writer found by pattern */
function byVerb(name) {
  if (/(delete|remove)/i.test(name)) return DELETE;
  if (/(write|create)/i.test(name)) return WRITE;
  return EDIT;
}

/**
 * An apply_patch's overlay tool from its patch text (`*** Add File:` / `*** Update File:` / `*** Delete File:`;
 * Codex passes it as `tool_input.command`, VS Code as `tool_input.input`): only adds → overlay_writeFile, only
 * deletes → overlay_deleteFile, anything else (updates, moves, a mix, no patch) → overlay_editFile.
 * @param {unknown} toolInput
 */
function patchKind(toolInput) {
  const o = toolInput && typeof toolInput === 'object' ? /** @type {Record<string, unknown>} */ (toolInput) : {};
  const text = [o.command, o.input, o.patch].find(v => typeof v === 'string');
  if (typeof text !== 'string') return EDIT;
  const ops = [...text.matchAll(/^\*\*\* (Add|Update|Delete) File:/gm)].map(m => m[1]);
  if (ops.length > 0 && ops.every(op => op === 'Add')) return WRITE;
  if (ops.length > 0 && ops.every(op => op === 'Delete')) return DELETE;
  return EDIT;
}

/**
 * The decision for one hook input, or undefined to let the call through.
 * @param {unknown} input the parsed hook input (`tool_name`, `tool_input`, …)
 * @param {AgentId} [agent] who asks (decides the tool-name form and the answer's shape); Claude Code by default
 * @returns {{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: string } } | { decision: 'deny', reason: string } | undefined}
 */
function decide(input, agent = 'claude') {
  if (!input || typeof input !== 'object') return undefined;
  const { tool_name: name, tool_input: toolInput } = /** @type {{ tool_name?: unknown, tool_input?: unknown }} */ (input);
  if (typeof name !== 'string') return undefined;
  const overlayTool = replacementFor(name, toolInput);
  if (!overlayTool) return undefined;
  const reason = denyMessage(name, overlayTool, agent);
  if (agent === 'gemini') return { decision: 'deny', reason };
  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } };
}

/**
 * @param {string} tool the denied built-in tool
 * @param {string} overlayTool the overlay tool to use instead
 * @param {AgentId} [agent]
 */
function denyMessage(tool, overlayTool, agent = 'claude') {
  const name = AGENTS[agent].toolName(overlayTool);
  const what = overlayTool === RUN ? 'runs commands on the real disk' : 'writes straight to disk';
  const why = overlayTool === RUN ? 'It runs the command over the staged view; what it changes is staged' : 'Its writes are staged';
  return `Agent Overlay guard rail: ${tool} ${what}, which this workspace does not allow. ` +
    `Use ${overlayTool} instead (${AGENTS[agent].label} calls it ${name}). ` +
    `${why} for the user's review in VS Code; read files with overlay_readFile to see staged content.`;
}

/** Reads stdin, prints the decision. A malformed input is an error (exit 1), which guardRail.sh turns into a denial. */
function main() {
  /** @type {Buffer[]} */
  const chunks = [];
  process.stdin.on('data', c => chunks.push(c));
  process.stdin.on('end', () => {
    try {
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const decision = decide(input, detectAgent(input, process.argv.slice(2), process.env));
      if (decision) process.stdout.write(JSON.stringify(decision) + '\n');
    } catch (e) {
      process.stderr.write(`Agent Overlay guard rail: cannot read the hook input (${e instanceof Error ? e.message : String(e)}).\n`);
      process.exitCode = 1;
    }
  });
}

module.exports = { decide, denyMessage, detectAgent, replacementFor, REPLACEMENTS, AGENTS };

if (require.main === module) main();
