import * as assert from 'assert';
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { McpBridgeServer } from '../../../src/mcp/mcpBridgeServer';
import { McpToolService } from '../../../src/mcp/mcpToolService';
import { CommandSandbox } from '../../../src/sandbox/commandSandbox';
import type { AgentTool } from '../../../src/tools/agentTool';
import { RunCommandTool } from '../../../src/tools/overlay/runCommandTool';

/**
 * The Claude Code plugin's Bash hook (plugin/agent-overlay/hooks/sandboxBash.js): its rewrite of Claude Code's real
 * PreToolUse input, and the rewritten command run as Claude Code's Bash tool would run it, against a real bridge
 * serving overlay_runCommand over a real overlay: the file the command writes is staged, the disk untouched.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const PLUGIN = path.join(ROOT, 'plugin', 'agent-overlay');
const SCRIPT = path.join(PLUGIN, 'hooks', 'sandboxBash.js');

interface Decision {
  hookSpecificOutput: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string; updatedInput: { command: string; description?: string; timeout?: number } };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const hook = require(SCRIPT) as { decide(input: unknown, env?: NodeJS.ProcessEnv, launcher?: string, agent?: string): Decision | undefined };

/** Claude Code's PreToolUse input for Bash (https://code.claude.com/docs/en/hooks#pretooluse-input). */
const bashInput = (command: string, cwd: string, extra: object = {}) => ({
  session_id: 'abc123', transcript_path: '/tmp/t.jsonl', cwd, permission_mode: 'default',
  hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command, description: 'Run it', ...extra }, tool_use_id: 'toolu_01ABC',
});

describe('sandboxBash hook: the rewrite', () => {
  it('rewrites Bash\'s command into the launcher and asks the person, keeping the other fields', () => {
    const d = hook.decide(bashInput('npm test', '/work/p', { timeout: 60000 }), {});
    assert.ok(d);
    assert.strictEqual(d.hookSpecificOutput.hookEventName, 'PreToolUse');
    assert.strictEqual(d.hookSpecificOutput.permissionDecision, 'ask');
    assert.match(d.hookSpecificOutput.permissionDecisionReason, /Command: npm test$/);
    assert.strictEqual(d.hookSpecificOutput.updatedInput.description, 'Run it');
    assert.strictEqual(d.hookSpecificOutput.updatedInput.timeout, 60000);
    assert.match(d.hookSpecificOutput.updatedInput.command, /^node '.*sandboxBash\.js' 'run' '[A-Za-z0-9+/=]+' '[A-Za-z0-9+/=]+' '60000' 'toolu_01ABC' 'claude'$/);
  });

  it('rewrites Codex\'s shell (Bash to its hooks) with "allow", the only decision Codex takes a rewrite with', () => {
    const d = hook.decide({ ...bashInput('cargo test', '/work/p'), tool_use_id: 'call_1' }, {}, SCRIPT, 'codex') as unknown as { hookSpecificOutput: Record<string, unknown> & { updatedInput: { command: string } } };
    assert.strictEqual(d.hookSpecificOutput.permissionDecision, 'allow');
    assert.strictEqual(d.hookSpecificOutput.permissionDecisionReason, undefined);
    assert.match(d.hookSpecificOutput.updatedInput.command, /'run' '[A-Za-z0-9+/=]+' '[A-Za-z0-9+/=]+' '0' 'call_1' 'codex'$/);
  });

  it('rewrites Gemini CLI\'s run_shell_command through tool_input, keeping its other arguments', () => {
    const input = { session_id: 's', cwd: '/work/p', hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'npm test', dir_path: 'src', description: 'tests' } };
    const d = hook.decide(input, { GEMINI_PROJECT_DIR: '/work/p' }, SCRIPT, 'gemini') as unknown as { hookSpecificOutput: { hookEventName: string; tool_input: Record<string, string> } };
    assert.strictEqual(d.hookSpecificOutput.hookEventName, 'BeforeTool');
    assert.strictEqual(d.hookSpecificOutput.tool_input.dir_path, 'src');
    assert.strictEqual(d.hookSpecificOutput.tool_input.description, 'tests');
    assert.match(d.hookSpecificOutput.tool_input.command, /'run' '[A-Za-z0-9+/=]+' 'L3dvcmsvcA==' '0' '' 'gemini'$/);
    assert.strictEqual(hook.decide({ ...input, tool_name: 'Bash' }, {}, SCRIPT, 'gemini'), undefined, 'only the agent\'s own shell tool');
  });

  it('auto-approves only when the person opted in', () => {
    assert.strictEqual(hook.decide(bashInput('ls', '/w'), { AGENT_OVERLAY_SANDBOX_BASH: 'allow' })?.hookSpecificOutput.permissionDecision, 'allow');
  });

  it('leaves other tools, empty commands and its own launcher alone', () => {
    assert.strictEqual(hook.decide({ ...bashInput('ls', '/w'), tool_name: 'Read' }, {}), undefined);
    assert.strictEqual(hook.decide(bashInput('  ', '/w'), {}), undefined);
    const once = hook.decide(bashInput('ls', '/w'), {})!.hookSpecificOutput.updatedInput.command;
    assert.strictEqual(hook.decide(bashInput(once, '/w'), {}), undefined);
  });

  it('runs as a hook: JSON in on stdin, the decision out on stdout', () => {
    const r = spawnSync(process.execPath, [SCRIPT], { input: JSON.stringify(bashInput('echo hi', '/w')), encoding: 'utf8' });
    assert.strictEqual(r.status, 0, r.stderr);
    const d = JSON.parse(r.stdout) as Decision;
    assert.strictEqual(d.hookSpecificOutput.permissionDecision, 'ask');
    // Exit 2 is "blocked" to every agent here; any other failure would let the command run on the disk.
    const bad = spawnSync(process.execPath, [SCRIPT], { input: 'not json', encoding: 'utf8' });
    assert.strictEqual(bad.status, 2);
    assert.match(bad.stderr, /not JSON.*not run/);
    const unknown = spawnSync(process.execPath, [SCRIPT, '--agent', 'cursor'], { input: JSON.stringify(bashInput('ls', '/w')), encoding: 'utf8' });
    assert.strictEqual(unknown.status, 2);
  });

  it('is registered in the plugin\'s hooks.json for Bash', () => {
    const hooks = JSON.parse(fs.readFileSync(path.join(PLUGIN, 'hooks', 'hooks.json'), 'utf8')) as { hooks: { PreToolUse: { matcher: string; hooks: { command: string }[] }[] } };
    const entry = hooks.hooks.PreToolUse.find(e => e.matcher === 'Bash');
    assert.ok(entry && entry.hooks[0].command.includes('hooks/sandboxBash.js'));
  });
});

