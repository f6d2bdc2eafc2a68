/**
 * Keeping refused ops aside is itself crash-safe: killed before any disk-changing call of the open that copies
 * the log aside and compacts (or half-way through a write), the next open still finds the refused op — in the
 * original log or in a whole copy — keeps every op that applies, and leaves exactly one whole copy.
 */
import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PersistentOverlay } from '../../../src/fs/persistentOverlay';
import { activeLog, keptCopies, opsIn, rewriteOp, stageFiles } from '../fs/damagedLog';
import { isWriteCall } from './fsFaults';

const CHILD = path.join(__dirname, 'refusedOpsChild.js');

interface Run {
  readonly killed: boolean;
  readonly calls: { readonly n: number; readonly api: string; readonly target: string }[];
}

function runChild(store: string, killAt: number, torn: boolean): Promise<Run> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [CHILD, store, String(killAt), torn ? '1' : '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('error', reject);
    proc.on('exit', (code, signal) => {
      const lines = out.split('\n');
      const failed = lines.find(l => l.startsWith('error '));
      if (failed) return reject(new Error(`child failed (kill at ${killAt}): ${failed}`));
      const killed = signal === 'SIGKILL';
      if (!killed && !(code === 0 && lines.includes('done'))) return reject(new Error(`child exited with ${code ?? signal}: ${err}`));
      const calls = lines.filter(l => l.startsWith('call ')).map(l => {
        const [, n, api, ...target] = l.split(' ');
        return { n: Number(n), api, target: target.join(' ') };
      });
      resolve({ killed, calls });
    });
  });
}

describe('crash safety: keeping refused ops aside at open', function () {
  this.timeout(600_000);
  let root: string;
  let template: string;
  let files: string[];
  let damaged: unknown;
  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'refused-crash-'));
    template = path.join(root, 'template');
    files = await stageFiles(template, path.join(root, 'ws'), 5, [2]);
    const log = activeLog(template);
    rewriteOp(log, 2, op => ({ ...op, record: { ...(op.record as object), operation: 'explode' } }));
    damaged = opsIn(log)[2];
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a kill before any disk-changing call of the open, or half-way through a write, loses nothing', async () => {
    const counting = path.join(root, 'count');
    fs.cpSync(template, counting, { recursive: true });
    const { calls } = await runChild(counting, 0, false);
    assert.ok(calls.some(c => c.target.includes('.refused-')), `the open copies the log aside: ${calls.map(c => `${c.api} ${c.target}`).join('; ')}`);
    const cases = calls.flatMap(c => [{ at: c.n, torn: false }, ...(isWriteCall(c.api) ? [{ at: c.n, torn: true }] : [])]);
    for (const { at, torn } of cases) {
      const store = path.join(root, `kill-${at}${torn ? '-torn' : ''}`);
      fs.cpSync(template, store, { recursive: true });
      const run = await runChild(store, at, torn);
      assert.ok(run.killed, `killed before call ${at}`);
      const what = `killed before call ${at} (${calls[at - 1].api} ${calls[at - 1].target})${torn ? ', torn' : ''}`;
      const p = await PersistentOverlay.open(store);
      try {
        assert.deepStrictEqual(p.model.stagedPaths().sort(), [files[0], files[1], files[3], files[4]].sort(), `${what}: the ops that apply are kept`);
        const copies = keptCopies(store);
        assert.strictEqual(copies.length, 1, `${what}: one copy: ${copies.join(', ')}`);
        assert.ok(opsIn(copies[0]).some(op => JSON.stringify(op) === JSON.stringify(damaged)), `${what}: the copy holds the refused op`);
        const leftovers = fs.readdirSync(path.join(store, 'state')).filter(n => n.includes('.refused-') && !copies.includes(path.join(store, 'state', n)));
        assert.deepStrictEqual(leftovers, [], `${what}: no partial copy left behind`);
      } finally {
        await p.close();
      }
      fs.rmSync(store, { recursive: true, force: true });
    }
  });
});
