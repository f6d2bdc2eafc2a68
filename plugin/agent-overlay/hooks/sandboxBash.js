#!/usr/bin/env node
// @ts-check
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain Node shipped as is, no bundle */
/**
 * Agent Overlay's sandbox for a CLI agent's shell tool — Claude Code's `Bash`, Codex's shell (`Bash` to its hooks)
 * and Gemini CLI's `run_shell_command` — two roles in one plain-Node file (no dependencies: it runs from the
 * extension's plugin folder, outside the extension's bundle).
 *
 * 1. As the agent's pre-tool hook (`sandboxBash.js [--agent claude|codex|gemini]`; hook input JSON on stdin):
 *    rewrites the call's `command` into a call of this file as a launcher, so the command runs in the Agent Overlay
 *    sandbox instead of on the disk: it sees the staged changes, and what it writes in the workspace is staged for
 *    the person's review. Each agent takes a rewrite its own way:
 *    - Claude Code: `hookSpecificOutput.updatedInput` with `permissionDecision` "ask" (the person sees and approves
 *      the original command, as Claude Code asks for Bash), or "allow" when AGENT_OVERLAY_SANDBOX_BASH=allow
 *      (https://code.claude.com/docs/en/hooks#pretooluse-decision-control);
 *    - Codex: `updatedInput` needs `permissionDecision` "allow" (Codex refuses "ask" in a hook); Codex's own approval
 *      policy and sandbox still decide whether the rewritten command runs (openai/codex hooks, PreToolUse);
 *    - Gemini CLI: `hookSpecificOutput.tool_input`, the whole input with the new command (it rebuilds the call
 *      from it; https://geminicli.com/docs/hooks/reference, BeforeTool).
 *    A hook that cannot decide (input that is not JSON) blocks the call (exit 2, the reason on stderr): every agent
 *    here reads any other failure as "go ahead", which would run the command on the disk.
 * 2. As the launcher (`sandboxBash.js run <command base64> <project dir base64> [timeout ms] [tool use id] [agent]`):
 *    calls the MCP bridge's `overlay_runCommand` (URL and token from AGENT_OVERLAY_MCP_URL / AGENT_OVERLAY_MCP_TOKEN,
 *    or the file the Connect commands keep, ~/.agent-overlay/mcp.env) under the agent's own MCP client name (so
 *    what the shell wrote is staged in the same session as the agent's overlay writes), prints the command's stdout
 *    and stderr, a line saying what was staged, and exits with the command's exit code. When the bridge cannot be
 *    reached, nothing runs (exit 1 with the reason): the command never falls back to the disk.
 */
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');

const LAUNCHER_MARK = "sandboxBash.js' 'run' ";
const PROTOCOL_VERSION = '2025-06-18';

/**
 * Each agent's shell tool as its hooks name it, the MCP client name it gives the bridge (its session there), the
 * variable it sets to the project folder for hooks, and the answer that rewrites the call.
 * @type {Record<string, {tools: string[], client: string, projectEnv: string, answer: (toolInput: object, command: string, reason: string, env: NodeJS.ProcessEnv) => object}>}
 */
const AGENTS = {
  claude: {
    tools: ['Bash'], client: 'claude-code', projectEnv: 'CLAUDE_PROJECT_DIR',
    answer: (toolInput, command, reason, env) => ({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: env.AGENT_OVERLAY_SANDBOX_BASH === 'allow' ? 'allow' : 'ask',
        permissionDecisionReason: reason,
        updatedInput: { ...toolInput, command },
      },
    }),
  },
  codex: {
    // Codex's hooks see its shell tools as `Bash`; the other names are the tools themselves, should a version pass them.
    tools: ['Bash', 'shell', 'exec_command', 'local_shell', 'shell_command'], client: 'codex-mcp-client', projectEnv: 'CODEX_PROJECT_DIR',
    answer: (toolInput, command) => ({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { ...toolInput, command } },
    }),
  },
  gemini: {
    tools: ['run_shell_command'], client: 'gemini-cli-mcp-client', projectEnv: 'GEMINI_PROJECT_DIR',
    answer: (toolInput, command) => ({ hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { ...toolInput, command } } }),
  },
};

/** @param {string} s */
const b64 = s => Buffer.from(s, 'utf8').toString('base64');
/** @param {string} s */
const unb64 = s => Buffer.from(s, 'base64').toString('utf8');
/** @param {string} s a string as one POSIX shell word */
const quote = s => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The hook's answer for one input, or undefined to let the call through unchanged (not the shell, or already ours).
 * @param {any} input the agent's pre-tool input: session_id, cwd, hook_event_name, tool_name, tool_input, tool_use_id
 * @param {NodeJS.ProcessEnv} env
 * @param {string} launcher this file's path
 * @param {string} agent claude, codex or gemini
 */
