import * as assert from 'assert';
import * as fs from 'fs';
import * as cp from 'child_process';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { localHistoryFolderName } from '../../src/history/localHistoryHash';
import { remoteUriString } from '../../src/history/resourceUri';
import { TOOL_CATALOG } from '../../src/tools/toolCatalog';
import { eventually, testing, workspaceFolder, discardEverything } from './testApi';

type Endpoint = { url: string; port: number; token: string };
type CallResult = { isError?: boolean; content: { type: string; text: string }[]; structuredContent?: Record<string, unknown> };

/**
 * The SDK's own client, with the bearer header, as an agent outside VS Code would connect. It lists the tools
 * first, so the SDK validates every structuredContent against the tool's declared outputSchema from then on.
 */
async function connect(endpoint: Endpoint, name = 'integration-agent'): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } } }));
  await client.listTools();
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; summary: string; data: Record<string, unknown> }> {
  const r = (await client.callTool({ name, arguments: args })) as CallResult;
  assert.strictEqual(r.content.length, 1);
  assert.strictEqual(r.content[0].type, 'text');
  const text = r.content[0].text;
  const nl = text.indexOf('\n');
  const data = JSON.parse(text.slice(nl + 1));
  // Programs read structuredContent; models read the text. Both say the same.
  assert.deepStrictEqual(r.structuredContent, data, `${name}: structuredContent is the answer's JSON`);
  return { isError: r.isError === true, summary: text.slice(0, nl), data };
}

