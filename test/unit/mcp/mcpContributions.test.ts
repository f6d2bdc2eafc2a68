import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { MCP_COMMANDS, MCP_PROVIDER_ID, MCP_SETTINGS } from '../../../src/mcp/mcpContributions';

const REPO = path.join(__dirname, '..', '..', '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));

describe('MCP bridge contributions', () => {
  it('package.json declares the commands, settings (off by default, random port) and the server definition provider', () => {
    const commands = new Set((pkg.contributes.commands as { command: string }[]).map(c => c.command));
    for (const id of Object.values(MCP_COMMANDS)) assert.ok(commands.has(id), id);
    const settings = Object.assign({}, ...(pkg.contributes.configuration as { properties: object }[]).map(c => c.properties));
    assert.strictEqual(settings[MCP_SETTINGS.enabled]?.default, false);
    assert.strictEqual(settings[MCP_SETTINGS.port]?.default, 0);
    assert.deepStrictEqual((pkg.contributes.mcpServerDefinitionProviders as { id: string }[]).map(p => p.id), [MCP_PROVIDER_ID]);
    assert.ok((pkg.activationEvents as string[]).includes(`onMcpCollection:${MCP_PROVIDER_ID}`));
  });

  it('activation does not load the MCP SDK: the bridge loads it on its first start', () => {
    const controller = path.join(REPO, 'out', 'src', 'mcp', 'mcpBridgeController.js');
    const tools = path.join(REPO, 'out', 'src', 'mcp', 'mcpToolService.js');
    const script = `require(${JSON.stringify(controller)}); require(${JSON.stringify(tools)});
      const loaded = () => Object.keys(require.cache).some(f => f.includes('@modelcontextprotocol'));
      const before = loaded();
      const { McpBridgeController } = require(${JSON.stringify(controller)});
      const { McpToolService } = require(${JSON.stringify(tools)});
      const c = new McpBridgeController({ tools: new McpToolService([]), serverInfo: { name: 't', version: '0' } }, () => 0);
      c.start().then(() => { const after = loaded(); return c.dispose().then(() => console.log(JSON.stringify({ before, after }))); });`;
    assert.deepStrictEqual(JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })), { before: false, after: true });
  });
});
