import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { testing, workspaceFolder, discardEverything } from './testApi';

type Answer = { summary: string; data: Record<string, unknown> };
type Entry = { name: string; type: string; staged?: string; gitignored?: boolean };
type Hit = { path: string; line: number; text: string; staged?: boolean };

/** Invokes a tool the way a chat would: the sentence, then the JSON. */
async function invoke(name: string, input: object): Promise<Answer> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const [sentence, json] = result.content.map(p => (p instanceof vscode.LanguageModelTextPart ? p.value : ''));
  return { summary: sentence.trim(), data: JSON.parse(json) };
}

const entries = (a: Answer) => (a.data.entries as Entry[]).map(e => `${e.name}:${e.type}${e.staged ? `:${e.staged}` : ''}${e.gitignored ? ':gitignored' : ''}`);
const hits = (a: Answer) => (a.data.results as Hit[]).map(h => `${h.path}:${h.line}${h.staged ? '*' : ''} ${h.text}`);

/**
 * Issue 25 item 1: listing and searching the effective view in the real host, through VS Code's tools and MCP.
 * The disk holds src/app.ts (port 3000), src/old.ts, a .gitignored build/ and a files.excluded secret/; the agent
 * edits app.ts, deletes old.ts and creates src/new.ts and build/gen.js — none of it on disk.
 */
