import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { MemoryContentStore, contentRefOf, keepsHandedOver, putHandedOver } from '../../../src/fs/model/contentStore';
import type { ContentStore } from '../../../src/fs/model/contentStore';
import { OverlayModel } from '../../../src/fs/model/overlayModel';
import type { ChangeMeta } from '../../../src/fs/model/changeRecord';
import type { DiskProbe } from '../../../src/fs/model/diskProbe';
import { BlobStore } from '../../../src/fs/store/blobStore';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';

/**
 * Issue 28 (perf-stage6): a write whose bytes are made for it alone (the agent's write and edit tools, a hunk's undo)
 * hands them over, and the store keeps the array instead of copying it; every other `put` still copies, because its
 * caller may reuse the array (the prune's merge assembles each result in one scratch buffer). These tests pin both
 * sides of that contract, and the rule that turns a handed-over array down (a small view of a larger buffer).
 */
const meta: ChangeMeta = { sessionId: 's1', messageId: 'm1', turn: 1, description: 'edit' };
const noDisk: DiskProbe = { read: () => undefined };
const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
/** Whether the store holds the caller's own array (its view of the blob is that array's memory). */
const keptAsIs = (store: ContentStore, bytes: Uint8Array) => {
  const view = store.view!(contentRefOf(bytes));
  return view.buffer === bytes.buffer && view.byteOffset === bytes.byteOffset;
};

describe('handed-over content (issue 28, perf-stage6)', () => {
  it('MemoryContentStore.adopt keeps a handed-over array itself, and get still copies out', () => {
    const store = new MemoryContentStore();
    const bytes = enc('export const a = 1;\n');
    const ref = store.adopt(bytes);
    assert.strictEqual(ref, contentRefOf(bytes));
    assert.ok(keptAsIs(store, bytes), 'the handed-over array is the stored blob');
    const out = store.get(ref);
    assert.notStrictEqual(out.buffer, bytes.buffer);
    out[0] = 0;
    assert.strictEqual(dec(store.get(ref)), 'export const a = 1;\n');
    assert.strictEqual(store.text(ref), 'export const a = 1;\n');
  });

  it('put still copies: a caller that reuses its array does not change what was stored', () => {
    const store = new MemoryContentStore();
    const scratch = enc('first content\n');
    const ref = store.put(scratch);
    assert.ok(!keptAsIs(store, scratch), 'put copies into a slab');
    scratch.set(enc('other content\n'));
    assert.strictEqual(dec(store.get(ref)), 'first content\n');
  });

  it('a small view of a larger buffer, or a view of shared memory, is copied even when handed over', () => {
    const big = new Uint8Array(1000);
    big.set(enc('a small part'), 100);
    const part = big.subarray(100, 112);
    assert.ok(!keepsHandedOver(part));
    assert.ok(keepsHandedOver(big.subarray(0, 500)), 'half of its buffer is kept');
    assert.ok(!keepsHandedOver(new Uint8Array(new SharedArrayBuffer(8))));
    // Node's small Buffers are slices of a shared 8 KB pool: keeping one would keep the pool.
    const pooled = Buffer.from('pooled');
    assert.ok(pooled.buffer.byteLength > 2 * pooled.byteLength && !keepsHandedOver(pooled));
    const store = new MemoryContentStore();
    const ref = store.adopt(part);
    assert.ok(!keptAsIs(store, part));
    big.fill(0);
    assert.strictEqual(dec(store.get(ref)), 'a small part');
  });

  it('OverlayModel.write hands the bytes over only when asked to', () => {
    const store = new MemoryContentStore();
    const model = new OverlayModel(store);
    const handed = enc('handed over\n');
    const copied = enc('copied\n');
    assert.strictEqual(model.write('/w/a.txt', handed, meta, noDisk, { handOver: true })?.after, contentRefOf(handed));
    assert.strictEqual(model.write('/w/b.txt', copied, meta, noDisk)?.after, contentRefOf(copied));
    assert.ok(keptAsIs(store, handed));
    assert.ok(!keptAsIs(store, copied));
    copied.fill(0x21);
    assert.strictEqual(dec(model.read('/w/b.txt', noDisk.read)!), 'copied\n');
  });

  it('a store without adopt gets a put (putHandedOver falls back)', () => {
    const inner = new MemoryContentStore();
    const bytesOnly: ContentStore = { put: (b) => inner.put(b), get: (r) => inner.get(r), has: (r) => inner.has(r), view: (r) => inner.view(r) };
    const bytes = enc('no adopt here\n');
    assert.strictEqual(putHandedOver(bytesOnly, bytes), contentRefOf(bytes));
    assert.ok(!keptAsIs(bytesOnly, bytes));
  });

  describe('BlobStore', () => {
    let dir: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'handed-over-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('adopt caches the handed-over array and writes the same file put writes; put caches a copy', () => {
      const store = BlobStore.open(dir);
      const handed = enc('handed over to the blob store\n');
      const copied = enc('copied by the blob store\n');
      const ref = store.adopt(handed);
      store.put(copied);
      assert.ok(keptAsIs(store, handed));
      assert.ok(!keptAsIs(store, copied));
      copied.fill(0x21);
      assert.strictEqual(dec(store.get(contentRefOf(enc('copied by the blob store\n')))), 'copied by the blob store\n');
      // The on-disk format is put's: the file named by the hash holds the bytes.
      assert.strictEqual(fs.readFileSync(path.join(dir, 'blobs', ref.slice(0, 2), ref.slice(2)), 'utf8'), 'handed over to the blob store\n');
      store.dispose();
    });

    it('OverlayWorkspace.write passes handOver through to the store', async () => {
      const ws = await OverlayWorkspace.open(path.join(dir, 'store'));
      try {
        const target = path.join(dir, 'ws', 'a.txt');
        const handed = enc('from a tool\n');
        const copied = enc('from the editor\n');
        ws.write(target, handed, meta, { create: true, overwrite: true, handOver: true });
        ws.write(path.join(dir, 'ws', 'b.txt'), copied, meta);
        assert.ok(keptAsIs(ws.model.store, handed));
        assert.ok(!keptAsIs(ws.model.store, copied));
      } finally {
        await ws.close();
      }
    });
  });
});
