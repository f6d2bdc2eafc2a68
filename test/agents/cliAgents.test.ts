/**
 * Truth tests with the real CLI agents (`npm run test:agents`): Claude Code, Codex and Gemini CLI, installed from npm
 * by scripts/install-agents.sh, each pointed at a scripted model on 127.0.0.1 (scriptedModel.ts), each run
 * non-interactively in a temporary HOME after the product's own "Agent Overlay: Connect …" command configured it,
 * talking to the bridge this real VS Code host runs. For each: the overlay write is staged and the disk untouched;
 * the agent's built-in writer is denied by the guard rail with the overlay's message, naming the overlay tool as the
 * agent offered it; "Disconnect …" leaves the project as it was.
 */
import * as assert from 'assert';
import * as cp from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ConnectResult } from '../../src/connect/vscode/registerConnectCommands';
import { eventually, testing, workspaceFolder } from '../integration/testApi';
import { startScriptedModel, type ScriptStep, type ScriptedModel } from './scriptedModel';

const AGENTS_DIR = process.env.AGENT_OVERLAY_AGENTS_DIR ?? path.join(os.homedir(), '.cache', 'agent-overlay', 'cli-agents');
const GUARD_RAIL = 'Agent Overlay guard rail';

interface AgentCase {
  readonly id: 'claudeCode' | 'codex' | 'geminiCli';
  readonly label: string;
  /** The folder install-agents.sh installed it into, and its binary there. */
  readonly dir: string;
  readonly bin: string;
  /** The built-in writer's step, given the file to write (absolute) and its workspace-relative path. */
  readonly builtIn: (abs: string, rel: string) => ScriptStep;
  /** The agent's shell tool's step, running `command` in the project folder. */
  readonly shell: (command: string) => ScriptStep;
  /** The user's own configuration before Connect (model provider, auth), in the temporary HOME. */
  prepare(home: string, modelUrl: string): void;
  /** The command line; `shell` when the run needs the agent's shell tool allowed (as a person would allow it). */
  argv(prompt: string, shell?: boolean): string[];
  env(home: string, modelUrl: string): Record<string, string>;
}

const patch = (rel: string, text: string) => `*** Begin Patch\n*** Add File: ${rel}\n${text.split('\n').filter(Boolean).map(l => `+${l}`).join('\n')}\n*** End Patch\n`;