describe('overlay_listDirectory and overlay_search over the staged view', function () {
  this.timeout(60_000);
  const abs = (rel: string) => path.join(workspaceFolder().fsPath, 'view', rel);
  const filesConfig = () => vscode.workspace.getConfiguration('files', workspaceFolder());
  let previousExclude: unknown;

  before(async () => {
    previousExclude = filesConfig().inspect('exclude')?.workspaceValue;
    await filesConfig().update('exclude', { '**/.git': true, '**/secret': true }, vscode.ConfigurationTarget.Workspace);
  });

  after(async () => {
    await filesConfig().update('exclude', previousExclude, vscode.ConfigurationTarget.Workspace);
    await discardEverything();
    fs.rmSync(abs(''), { recursive: true, force: true });
  });

  beforeEach(async () => {
    await discardEverything();
    fs.rmSync(abs(''), { recursive: true, force: true });
    for (const d of ['src', 'build', 'secret']) fs.mkdirSync(abs(d), { recursive: true });
    fs.writeFileSync(abs('.gitignore'), 'build/\n');
    fs.writeFileSync(abs('src/app.ts'), 'const port = 3000;\nconst host = "localhost";\n');
    fs.writeFileSync(abs('src/old.ts'), '// legacy marker\n');
    fs.writeFileSync(abs('src/util.ts'), 'export const util = "marker";\n');
    fs.writeFileSync(abs('build/out.js'), '// built marker\n');
    fs.writeFileSync(abs('secret/x.txt'), 'secret marker\n');
    fs.writeFileSync(abs('README.md'), '# View\n');
    fs.symlinkSync('src', abs('link'));
    await invoke('overlay_editFile', { path: 'view/src/app.ts', oldString: 'const port = 3000;', newString: 'const port = Number(process.env.PORT); // marker' });
    await invoke('overlay_deleteFile', { path: 'view/src/old.ts' });
    await invoke('overlay_writeFile', { path: 'view/src/new.ts', content: 'export const marker = 1;\n' });
    await invoke('overlay_writeFile', { path: 'view/build/gen.js', content: '// generated marker\n' });
  });

  it('lists a folder as staged: the created file marked, the deleted one gone, the edited one marked modified', async () => {
    const list = await invoke('overlay_listDirectory', { path: 'view/src' });
    assert.deepStrictEqual(entries(list), ['app.ts:file:modified', 'new.ts:file:created', 'util.ts:file']);
    assert.strictEqual(fs.existsSync(abs('src/new.ts')), false, 'the disk is untouched');
    assert.strictEqual(fs.existsSync(abs('src/old.ts')), true, 'the disk is untouched');
  });

  it('one level shows gitignored folders marked and hides files.exclude; recursive leaves both out and lists a symlink without following it', async () => {
    const one = await invoke('overlay_listDirectory', { path: 'view' });
    assert.deepStrictEqual(entries(one), ['.gitignore:file', 'README.md:file', 'build:folder:gitignored', 'link:symlink', 'src:folder']);
    assert.strictEqual(one.data.excluded, 1);
    const all = await invoke('overlay_listDirectory', { path: 'view', recursive: true });
    assert.deepStrictEqual(entries(all), ['.gitignore:file', 'README.md:file', 'link:symlink', 'src:folder', 'src/app.ts:file:modified', 'src/new.ts:file:created', 'src/util.ts:file']);
    assert.deepStrictEqual([all.data.gitignored, all.data.excluded, all.data.truncated], [1, 1, false]);
    const cut = await invoke('overlay_listDirectory', { path: 'view', recursive: true, maxEntries: 2 });
    assert.deepStrictEqual([cut.data.count, cut.data.truncated], [2, true]);
    assert.match(cut.summary, /TRUNCATED at 2/);
  });

  it('searches staged content: the created file found, the deleted one gone, ignored and excluded files skipped', async () => {
    const found = await invoke('overlay_search', { query: 'marker', includes: ['view'] });
    // util.ts comes from ripgrep on the disk; the staged lines from memory; old.ts, build/ and secret/ from neither.
    assert.deepStrictEqual(hits(found), ['view/src/app.ts:1* const port = Number(process.env.PORT); // marker', 'view/src/new.ts:1* export const marker = 1;', 'view/src/util.ts:1 export const util = "marker";']);
    assert.strictEqual(found.data.truncated, false);
  });

  it("matches the edited content and not the disk's old text", async () => {
    assert.deepStrictEqual(hits(await invoke('overlay_search', { query: 'port = 3000', includes: ['view'] })), []);
    assert.deepStrictEqual(hits(await invoke('overlay_search', { query: '^const \\w+ = "', isRegexp: true, includes: ['view/**/*.ts'] })), ['view/src/app.ts:2* const host = "localhost";']);
    const capped = await invoke('overlay_search', { query: 'CONST', includes: ['view'], maxResults: 1 });
    assert.deepStrictEqual([capped.data.count, capped.data.truncated], [1, true], 'case-insensitive by default; capped, and says so');
  });

  it('refuses bad input with errors that say what to do', async () => {
    const outside = await invoke('overlay_listDirectory', { path: '../etc' });
    assert.deepStrictEqual([outside.data.status, outside.data.code], ['error', 'InvalidPath']);
    const file = await invoke('overlay_listDirectory', { path: 'view/README.md' });
    assert.strictEqual(file.data.code, 'NotAFolder');
    const look = await invoke('overlay_search', { query: 'a(?=b)', isRegexp: true });
    assert.strictEqual(look.data.code, 'UnsupportedRegexp');
    const broken = await invoke('overlay_search', { query: 'a(b', isRegexp: true });
    assert.strictEqual(broken.data.code, 'InvalidRegexp');
    const cap = await invoke('overlay_search', { query: 'x', maxResults: 1_000_000 });
    assert.strictEqual(cap.data.code, 'InvalidInput');
    const glob = await invoke('overlay_search', { query: 'x', includes: ['../**'] });
    assert.strictEqual(glob.data.code, 'InvalidGlob');
  });

  it('answers the same over MCP', async () => {
    const t = await testing();
    await vscode.commands.executeCommand('agentOverlay.mcp.start');
    const endpoint = t.mcp.endpoint();
    assert.ok(endpoint, 'the MCP server started');
    const client = new Client({ name: 'view-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } } }));
    try {
      await client.listTools();
      const call = async (name: string, args: Record<string, unknown>): Promise<Answer> => {
        const r = (await client.callTool({ name, arguments: args })) as { content: { text: string }[]; structuredContent?: Record<string, unknown> };
        return { summary: r.content[0].text.split('\n')[0], data: r.structuredContent ?? {} };
      };
      assert.deepStrictEqual(entries(await call('overlay_listDirectory', { path: 'view/src' })), ['app.ts:file:modified', 'new.ts:file:created', 'util.ts:file']);
      assert.deepStrictEqual(hits(await call('overlay_search', { query: 'marker', includes: ['view'] })), ['view/src/app.ts:1* const port = Number(process.env.PORT); // marker', 'view/src/new.ts:1* export const marker = 1;', 'view/src/util.ts:1 export const util = "marker";']);
    } finally {
      await client.close();
      await t.mcp.stop();
    }
  });
});
