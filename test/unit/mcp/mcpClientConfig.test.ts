import * as assert from 'assert';
import { MCP_CLIENT_FORMATS, renderClientConfig } from '../../../src/mcp/mcpClientConfig';

const endpoint = { url: 'http://127.0.0.1:4123/mcp', port: 4123, token: 'T0k_en-x' };
const auth = { Authorization: 'Bearer T0k_en-x' };

describe('MCP client configuration', () => {
  it('renders the common mcpServers JSON with url and header', () => {
    assert.deepStrictEqual(JSON.parse(renderClientConfig(endpoint)), { mcpServers: { 'agent-overlay': { type: 'http', url: endpoint.url, headers: auth } } });
  });

  it("renders VS Code's mcp.json and Gemini CLI's settings", () => {
    assert.deepStrictEqual(JSON.parse(renderClientConfig(endpoint, 'vscode')), { servers: { 'agent-overlay': { type: 'http', url: endpoint.url, headers: auth } } });
    assert.deepStrictEqual(JSON.parse(renderClientConfig(endpoint, 'gemini')), { mcpServers: { 'agent-overlay': { httpUrl: endpoint.url, headers: auth } } });
  });

  it('renders a Claude Code command line with the header quoted', () => {
    assert.strictEqual(renderClientConfig(endpoint, 'claudeCli'), "claude mcp add --transport http agent-overlay http://127.0.0.1:4123/mcp --header 'Authorization: Bearer T0k_en-x'");
  });

  it('offers every format it can render', () => {
    for (const f of MCP_CLIENT_FORMATS) assert.ok(renderClientConfig(endpoint, f.id).includes(endpoint.token), f.id);
  });
});
