import * as assert from 'assert';
import { CONNECT_ENV } from '../../../src/connect/connectTargets';
import { MCP_CLIENT_FORMATS, TOKEN_ENV, renderClientConfig, supportsEnvForm } from '../../../src/mcp/mcpClientConfig';

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

  describe('issue 24: the environment-variable form, so the copied text holds no token', () => {
    const envAuth = { Authorization: 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}' };

    it('references AGENT_OVERLAY_MCP_TOKEN for the clients that expand it', () => {
      assert.deepStrictEqual(JSON.parse(renderClientConfig(endpoint, 'mcpServers', 'env')), { mcpServers: { 'agent-overlay': { type: 'http', url: endpoint.url, headers: envAuth } } });
      assert.deepStrictEqual(JSON.parse(renderClientConfig(endpoint, 'gemini', 'env')), { mcpServers: { 'agent-overlay': { httpUrl: endpoint.url, headers: envAuth } } });
      assert.strictEqual(renderClientConfig(endpoint, 'claudeCli', 'env'), "claude mcp add --transport http --scope project agent-overlay http://127.0.0.1:4123/mcp --header 'Authorization: Bearer ${AGENT_OVERLAY_MCP_TOKEN}'");
      for (const f of MCP_CLIENT_FORMATS.filter(x => supportsEnvForm(x.id))) assert.ok(!renderClientConfig(endpoint, f.id, 'env').includes(endpoint.token), f.id);
    });

    it('names the variable the Connect commands\' env file sets', () => {
      assert.strictEqual(TOKEN_ENV, CONNECT_ENV.token);
    });

    it('gives the literal token to a client without variable expansion (VS Code) and when asked for it', () => {
      assert.strictEqual(supportsEnvForm('vscode'), false);
      assert.ok(renderClientConfig(endpoint, 'vscode', 'env').includes(endpoint.token));
      assert.ok(renderClientConfig(endpoint, 'mcpServers', 'literal').includes(endpoint.token));
    });
  });
});
