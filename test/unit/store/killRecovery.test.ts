/**
 * A real process killed with SIGKILL mid-flush-loop: reopening shows a prefix of the appended ops that contains
 * every op whose flush resolved before the kill, and every blob those ops reference.
 */
import * as assert from 'assert';
import { spawn } from 'child_process';
import * as path from 'path';
import { BlobStore } from '../../../src/fs/store/blobStore';
import { DurableLog } from '../../../src/fs/store/durableLog';
import { blobText, COMPACT_EVERY, type KillOp, type KillSnapshot } from './killWriter';
import { TempDirs } from './tempDirs';

interface Run {
  readonly ready: number;
  readonly maxAcked: number;
}

/** Starts the writer on `dir`, kills it after `acks` acknowledgements, and reports what it acknowledged. */
function runAndKill(dir: string, acks: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'killWriter.js'), dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let ready = -1;
    let maxAcked = -1;
    let seen = 0;
    let pending = '';
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const [word, n] = line.split(' ');
        if (word === 'ready') ready = Number(n);
        else if (word === 'ack' && !killed) {
          maxAcked = Math.max(maxAcked, Number(n));
          if (++seen >= acks) {
            // Acks read after this point may have been printed after the kill was sent: not counted.
            killed = true;
            child.kill('SIGKILL');
          }
        }
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ ready, maxAcked });
      else reject(new Error(`writer exited by itself (code ${code}): ${stderr}`));
    });
  });
}

describe('recovery after SIGKILL of a writing process', function () {
  this.timeout(120_000);
  const temp = new TempDirs();
  after(() => temp.cleanup());

  it('keeps every acknowledged op, as a prefix, with its blobs, across repeated kills', async () => {
    const dir = temp.make('store-kill-');
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    let recovered = 0;
    for (let round = 0; round < 5; round++) {
      const acks = 50 + Math.floor(random() * COMPACT_EVERY * 2);
      const run = await runAndKill(dir, acks);
      assert.strictEqual(run.ready, recovered, 'the writer starts from what the last recovery found');
      assert.ok(run.maxAcked >= recovered, 'the writer acknowledged something');

      const blobs = BlobStore.open(dir);
      const { log, snapshot, ops } = await DurableLog.open<KillSnapshot, KillOp>(path.join(dir, 'log'));
      const base = snapshot?.next ?? 0;
      ops.forEach((op, k) => assert.strictEqual(op.i, base + k, 'ops form a gap-free prefix of the appended ones'));
      const total = base + ops.length;
      assert.ok(total > run.maxAcked, `op ${run.maxAcked} was acknowledged but only ${total} ops survived`);
      for (const op of ops) assert.strictEqual(Buffer.from(blobs.get(op.ref)).toString(), blobText(op.i));
      await log.close();
      blobs.dispose();
      recovered = total;
    }
    assert.ok(recovered > COMPACT_EVERY, 'the runs went through at least one compaction');
  });
});
