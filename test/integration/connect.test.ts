import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ConnectResult } from '../../src/connect/vscode/registerConnectCommands';
import { projectUrl } from '../../src/mcp/mcpEndpoint';
import { eventually, testing } from './testApi';

type McpEntry = { type?: string; url?: string; httpUrl?: string; headers?: Record<string, string>; tools?: string[] };

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).map(f => path.join(dir, f)).filter(f => fs.statSync(f).isFile());
}

/** The env file's `export NAME='value'` lines, as a shell would set them. */
function sourced(file: string): Record<string, string> {
  return Object.fromEntries([...fs.readFileSync(file, 'utf8').matchAll(/^export (\w+)='([^']*)'$/gm)].map(m => [m[1], m[2]]));
}

describe('Connect commands (Claude Code, Codex, Gemini CLI, Copilot CLI)', () => {
  let home: string;
  let project: string;
  const settings = () => vscode.workspace.getConfiguration('agentOverlay.mcp');

  before(async () => {
    const t = await testing();
    await t.mcp.stop();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'ao-connect-home-'));
    project = fs.mkdtempSync(path.join(os.tmpdir(), 'ao-connect-project-'));
    t.connect.setRoots({ home, project });
  });

  after(async () => {
    const t = await testing();
    t.connect.setRoots(undefined);
    // As the suite found them: no pinned port, no autostart (which stops the bridge).
    await settings().update('port', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('enabled', undefined, vscode.ConfigurationTarget.Global);
    await eventually(() => t.mcp.endpoint() === undefined, 'the bridge to stop with agentOverlay.mcp.enabled unset');
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(project, { recursive: true, force: true });
  });

  it('Connect Claude Code starts the bridge, pins its port, and writes .mcp.json that points at it without the token', async () => {
    const t = await testing();
    assert.strictEqual(t.mcp.endpoint(), undefined, 'stopped before');
    const r = await vscode.commands.executeCommand<ConnectResult>('agentOverlay.connect.claudeCode');
    const endpoint = t.mcp.endpoint();
    assert.ok(endpoint, 'the command started the bridge');
    assert.strictEqual(r.configFile, path.join(project, '.mcp.json'));
    const config = JSON.parse(fs.readFileSync(r.configFile, 'utf8')) as { mcpServers: Record<string, McpEntry> };
    // The project's file names its project: only that project's window serves it.
    assert.deepStrictEqual(config.mcpServers['agent-overlay'], { type: 'http', url: projectUrl(endpoint.url, project), headers: { Authorization: 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}' } });
    assert.match(config.mcpServers['agent-overlay'].url!, /\/mcp\?project=[\w-]{16}$/);
    // The URL must outlive this window: the port is pinned and the bridge starts with VS Code.
    assert.strictEqual(settings().inspect<number>('port')?.globalValue, endpoint.port);
    assert.strictEqual(settings().inspect<boolean>('enabled')?.globalValue, true);
    assert.strictEqual(t.mcp.endpoint(), endpoint, 'pinning the port it runs on did not restart the bridge (the same server)');
  });

  it('writes the token only into the user-level env file (mode 600), and a client using it reaches the bridge of its own project\'s window only', async () => {
    const t = await testing();
    const endpoint = t.mcp.endpoint()!;
    const envFile = path.join(home, '.agent-overlay', 'mcp.env');
    assert.deepStrictEqual(sourced(envFile), { AGENT_OVERLAY_MCP_URL: endpoint.url, AGENT_OVERLAY_MCP_TOKEN: endpoint.token });
    if (process.platform !== 'win32') assert.strictEqual(fs.statSync(envFile).mode & 0o777, 0o600);

    // Expand the header exactly as Claude Code does with the sourced variable, and connect.
    const entry = (JSON.parse(fs.readFileSync(path.join(project, '.mcp.json'), 'utf8')) as { mcpServers: Record<string, McpEntry> }).mcpServers['agent-overlay'];
    const env = sourced(envFile);
    const headers = Object.fromEntries(Object.entries(entry.headers!).map(([k, v]) => [k, v.replace(/\$\{(\w+)\}/g, (_, name: string) => env[name])]));
    // This suite's project is a folder outside this window's workspace: another project's agent, whose changes
    // would land for review in the wrong window. It is refused, saying why and what to do.
    const stranger = new Client({ name: 'connect-test-other-project', version: '1.0.0' });
    const refused = await stranger.connect(new StreamableHTTPClientTransport(new URL(entry.url!), { requestInit: { headers } })).then(() => undefined, (e: unknown) => e);
    assert.ok(refused instanceof Error, 'a client connected for another project was served');
    assert.match(refused.message, /serves the VS Code window of .*connected for another project.*Stop MCP Server/s);
    // The same configuration written in this window's own project reaches the bridge.
    const own = projectUrl(entry.url!.split('?')[0], vscode.workspace.workspaceFolders![0].uri.fsPath);
    const client = new Client({ name: 'connect-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(own), { requestInit: { headers } }));
    try {
      assert.ok((await client.listTools()).tools.some(tool => tool.name === 'overlay_writeFile'));
    } finally {
      await client.close();
    }
  });

  it("Connect Codex, Gemini CLI and Copilot CLI write their own files, keeping the user's other entries", async () => {
    const t = await testing();
    const endpoint = t.mcp.endpoint()!;
    fs.mkdirSync(path.join(home, '.codex'), { recursive: true });
    fs.writeFileSync(path.join(home, '.codex', 'config.toml'), '# mine\nmodel = "o3"\n\n[mcp_servers.docs]\ncommand = "npx"\n');
    fs.mkdirSync(path.join(home, '.copilot'), { recursive: true });
    fs.writeFileSync(path.join(home, '.copilot', 'mcp-config.json'), JSON.stringify({ mcpServers: { github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/' } } }));

    const codex = await vscode.commands.executeCommand<ConnectResult>('agentOverlay.connect.codex');
    assert.strictEqual(codex.configFile, path.join(home, '.codex', 'config.toml'));
    assert.strictEqual(fs.readFileSync(codex.configFile, 'utf8'),
      `# mine\nmodel = "o3"\n\n[mcp_servers.docs]\ncommand = "npx"\n\n[mcp_servers.agent-overlay]\nurl = "${endpoint.url}"\nbearer_token_env_var = "AGENT_OVERLAY_MCP_TOKEN"\ndefault_tools_approval_mode = "approve"\n`);
    assert.deepStrictEqual(codex.files.map(f => [f.file, f.outcome]), [[codex.configFile, 'written'], [path.join(home, '.codex', 'hooks.json'), 'written']]);

    const gemini = await vscode.commands.executeCommand<ConnectResult>('agentOverlay.connect.geminiCli');
    assert.strictEqual(gemini.configFile, path.join(project, '.gemini', 'settings.json'));
    const geminiSettings = JSON.parse(fs.readFileSync(gemini.configFile, 'utf8')) as { mcpServers: unknown; hooks: { BeforeTool: { matcher: string }[] } };
    assert.deepStrictEqual(geminiSettings.mcpServers, { 'agent-overlay': { httpUrl: projectUrl(endpoint.url, project), headers: { Authorization: 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}' }, trust: true } });
    assert.strictEqual(geminiSettings.hooks.BeforeTool[0].matcher, '^(write_file|replace)$');

    const copilot = await vscode.commands.executeCommand<ConnectResult>('agentOverlay.connect.copilotCli');
    assert.strictEqual(copilot.configFile, path.join(home, '.copilot', 'mcp-config.json'));
    assert.deepStrictEqual(JSON.parse(fs.readFileSync(copilot.configFile, 'utf8')), {
      mcpServers: {
        github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/' },
        'agent-overlay': { type: 'http', url: endpoint.url, headers: { Authorization: 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}' }, tools: ['*'] },
      },
    });
    assert.strictEqual(t.mcp.endpoint(), endpoint, 'connecting more agents kept the running bridge (the same server)');
  });

  it('no file in the project holds the token', async () => {
    const t = await testing();
    const token = t.mcp.endpoint()!.token;
    const files = filesUnder(project);
    assert.deepStrictEqual(files.map(f => path.relative(project, f)).sort(), ['.claude/settings.local.json', '.gemini/settings.json', '.mcp.json'].map(p => p.split('/').join(path.sep)));
    for (const f of files) assert.ok(!fs.readFileSync(f, 'utf8').includes(token), f);
  });

  it('leaves a malformed configuration untouched and returns nothing', async () => {
    const file = path.join(project, '.gemini', 'settings.json');
    fs.writeFileSync(file, '{ "mcpServers": { oops');
    const r = await vscode.commands.executeCommand<ConnectResult | undefined>('agentOverlay.connect.geminiCli');
    assert.strictEqual(r, undefined);
    assert.strictEqual(fs.readFileSync(file, 'utf8'), '{ "mcpServers": { oops');
  });

  it("Disconnect Codex takes out its entry and hook and leaves the user's config as it was", async () => {
    const files = await vscode.commands.executeCommand<{ file: string; outcome: string }[]>('agentOverlay.disconnect.codex');
    assert.deepStrictEqual(files.map(f => f.outcome), ['written', 'deleted']);
    assert.strictEqual(fs.readFileSync(path.join(home, '.codex', 'config.toml'), 'utf8'), '# mine\nmodel = "o3"\n\n[mcp_servers.docs]\ncommand = "npx"\n');
    assert.ok(!fs.existsSync(path.join(home, '.codex', 'hooks.json')));
    const again = await vscode.commands.executeCommand<{ outcome: string }[]>('agentOverlay.disconnect.codex');
    assert.deepStrictEqual(again.map(f => f.outcome), ['unchanged', 'unchanged']);
  });

  it('rewrites the env file with the new token when the token is rotated', async () => {
    const t = await testing();
    const before = t.mcp.endpoint()!;
    await vscode.commands.executeCommand('agentOverlay.mcp.rotateToken');
    const restarted = t.mcp.endpoint()!;
    assert.notStrictEqual(restarted.token, before.token);
    assert.strictEqual(restarted.port, before.port, 'the pinned port');
    const envFile = path.join(home, '.agent-overlay', 'mcp.env');
    await eventually(() => sourced(envFile).AGENT_OVERLAY_MCP_TOKEN === restarted.token, 'the env file to carry the new token');
    assert.strictEqual(sourced(envFile).AGENT_OVERLAY_MCP_URL, restarted.url);
  });
});
