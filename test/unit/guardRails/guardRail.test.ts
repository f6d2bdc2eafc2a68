import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

/**
 * The guard-rail hook shipped in plugin/agent-overlay: its rule (tool name → deny naming the overlay tool), and the
 * script itself run as Claude Code and VS Code run it (stdin JSON in, decision JSON out).
 */
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const PLUGIN = path.join(ROOT, 'plugin', 'agent-overlay');
const SCRIPT = path.join(PLUGIN, 'hooks', 'guardRail.js');
const WRAPPER = path.join(PLUGIN, 'hooks', 'guardRail.sh');

interface Decision { hookSpecificOutput: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string } }
interface GeminiDecision { decision: string; reason: string }
type AgentId = 'claude' | 'claude-project' | 'vscode' | 'codex' | 'gemini';
// The script is plain JS shipped as is (no bundle); load it the way node does.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rule = require(SCRIPT) as {
  decide(input: unknown, agent?: AgentId): Decision | GeminiDecision | undefined;
  detectAgent(input: unknown, argv: string[], env: NodeJS.ProcessEnv): AgentId;
  REPLACEMENTS: Record<string, string>;
};
const reason = (d: Decision | GeminiDecision | undefined): string => {
  assert.ok(d, 'expected a denial');
  return 'decision' in d ? d.reason : d.hookSpecificOutput.permissionDecisionReason;
};

const readJson = (...p: string[]) => JSON.parse(fs.readFileSync(path.join(...p), 'utf8')) as Record<string, unknown>;

/** Claude Code's PreToolUse input (https://code.claude.com/docs/en/hooks#pretooluse-input). */
const claudeInput = (tool: string, toolInput: object) => ({
  session_id: 'abc123', transcript_path: '/tmp/t.jsonl', cwd: '/work/p', permission_mode: 'default',
  hook_event_name: 'PreToolUse', tool_name: tool, tool_input: toolInput, tool_use_id: 'toolu_01',
});
/** VS Code's (Copilot Chat 0.67 ChatHookService: common fields + tool_name, tool_input, tool_use_id). */
const vscodeInput = (tool: string, toolInput: object) => ({
  timestamp: '2026-11-24T08:00:00.000Z', hook_event_name: 'PreToolUse', session_id: 'vscode-chat-session',
  cwd: '/work/p', tool_name: tool, tool_input: toolInput, tool_use_id: 'call_1__vscode-1',
});

/** Codex's PreToolUse input for apply_patch: the patch text is `tool_input.command` (https://developers.openai.com/codex/hooks). */
const codexInput = (tool: string, toolInput: object) => ({
  session_id: '019a-thread', transcript_path: null, cwd: '/work/p', hook_event_name: 'PreToolUse', model: 'gpt-5',
  turn_id: '1', tool_name: tool, tool_input: toolInput, tool_use_id: 'call_1',
});
/** Gemini CLI's BeforeTool input (https://geminicli.com/docs/hooks/reference#beforetool). */
const geminiInput = (tool: string, toolInput: object) => ({
  session_id: 's1', transcript_path: '/tmp/g.json', cwd: '/work/p', hook_event_name: 'BeforeTool',
  timestamp: '2026-11-26T08:00:00.000Z', tool_name: tool, tool_input: toolInput,
});
const patch = (...ops: string[]) => ['*** Begin Patch', ...ops, '*** End Patch'].join('\n');