const AGENTS: readonly AgentCase[] = [
  {
    id: 'claudeCode', label: 'Claude Code', dir: 'claude', bin: 'node_modules/.bin/claude',
    builtIn: abs => ({ kind: 'call', tool: names => names.find(n => n === 'Write'), args: () => ({ file_path: abs, content: 'written by Write\n' }) }),
    shell: command => ({ kind: 'call', tool: names => names.find(n => n === 'Bash'), args: () => ({ command, description: 'Copy the staged file' }) }),
    prepare: () => undefined,
    // acceptEdits: without the guard rail, Write would go ahead unasked; so a denial here is the hook's doing.
    argv: prompt => ['-p', prompt, '--permission-mode', 'acceptEdits', '--output-format', 'json'],
    env: (_home, modelUrl) => ({
      ANTHROPIC_BASE_URL: modelUrl, ANTHROPIC_API_KEY: 'scripted-model-key',
      // The sandbox hook asks before a Bash call, which `claude -p` cannot answer; this is the README's opt-in.
      AGENT_OVERLAY_SANDBOX_BASH: 'allow',
      // Claude Code defers MCP tools behind its ToolSearch tool; a scripted model calls tools it was offered.
      ENABLE_TOOL_SEARCH: 'false',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_AUTOUPDATER: '1', DISABLE_TELEMETRY: '1', DISABLE_ERROR_REPORTING: '1',
    }),
  },
  {
    id: 'codex', label: 'Codex', dir: 'codex', bin: 'node_modules/.bin/codex',
    builtIn: (_abs, rel) => ({
      kind: 'call', tool: names => names.find(n => n === 'apply_patch'),
      args: () => ({ input: patch(rel, 'written by apply_patch\n') }), freeform: () => patch(rel, 'written by apply_patch\n'),
    }),
    // Codex offers one shell tool, named by its version and model family; its hooks see each as `Bash`.
    shell: command => ({
      kind: 'call', tool: names => names.find(n => ['exec_command', 'shell_command', 'shell', 'local_shell'].includes(n)),
      args: name => (name === 'exec_command' ? { cmd: command } : name === 'shell' ? { command: ['bash', '-lc', command] } : { command }),
    }),
    prepare: (home, modelUrl) => {
      // The person's own configuration, which Connect must keep: a model provider on the scripted model.
      fs.mkdirSync(path.join(home, '.codex'), { recursive: true });
      fs.writeFileSync(path.join(home, '.codex', 'config.toml'), [
        'model = "gpt-5.5"', 'model_provider = "scripted"', '',
        '[model_providers.scripted]', 'name = "scripted"', `base_url = "${modelUrl}/v1"`, 'wire_api = "responses"', 'env_key = "SCRIPTED_MODEL_KEY"', '',
      ].join('\n'));
    },
    // Sandbox and approvals off: without the guard rail, apply_patch would write unasked. Hook trust is the
    // documented switch for unattended runs (Connect tells the person to trust the hook in /hooks instead).
    argv: prompt => ['exec', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', '--dangerously-bypass-hook-trust', prompt],
    env: home => ({ CODEX_HOME: path.join(home, '.codex'), SCRIPTED_MODEL_KEY: 'scripted-model-key' }),
  },
  {
    id: 'geminiCli', label: 'Gemini CLI', dir: 'gemini', bin: 'node_modules/.bin/gemini',
    builtIn: abs => ({ kind: 'call', tool: names => names.find(n => n === 'write_file'), args: () => ({ file_path: abs, content: 'written by write_file\n' }) }),
    shell: command => ({ kind: 'call', tool: names => names.find(n => n === 'run_shell_command'), args: () => ({ command, description: 'Copy the staged file' }) }),
    prepare: home => {
      fs.mkdirSync(path.join(home, '.gemini'), { recursive: true });
      fs.writeFileSync(path.join(home, '.gemini', 'settings.json'), JSON.stringify({
        security: { auth: { selectedType: 'gemini-api-key' } }, privacy: { usageStatisticsEnabled: false }, general: { disableAutoUpdate: true },
      }, null, 2));
    },
    // --approval-mode auto_edit: without the guard rail, write_file would go ahead unasked.
    // `gemini -p` offers its shell only when the person allowed it.
    argv: (prompt, shell) => ['-p', prompt, '-m', 'gemini-2.5-flash', '--approval-mode', 'auto_edit', '--output-format', 'json', ...(shell ? ['--allowed-tools', 'run_shell_command'] : [])],
    env: (_home, modelUrl) => ({ GEMINI_API_KEY: 'scripted-model-key', GOOGLE_GEMINI_BASE_URL: modelUrl, GEMINI_CLI_TRUST_WORKSPACE: 'true' }),
  },
];

function run(argv0: string, argv: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number | null; out: string }> {
  return new Promise(resolve => {
    const child = cp.spawn(argv0, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', d => (out += String(d)));
    child.stderr.on('data', d => (out += String(d)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', code => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** The env file Connect wrote (`export NAME='value'`), as `source` would set it. */
function sourced(file: string): Record<string, string> {
  return Object.fromEntries([...fs.readFileSync(file, 'utf8').matchAll(/^export (\w+)='([^']*)'$/gm)].map(m => [m[1], m[2]]));
}

describe('real CLI agents through the overlay, after Connect', () => {
  let model: ScriptedModel;
  const project = () => workspaceFolder().fsPath;

  before(async () => {
    model = await startScriptedModel();
    const missing = AGENTS.filter(a => !fs.existsSync(path.join(AGENTS_DIR, a.dir, a.bin)));
    if (missing.length) throw new Error(`not installed in ${AGENTS_DIR}: ${missing.map(a => a.label).join(', ')}; run scripts/install-agents.sh (npm run test:agents does)`);
  });

  after(async () => {
    (await testing()).connect.setRoots(undefined);
    await model?.close();
  });

  /**
   * Connects the agent with the product's own command, runs it once on `prompt` with the model scripted by
   * `script(overlayWrite)`, and disconnects it (checking that Disconnect left nothing in the project).
   */
  async function runAgent(agent: AgentCase, prompt: string, script: ScriptStep[], shell = false): Promise<{ made: string[]; results: string[]; transcript: string; code: number | null }> {
    const t = await testing();
    // Not under /tmp: Codex refuses to put its helper binaries (apply_patch among them) under a temporary folder.
    const home = fs.mkdtempSync(path.join(process.env.AGENT_OVERLAY_TEST_RUN_DIR ?? os.tmpdir(), `home-${agent.dir}-`));
    const modelUrl = `http://127.0.0.1:${model.port}`;
    const before = new Set(fs.readdirSync(project()));
    agent.prepare(home, modelUrl);
    t.connect.setRoots({ home, project: project() });
    const connected = await vscode.commands.executeCommand<ConnectResult | undefined>(`agentOverlay.connect.${agent.id}`);
    assert.ok(connected, `Connect ${agent.label} failed`);
    try {
      model.setScript(script);
      const calls = model.calls.length;
      const results = model.toolResults.length;
      const version = await run(path.join(AGENTS_DIR, agent.dir, agent.bin), ['--version'], project(), process.env, 60_000);
      const env = {
        ...process.env, HOME: home, USERPROFILE: home, XDG_CONFIG_HOME: path.join(home, '.config'), ...sourced(connected.envFile),
        ...agent.env(home, modelUrl), NO_COLOR: '1', CI: '1',
      };
      const r = await run(path.join(AGENTS_DIR, agent.dir, agent.bin), agent.argv(prompt, shell), project(), env, 240_000);
      const transcript = `${agent.label} ${version.out.trim()} exited ${r.code}:\n${r.out.slice(-4000)}\n` +
        `model calls: ${model.calls.slice(calls).join(', ')}\ntool results:\n${model.toolResults.slice(results).join('\n---\n').slice(0, 4000)}\n` +
        `tools offered in the last scripted request: ${model.requests.filter(q => q.tools.length).slice(-1)[0]?.tools.join(', ')}`;
      console.log(`[test] ${transcript.split('\n').join('\n[test] ')}`);
      return { made: model.calls.slice(calls), results: model.toolResults.slice(results), transcript, code: r.code };
    } finally {
      // Disconnect takes out what Connect wrote in the project.
      await vscode.commands.executeCommand(`agentOverlay.disconnect.${agent.id}`);
      assert.deepStrictEqual(fs.readdirSync(project()).filter(f => !before.has(f)), [], 'Disconnect left files in the project');
      fs.rmSync(home, { recursive: true, force: true });
    }
  }

  const stagedText = async (rel: string) => new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(path.join(project(), rel)).with({ scheme: 'agent-staged' })));
  const overlayWrite = (rel: string, content: string, description: string): ScriptStep =>
    ({ kind: 'call', tool: names => names.find(n => n.endsWith('overlay_writeFile')), args: () => ({ path: rel, content, description }) });

  for (const agent of AGENTS) {
    it(`${agent.label}: the overlay write is staged (disk untouched); the built-in write is denied with the guard rail's message`, async () => {
      const rel = `agents/${agent.dir}-overlay.txt`;
      const builtInRel = `agents/${agent.dir}-builtin.txt`;
      const content = `staged by ${agent.label}\n`;
      const { made, results, transcript, code } = await runAgent(agent, `Write ${rel}, then ${builtInRel}.`, [
        overlayWrite(rel, content, `${agent.label} truth test`),
        agent.builtIn(path.join(project(), builtInRel), builtInRel),
        { kind: 'text', text: 'Done.' },
      ]);
      const overlayTool = made[0];
      assert.ok(overlayTool?.endsWith('overlay_writeFile'), `the agent offered the overlay's write tool and the model called it\n${transcript}`);
      // Staged: the agent-staged view has it, the disk does not.
      assert.strictEqual(await stagedText(rel), content, transcript);
      assert.ok(!fs.existsSync(path.join(project(), rel)), `the overlay write reached the disk\n${transcript}`);
      // Denied: the built-in writer ran into the guard rail, which named the overlay tool as this agent calls it.
      assert.strictEqual(made.length, 2, `the model called the built-in writer too\n${transcript}`);
      assert.ok(!fs.existsSync(path.join(project(), builtInRel)), `the built-in write reached the disk\n${transcript}`);
      const denial = results.find(x => x.includes(GUARD_RAIL));
      assert.ok(denial, `the built-in writer's result is the guard rail's denial\n${transcript}`);
      assert.ok(denial.includes(overlayTool), `the denial names ${overlayTool}, the name ${agent.label} offered\n${transcript}`);
      assert.strictEqual(code, 0, transcript);
    });

    it(`${agent.label}: its shell runs over the staged view (it reads a staged file) and what it writes is staged, not on disk`, async () => {
      const source = `agents/${agent.dir}-source.txt`;
      const copy = `agents/${agent.dir}-shell-copy.txt`;
      const content = `only staged, by ${agent.label}\n`;
      const { made, results, transcript, code } = await runAgent(agent, `Stage ${source}, then copy it with the shell.`, [
        overlayWrite(source, content, `${agent.label} shell test`),
        agent.shell(`cat ${source} > ${copy} && echo copied`),
        { kind: 'text', text: 'Done.' },
      ], true);
      assert.strictEqual(made.length, 2, `the model called the shell tool\n${transcript}`);
      assert.ok(!fs.existsSync(path.join(project(), source)), `the staged file reached the disk\n${transcript}`);
      // The copy could only be made by a shell that saw the staged file; it is staged, not written.
      assert.ok(!fs.existsSync(path.join(project(), copy)), `the shell wrote to the disk\n${transcript}`);
      assert.strictEqual(await stagedText(copy), content, `the shell's write is staged with the staged content\n${transcript}`);
      assert.ok(results.some(x => x.includes('staged for review: create') && x.includes(copy)), `the shell's answer says what was staged\n${transcript}`);
      const t = await testing();
      await eventually(() => t.scmState().flatMap(g => g.resources).filter(r => r.path.endsWith(copy) || r.path.endsWith(source)).length === 2,
        `both files listed in Source Control\n${transcript}`);
      assert.strictEqual(code, 0, transcript);
    });
  }
});
