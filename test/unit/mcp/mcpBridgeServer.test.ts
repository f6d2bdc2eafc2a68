import * as assert from 'assert';
import * as http from 'http';
import * as net from 'net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { McpBridgeServer } from '../../../src/mcp/mcpBridgeServer';
import { McpBindError, projectKey, projectUrl } from '../../../src/mcp/mcpEndpoint';
import { McpBridgeController } from '../../../src/mcp/mcpBridgeController';
import { keptBridgeToken, rotateBridgeToken } from '../../../src/mcp/mcpBridgeToken';
import { McpToolService } from '../../../src/mcp/mcpToolService';
import { FakeTools } from './mcpFakes';
import { GrantStore, systemClock } from '../../../src/history/grants';
import { silentHistoryLog } from '../../../src/history/historyLog';
import type { AgentTool } from '../../../src/tools/agentTool';
import { GetSharedContentTool } from '../../../src/tools/history/getSharedContentTool';
import type { HistoryConsentUi } from '../../../src/tools/history/historyToolPorts';
import { outputSchemaOf } from '../../../src/tools/toolOutputSchemas';

const serverInfo = { name: 'agent-overlay', version: '0.0.0-test' };

async function connect(endpoint: { url: string; token: string }, name = 'unit-client', token = endpoint.token): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/** A raw request, so a test can send any Host and Origin (fetch would not let it set Host). */
function raw(port: number, headers: http.OutgoingHttpHeaders, body = initializeBody(), method = 'POST', path = '/mcp'): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, res => {
      let data = '';
      res.on('data', d => (data += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function initializeBody(): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
}

function text(result: unknown): string {
  return (result as { content: { text: string }[] }).content[0].text;
}

describe('MCP bridge server (plain Node, real HTTP, the SDK client)', function () {
  this.timeout(20_000);
  let fakes: FakeTools;
  let bridge: McpBridgeServer;
  const clients: Client[] = [];

  beforeEach(async () => {
    fakes = new FakeTools();
    bridge = await McpBridgeServer.start({ tools: new McpToolService(fakes.tools), serverInfo });
  });
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map(c => c.close()));
    await bridge.stop();
  });

  it('issue 24: attributes a call to the client\'s own namespace, whatever sessionId says, and logs its name on one line', async () => {
    const lines: string[] = [];
    const logged = await McpBridgeServer.start({ tools: new McpToolService(fakes.tools), serverInfo, log: (_level, m) => void lines.push(m) });
    try {
      const client = await connect(logged, 'evil\n[info] MCP session 00000000 opened by claude-code');
      clients.push(client);
      await client.callTool({ name: 'fake_put', arguments: { path: 'a', content: 'x', sessionId: 'user' } });
      assert.strictEqual(fakes.calls[0].caller.sessionId, 'mcp:evil [info] MCP session 00000000 opened by claude-code/user');
      assert.ok(lines.length >= 2, lines.join('|'));
      for (const line of lines) assert.ok(!/[\r\n]/.test(line), JSON.stringify(line));
      assert.ok(lines.some(l => l.includes('“evil [info] MCP session 00000000 opened by claude-code”')), lines.join('|'));
    } finally {
      await Promise.allSettled(clients.splice(0).map(c => c.close()));
      await logged.stop();
    }
  });

  it('listens on 127.0.0.1 with a random 32-byte token', () => {
    assert.match(bridge.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.strictEqual(Buffer.from(bridge.token, 'base64url').length, 32);
  });

  it('lists tools and calls them through the SDK client', async () => {
    const client = await connect(bridge);
    clients.push(client);
    assert.deepStrictEqual(client.getServerVersion(), serverInfo);
    const { tools } = await client.listTools();
    assert.deepStrictEqual(tools.map(t => t.name), ['fake_put', 'fake_discard', 'fake_fail', 'fake_boom']);
    assert.deepStrictEqual(Object.keys(tools[0].inputSchema.properties ?? {}), ['path', 'content', 'sessionId', 'messageId']);
    const ok = await client.callTool({ name: 'fake_put', arguments: { path: 'a.txt', content: 'x' } });
    assert.strictEqual(ok.isError, false);
    assert.match(text(ok), /^Stored a\.txt\.\n\{/);
    assert.strictEqual(fakes.calls[0].caller.sessionId, 'mcp:unit-client');
    assert.match(fakes.calls[0].caller.messageId, /^mcp:[0-9a-f]{8}\/\d+$/);
    const bad = await client.callTool({ name: 'fake_fail', arguments: {} });
    assert.strictEqual(bad.isError, true);
  });

  it('declares each tool\'s outputSchema and returns the JSON as structuredContent, which the SDK client validates', async () => {
    // The real history_getSharedContent over a real GrantStore: its answers must pass its declared schema.
    const grants = new GrantStore();
    const notes: string[] = [];
    const consent = { notify: (m: string) => notes.push(m), warn: (m: string) => notes.push(m) } as unknown as HistoryConsentUi;
    const shared = new GetSharedContentTool({ grants, consent, log: silentHistoryLog, clock: systemClock });
    await bridge.stop();
    bridge = await McpBridgeServer.start({ tools: new McpToolService([shared as AgentTool<never>, ...fakes.tools]), serverInfo });
    const client = await connect(bridge);
    clients.push(client);
    const { tools } = await client.listTools();
    const declared = tools.find(t => t.name === 'history_getSharedContent')!;
    assert.deepStrictEqual(declared.outputSchema, JSON.parse(JSON.stringify(outputSchemaOf('history_getSharedContent'))));
    assert.strictEqual(tools.find(t => t.name === 'fake_put')!.outputSchema?.type, 'object');

    const none = await client.callTool({ name: 'history_getSharedContent', arguments: {} });
    assert.deepStrictEqual(none.structuredContent, { status: 'no_content_available' });
    grants.share({ filePath: '/ws/src/a.ts', displayPath: 'src/a.ts' }, {
      store: 'vscodeLocalHistory', sourceId: 'Ab12.ts', timestamp: 1, label: 'File Saved', source: undefined, contentPath: '/h/Ab12.ts', size: 1,
    }, 'old text\n');
    const other = await client.callTool({ name: 'history_getSharedContent', arguments: { filePathHint: 'b.ts' } });
    assert.strictEqual((other.structuredContent as { status: string }).status, 'no_matching_content');
    const ok = await client.callTool({ name: 'history_getSharedContent', arguments: { filePathHint: 'a.ts' } });
    assert.deepStrictEqual(ok.structuredContent, { status: 'success', filePath: 'src/a.ts', content: 'old text\n' });
    // The text keeps the sentence for models; its JSON part is the structuredContent.
    assert.deepStrictEqual(JSON.parse(text(ok).slice(text(ok).indexOf('\n') + 1)), ok.structuredContent);
    const invalid = await client.callTool({ name: 'history_getSharedContent', arguments: { filePathHint: 7 } });
    assert.strictEqual(invalid.isError, true);
    assert.strictEqual((invalid.structuredContent as { status: string }).status, 'error');
  });

  it('declares logging: a log notification for each tool call at or above the level the client set', async () => {
    const client = await connect(bridge);
    clients.push(client);
    assert.deepStrictEqual(client.getServerCapabilities()?.logging, {});
    const logs: { level: string; data: unknown }[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, n => { logs.push({ level: n.params.level, data: n.params.data }); });
    await client.callTool({ name: 'fake_put', arguments: { path: 'a.txt', content: 'x' } });
    await client.callTool({ name: 'fake_fail', arguments: {} });
    assert.deepStrictEqual(logs, [
      { level: 'info', data: { event: 'toolCall', tool: 'fake_put' } },
      { level: 'info', data: { event: 'toolResult', tool: 'fake_put', isError: false, status: 'staged' } },
      { level: 'info', data: { event: 'toolCall', tool: 'fake_fail' } },
      { level: 'warning', data: { event: 'toolResult', tool: 'fake_fail', isError: true, status: 'error' } },
    ]);
    logs.length = 0;
    assert.deepStrictEqual(await client.setLoggingLevel('warning'), {});
    await client.callTool({ name: 'fake_put', arguments: { path: 'b.txt', content: 'x' } });
    await client.callTool({ name: 'fake_fail', arguments: {} });
    assert.deepStrictEqual(logs.map(l => l.level), ['warning'], 'info is below the level the client set');
  });

  it('answers an unknown tool with a protocol error', async () => {
    const client = await connect(bridge);
    clients.push(client);
    await assert.rejects(client.callTool({ name: 'nope', arguments: {} }), /Unknown tool "nope"/);
  });

  it('refuses a missing or wrong token (401), a foreign Host or Origin (403)', async () => {
    const { port, token } = bridge;
    const host = `127.0.0.1:${port}`;
    const cases: [string, http.OutgoingHttpHeaders, number][] = [
      ['no token', { host }, 401],
      ['wrong token', { host, authorization: `Bearer ${token.slice(0, -1)}x` }, 401],
      ['foreign Host', { host: `evil.example:${port}`, authorization: `Bearer ${token}` }, 403],
      ['foreign Origin', { host, origin: 'https://evil.example', authorization: `Bearer ${token}` }, 403],
    ];
    for (const [label, headers, status] of cases) {
      const r = await raw(port, headers);
      assert.strictEqual(r.status, status, label);
      assert.ok(!r.headers['mcp-session-id'], `${label}: no session was opened`);
    }
    assert.strictEqual(bridge.sessionCount, 0);
    const good = await raw(port, { host: `localhost:${port}`, origin: `http://127.0.0.1:${port}`, authorization: `Bearer ${token}` });
    assert.strictEqual(good.status, 200, good.body);
    assert.ok(good.headers['mcp-session-id']);
  });

  it('the SDK client with a wrong token cannot connect', async () => {
    await assert.rejects(connect(bridge, 'intruder', 'wrong'));
    assert.strictEqual(fakes.calls.length, 0);
  });

  it('answers other paths, GET and unknown sessions without opening sessions', async () => {
    const auth = { host: `127.0.0.1:${bridge.port}`, authorization: `Bearer ${bridge.token}` };
    assert.strictEqual((await raw(bridge.port, auth, initializeBody(), 'POST', '/other')).status, 404);
    assert.strictEqual((await raw(bridge.port, auth, '', 'GET')).status, 405);
    assert.strictEqual((await raw(bridge.port, { ...auth, 'mcp-session-id': 'made-up' })).status, 404);
    const notInit = await raw(bridge.port, auth, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    assert.strictEqual(notInit.status, 400);
    assert.strictEqual(bridge.sessionCount, 0);
  });

  it('serves a client connected for one of its window\'s projects, and refuses one connected for another project (403, saying why)', async () => {
    const windowBridge = await McpBridgeServer.start({ tools: new McpToolService(fakes.tools), serverInfo, projects: () => ['/work/a', '/work/b'] });
    try {
      const auth = { host: `127.0.0.1:${windowBridge.port}`, authorization: `Bearer ${windowBridge.token}` };
      const at = (query: string) => raw(windowBridge.port, auth, initializeBody(), 'POST', `/mcp${query}`);
      for (const [label, query, status] of [
        ['its first folder', `?project=${projectKey('/work/a')}`, 200],
        ['its second folder (a multi-root window)', `?project=${projectKey('/work/b/')}`, 200],
        ['no project named (a configuration written by hand)', '', 200],
        ['another project', `?project=${projectKey('/work/c')}`, 403],
        ['a subfolder is another project', `?project=${projectKey('/work/a/sub')}`, 403],
        ['two projects named', `?project=${projectKey('/work/a')}&project=${projectKey('/work/c')}`, 403],
        ['an empty key', '?project=', 403],
      ] as const) {
        const r = await at(query);
        assert.strictEqual(r.status, status, `${label}: ${r.body}`);
        if (status === 403) {
          assert.ok(!r.headers['mcp-session-id'], `${label}: no session was opened`);
          assert.match(r.body, /serves the VS Code window of \\"\/work\/a\\", \\"\/work\/b\\", and this client was connected for another project/);
        }
      }
      // The SDK client (what the CLI agents use) with another project's URL gets the reason, and calls nothing.
      const refused = await connect({ url: projectUrl(windowBridge.url, '/work/c'), token: windowBridge.token }).then(() => undefined, (e: unknown) => e);
      assert.ok(refused instanceof Error && /connected for another project/.test(refused.message), String(refused));
      const served = await connect({ url: projectUrl(windowBridge.url, '/work/a'), token: windowBridge.token });
      clients.push(served);
      assert.ok((await served.listTools()).tools.length > 0);
      assert.strictEqual(fakes.calls.length, 0);
    } finally {
      await windowBridge.stop();
    }
    // A bridge that knows no folder serves no project's client.
    const r = await raw(bridge.port, { host: `127.0.0.1:${bridge.port}`, authorization: `Bearer ${bridge.token}` }, initializeBody(), 'POST', `/mcp?project=${projectKey('/work/a')}`);
    assert.strictEqual(r.status, 403);
    assert.match(r.body, /a VS Code window with no folder open/);
  });

  it('a project key is its folder\'s, whichever way the path is spelled, and only its', () => {
    assert.match(projectKey('/work/a'), /^[\w-]{16}$/);
    assert.strictEqual(projectKey('/work/a/'), projectKey('/work/a'));
    assert.strictEqual(projectKey('/work/x/../a'), projectKey('/work/a'));
    assert.notStrictEqual(projectKey('/work/A'), projectKey('/work/a'));
    assert.notStrictEqual(projectKey('/work/a/b'), projectKey('/work/a'));
    assert.strictEqual(new URL(projectUrl('http://127.0.0.1:4123/mcp', '/home/用户/proj')).searchParams.get('project'), projectKey('/home/用户/proj'));
    assert.match(projectUrl('http://127.0.0.1:4123/mcp', '/home/用户/proj'), /^http:\/\/127\.0\.0\.1:4123\/mcp\?project=[\w-]{16}$/, 'the URL stays ASCII whatever the folder is called');
  });

  it('refuses to bind anywhere but 127.0.0.1', async () => {
    for (const host of ['0.0.0.0', '::', 'localhost', '192.168.0.1', '::1']) {
      await assert.rejects(McpBridgeServer.start({ tools: new McpToolService([]), serverInfo, host }), (e: unknown) => e instanceof McpBindError && e.code === 'NotLoopback', host);
    }
  });

  it('reports a taken port', async () => {
    await assert.rejects(McpBridgeServer.start({ tools: new McpToolService([]), serverInfo, port: bridge.port }), (e: unknown) => e instanceof McpBindError && e.code === 'PortInUse');
  });

  it('keeps every one of 50 concurrent calls from 5 clients', async () => {
    const five = await Promise.all([0, 1, 2, 3, 4].map(i => connect(bridge, `client-${i}`)));
    clients.push(...five);
    const results = await Promise.all(Array.from({ length: 50 }, (_, n) => five[n % 5].callTool({ name: 'fake_put', arguments: { path: `f${n}`, content: `${n}`, messageId: `m${n}` } })));
    assert.ok(results.every(r => r.isError === false));
    assert.strictEqual(fakes.files.size, 50);
    assert.deepStrictEqual(new Set(fakes.calls.map(c => c.caller.sessionId)), new Set([0, 1, 2, 3, 4].map(i => `mcp:client-${i}`)));
    assert.strictEqual(bridge.sessionCount, 5);
  });

  it('closes a session on DELETE and every connection on stop', async () => {
    const client = await connect(bridge);
    assert.strictEqual(bridge.sessionCount, 1);
    await (client.transport as StreamableHTTPClientTransport).terminateSession();
    assert.strictEqual(bridge.sessionCount, 0);
    await client.close();
    const again = await connect(bridge);
    clients.push(again);
    await bridge.stop();
    await assert.rejects(again.listTools());
    await new Promise<void>((resolve, reject) => {
      const s = net.connect(bridge.port, '127.0.0.1');
      s.on('connect', () => { s.destroy(); reject(new Error('still listening')); });
      s.on('error', () => resolve());
    });
  });

  it('closes the least recently used session beyond the limit', async () => {
    await bridge.stop();
    bridge = await McpBridgeServer.start({ tools: new McpToolService(fakes.tools), serverInfo, maxSessions: 2 });
    const [a, b, c] = [await connect(bridge, 'a'), await connect(bridge, 'b'), await connect(bridge, 'c')];
    clients.push(a, b, c);
    assert.strictEqual(bridge.sessionCount, 2);
    await assert.rejects(a.listTools());
    await c.listTools();
  });
});

describe('MCP bridge controller', function () {
  this.timeout(20_000);
  const base = { tools: new McpToolService([]), serverInfo };

  it('restarts with a new token, refuses a foreign host without stopping, stops', async () => {
    const controller = new McpBridgeController(base, () => 0);
    const seen: (string | undefined)[] = [];
    controller.onDidChange(e => seen.push(e?.token));
    const first = await controller.start();
    const second = await controller.start();
    assert.notStrictEqual(first.token, second.token);
    await assert.rejects(controller.start({ host: '0.0.0.0' }), McpBindError);
    assert.strictEqual(controller.endpoint, second, 'the running server survives a refused bind');
    await controller.stop();
    assert.strictEqual(controller.endpoint, undefined);
    assert.deepStrictEqual(seen, [first.token, undefined, second.token, undefined]);
    await controller.dispose();
    await assert.rejects(controller.start(), /shut down/);
  });

  it('restarts with the token its provider gives, and serves only that one', async () => {
    const store = new Map<string, string>();
    const tokens = { get: async (k: string) => store.get(k), store: async (k: string, v: string) => void store.set(k, v) };
    const warn = (m: string) => assert.fail(m);
    const controller = new McpBridgeController(base, () => 0, () => keptBridgeToken(tokens, warn));
    try {
      const first = await controller.start();
      await controller.stop();
      const second = await controller.start();
      assert.strictEqual(second.token, first.token, 'Stop and Start keep the token');
      const rotated = await rotateBridgeToken(tokens, warn);
      const third = await controller.start();
      assert.strictEqual(third.token, rotated);
      assert.notStrictEqual(third.token, first.token);
      assert.strictEqual((await raw(third.port, { host: `127.0.0.1:${third.port}`, authorization: `Bearer ${first.token}` })).status, 401, 'the old token is refused');
      const client = await connect(third);
      await client.close();
    } finally {
      await controller.dispose();
    }
  });

  it('refuses a token that is not 43 base64url characters before listening', async () => {
    await assert.rejects(McpBridgeServer.start({ ...base, token: 'short' }), /43 base64url/);
  });

  it('serialises concurrent starts and stops', async () => {
    const controller = new McpBridgeController(base, () => 0);
    const [a, b] = await Promise.all([controller.start(), controller.start(), controller.stop(), controller.start()]).then(r => [r[0], r[3]]);
    assert.ok(a && b);
    assert.strictEqual(controller.endpoint, b);
    await controller.dispose();
  });
});
