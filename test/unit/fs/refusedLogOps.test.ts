/**
 * A staged-change log holding an op the model refuses (damaged, foreign, written under another schema) loses
 * nothing: the ops after it that still apply are kept, the ones that depend on it are refused too, and the log
 * generation holding what was refused is kept aside (with the contents it names) before the state is rewritten.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PersistentOverlay } from '../../../src/fs/persistentOverlay';
import { decodeFrames, encodeFrame, encodeJsonFrame } from '../../../src/fs/store/frameCodec';

const meta = { sessionId: 's', messageId: 'm', turn: 1, description: 'test' };
const noDisk = { read: () => undefined };

/** `n` files staged one flush at a time (one log frame each), then `again` of them written a second time. */
async function stageFiles(store: string, ws: string, n: number, again: readonly number[] = []): Promise<string[]> {
  const files = Array.from({ length: n }, (_, i) => path.join(ws, `f${i}.txt`));
  const p = await PersistentOverlay.open(store);
  for (const [i, f] of files.entries()) {
    p.model.write(f, Buffer.from(`content of file ${i}\n`), meta, noDisk);
    await p.flush();
  }
  for (const i of again) {
    p.model.write(files[i], Buffer.from(`second version of file ${i}\n`), meta, noDisk);
    await p.flush();
  }
  await p.close();
  return files;
}

/** The one log of the store with ops in it. */
function activeLog(store: string): string {
  const state = path.join(store, 'state');
  const logs = fs.readdirSync(state).filter(n => /^log-\d+$/.test(n)).map(n => path.join(state, n));
  const withOps = logs.filter(f => decodeFrames(fs.readFileSync(f)).frames.length > 1);
  assert.strictEqual(withOps.length, 1, `one log with ops: ${logs.join(', ')}`);
  return withOps[0];
}

/** Rewrites op frame `index` (0-based, after the header) with valid framing: only the model can tell. */
function rewriteOp(log: string, index: number, change: (op: Record<string, unknown>) => unknown): void {
  const { frames } = decodeFrames(fs.readFileSync(log));
  const out: Buffer[] = [];
  for (const [i, f] of frames.entries()) {
    if (i === index + 1) {
      out.push(encodeJsonFrame(change(JSON.parse(f.payload.toString('utf8')) as Record<string, unknown>)));
    } else {
      out.push(encodeFrame(f.payload));
    }
  }
  fs.writeFileSync(log, Buffer.concat(out));
}

/** Copies of refused ops kept in the state folder. */
function keptCopies(store: string): string[] {
  const state = path.join(store, 'state');
  return fs.readdirSync(state).filter(n => /^log-\d+\.refused-\d+$/.test(n)).map(n => path.join(state, n));
}

function opsIn(file: string): unknown[] {
  return decodeFrames(fs.readFileSync(file)).frames.slice(1).map(f => JSON.parse(f.payload.toString('utf8')) as unknown);
}

describe('PersistentOverlay: an op the model refuses loses nothing', () => {
  let root: string;
  let store: string;
  let ws: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'refused-ops-'));
    store = path.join(root, 'store');
    ws = path.join(root, 'ws');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /**
   * The common checks: the files listed in `kept` are staged with their content, `refused` are not, the
   * problem names a copy holding the refused op, and the copy (with the contents it names) outlives the next
   * compactions and reopenings.
   */
  async function checkReopen(files: string[], damaged: unknown, kept: number[], refused: number[]): Promise<void> {
    const p = await PersistentOverlay.open(store);
    const staged = p.model.stagedPaths();
    for (const i of kept) assert.ok(staged.includes(files[i]), `${files[i]} is still staged (it does not depend on the refused op)`);
    for (const i of refused) assert.ok(!staged.includes(files[i]), `${files[i]} depends on the refused op: not staged`);
    const problem = p.problems.find(x => x.code === 'LOG_CORRUPT');
    assert.ok(problem, `a LOG_CORRUPT problem: ${JSON.stringify(p.problems)}`);
    assert.ok(problem.copy, `the problem names the copy: ${problem.detail}`);
    assert.ok(problem.detail.includes(problem.copy), `the detail names the copy too: ${problem.detail}`);
    assert.deepStrictEqual(keptCopies(store), [problem.copy]);
    assert.ok(opsIn(problem.copy).some(op => JSON.stringify(op) === JSON.stringify(damaged)), 'the copy holds the refused op as it was');
    // Two more compactions (the original log is gone after them) and old blobs: the copy and its contents stay.
    await p.compact();
    await p.compact();
    await p.close();
    const blobs = path.join(store, 'blobs');
    const old = new Date(Date.now() - 3_600_000);
    for (const f of fs.readdirSync(blobs, { recursive: true, encoding: 'utf8' })) fs.utimesSync(path.join(blobs, f), old, old);
    const again = await PersistentOverlay.open(store);
    await again.compact();
    assert.ok(fs.existsSync(problem.copy), 'the copy outlives later compactions');
    for (const op of opsIn(problem.copy)) {
      for (const ref of JSON.stringify(op).match(/\b[0-9a-f]{64}\b/g) ?? []) {
        assert.ok(again.blobs.has(ref), `content ${ref} named by the kept copy is still in the blob store`);
      }
    }
    assert.deepStrictEqual(again.problems.filter(x => x.code === 'LOG_CORRUPT'), [], 'reported once, not at every start');
    await again.close();
  }

  it('an op that parses but the model refuses: later ops on other files are kept, later ops on its file refused, a copy kept', async () => {
    const files = await stageFiles(store, ws, 6, [3]);
    const log = activeLog(store);
    const first = opsIn(log)[0] as { record: { id: string } };
    // Op 3 (file 3's first write) reuses file 0's record id: well-formed, but "already staged".
    rewriteOp(log, 3, op => ({ ...op, record: { ...(op.record as object), id: first.record.id } }));
    await checkReopen(files, opsIn(log)[3], [0, 1, 2, 4, 5], [3]);
  });

  it('an op that fails validation: later ops on other files are kept, a copy kept', async () => {
    const files = await stageFiles(store, ws, 6, [2]);
    const log = activeLog(store);
    rewriteOp(log, 2, op => ({ ...op, record: { ...(op.record as object), operation: 'explode' } }));
    await checkReopen(files, opsIn(log)[2], [0, 1, 3, 4, 5], [2]);
  });

  it('an op that is not an op at all: what it touched is unknown, so the replay stops there and keeps a copy', async () => {
    const files = await stageFiles(store, ws, 5);
    const log = activeLog(store);
    rewriteOp(log, 2, () => 'not an op');
    await checkReopen(files, 'not an op', [0, 1], [2, 3, 4]);
  });
});