function decide(input, env = process.env, launcher = __filename, agent = 'claude') {
  const spec = AGENTS[agent];
  if (!spec) throw new Error(`unknown agent "${agent}" (claude, codex or gemini)`);
  if (!input || typeof input !== 'object' || !spec.tools.includes(input.tool_name)) return undefined;
  const toolInput = input.tool_input && typeof input.tool_input === 'object' ? input.tool_input : {};
  const command = toolInput.command;
  if (typeof command !== 'string' || command.trim() === '' || command.includes(LAUNCHER_MARK)) return undefined;
  const project = env[spec.projectEnv] || env.CLAUDE_PROJECT_DIR || (typeof input.cwd === 'string' ? input.cwd : process.cwd());
  const timeout = Number.isInteger(toolInput.timeout) ? toolInput.timeout : 0;
  const callId = input.tool_use_id ?? input.tool_call_id ?? '';
  const args = ['run', b64(command), b64(project), String(timeout), String(callId), agent];
  const rewritten = `node ${quote(launcher)} ${args.map(quote).join(' ')}`;
  const reason = `Agent Overlay runs this in its sandbox: it sees the staged changes, and what it writes in the workspace is staged for review instead of reaching the disk. Command: ${command}`;
  return spec.answer(toolInput, rewritten, reason, env);
}

/** The bridge's URL and token: the environment first, then the Connect commands' file. */
function bridgeAddress(env = process.env, home = os.homedir()) {
  let url = env.AGENT_OVERLAY_MCP_URL;
  let token = env.AGENT_OVERLAY_MCP_TOKEN;
  if (!url || !token) {
    try {
      const text = fs.readFileSync(path.join(home, '.agent-overlay', 'mcp.env'), 'utf8');
      /** @param {string} name */
      const value = name => {
        const m = new RegExp(`^export ${name}='((?:[^']|'\\\\'')*)'$`, 'm').exec(text);
        return m ? m[1].replace(/'\\''/g, "'") : undefined;
      };
      url = url || value('AGENT_OVERLAY_MCP_URL');
      token = token || value('AGENT_OVERLAY_MCP_TOKEN');
    } catch {
      // No file: reported below.
    }
  }
  if (!url || !token) return undefined;
  return { url, token };
}

/**
 * One MCP request over Streamable HTTP; the answer may come as JSON or as server-sent events.
 * @param {{url: string, token: string}} bridge
 * @param {object} body
 * @param {string | undefined} session
 * @returns {Promise<{session: string | undefined, message: any}>}
 */
function post(bridge, body, session) {
  return new Promise((resolve, reject) => {
    const u = new URL(bridge.url);
    const req = http.request({
      host: u.hostname, port: u.port, path: u.pathname, method: 'POST',
      headers: {
        'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${bridge.token}`,
        ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': PROTOCOL_VERSION } : {}),
      },
    }, res => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', c => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const sid = /** @type {string | undefined} */ (res.headers['mcp-session-id']) ?? session;
        if ((res.statusCode ?? 500) >= 400) return reject(new Error(`the bridge answered HTTP ${res.statusCode}: ${text.slice(0, 300)}`));
        if (text.trim() === '') return resolve({ session: sid, message: undefined });
        const json = String(res.headers['content-type']).includes('text/event-stream')
          ? text.split('\n').filter(l => l.startsWith('data:')).map(l => l.slice(5).trim()).filter(Boolean).pop()
          : text;
        try {
          resolve({ session: sid, message: json ? JSON.parse(json) : undefined });
        } catch {
          reject(new Error(`the bridge's answer is not JSON: ${text.slice(0, 300)}`));
        }
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * Runs a command through the bridge's overlay_runCommand; resolves to the tool's JSON answer.
 * @param {{url: string, token: string}} bridge
 * @param {{command: string, cwd: string, timeoutMs?: number, messageId?: string, agent?: string}} call
 */
async function runThroughBridge(bridge, call) {
  const client = (AGENTS[call.agent ?? 'claude'] ?? AGENTS.claude).client;
  const init = await post(bridge, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: client, version: 'sandboxBash' } } });
  await post(bridge, { jsonrpc: '2.0', method: 'notifications/initialized' }, init.session);
  const args = { command: call.command, ...(call.cwd ? { cwd: call.cwd } : {}), ...(call.timeoutMs ? { timeoutMs: call.timeoutMs } : {}), ...(call.messageId ? { messageId: call.messageId } : {}) };
  const r = await post(bridge, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'overlay_runCommand', arguments: args } }, init.session);
  if (r.message?.error) throw new Error(r.message.error.message);
  const result = r.message?.result;
  if (result?.structuredContent) return result.structuredContent;
  const text = result?.content?.[0]?.text ?? '';
  return JSON.parse(text.slice(text.indexOf('\n') + 1));
}

