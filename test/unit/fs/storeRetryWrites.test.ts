import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { openOverlayStore } from '../../../src/fs/openOverlayStore';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { StoreReadOnlyError } from '../../../src/fs/store/storeError';
import { CompactingStore, diskFullMeta, makeCompactingStore } from './compactingStore';
import { withDiskFailing } from './diskFailing';

const meta = diskFullMeta('retry test');

/**
 * Issue 24, breach 3: a compaction that failed on a full disk left the store read-only until the next start. Now
 * the store tries again while running; once the disk has room, it is writable again and nothing was lost.
 */
describe('a read-only store writes again once the disk has room, without a restart', function () {
  this.timeout(120_000);
  let fixture: CompactingStore;
  let root: string;
  let ws: string;
  let template: string;

  before(async () => {
    fixture = await makeCompactingStore('retry-writes-', 'retry test');
    ({ root, ws, template } = fixture);
  });
  after(() => fixture.dispose());

  const fresh = () => fixture.copy();

  /** Opens `store` with the disk full from each changing call on until the compaction at open is what failed. */
  async function openReadOnly(store: string): Promise<OverlayWorkspace> {
    for (let k = 1; k < 100; k++) {
      fs.rmSync(store, { recursive: true, force: true });
      fs.cpSync(template, store, { recursive: true });
      const run = await withDiskFailing('ENOSPC', k, () => openOverlayStore(store));
      if (run.result?.workspace.overlay.readOnly) return run.result.workspace;
      await run.result?.workspace.close().catch(() => undefined);
    }
    throw new Error('no failing call left the store read-only');
  }

  it('a compaction that failed at open is retried while running: staging works again and everything is kept', async () => {
    const store = fresh();
    const w = await openReadOnly(store);
    assert.throws(() => w.write(path.join(ws, 'c.txt'), Buffer.from('C\n'), meta), StoreReadOnlyError);
    // Still full: the retry fails and the store stays read-only, nothing lost.
    const stillFull = await withDiskFailing('ENOSPC', 1, () => w.overlay.retryWrites());
    assert.strictEqual(stillFull.result, false, String(stillFull.error));
    assert.ok(w.overlay.readOnly);
    // Room again.
    const events: boolean[] = [];
    w.overlay.onDidChangeWritable(e => events.push(e));
    assert.strictEqual(await w.overlay.retryWrites(), true);
    assert.strictEqual(w.overlay.readOnly, undefined);
    assert.deepStrictEqual(events, [true]);
    w.write(path.join(ws, 'c.txt'), Buffer.from('C\n'), meta);
    await w.flush();
    await w.close();
    const again = await openOverlayStore(store);
    assert.deepStrictEqual(again.workspace.model.stagedPaths().sort(), ['a.txt', 'b.txt', 'c.txt'].map(n => path.join(ws, n)));
    assert.strictEqual(Buffer.from(again.workspace.readFile(path.join(ws, 'c.txt'))).toString(), 'C\n');
    assert.strictEqual(again.workspace.overlay.readOnly, undefined);
    await again.workspace.close();
  });

  it('while read-only, Apply is refused as a whole with the reason (nothing applied "where it can"), staging and Discard refused clearly, nothing lost', async () => {
    const store = fresh();
    const w = await openReadOnly(store);
    const staged = w.model.stagedPaths().sort();
    await assert.rejects(w.apply({ roots: [ws] }), (e: unknown) => e instanceof StoreReadOnlyError && /^Apply refused, nothing was done: .*the disk is full/.test(e.message));
    assert.strictEqual(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8'), 'a\n', 'the disk is untouched');
    assert.strictEqual(fs.existsSync(path.join(ws, 'b.txt')), false);
    assert.throws(() => w.assertWritable('Discard'), /Discard refused, nothing was done: .*read-only for now/);
    assert.throws(() => w.write(path.join(ws, 'c.txt'), Buffer.from('C\n'), meta), /read-only for now .*nothing new can be staged/);
    assert.deepStrictEqual(w.model.stagedPaths().sort(), staged, 'everything staged is still staged');
    await w.close();
  });

  it('a write that fails on a full disk while running turns the store read-only, and a retry writes what was staged', async () => {
    const store = fresh();
    const { workspace: w } = await openOverlayStore(store);
    assert.strictEqual(w.overlay.readOnly, undefined);
    // The disk fills up under the open log: its next sync fails.
    const probe = await fs.promises.open(path.join(root, 'probe'), 'w');
    const FileHandle = Object.getPrototypeOf(probe) as { datasync: () => Promise<void> };
    await probe.close();
    const realSync = FileHandle.datasync;
    FileHandle.datasync = () => Promise.reject(Object.assign(new Error('ENOSPC: simulated'), { code: 'ENOSPC' }));
    const events: boolean[] = [];
    w.overlay.onDidChangeWritable(e => events.push(e));
    try {
      w.write(path.join(ws, 'd.txt'), Buffer.from('D\n'), meta);
      await assert.rejects(w.flush(), (e: unknown) => e instanceof StoreReadOnlyError && /the disk is full/.test(e.message));
    } finally {
      FileHandle.datasync = realSync;
    }
    assert.ok(w.overlay.readOnly, 'read-only, not a log that refuses everything with an unexplained error');
    assert.throws(() => w.write(path.join(ws, 'e.txt'), Buffer.from('E\n'), meta), StoreReadOnlyError);
    assert.strictEqual(Buffer.from(w.readFile(path.join(ws, 'd.txt'))).toString(), 'D\n', 'the write is still shown');
    assert.strictEqual(await w.overlay.retryWrites(), true);
    assert.deepStrictEqual(events, [false, true]);
    await w.close();
    const again = await openOverlayStore(store);
    assert.deepStrictEqual(again.workspace.model.stagedPaths().sort(), ['a.txt', 'b.txt', 'd.txt'].map(n => path.join(ws, n)));
    await again.workspace.close();
  });
});
