import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { CONNECT_AGENT_IDS, CONNECT_ENV, CONNECT_TARGETS, connectUrl, guardRailCommand, sandboxShellCommand, type ConnectAgentId, type ConnectContext } from '../../../src/connect/connectTargets';
import { connectEnvFilePath, renderConnectEnvFile, sourceCommand } from '../../../src/connect/connectEnvFile';
import { projectKey } from '../../../src/mcp/mcpEndpoint';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const roots = { home: '/home/u', project: '/work/p' };
const url = 'http://127.0.0.1:4123/mcp';
const TOKEN = 'sEcReT-token_123';
const PLUGIN = path.join(ROOT, 'plugin', 'agent-overlay');
const ctx: ConnectContext = { url, pluginDir: PLUGIN };

/** Connect as the command does it: every write applied to its file's text, in order; `files` is the disk before. */
function connect(id: ConnectAgentId, files: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const out = { ...files };
  for (const w of CONNECT_TARGETS[id].writes) {
    const f = w.file(roots)!;
    out[f] = w.apply(out[f], f, ctx);
  }
  return out;
}
function disconnect(id: ConnectAgentId, files: Record<string, string | undefined>): Record<string, string | undefined> {
  const out = { ...files };
  for (const w of [...CONNECT_TARGETS[id].writes].reverse()) {
    const f = w.file(roots)!;
    out[f] = w.remove(out[f], f);
  }
  return out;
}
const json = (s: string | undefined) => JSON.parse(s ?? 'null') as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Connect targets', () => {
  it('writes each agent where its documentation says it reads MCP servers and hooks', () => {
    assert.deepStrictEqual(Object.fromEntries(CONNECT_AGENT_IDS.map(id => [id, CONNECT_TARGETS[id].writes.map(w => w.file(roots))])), {
      claudeCode: ['/work/p/.mcp.json', '/work/p/.claude/settings.local.json', '/work/p/.claude/settings.local.json', '/work/p/.claude/settings.local.json'],
      codex: ['/home/u/.codex/config.toml', '/home/u/.codex/hooks.json', '/home/u/.codex/hooks.json'],
      geminiCli: ['/work/p/.gemini/settings.json', '/work/p/.gemini/settings.json', '/work/p/.gemini/settings.json'],
      copilotCli: ['/home/u/.copilot/mcp-config.json'],
    });
  });

  it('needs an open folder for the project-scoped agents only', () => {
    const none = { home: '/home/u', project: undefined };
    assert.deepStrictEqual(CONNECT_AGENT_IDS.filter(id => CONNECT_TARGETS[id].writes.some(w => w.file(none) === undefined)), ['claudeCode', 'geminiCli']);
    assert.deepStrictEqual(CONNECT_AGENT_IDS.filter(id => CONNECT_TARGETS[id].scope === 'project'), ['claudeCode', 'geminiCli']);
  });

  it('points every entry at the bridge URL and reads the token from the environment variable', () => {
    const header = 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}';
    const parse = (id: 'claudeCode' | 'geminiCli' | 'copilotCli') => (JSON.parse(CONNECT_TARGETS[id].writes[0].apply(undefined, 'f', ctx)) as { mcpServers: Record<string, unknown> }).mcpServers['agent-overlay'];
    assert.deepStrictEqual(parse('claudeCode'), { type: 'http', url, headers: { Authorization: header } });
    assert.deepStrictEqual(parse('geminiCli'), { httpUrl: url, headers: { Authorization: header }, trust: true });
    assert.deepStrictEqual(parse('copilotCli'), { type: 'http', url, headers: { Authorization: header }, tools: ['*'] });
    assert.strictEqual(CONNECT_TARGETS.codex.writes[0].apply(undefined, 'f', ctx),
      `[mcp_servers.agent-overlay]\nurl = "${url}"\nbearer_token_env_var = "${CONNECT_ENV.token}"\ndefault_tools_approval_mode = "approve"\n`);
  });

  it('a project\'s file names its project in the URL (only its window serves it); a user-level file, shared by every project, names none', () => {
    assert.deepStrictEqual(Object.fromEntries(CONNECT_AGENT_IDS.map(id => [id, connectUrl(CONNECT_TARGETS[id], url, roots)])), {
      claudeCode: `${url}?project=${projectKey('/work/p')}`,
      codex: url,
      geminiCli: `${url}?project=${projectKey('/work/p')}`,
      copilotCli: url,
    });
    assert.strictEqual(connectUrl(CONNECT_TARGETS.claudeCode, url, { home: '/home/u', project: undefined }), url);
  });

  it("Connect Codex approves the overlay tools for unattended runs and hooks apply_patch into the guard rail", () => {
    const files = connect('codex');
    assert.match(files['/home/u/.codex/config.toml']!, /^default_tools_approval_mode = "approve"$/m);
    const hooks = json(files['/home/u/.codex/hooks.json']);
    assert.deepStrictEqual(Object.keys(hooks.hooks), ['PreToolUse']);
    assert.strictEqual(hooks.hooks.PreToolUse[0].matcher, '^apply_patch$');
    assert.match(hooks.hooks.PreToolUse[0].hooks[0].command, /guardRail\.sh' --agent codex/);
    assert.strictEqual(hooks.hooks.PreToolUse[1].matcher, '^Bash$', 'the shell tool, as Codex names it to its hooks');
    assert.match(hooks.hooks.PreToolUse[1].hooks[0].command, /sandboxBash\.js' --agent codex/);
    assert.match(CONNECT_TARGETS.codex.steps!, /\/hooks/);
  });

  it('Connect Gemini CLI trusts the overlay server (no --yolo) and hooks write_file and replace into the guard rail', () => {
    const settings = json(connect('geminiCli')['/work/p/.gemini/settings.json']);
    assert.strictEqual(settings.mcpServers['agent-overlay'].trust, true);
    const [group, shell] = settings.hooks.BeforeTool as { matcher: string; hooks: { command: string }[] }[];
    assert.ok(new RegExp(group.matcher).test('write_file') && new RegExp(group.matcher).test('replace'));
    assert.ok(!new RegExp(group.matcher).test('read_file') && !new RegExp(group.matcher).test('mcp_agent-overlay_overlay_writeFile'));
    assert.match(group.hooks[0].command, /--agent gemini/);
    assert.ok(new RegExp(shell.matcher).test('run_shell_command') && !new RegExp(shell.matcher).test('mcp_agent-overlay_overlay_runCommand'));
    assert.match(shell.hooks[0].command, /sandboxBash\.js' --agent gemini/);
  });

  it('Connect Claude Code approves the server and its tools in the git-ignored local settings, with the guard-rail hook', () => {
    const local = json(connect('claudeCode')['/work/p/.claude/settings.local.json']);
    assert.deepStrictEqual(local.enabledMcpjsonServers, ['agent-overlay']);
    assert.deepStrictEqual(local.permissions, { allow: ['mcp__agent-overlay'] });
    assert.strictEqual(local.hooks.PreToolUse[0].matcher, 'Write|Edit|MultiEdit|NotebookEdit');
    assert.match(local.hooks.PreToolUse[0].hooks[0].command, /--agent claude-project/);
    assert.strictEqual(local.hooks.PreToolUse[1].matcher, 'Bash');
    assert.match(local.hooks.PreToolUse[1].hooks[0].command, /sandboxBash\.js' --agent claude/);
  });

  it('Connect twice changes nothing the second time, for every agent', () => {
    for (const id of CONNECT_AGENT_IDS) assert.deepStrictEqual(connect(id, connect(id)), connect(id), id);
  });

  it("Disconnect gives back the user's files byte for byte, and deletes files Connect created", () => {
    const mine: Record<ConnectAgentId, Record<string, string>> = {
      claudeCode: {
        '/work/p/.mcp.json': JSON.stringify({ mcpServers: { docs: { type: 'http', url: 'https://docs.example/mcp' } } }, null, 2) + '\n',
        '/work/p/.claude/settings.local.json': JSON.stringify({ permissions: { allow: ['Bash(npm test)'] }, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'lint.sh' }] }] } }, null, 2) + '\n',
      },
      codex: {
        '/home/u/.codex/config.toml': '# mine\nmodel = "o3"\n\n[mcp_servers.docs]\ncommand = "npx"\n',
        '/home/u/.codex/hooks.json': JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify.sh' }] }] } }, null, 2) + '\n',
      },
      geminiCli: { '/work/p/.gemini/settings.json': JSON.stringify({ model: { name: 'gemini-2.5-pro' }, hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'audit.sh' }] }] } }, null, 2) + '\n' },
      copilotCli: { '/home/u/.copilot/mcp-config.json': JSON.stringify({ mcpServers: { github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/' } } }, null, 2) + '\n' },
    };
    for (const id of CONNECT_AGENT_IDS) {
      const connected = connect(id, mine[id]);
      for (const f of Object.keys(mine[id])) assert.notStrictEqual(connected[f], mine[id][f], `${id} changed ${f}`);
      assert.deepStrictEqual(disconnect(id, connected), mine[id], id);
      const fresh = disconnect(id, connect(id));
      assert.ok(Object.values(fresh).every(v => v === undefined), `${id}: files Connect created are deleted: ${JSON.stringify(fresh)}`);
    }
  });

  it('the written hook command denies when the guard-rail script is gone, and runs it when it is there', () => {
    if (process.platform === 'win32') return; // a POSIX shell line, as the agents run it
    const input = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: '*** Begin Patch\n*** Add File: a\n+a\n*** End Patch' } });
    const env = { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin` };
    const ok = spawnSync('/bin/sh', ['-c', guardRailCommand(ctx, 'codex', 'Connect Codex')], { input, encoding: 'utf8', env });
    assert.strictEqual(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, /mcp__agent_overlay__overlay_writeFile/);
    const gone = spawnSync('/bin/sh', ['-c', guardRailCommand({ url, pluginDir: "/nowhere/it's gone" }, 'codex', 'Connect Codex')], { input, encoding: 'utf8', env });
    assert.strictEqual(gone.status, 2);
    assert.match(gone.stderr, /is missing .*denied.*Connect Codex/);
  });

  it('the written shell hook refuses the command when the sandbox script or node is gone, and rewrites it when they are there', () => {
    if (process.platform === 'win32') return; // a POSIX shell line, as the agents run it
    const input = JSON.stringify({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'echo hi > a.txt' }, cwd: '/work/p' });
    const withNode = { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin` };
    const ok = spawnSync('/bin/sh', ['-c', sandboxShellCommand(ctx, 'gemini', 'Connect Gemini CLI')], { input, encoding: 'utf8', env: withNode });
    assert.strictEqual(ok.status, 0, ok.stderr);
    assert.match(JSON.parse(ok.stdout).hookSpecificOutput.tool_input.command, /sandboxBash\.js' 'run' /);
    const gone = spawnSync('/bin/sh', ['-c', sandboxShellCommand({ url, pluginDir: '/nowhere' }, 'gemini', 'Connect Gemini CLI')], { input, encoding: 'utf8', env: withNode });
    assert.strictEqual(gone.status, 2);
    assert.match(gone.stderr, /not run.*Connect Gemini CLI/);
    const noNode = spawnSync('/bin/sh', ['-c', sandboxShellCommand(ctx, 'gemini', 'Connect Gemini CLI')], { input, encoding: 'utf8', env: { PATH: '/nonexistent' } });
    assert.strictEqual(noNode.status, 2, 'no node on PATH: refused, never run on the disk');
  });

  it('package.json contributes one Connect command per agent, in Title Case under "Agent Overlay"', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { commands: { command: string; title: string; category: string }[] } };
    const connect = pkg.contributes.commands.filter(c => c.command.startsWith('agentOverlay.connect.'));
    assert.deepStrictEqual(connect.map(c => [c.command, c.title, c.category]), [
      ['agentOverlay.connect.claudeCode', 'Connect Claude Code', 'Agent Overlay'],
      ['agentOverlay.connect.codex', 'Connect Codex', 'Agent Overlay'],
      ['agentOverlay.connect.geminiCli', 'Connect Gemini CLI', 'Agent Overlay'],
      ['agentOverlay.connect.copilotCli', 'Connect Copilot CLI', 'Agent Overlay'],
    ]);
    const disconnect = pkg.contributes.commands.filter(c => c.command.startsWith('agentOverlay.disconnect.'));
    assert.deepStrictEqual(disconnect.map(c => [c.command, c.title]), CONNECT_AGENT_IDS.map(id => [`agentOverlay.disconnect.${id}`, `Disconnect ${CONNECT_TARGETS[id].label}`]));
  });
});

describe('Connect env file', () => {
  it('lives in the home directory, not in a project', () => {
    assert.strictEqual(connectEnvFilePath('/home/u'), path.join('/home/u', '.agent-overlay', 'mcp.env'));
  });

  it('exports the URL and token, single-quoted, for `source`', () => {
    const text = renderConnectEnvFile({ url, token: TOKEN });
    assert.ok(text.includes(`export AGENT_OVERLAY_MCP_URL='${url}'\n`));
    assert.ok(text.includes(`export AGENT_OVERLAY_MCP_TOKEN='${TOKEN}'\n`));
    assert.strictEqual(sourceCommand("/home/o'neil/.agent-overlay/mcp.env"), "source '/home/o'\\''neil/.agent-overlay/mcp.env'");
  });
});
