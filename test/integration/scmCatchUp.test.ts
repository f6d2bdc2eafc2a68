import * as assert from 'assert';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ViewCounts } from '../../src/ui/stagedChangesScm';
import { testing } from './testApi';

const FILES = 1000;

/**
 * Issue 27 item 5: 300 writes through the bridge finished in 12 s and the view showed 109 of 301 twenty seconds
 * later, its count and the status bar disagreeing. A busy agent's thousand writes must all be shown within a
 * second of the last one, with the group, the count and the status bar saying the same number.
 */
describe('the Source Control view keeps up with a busy agent', function () {
  this.timeout(600_000);
  let client: Client | undefined;

  before(async () => {
    const t = await testing();
    t.scriptPrompts().answer('Discard');
    await vscode.commands.executeCommand('agentOverlay.discardAll');
    t.restorePrompts();
    await vscode.commands.executeCommand('agentOverlay.mcp.start');
  });

  after(async () => {
    await client?.close();
    const t = await testing();
    t.scriptPrompts().answer('Discard');
    await vscode.commands.executeCommand('agentOverlay.discardAll');
    t.restorePrompts();
    await t.mcp.stop();
  });

  it('shows all 1,000 files staged through the MCP bridge within 1 s of the last write, and the status bar agrees with the groups', async () => {
    const t = await testing();
    const endpoint = t.mcp.endpoint();
    assert.ok(endpoint, 'the MCP server is running');
    client = new Client({ name: 'busy-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } } }));
    let complete: { at: number; counts: ViewCounts } | undefined;
    let onComplete: () => void = () => undefined;
    const shown = new Promise<void>(r => (onComplete = r));
    const sub = t.onScmUpdate(counts => {
      if (complete === undefined && counts.groups >= FILES) {
        complete = { at: performance.now(), counts };
        onComplete();
      }
    });
    try {
      for (let i = 0; i < FILES; i++) {
        const r = (await client.callTool({ name: 'overlay_writeFile', arguments: { path: `busy/f${i}.txt`, content: `file ${i}\n`, sessionId: 'busy-session', messageId: 'busy-message' } })) as { isError?: boolean };
        assert.ok(!r.isError, `write ${i} was staged`);
      }
      const lastWrite = performance.now();
      await shown;
      const lag = Math.max(0, complete!.at - lastWrite);
      console.log(`[test] the view showed ${FILES} files ${lag.toFixed(0)} ms after the last write`);
      assert.ok(lag <= 1000, `complete ${lag.toFixed(0)} ms after the last write (budget 1 s)`);
      assert.deepStrictEqual(complete!.counts, { count: FILES, groups: FILES, statusBar: FILES });
    } finally {
      sub.dispose();
    }
    const rows = t.scmState().flatMap(g => g.resources);
    assert.strictEqual(rows.length, FILES);
    assert.strictEqual(new Set(rows.map(r => r.path)).size, FILES, 'each file once');
  });
});