function run(command: string, args: string[], stdin: string, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(command, args, { input: stdin, encoding: 'utf8', env });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('guard-rail hook rule', () => {
  it("denies Claude Code's Write and names overlay_writeFile", () => {
    const d = rule.decide(claudeInput('Write', { file_path: '/work/p/a.ts', content: 'x' })) as Decision;
    assert.strictEqual(d?.hookSpecificOutput.permissionDecision, 'deny');
    assert.strictEqual(d.hookSpecificOutput.hookEventName, 'PreToolUse');
    assert.match(d.hookSpecificOutput.permissionDecisionReason, /Write writes straight to disk.*Use overlay_writeFile instead/);
  });

  it("denies Claude Code's Edit, MultiEdit and NotebookEdit", () => {
    assert.match(reason(rule.decide(claudeInput('Edit', {}))), /Use overlay_editFile/);
    assert.match(reason(rule.decide(claudeInput('MultiEdit', {}))), /Use overlay_editFile/);
    assert.match(reason(rule.decide(claudeInput('NotebookEdit', {}))), /Use overlay_writeFile/);
  });

  it("denies VS Code's built-in edit tools under each of their names", () => {
    for (const name of ['replace_string_in_file', 'copilot_replaceString', 'replaceString', 'apply_patch', 'copilot_editFiles', 'insert_edit_into_file', 'multi_replace_string_in_file']) {
      assert.match(reason(rule.decide(vscodeInput(name, { filePath: '/work/p/a.ts' }), 'vscode')), /Use overlay_editFile/, name);
    }
    for (const name of ['create_file', 'copilot_createFile', 'createFile', 'edit_notebook_file']) {
      assert.match(reason(rule.decide(vscodeInput(name, {}), 'vscode')), /Use overlay_writeFile/, name);
    }
  });

  it('lets readers, other tools and the overlay tools themselves through', () => {
    for (const name of ['Read', 'Bash', 'read_file', 'copilot_readFile', 'overlay_writeFile', 'mcp__agent-overlay__overlay_writeFile',
      'mcp__plugin_agent-overlay_agent-overlay__overlay_editFile', 'mcp__agent_overlay__overlay_writeFile', 'mcp_agent-overlay_overlay_writeFile',
      'read_many_files', 'write_todos', 'edits_getRecent', 'run_shell_command', 'toString', '__proto__']) {
      assert.strictEqual(rule.decide(claudeInput(name, {})), undefined, name);
    }
    assert.strictEqual(rule.decide({}), undefined);
    assert.strictEqual(rule.decide(null), undefined);
    assert.strictEqual(rule.decide({ tool_name: 42 }), undefined);
  });

  it('names only overlay tools the extension contributes', () => {
    const pkg = readJson(ROOT, 'package.json') as { contributes: { languageModelTools: { name: string }[] } };
    const contributed = new Set(pkg.contributes.languageModelTools.map(t => t.name));
    for (const [builtIn, overlay] of Object.entries(rule.REPLACEMENTS)) {
      const named = /Use (\w+) instead/.exec(reason(rule.decide(claudeInput(builtIn, { command: patch('*** Update File: a') }))))?.[1];
      assert.ok(named && contributed.has(named), `${builtIn} → ${overlay} → ${named}`);
    }
  });

  it("covers every file-writing tool Copilot Chat 0.67 contributes (names checked in this project's host)", () => {
    for (const id of ['copilot_applyPatch', 'copilot_insertEdit', 'copilot_createFile', 'copilot_replaceString', 'copilot_multiReplaceString', 'copilot_editNotebook', 'copilot_editFiles']) {
      assert.ok(rule.decide(vscodeInput(id, {})), id);
    }
  });
});

describe('guard-rail hook rule, per agent', () => {
  it('names the overlay tool in the form each agent calls it', () => {
    assert.match(reason(rule.decide(claudeInput('Write', {}), 'claude')), /mcp__plugin_agent-overlay_agent-overlay__overlay_writeFile/);
    assert.match(reason(rule.decide(codexInput('apply_patch', { command: patch('*** Update File: a.ts') }), 'codex')), /mcp__agent_overlay__overlay_editFile/);
    assert.match(reason(rule.decide(geminiInput('write_file', {}), 'gemini')), /mcp_agent-overlay_overlay_writeFile/);
    assert.match(reason(rule.decide(vscodeInput('create_file', {}), 'vscode')), /#overlay_writeFile/);
    assert.doesNotMatch(reason(rule.decide(claudeInput('Write', {}), 'claude')), /mcp__agent-overlay__/);
    assert.match(reason(rule.decide(claudeInput('Edit', {}), 'claude-project')), /Claude Code calls it mcp__agent-overlay__overlay_editFile\)/);
  });

  it("Codex's apply_patch: an add names overlay_writeFile, an update overlay_editFile, a delete overlay_deleteFile", () => {
    const kind = (p: string) => /Use (\w+) instead/.exec(reason(rule.decide(codexInput('apply_patch', { command: p }), 'codex')))?.[1];
    assert.strictEqual(kind(patch('*** Add File: hello.txt', '+hi')), 'overlay_writeFile');
    assert.strictEqual(kind(patch('*** Add File: a.txt', '+a', '*** Add File: b.txt', '+b')), 'overlay_writeFile');
    assert.strictEqual(kind(patch('*** Update File: a.ts', '@@', '-a', '+b')), 'overlay_editFile');
    assert.strictEqual(kind(patch('*** Add File: n.ts', '+n', '*** Update File: a.ts', '@@', '-a', '+b')), 'overlay_editFile');
    assert.strictEqual(kind(patch('*** Delete File: old.ts')), 'overlay_deleteFile');
    // VS Code's apply_patch carries the patch as `input`
    assert.match(reason(rule.decide(vscodeInput('apply_patch', { input: patch('*** Add File: x', '+x'), explanation: 'e' }), 'vscode')), /Use overlay_writeFile/);
  });

  it("Gemini CLI's write_file and replace are denied in Gemini's answer shape", () => {
    const w = rule.decide(geminiInput('write_file', { file_path: 'a.txt', content: 'x' }), 'gemini') as GeminiDecision;
    assert.strictEqual(w.decision, 'deny');
    assert.match(w.reason, /write_file writes straight to disk.*Use overlay_writeFile/);
    assert.match(reason(rule.decide(geminiInput('replace', { file_path: 'a.txt', old_string: 'a', new_string: 'b' }), 'gemini')), /Use overlay_editFile/);
  });

  it("VS Code's run_in_terminal and create_and_run_task are denied naming overlay_runCommand", () => {
    for (const name of ['run_in_terminal', 'create_and_run_task', 'copilot_runInTerminal', 'copilot_createAndRunTask']) {
      assert.match(reason(rule.decide(vscodeInput(name, { command: 'npm test' }), 'vscode')), /runs commands on the real disk.*Use overlay_runCommand/, name);
    }
  });

  it('denies a writer it does not know by name when the name says it writes a file', () => {
    const expected: Record<string, string> = {
      edit_file: 'overlay_editFile', createNotebook: 'overlay_writeFile', write_to_file: 'overlay_writeFile',
      delete_file: 'overlay_deleteFile', copilot_createDocument: 'overlay_writeFile', str_replace_in_file: 'overlay_editFile',
    };
    for (const [name, overlay] of Object.entries(expected)) assert.match(reason(rule.decide(claudeInput(name, {}))), new RegExp(`Use ${overlay} instead`), name);
  });

  it('tells the agents apart from the input when the command does not say', () => {
    assert.strictEqual(rule.detectAgent(geminiInput('write_file', {}), [], {}), 'gemini');
    assert.strictEqual(rule.detectAgent(claudeInput('Write', {}), [], { CLAUDE_PLUGIN_ROOT: '/p' }), 'claude');
    assert.strictEqual(rule.detectAgent(vscodeInput('create_file', {}), [], { PLUGIN_ROOT: '/p' }), 'vscode');
    assert.strictEqual(rule.detectAgent(codexInput('apply_patch', {}), ['--agent', 'codex'], {}), 'codex');
    assert.throws(() => rule.detectAgent({}, ['--agent', 'cursor'], {}), /unknown --agent "cursor"/);
  });
});

describe('guard-rail wrapper fails closed', () => {
  if (process.platform === 'win32') return; // a POSIX shell script; no host here runs it on Windows
  const withoutNode = { PATH: '/nonexistent' };

  it('denies a Write with exit 2 and a message when node is not on PATH', () => {
    const r = run('/bin/sh', [WRAPPER], JSON.stringify(claudeInput('Write', { file_path: '/p/a', content: 'x' })), withoutNode);
    assert.strictEqual(r.status, 2);
    assert.match(r.stderr, /node is not on this agent's PATH.*denies it.*overlay_writeFile/);
    assert.strictEqual(r.stdout, '');
  });

  it("still lets the overlay's own tools through when node is not on PATH (VS Code runs the hook for every tool)", () => {
    const r = run('/bin/sh', [WRAPPER], JSON.stringify(vscodeInput('overlay_writeFile', { path: 'a', content: 'overlay_ "tool_name"' })), withoutNode);
    assert.deepStrictEqual([r.status, r.stderr], [0, '']);
    const spoof = run('/bin/sh', [WRAPPER], JSON.stringify(claudeInput('Write', { content: '"tool_name": "overlay_writeFile"' })), withoutNode);
    assert.strictEqual(spoof.status, 2, 'a Write whose content mentions an overlay tool is still denied');
  });

  it('denies when the script fails (malformed input, unknown agent) instead of passing', () => {
    const env = { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin` };
    const bad = run('/bin/sh', [WRAPPER], '{not json', env);
    assert.strictEqual(bad.status, 2);
    assert.match(bad.stderr, /cannot read the hook input[\s\S]*the check failed.*denied/);
    const agent = run('/bin/sh', [WRAPPER, '--agent', 'cursor'], JSON.stringify(claudeInput('Write', {})), env);
    assert.strictEqual(agent.status, 2);
  });

  it('passes each agent its own answer through the wrapper: Codex apply_patch, Gemini write_file', () => {
    const env = { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin` };
    const codex = run('/bin/sh', [WRAPPER, '--agent', 'codex'], JSON.stringify(codexInput('apply_patch', { command: patch('*** Add File: hello.txt', '+hi') })), env);
    assert.strictEqual(codex.status, 0, codex.stderr);
    assert.match((JSON.parse(codex.stdout) as Decision).hookSpecificOutput.permissionDecisionReason, /Use overlay_writeFile instead \(Codex calls it mcp__agent_overlay__overlay_writeFile\)/);
    const gemini = run('/bin/sh', [WRAPPER, '--agent', 'gemini'], JSON.stringify(geminiInput('replace', {})), env);
    assert.strictEqual(gemini.status, 0, gemini.stderr);
    assert.strictEqual((JSON.parse(gemini.stdout) as GeminiDecision).decision, 'deny');
    const pass = run('/bin/sh', [WRAPPER, '--agent', 'gemini'], JSON.stringify(geminiInput('read_file', {})), env);
    assert.deepStrictEqual([pass.status, pass.stdout], [0, '']);
  });
});

describe('guard-rail plugin folder', () => {
  const hooks = readJson(PLUGIN, 'hooks', 'hooks.json') as { hooks: { PreToolUse: { matcher: string; hooks: { type: string; command: string }[] }[] } };
  const entry = hooks.hooks.PreToolUse[0];

  it("Claude Code's matcher selects every tool the rule denies", () => {
    const matcher = new RegExp(`^(?:${entry.matcher})$`);
    for (const name of Object.keys(rule.REPLACEMENTS)) assert.ok(matcher.test(name), name);
    assert.ok(!matcher.test('Read') && !matcher.test('Bash'));
  });

  it('has a manifest for Claude Code and one for VS Code, and only Claude Code gets the MCP entry', () => {
    assert.strictEqual(readJson(PLUGIN, '.claude-plugin', 'plugin.json').name, 'agent-overlay');
    // VS Code reads .plugin/plugin.json first; an inline empty mcpServers keeps its server list free of a second,
    // env-dependent copy of the bridge (VS Code already lists the bridge through the extension's provider).
    assert.deepStrictEqual(readJson(PLUGIN, '.plugin', 'plugin.json').mcpServers, {});
    const mcp = readJson(PLUGIN, '.mcp.json') as { mcpServers: Record<string, { type: string; url: string; headers: Record<string, string> }> };
    assert.deepStrictEqual(mcp.mcpServers['agent-overlay'], {
      type: 'http', url: '${AGENT_OVERLAY_MCP_URL}', headers: { Authorization: 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}' },
    });
  });

  it('the script denies a Write given as Claude Code gives it (stdin JSON, decision JSON on stdout, exit 0)', () => {
    const r = run(process.execPath, [SCRIPT], JSON.stringify(claudeInput('Write', { file_path: '/p/a', content: 'x' })));
    assert.strictEqual(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as Decision;
    assert.strictEqual(out.hookSpecificOutput.permissionDecision, 'deny');
    assert.match(out.hookSpecificOutput.permissionDecisionReason, /overlay_writeFile/);
  });

  it('the script denies a VS Code replace_string_in_file and passes read_file silently', () => {
    const denied = run(process.execPath, [SCRIPT], JSON.stringify(vscodeInput('replace_string_in_file', { filePath: '/p/a', oldString: 'a', newString: 'b' })));
    assert.strictEqual(denied.status, 0, denied.stderr);
    assert.strictEqual((JSON.parse(denied.stdout) as Decision).hookSpecificOutput.permissionDecision, 'deny');
    const passed = run(process.execPath, [SCRIPT], JSON.stringify(vscodeInput('read_file', { filePath: '/p/a' })));
    assert.deepStrictEqual([passed.status, passed.stdout], [0, '']);
  });

  it('the script reports a malformed input as an error instead of passing it silently', () => {
    const r = run(process.execPath, [SCRIPT], '{not json');
    assert.strictEqual(r.status, 1);
    assert.match(r.stderr, /cannot read the hook input/);
  });

  it("the hook's command finds the script with Claude Code's CLAUDE_PLUGIN_ROOT and with VS Code's PLUGIN_ROOT", () => {
    if (process.platform === 'win32') return; // the command is a POSIX shell line; Windows is covered by neither host here
    const input = JSON.stringify(claudeInput('Edit', {}));
    const env = { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}` };
    assert.match(entry.hooks[0].command, /guardRail\.sh/, 'the hook runs the fail-closed wrapper, not node directly');
    const claude = run('/bin/sh', ['-c', entry.hooks[0].command], input, { ...env, CLAUDE_PLUGIN_ROOT: PLUGIN });
    assert.strictEqual(claude.status, 0, claude.stderr);
    assert.match(claude.stdout, /"permissionDecision":"deny"/);
    const vscode = run('/bin/sh', ['-c', entry.hooks[0].command], input, { ...env, PLUGIN_ROOT: PLUGIN });
    assert.strictEqual(vscode.status, 0, vscode.stderr);
    assert.match(vscode.stdout, /"permissionDecision":"deny"/);
  });
});