describe('sandboxBash launcher through a real bridge', function () {
  this.timeout(60_000);
  let base: string;
  let project: string;
  let ws: OverlayWorkspace;
  let bridge: McpBridgeServer;

  beforeEach(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-bash-'));
    project = path.join(base, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'a.txt'), 'disk\n');
    ws = await OverlayWorkspace.open(path.join(base, 'store'));
    const sandbox = new CommandSandbox(ws, path.join(base, 'scratch'), { mechanism: () => 'auto', shell: () => '/bin/sh' });
    const tool = new RunCommandTool({ overlay: ws, roots: () => [{ name: 'project', path: project }], confirm: async () => false, sandbox });
    bridge = await McpBridgeServer.start({ tools: new McpToolService([tool as AgentTool<never>]), serverInfo: { name: 'agent-overlay', version: 'test' } });
  });

  afterEach(async () => {
    await bridge.stop();
    await ws.close();
    fs.rmSync(base, { recursive: true, force: true });
  });

  /** Runs the rewritten command the way Claude Code's Bash tool does: a shell in the project folder. */
  function runRewritten(command: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const d = hook.decide(bashInput(command, project), { CLAUDE_PROJECT_DIR: project }, SCRIPT)!;
    return new Promise(resolve => {
      const child = spawn('/bin/sh', ['-c', d.hookSpecificOutput.updatedInput.command], { cwd: project, env: { ...process.env, HOME: base, ...env } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', b => (stdout += String(b)));
      child.stderr.on('data', b => (stderr += String(b)));
      child.on('close', code => resolve({ code, stdout, stderr }));
    });
  }

  it('a Bash call that writes a file stages it; the disk is untouched; the exit code and output come back', async () => {
    const r = await runRewritten('cat a.txt; echo made > made.txt; echo changed > a.txt; exit 3', { AGENT_OVERLAY_MCP_URL: bridge.url, AGENT_OVERLAY_MCP_TOKEN: bridge.token });
    assert.strictEqual(r.code, 3, r.stderr);
    assert.strictEqual(r.stdout, 'disk\n');
    assert.match(r.stderr, /staged for review: modify a\.txt, create made\.txt/);
    assert.strictEqual(fs.existsSync(path.join(project, 'made.txt')), false);
    assert.strictEqual(fs.readFileSync(path.join(project, 'a.txt'), 'utf8'), 'disk\n');
    assert.strictEqual(Buffer.from(ws.readFile(path.join(project, 'made.txt'))).toString(), 'made\n');
    const records = ws.model.recordsByMessage('toolu_01ABC');
    assert.strictEqual(records.length, 2, 'staged under the Bash call\'s tool_use_id');
  });

  it('reads the bridge address from the Connect commands\' file', async () => {
    fs.mkdirSync(path.join(base, '.agent-overlay'));
    fs.writeFileSync(path.join(base, '.agent-overlay', 'mcp.env'), `export AGENT_OVERLAY_MCP_URL='${bridge.url}'\nexport AGENT_OVERLAY_MCP_TOKEN='${bridge.token}'\n`);
    const r = await runRewritten('echo via-file', { AGENT_OVERLAY_MCP_URL: '', AGENT_OVERLAY_MCP_TOKEN: '' });
    assert.deepStrictEqual([r.code, r.stdout], [0, 'via-file\n'], r.stderr);
  });

  it('without a bridge nothing runs, and it says why', async () => {
    const r = await runRewritten('echo ran > ran.txt', { AGENT_OVERLAY_MCP_URL: '', AGENT_OVERLAY_MCP_TOKEN: '' });
    assert.strictEqual(r.code, 1);
    assert.match(r.stderr, /was not run/);
    assert.strictEqual(fs.existsSync(path.join(project, 'ran.txt')), false);
  });
});
