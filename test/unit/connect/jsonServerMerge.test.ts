import * as assert from 'assert';
import { ConfigMergeError } from '../../../src/connect/configMergeError';
import { mergeJsonServer } from '../../../src/connect/jsonServerMerge';

const entry = { type: 'http', url: 'http://127.0.0.1:4123/mcp', headers: { Authorization: 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}' } };
const merge = (text: string | undefined) => JSON.parse(mergeJsonServer(text, '/p/.mcp.json', 'mcpServers', 'agent-overlay', entry)) as Record<string, unknown>;

describe('mergeJsonServer', () => {
  it('creates the file when there is none (or it is empty)', () => {
    assert.deepStrictEqual(merge(undefined), { mcpServers: { 'agent-overlay': entry } });
    assert.deepStrictEqual(merge('  \n'), { mcpServers: { 'agent-overlay': entry } });
  });

  it("keeps the user's other servers and other settings", () => {
    const existing = { theme: 'Dracula', mcpServers: { github: { httpUrl: 'https://x/mcp' }, local: { command: 'uvx', args: ['a'] } }, general: { vimMode: true } };
    assert.deepStrictEqual(merge(JSON.stringify(existing)), { ...existing, mcpServers: { ...existing.mcpServers, 'agent-overlay': entry } });
  });

  it('replaces its own entry in place (running it twice changes nothing)', () => {
    const stale = JSON.stringify({ mcpServers: { a: {}, 'agent-overlay': { type: 'http', url: 'http://127.0.0.1:1/mcp' }, z: {} } });
    const once = mergeJsonServer(stale, 'f', 'mcpServers', 'agent-overlay', entry);
    assert.deepStrictEqual(Object.keys((JSON.parse(once) as { mcpServers: object }).mcpServers), ['a', 'agent-overlay', 'z']);
    assert.strictEqual(mergeJsonServer(once, 'f', 'mcpServers', 'agent-overlay', entry), once);
  });

  it('refuses a file that is not JSON, naming the file and saying nothing was changed', () => {
    assert.throws(() => merge('{ "mcpServers": { // a comment\n } }'), (e: unknown) =>
      e instanceof ConfigMergeError && e.code === 'Malformed' && /^\/p\/\.mcp\.json: is not valid JSON/.test(e.message) && /Nothing was changed/.test(e.message));
    assert.throws(() => merge('{"mcpServers": {'), ConfigMergeError);
  });

  it('refuses JSON of the wrong shape rather than overwrite it', () => {
    assert.throws(() => merge('[1, 2]'), (e: unknown) => e instanceof ConfigMergeError && e.code === 'Unexpected');
    assert.throws(() => merge('"text"'), ConfigMergeError);
    assert.throws(() => merge('{"mcpServers": []}'), /"mcpServers" that is not an object/);
    assert.throws(() => merge('{"mcpServers": "none"}'), ConfigMergeError);
  });
});
