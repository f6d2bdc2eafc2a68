#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * Agent Overlay guard rail, a PreToolUse hook for Claude Code and for VS Code's agent mode (both load this folder as
 * an agent plugin). It reads the hook input from stdin and denies the built-in tools that write straight to disk,
 * naming the overlay tool whose writes are staged for the user's review instead. Every other tool passes.
 *
 * Output, per both hosts' documented hook format (https://code.claude.com/docs/en/hooks#pretooluse-decision-control,
 * https://code.visualstudio.com/docs/agents/reference/hooks-reference): a JSON object on stdout with
 * `hookSpecificOutput.permissionDecision: "deny"` and a `permissionDecisionReason` the model reads; exit code 0.
 * VS Code runs every PreToolUse hook for every tool (it does not apply `matcher`), so the filtering happens here.
 *
 * Plain Node, no dependencies: it runs from the installed extension's folder, outside the bundle.
 */

/** Which overlay tool replaces a built-in writer. */
const WRITE = 'overlay_writeFile';
const EDIT = 'overlay_editFile';

/**
 * Built-in file writers by the name the hook input carries. Claude Code: its tool names. VS Code (Copilot Chat
 * 0.67): the model-facing names (`tool_name` is the tool call's name), the contributed `copilot_*` names and the
 * `#` reference names, since which one a hook sees is not documented.
 * @type {Readonly<Record<string, string>>}
 */
const REPLACEMENTS = Object.freeze({
  // Claude Code
  Write: WRITE,
  Edit: EDIT,
  MultiEdit: EDIT,
  NotebookEdit: WRITE,
  // VS Code agent mode, model-facing names
  create_file: WRITE,
  replace_string_in_file: EDIT,
  multi_replace_string_in_file: EDIT,
  insert_edit_into_file: EDIT,
  apply_patch: EDIT,
  edit_notebook_file: WRITE,
  // VS Code, contributed tool ids
  copilot_createFile: WRITE,
  copilot_replaceString: EDIT,
  copilot_multiReplaceString: EDIT,
  copilot_insertEdit: EDIT,
  copilot_applyPatch: EDIT,
  copilot_editFiles: EDIT,
  copilot_editNotebook: WRITE,
  // VS Code, tool reference names
  createFile: WRITE,
  replaceString: EDIT,
  multiReplaceString: EDIT,
  insertEdit: EDIT,
  applyPatch: EDIT,
  editFiles: EDIT,
  editNotebook: WRITE,
});

/**
 * The decision for one hook input, or undefined to let the call through.
 * @param {unknown} input the parsed hook input (`tool_name`, `tool_input`, …)
 * @returns {{ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: string } } | undefined}
 */
function decide(input) {
  if (!input || typeof input !== 'object') return undefined;
  const name = /** @type {{ tool_name?: unknown }} */ (input).tool_name;
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(REPLACEMENTS, name)) return undefined;
  return {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: denyMessage(name, REPLACEMENTS[name]),
    },
  };
}

/**
 * @param {string} tool the denied built-in tool
 * @param {string} overlayTool the overlay tool to use instead
 */
function denyMessage(tool, overlayTool) {
  return `Agent Overlay guard rail: ${tool} writes straight to disk, which this workspace does not allow. ` +
    `Use ${overlayTool} instead (in VS Code chat: #${overlayTool}; over MCP: the agent-overlay server's ${overlayTool} tool, ` +
    `e.g. mcp__agent-overlay__${overlayTool}). Its writes are staged for the user's review in VS Code; read files with overlay_readFile to see staged content.`;
}

/** Reads stdin, prints the decision. A malformed input is a hook error (exit 1, non-blocking), never a silent pass. */
function main() {
  /** @type {Buffer[]} */
  const chunks = [];
  process.stdin.on('data', c => chunks.push(c));
  process.stdin.on('end', () => {
    let input;
    try {
      input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch (e) {
      process.stderr.write(`Agent Overlay guard rail: the hook input is not JSON (${e instanceof Error ? e.message : String(e)}).\n`);
      process.exitCode = 1;
      return;
    }
    const decision = decide(input);
    if (decision) process.stdout.write(JSON.stringify(decision) + '\n');
  });
}

module.exports = { decide, denyMessage, REPLACEMENTS };

if (require.main === module) main();