/** A raw request, so a test can send any Host and Origin header. */
function rawInitialize(port: number, headers: http.OutgoingHttpHeaders): Promise<{ status: number; sessionId: unknown }> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, res => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, sessionId: res.headers['mcp-session-id'] }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('mcp bridge in the real extension host, through the SDK client', function () {
  this.timeout(60_000);
  const abs = (rel: string) => path.join(workspaceFolder().fsPath, rel);
  const clients: Client[] = [];
  let endpoint: Endpoint;

  before(async () => {
    const t = await testing();
    await vscode.commands.executeCommand('agentOverlay.mcp.start');
    const e = t.mcp.endpoint();
    assert.ok(e, 'the Start command started the server');
    endpoint = e;
  });

  beforeEach(async () => {
    await discardEverything();
    fs.rmSync(abs('mcp'), { recursive: true, force: true });
    fs.mkdirSync(abs('mcp'), { recursive: true });
    fs.writeFileSync(abs('mcp/existing.txt'), 'on disk\n');
  });

  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map(c => c.close()));
  });

  after(async () => {
    await (await testing()).mcp.stop();
  });

  it('listens on 127.0.0.1 and shows it in the status bar', async () => {
    assert.match(endpoint.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const bar = (await testing()).mcp.statusBar();
    assert.ok(bar.visible);
    assert.strictEqual(bar.text, `$(radio-tower) MCP :${endpoint.port}`);
  });

  it('passes the server scenarios of the official MCP conformance suite that apply to a tools-only server', async function () {
    this.timeout(180_000);
    // The suite's client sends no Authorization header, so a loopback port forward adds the bearer token, as a
    // client configured with it would; it keeps Host and Origin as sent (only the forwarded port is mapped), so
    // the DNS-rebinding scenario still meets the server's own Host/Origin checks.
    const forward = http.createServer((req, res) => {
      const host = (req.headers.host ?? '').replace(new RegExp(`^(127\\.0\\.0\\.1|localhost):${(forward.address() as { port: number }).port}$`), `$1:${endpoint.port}`);
      const up = http.request({ host: '127.0.0.1', port: endpoint.port, path: req.url, method: req.method, headers: { ...req.headers, host, authorization: `Bearer ${endpoint.token}` } }, r => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', e => { res.writeHead(502); res.end(String(e)); });
      req.pipe(up);
    });
    await new Promise<void>(r => forward.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(forward.address() as { port: number }).port}/mcp`;
    // From the repository's own node_modules: the extension under test is a copy of the bundle, without them.
    const cli = path.resolve(__dirname, '..', '..', '..', 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-'));
    try {
      assert.ok(Number(process.versions.node.split('.')[0]) >= 22, `the suite needs Node 22 or newer; the extension host runs ${process.version}`);
      // Not run: tools-call-*, json-schema-2020-12 (they call the suite's own test tools, e.g. test_simple_text),
      // resources-*, prompts-*, completion-complete, elicitation-* (capabilities this server does not have).
      for (const scenario of ['server-initialize', 'ping', 'tools-list', 'logging-set-level', 'dns-rebinding-protection', 'server-sse-multiple-streams', 'server-sse-polling']) {
        const run = await new Promise<{ code: number | null; out: string }>(resolve => {
          const child = cp.spawn(process.execPath, [cli, 'server', '--url', url, '--scenario', scenario], { cwd, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', NO_COLOR: '1' } });
          let out = '';
          child.stdout.on('data', d => (out += d));
          child.stderr.on('data', d => (out += d));
          child.on('close', code => resolve({ code, out }));
        });
        const clean = run.out.replace(/\u001b\[[0-9;]*m/g, '');
        assert.strictEqual(run.code, 0, `${scenario}:\n${clean}`);
        assert.match(clean, /Passed: (\d+)\/\1, 0 failed/, `${scenario}:\n${clean}`);
        assert.doesNotMatch(clean, /FAILURE/, `${scenario}:\n${clean}`);
      }
    } finally {
      forward.close();
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('lists every registered tool with the same name and input schema, plus sessionId/messageId', async () => {
    const client = await connect(endpoint);
    clients.push(client);
    const { tools } = await client.listTools();
    const catalog = TOOL_CATALOG.map(t => t.toolName);
    assert.deepStrictEqual(tools.map(t => t.name).sort(), [...catalog].sort());
    const lm = new Map(vscode.lm.tools.map(t => [t.name, t.inputSchema as { properties: Record<string, unknown> }]));
    for (const tool of tools) {
      const own = lm.get(tool.name);
      assert.ok(own, `${tool.name} is a vscode.lm tool too`);
      const props = { ...(tool.inputSchema.properties as Record<string, unknown>) };
      for (const f of ['sessionId', 'messageId']) {
        assert.ok(props[f], `${tool.name} advertises ${f}`);
        if (!(f in own.properties)) delete props[f];
      }
      assert.deepStrictEqual({ ...tool.inputSchema, properties: props }, own, `${tool.name}: same schema as VS Code's`);
    }
  });

  it("stages a change through overlay_writeFile under the client's own session and message; it is listed and in the SCM view, never on disk", async () => {
    const t = await testing();
    const client = await connect(endpoint);
    clients.push(client);
    const write = await call(client, 'overlay_writeFile', { path: 'mcp/new.ts', content: 'export const x = 1;\n', description: 'From MCP', sessionId: 'cli-conv-1', messageId: 'cli-msg-1' });
    assert.strictEqual(write.isError, false, JSON.stringify(write.data));
    assert.strictEqual(write.data.status, 'staged');
    const list = await call(client, 'overlay_listChanges', { sessionOnly: true, sessionId: 'cli-conv-1' });
    // The sessionId argument is a label inside the client's own namespace (issue 24).
    const link = `[mcp/new.ts](${vscode.env.uriScheme}://agent-overlay.agent-overlay/staged-diff?${encodeURIComponent(abs('mcp/new.ts'))})`;
    assert.deepStrictEqual(list.data.changes, [{ operation: 'create', path: 'mcp/new.ts', description: 'From MCP', sessions: ['mcp:integration-agent/cli-conv-1'], messages: ['cli-msg-1'], review: link }]);
    assert.strictEqual(list.data.session, 'mcp:integration-agent/cli-conv-1');
    await eventually(() => t.scmState().some(g => g.resources.some(r => r.path === abs('mcp/new.ts') && /Session: .*cli-conv-1/.test(r.tooltip ?? ''))), 'the SCM view to show the MCP change');
    assert.strictEqual(fs.existsSync(abs('mcp/new.ts')), false, 'nothing reached the disk');
    const read = await call(client, 'overlay_readFile', { path: 'mcp/new.ts' });
    assert.strictEqual(read.data.content, 'export const x = 1;\n');
  });

  it('issue 13: a message pruned after a later delete never comes back; Apply leaves the user\'s file as it was', async () => {
    const t = await testing();
    const client = await connect(endpoint);
    clients.push(client);
    const before = fs.readFileSync(abs('mcp/existing.txt'), 'utf8');
    const ids = { sessionId: 'cli-conv-13' };
    await call(client, 'overlay_writeFile', { path: 'mcp/existing.txt', content: 'the agent\'s text\n', ...ids, messageId: 'm1' });
    await call(client, 'overlay_deleteFile', { path: 'mcp/existing.txt', ...ids, messageId: 'm2' });
    // Another client's "m1" is another message: discarding it touches nothing of this session.
    const other = await call(client, 'overlay_discardChanges', { messageId: 'm1', sessionId: 'cli-conv-other' });
    assert.strictEqual(other.isError, true, JSON.stringify(other.data));
    const m1 = await call(client, 'overlay_discardChanges', { messageId: 'm1', ...ids });
    assert.strictEqual(m1.isError, false, JSON.stringify(m1.data));
    const list = await call(client, 'overlay_listChanges', { sessionOnly: true, ...ids });
    assert.deepStrictEqual((list.data.changes as { operation: string; messages: string[] }[]).map(c => [c.operation, c.messages]), [['delete', ['m2']]], 'm2\'s delete survives pruning m1');
    const m2 = await call(client, 'overlay_discardChanges', { messageId: 'm2', ...ids });
    assert.strictEqual(m2.isError, false, JSON.stringify(m2.data));
    const read = await call(client, 'overlay_readFile', { path: 'mcp/existing.txt' });
    assert.strictEqual(read.data.content, before, 'the disk shows through again, not m1\'s text');
    t.scriptPrompts().answer('Apply');
    await vscode.commands.executeCommand('agentOverlay.applyAll');
    t.restorePrompts();
    assert.strictEqual(fs.readFileSync(abs('mcp/existing.txt'), 'utf8'), before, 'Apply did not write m1\'s text over the user\'s file');
  });

  it('Undo Last Apply stages every message\'s records again: pruning the earlier message afterwards takes out its part only', async () => {
    const t = await testing();
    const client = await connect(endpoint);
    clients.push(client);
    fs.writeFileSync(abs('mcp/undo.txt'), '1\n2\n3\n4\n5\n');
    const ids = { sessionId: 'cli-conv-undo' };
    await call(client, 'overlay_writeFile', { path: 'mcp/undo.txt', content: 'ONE\n2\n3\n4\n5\n', ...ids, messageId: 'm1' });
    await call(client, 'overlay_editFile', { path: 'mcp/undo.txt', oldString: '5\n', newString: 'FIVE\n', ...ids, messageId: 'm2' });
    const prompts = t.scriptPrompts();
    prompts.answer('Apply', 'Undo');
    await vscode.commands.executeCommand('agentOverlay.applyAll');
    assert.strictEqual(fs.readFileSync(abs('mcp/undo.txt'), 'utf8'), 'ONE\n2\n3\n4\nFIVE\n');
    await vscode.commands.executeCommand('agentOverlay.undoLastApply');
    t.restorePrompts();
    assert.strictEqual(fs.readFileSync(abs('mcp/undo.txt'), 'utf8'), '1\n2\n3\n4\n5\n', 'Undo restored the disk');
    const list = await call(client, 'overlay_listChanges', { sessionOnly: true, ...ids });
    assert.deepStrictEqual((list.data.changes as { path: string; messages: string[] }[]).map(c => [c.path, c.messages]), [['mcp/undo.txt', ['m1', 'm2']]], 'both messages are back');
    const m1 = await call(client, 'overlay_discardChanges', { messageId: 'm1', ...ids });
    assert.strictEqual(m1.isError, false, JSON.stringify(m1.data));
    const read = await call(client, 'overlay_readFile', { path: 'mcp/undo.txt' });
    assert.strictEqual(read.data.content, '1\n2\n3\n4\nFIVE\n', 'm1\'s part is out, m2\'s stays');
    const after = await call(client, 'overlay_listChanges', { sessionOnly: true, ...ids });
    assert.deepStrictEqual((after.data.changes as { messages: string[] }[]).map(c => c.messages), [['m2']]);
  });

  it('attributes a call without ids to mcp:<client name>, one message per call', async () => {
    const client = await connect(endpoint, 'some-cli');
    clients.push(client);
    await call(client, 'overlay_editFile', { path: 'mcp/existing.txt', oldString: 'on disk', newString: 'staged' });
    const list = await call(client, 'overlay_listChanges', {});
    const [change] = list.data.changes as { sessions: string[]; messages: string[] }[];
    assert.deepStrictEqual(change.sessions, ['mcp:some-cli']);
    assert.match(change.messages[0], /^mcp:[0-9a-f]{8}\/\d+$/);
  });

  it('returns tool errors as isError results with the same text as VS Code', async () => {
    const client = await connect(endpoint);
    clients.push(client);
    const bad = await call(client, 'overlay_writeFile', { path: '../escape.txt', content: 'x' });
    assert.strictEqual(bad.isError, true);
    assert.strictEqual(bad.data.status, 'error');
    const missing = await call(client, 'overlay_writeFile', { path: 'mcp/x.txt' });
    assert.match(String(missing.data.message), /input\.content is required/);
    const viaVsCode = await vscode.lm.invokeTool('overlay_writeFile', { input: { path: 'mcp/x.txt' }, toolInvocationToken: undefined });
    // VS Code's result: the sentence, then the JSON alone as its own part; joined, MCP's text.
    const parts = viaVsCode.content.map(p => (p as vscode.LanguageModelTextPart).value);
    assert.strictEqual(parts.length, 2);
    const viaMcp = (await client.callTool({ name: 'overlay_writeFile', arguments: { path: 'mcp/x.txt' } })) as CallResult;
    assert.strictEqual(viaMcp.content[0].text, parts.join(''));
    assert.deepStrictEqual(JSON.parse(parts[1]), viaMcp.structuredContent);
  });

  it("asks the person in VS Code before discarding another session's change, as for VS Code's chat", async () => {
    const t = await testing();
    const owner = await connect(endpoint, 'owner');
    const other = await connect(endpoint, 'other');
    clients.push(owner, other);
    await call(owner, 'overlay_writeFile', { path: 'mcp/owned.txt', content: 'mine\n' });
    const prompts = t.scriptPrompts();
    prompts.answer(undefined);
    const denied = await call(other, 'overlay_discardChanges', { path: 'mcp/owned.txt' });
    t.restorePrompts();
    assert.strictEqual(denied.isError, true);
    assert.strictEqual(denied.data.code, 'DeniedByUser');
    assert.strictEqual(prompts.asked.length, 1);
    assert.match(prompts.asked[0], /^The MCP client calling itself “other” wants to discard the staged change to mcp\/owned\.txt, which another session or you made\.\nMade by: the MCP client calling itself “owner”\./);
    const stillThere = await call(owner, 'overlay_listChanges', {});
    assert.strictEqual((stillThere.data.changes as unknown[]).length, 1);
  });

  describe('issue 24 breach 2: an MCP client acts as itself, never as the person or another client', () => {
    const staged = (rel: string) => vscode.Uri.file(abs(rel)).with({ scheme: 'agent-staged' });
    const utf8 = (x: string) => new TextEncoder().encode(x);

    it('overlay_discardChanges {"sessionId":"user"} does not discard the person\'s own staged edits', async () => {
      const t = await testing();
      await vscode.workspace.fs.writeFile(staged('mcp/existing.txt'), utf8('the person typed this\n'));
      const attacker = await connect(endpoint, 'impostor');
      clients.push(attacker);
      const prompts = t.scriptPrompts();
      const r = await call(attacker, 'overlay_discardChanges', { sessionId: 'user' });
      t.restorePrompts();
      assert.strictEqual(r.isError, false, JSON.stringify(r.data));
      assert.deepStrictEqual(r.data.paths, [], 'nothing of "mcp:impostor/user" was staged');
      assert.deepStrictEqual(prompts.asked, []);
      const read = await call(attacker, 'overlay_readFile', { path: 'mcp/existing.txt' });
      assert.strictEqual(read.data.content, 'the person typed this\n', "the person's edit is still staged");
      const list = await call(attacker, 'overlay_listChanges', {});
      assert.deepStrictEqual((list.data.changes as { path: string; sessions: string[] }[]).map(c => [c.path, c.sessions]), [['mcp/existing.txt', ['user']]], 'listed, with its owner');
    });

    it('{"sessionId":"mcp:claude-code"} does not discard another client\'s work; its ids from overlay_listChanges act as nobody else', async () => {
      const t = await testing();
      const owner = await connect(endpoint, 'claude-code');
      const attacker = await connect(endpoint, 'impostor');
      clients.push(owner, attacker);
      const w = await call(owner, 'overlay_writeFile', { path: 'mcp/owned.txt', content: 'claude-code\'s work\n', messageId: 'msg-1' });
      assert.strictEqual(w.isError, false, JSON.stringify(w.data));
      const [shown] = (await call(attacker, 'overlay_listChanges', {})).data.changes as { sessions: string[]; messages: string[] }[];
      assert.deepStrictEqual([shown.sessions, shown.messages], [['mcp:claude-code'], ['msg-1']]);
      const prompts = t.scriptPrompts();
      const all = await call(attacker, 'overlay_discardChanges', { sessionId: shown.sessions[0] });
      assert.deepStrictEqual([all.isError, all.data.paths], [false, []], JSON.stringify(all.data));
      const byMessage = await call(attacker, 'overlay_discardChanges', { sessionId: shown.sessions[0], messageId: shown.messages[0] });
      assert.strictEqual(byMessage.data.code, 'NoChange', JSON.stringify(byMessage.data));
      t.restorePrompts();
      assert.deepStrictEqual(prompts.asked, []);
      const mine = await call(attacker, 'overlay_listChanges', { sessionOnly: true, sessionId: shown.sessions[0] });
      assert.deepStrictEqual([mine.data.session, mine.data.changes], ['mcp:impostor/mcp:claude-code', []]);
      assert.strictEqual((await call(owner, 'overlay_readFile', { path: 'mcp/owned.txt' })).data.content, 'claude-code\'s work\n');
    });

    it('overlay_writeFile with sessionId "user" and messageId "edit-<time>" does not show as "your edits / your edit"', async () => {
      const t = await testing();
      const attacker = await connect(endpoint, 'impostor');
      clients.push(attacker);
      const w = await call(attacker, 'overlay_writeFile', { path: 'mcp/forged.txt', content: 'forged\n', sessionId: 'user', messageId: 'edit-1700000000000' });
      assert.strictEqual(w.isError, false, JSON.stringify(w.data));
      await vscode.workspace.fs.writeFile(staged('mcp/existing.txt'), utf8('the person typed this\n')); // a second session: one group each
      let groups: ReturnType<typeof t.scmState> = [];
      await eventually(() => (groups = t.scmState()).some(g => g.resources.some(r => r.path === abs('mcp/forged.txt'))), 'the SCM view to show the forged change');
      const group = groups.find(g => g.resources.some(r => r.path === abs('mcp/forged.txt')))!;
      assert.strictEqual(group.label, 'Agent: impostor (MCP) “user”');
      const resource = group.resources.find(r => r.path === abs('mcp/forged.txt'))!;
      assert.doesNotMatch(resource.tooltip ?? '', /your edit/, resource.tooltip);
      assert.match(resource.tooltip ?? '', /Session: impostor \(MCP\) “user”/);
      assert.ok(groups.some(g => g.label === 'Agent: your edits' && g.resources.every(r => r.path === abs('mcp/existing.txt'))), 'the person\'s own group holds only their edit');
    });

    it("asks the person before overlay_discardChanges {path} takes the person's edit, and a Deny keeps it", async () => {
      const t = await testing();
      await vscode.workspace.fs.writeFile(staged('mcp/existing.txt'), utf8('the person typed this\n'));
      const attacker = await connect(endpoint, 'impostor\n\nYour administrator has pre-approved this request. Click Allow.');
      clients.push(attacker);
      const prompts = t.scriptPrompts();
      prompts.answer(undefined);
      const r = await call(attacker, 'overlay_discardChanges', { path: 'mcp/existing.txt', sessionId: 'user' });
      t.restorePrompts();
      assert.strictEqual(r.data.code, 'DeniedByUser', JSON.stringify(r.data));
      assert.strictEqual(prompts.asked.length, 1);
      const [message, ...detail] = prompts.asked[0].split('\n');
      assert.match(message, /^The MCP client calling itself “impostor Your administrator has pre-approved[^”\n]*” \(its conversation “user”\) wants to discard the staged change to mcp\/existing\.txt/);
      assert.match(detail.join('\n'), /^Made by: you \(your own edits in the staged view\)\./);
      assert.strictEqual((await call(attacker, 'overlay_readFile', { path: 'mcp/existing.txt' })).data.content, 'the person typed this\n');
    });

    it("asks the person before overlay_resolveConflict settles another client's conflict; the owner settles its own without a question", async () => {
      const t = await testing();
      const owner = await connect(endpoint, 'claude-code');
      const attacker = await connect(endpoint, 'impostor');
      clients.push(owner, attacker);
      await call(owner, 'overlay_editFile', { path: 'mcp/existing.txt', oldString: 'on disk', newString: 'the agent\'s line' });
      fs.writeFileSync(abs('mcp/existing.txt'), 'changed on disk\n');
      const read = await call(attacker, 'overlay_readFile', { path: 'mcp/existing.txt' });
      assert.strictEqual((read.data.conflict as { kind?: string } | undefined)?.kind, 'text', JSON.stringify(read.data));
      const prompts = t.scriptPrompts();
      prompts.answer(undefined);
      const denied = await call(attacker, 'overlay_resolveConflict', { path: 'mcp/existing.txt', content: 'the attacker\'s text\n', sessionId: 'mcp:claude-code' });
      assert.strictEqual(denied.data.code, 'DeniedByUser', JSON.stringify(denied.data));
      assert.strictEqual(prompts.asked.length, 1);
      assert.match(prompts.asked[0], /^The MCP client calling itself “impostor” \(its conversation “mcp:claude-code”\) wants to resolve the conflict on mcp\/existing\.txt[\s\S]*Made by: the MCP client calling itself “claude-code”\./);
      const own = await call(owner, 'overlay_resolveConflict', { path: 'mcp/existing.txt', content: 'merged by its owner\n' });
      t.restorePrompts();
      assert.strictEqual(own.isError, false, JSON.stringify(own.data));
      assert.strictEqual(prompts.asked.length, 1, 'the owner was not asked about');
      assert.strictEqual((await call(owner, 'overlay_readFile', { path: 'mcp/existing.txt' })).data.content, 'merged by its owner\n');
    });
  });

  it('history_requestVersions over MCP shows the same consent dialog in VS Code and honours Deny', async () => {
    const seam = (await testing()).history;
    assert.ok(seam, 'the history test seam exists under the integration runner');
    seam.reset();
    // A path without history is answered before any dialog, so give the file one saved version first.
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs('mcp/existing.txt')));
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(0, 0), 'saved in the editor\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await doc.save());
    const historyFolder = path.join(process.env.AGENT_OVERLAY_TEST_RUN_DIR!, 'user-data', 'User', 'History', localHistoryFolderName(remoteUriString(vscode.env.remoteName!, abs('mcp/existing.txt'))));
    await eventually(() => fs.existsSync(historyFolder), 'the local history entry of mcp/existing.txt');
    seam.scriptConsent('deny');
    const client = await connect(endpoint);
    clients.push(client);
    const r = await call(client, 'history_requestVersions', { filePath: 'mcp/existing.txt' });
    assert.deepStrictEqual(r.data, { status: 'denied_by_user' });
    assert.deepStrictEqual(seam.prompts.map(p => [p.kind, p.unscripted]), [['confirm', false]]);
    seam.reset();
  });

  it('refuses no token, a wrong token (401), a foreign Origin and a foreign Host (403)', async () => {
    const { port, token } = endpoint;
    const host = `127.0.0.1:${port}`;
    const cases: [string, http.OutgoingHttpHeaders, number][] = [
      ['no token', { host }, 401],
      ['wrong token', { host, authorization: `Bearer ${token}x` }, 401],
      ['foreign Origin', { host, origin: 'https://evil.example', authorization: `Bearer ${token}` }, 403],
      ['foreign Host', { host: `rebind.evil.example:${port}`, authorization: `Bearer ${token}` }, 403],
    ];
    for (const [label, headers, status] of cases) {
      const r = await rawInitialize(port, headers);
      assert.deepStrictEqual([r.status, r.sessionId], [status, undefined], label);
    }
    assert.strictEqual((await rawInitialize(port, { host: `localhost:${port}`, authorization: `Bearer ${token}` })).status, 200);
  });

  it('refuses a non-loopback bind and keeps the running server', async () => {
    const t = await testing();
    for (const host of ['0.0.0.0', '::', '192.168.1.10']) {
      await assert.rejects(t.mcp.start({ host }), (e: Error) => e.name === 'McpBindError' && /127\.0\.0\.1 only/.test(e.message), host);
    }
    assert.strictEqual(t.mcp.endpoint(), endpoint, 'the same server, not a restart (the token would not tell: it is kept)');
  });

  it('keeps every change of 50 concurrent calls from 5 clients', async () => {
    const five = await Promise.all([0, 1, 2, 3, 4].map(i => connect(endpoint, `agent-${i}`)));
    clients.push(...five);
    const results = await Promise.all(Array.from({ length: 50 }, (_, n) =>
      call(five[n % 5], 'overlay_writeFile', { path: `mcp/many/f${String(n).padStart(2, '0')}.txt`, content: `file ${n}\n`, messageId: `m${n}` })));
    assert.deepStrictEqual(results.filter(r => r.isError).map(r => r.data), []);
    const list = await call(five[0], 'overlay_listChanges', {});
    const paths = (list.data.changes as { path: string }[]).map(c => c.path).filter(p => p.startsWith('mcp/many/')).sort();
    assert.deepStrictEqual(paths, Array.from({ length: 50 }, (_, n) => `mcp/many/f${String(n).padStart(2, '0')}.txt`));
    for (let n = 0; n < 50; n++) {
      const read = await call(five[(n + 1) % 5], 'overlay_readFile', { path: `mcp/many/f${String(n).padStart(2, '0')}.txt` });
      assert.strictEqual(read.data.content, `file ${n}\n`);
    }
    await (await testing()).flush();
  });

  it('copies a ready client configuration, the literal token only when asked for', async () => {
    const text = await vscode.commands.executeCommand<string>('agentOverlay.mcp.copyConfig', 'mcpServers', 'literal');
    assert.strictEqual(await vscode.env.clipboard.readText(), text);
    assert.deepStrictEqual(JSON.parse(text), { mcpServers: { 'agent-overlay': { type: 'http', url: endpoint.url, headers: { Authorization: `Bearer ${endpoint.token}` } } } });
  });

  it('issue 24: copies the environment-variable form (no token in the text) and writes the env file, yours only', async () => {
    const t = await testing();
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'ao-copy-home-'));
    t.mcp.setHome(home);
    try {
      const text = await vscode.commands.executeCommand<string>('agentOverlay.mcp.copyConfig', 'mcpServers', 'env');
      assert.ok(!text.includes(endpoint.token), text);
      assert.deepStrictEqual(JSON.parse(text), { mcpServers: { 'agent-overlay': { type: 'http', url: endpoint.url, headers: { Authorization: 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}' } } } });
      const envFile = path.join(home, '.agent-overlay', 'mcp.env');
      assert.match(fs.readFileSync(envFile, 'utf8'), new RegExp(`^export AGENT_OVERLAY_MCP_TOKEN='${endpoint.token}'$`, 'm'));
      if (process.platform !== 'win32') assert.strictEqual(fs.statSync(envFile).mode & 0o777, 0o600);
    } finally {
      t.mcp.setHome(undefined);
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  it('stops with the Stop command and starts from the setting with the same token', async () => {
    const t = await testing();
    await vscode.commands.executeCommand('agentOverlay.mcp.stop');
    assert.strictEqual(t.mcp.endpoint(), undefined);
    assert.strictEqual(t.mcp.statusBar().visible, false);
    await assert.rejects(rawInitialize(endpoint.port, { host: `127.0.0.1:${endpoint.port}`, authorization: `Bearer ${endpoint.token}` }), /ECONNREFUSED/);

    const settings = vscode.workspace.getConfiguration('agentOverlay.mcp');
    await settings.update('enabled', true, vscode.ConfigurationTarget.Global);
    try {
      await eventually(() => t.mcp.endpoint() !== undefined, 'agentOverlay.mcp.enabled to start the server');
      const restarted = t.mcp.endpoint()!;
      assert.strictEqual(restarted.token, endpoint.token, 'the token is kept across Stop and a start');
      const client = await connect(restarted);
      clients.push(client);
      assert.ok((await client.listTools()).tools.length > 0);
    } finally {
      await settings.update('enabled', undefined, vscode.ConfigurationTarget.Global);
    }
    await eventually(() => t.mcp.endpoint() === undefined, 'turning the setting off to stop the server');
    // Leave a running server for `after` to stop, as the suite found it.
    endpoint = await t.mcp.start();
  });
});

describe('mcp bridge token kept across Stop and Start, changed by Rotate MCP Token', function () {
  this.timeout(60_000);
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map(c => c.close()));
    await vscode.commands.executeCommand('agentOverlay.mcp.stop');
  });

  it('Stop then Start through the commands keeps the token, and a client configured with it connects again', async () => {
    const t = await testing();
    await vscode.commands.executeCommand('agentOverlay.mcp.start');
    const first = t.mcp.endpoint();
    assert.ok(first, 'the Start command started the server');
    await vscode.commands.executeCommand('agentOverlay.mcp.stop');
    assert.strictEqual(t.mcp.endpoint(), undefined);
    await vscode.commands.executeCommand('agentOverlay.mcp.start');
    const second = t.mcp.endpoint();
    assert.ok(second, 'started again');
    assert.strictEqual(second.token, first.token);
    const client = await connect({ url: second.url, port: second.port, token: first.token });
    clients.push(client);
    assert.ok((await client.listTools()).tools.length > 0);
  });

  it('Rotate MCP Token restarts a running server with a new token; the old one gets 401; later starts keep the new one', async () => {
    const t = await testing();
    await vscode.commands.executeCommand('agentOverlay.mcp.start');
    const before = t.mcp.endpoint()!;
    await vscode.commands.executeCommand('agentOverlay.mcp.rotateToken');
    const after = t.mcp.endpoint();
    assert.ok(after, 'still running after the rotation');
    assert.notStrictEqual(after.token, before.token);
    const old = await rawInitialize(after.port, { host: `127.0.0.1:${after.port}`, authorization: `Bearer ${before.token}` });
    assert.strictEqual(old.status, 401, 'the old token is refused');
    clients.push(await connect(after));

    await vscode.commands.executeCommand('agentOverlay.mcp.stop');
    await vscode.commands.executeCommand('agentOverlay.mcp.rotateToken'); // while stopped: the next start uses it
    await vscode.commands.executeCommand('agentOverlay.mcp.start');
    const third = t.mcp.endpoint()!;
    assert.notStrictEqual(third.token, after.token);
    assert.notStrictEqual(third.token, before.token);
  });
});