/** The launcher: argv after `run`. Writes the command's output and returns the exit code. */
async function launch(argv, env = process.env, out = process.stdout, err = process.stderr) {
  const [commandB64, projectB64, timeout, toolUseId, agent] = argv;
  const command = unb64(commandB64 ?? '');
  const project = unb64(projectB64 ?? '');
  const bridge = bridgeAddress(env);
  if (!bridge) {
    err.write('Agent Overlay: the command was not run. The sandbox is reached through the MCP bridge, and no bridge address was found (AGENT_OVERLAY_MCP_URL / AGENT_OVERLAY_MCP_TOKEN, or ~/.agent-overlay/mcp.env). In VS Code start the bridge and run "Agent Overlay: Connect …" for this agent.\n');
    return 1;
  }
  const rel = path.relative(project, process.cwd());
  if (rel.startsWith('..') || path.isAbsolute(rel)) {
    err.write(`Agent Overlay: the command was not run: the current folder ${process.cwd()} is outside the project ${project}; cd back into it.\n`);
    return 1;
  }
  let answer;
  try {
    answer = await runThroughBridge(bridge, { command, cwd: rel.split(path.sep).join('/'), timeoutMs: Number(timeout) || undefined, messageId: toolUseId || undefined, agent: agent || 'claude' });
  } catch (e) {
    err.write(`Agent Overlay: the command was not run: the bridge at ${bridge.url} could not be reached (${e instanceof Error ? e.message : String(e)}). Start it in VS Code ("Agent Overlay: Start MCP Bridge").\n`);
    return 1;
  }
  if (answer.status === 'error') {
    err.write(`Agent Overlay: ${answer.message}\n`);
    return 1;
  }
  if (answer.stdoutTruncated) out.write(`[${answer.stdoutTruncated}]\n`);
  out.write(answer.stdout ?? '');
  if (answer.stderrTruncated) err.write(`[${answer.stderrTruncated}]\n`);
  err.write(answer.stderr ?? '');
  const staged = Array.isArray(answer.staged) ? answer.staged : [];
  const list = staged.map(s => `${s.operation} ${s.fromPath ? `${s.fromPath} -> ` : ''}${s.path}`).join(', ');
  err.write(`[Agent Overlay sandbox: ${staged.length ? `staged for review: ${list}` : 'no workspace file changed'}${answer.conflicts?.length ? `; conflicts: ${answer.conflicts.join(', ')}` : ''}]\n`);
  if (answer.status === 'timedOut') return 124;
  if (answer.status === 'cancelled') return 130;
  return typeof answer.exitCode === 'number' ? answer.exitCode : 1;
}

/** The hook refuses the call: exit 2 with the reason on stderr, which Claude Code, Codex and Gemini CLI read as "blocked". */
function block(reason) {
  process.stderr.write(`Agent Overlay sandbox hook: ${reason} The command was not run.\n`);
  process.exitCode = 2;
}

function main() {
  if (process.argv[2] === 'run') {
    launch(process.argv.slice(3)).then(code => { process.exitCode = code; }, e => { process.stderr.write(`Agent Overlay: ${e}\n`); process.exitCode = 1; });
    return;
  }
  const at = process.argv.indexOf('--agent');
  const agent = at >= 0 ? process.argv[at + 1] : 'claude';
  /** @type {Buffer[]} */
  const chunks = [];
  process.stdin.on('data', c => chunks.push(c));
  process.stdin.on('end', () => {
    let input;
    try {
      input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch (e) {
      return block(`the hook input is not JSON (${e instanceof Error ? e.message : String(e)}).`);
    }
    try {
      const decision = decide(input, process.env, __filename, agent);
      if (decision) process.stdout.write(JSON.stringify(decision) + '\n');
    } catch (e) {
      block(e instanceof Error ? e.message : String(e));
    }
  });
}

module.exports = { decide, launch, bridgeAddress, runThroughBridge, AGENTS };

if (require.main === module) main();
