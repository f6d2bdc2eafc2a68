import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CONNECT_AGENT_IDS, CONNECT_ENV, CONNECT_TARGETS } from '../../../src/connect/connectTargets';
import { connectEnvFilePath, renderConnectEnvFile, sourceCommand } from '../../../src/connect/connectEnvFile';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const roots = { home: '/home/u', project: '/work/p' };
const url = 'http://127.0.0.1:4123/mcp';
const TOKEN = 'sEcReT-token_123';

describe('Connect targets', () => {
  it('writes each agent where its documentation says it reads MCP servers', () => {
    assert.deepStrictEqual(Object.fromEntries(CONNECT_AGENT_IDS.map(id => [id, CONNECT_TARGETS[id].file(roots)])), {
      claudeCode: '/work/p/.mcp.json',
      codex: '/home/u/.codex/config.toml',
      geminiCli: '/work/p/.gemini/settings.json',
      copilotCli: '/home/u/.copilot/mcp-config.json',
    });
  });

  it('needs an open folder for the project-scoped agents only', () => {
    const none = { home: '/home/u', project: undefined };
    assert.deepStrictEqual(CONNECT_AGENT_IDS.filter(id => CONNECT_TARGETS[id].file(none) === undefined), ['claudeCode', 'geminiCli']);
    assert.deepStrictEqual(CONNECT_AGENT_IDS.filter(id => CONNECT_TARGETS[id].scope === 'project'), ['claudeCode', 'geminiCli']);
  });

  it('points every entry at the bridge URL and reads the token from the environment variable', () => {
    const header = 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}';
    const parse = (id: 'claudeCode' | 'geminiCli' | 'copilotCli') => (JSON.parse(CONNECT_TARGETS[id].merge(undefined, 'f', url)) as { mcpServers: Record<string, unknown> }).mcpServers['agent-overlay'];
    assert.deepStrictEqual(parse('claudeCode'), { type: 'http', url, headers: { Authorization: header } });
    assert.deepStrictEqual(parse('geminiCli'), { httpUrl: url, headers: { Authorization: header } });
    assert.deepStrictEqual(parse('copilotCli'), { type: 'http', url, headers: { Authorization: header }, tools: ['*'] });
    assert.strictEqual(CONNECT_TARGETS.codex.merge(undefined, 'f', url), `[mcp_servers.agent-overlay]\nurl = "${url}"\nbearer_token_env_var = "${CONNECT_ENV.token}"\n`);
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
