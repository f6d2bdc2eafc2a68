import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { BlobStore, hashBytes } from '../../../src/fs/store/blobStore';
import { BlobCorruptError, BlobMissingError, StoreError } from '../../../src/fs/store/storeError';
import { syncFileSystemOf } from '../../../src/fs/store/syncFileSystem';
import { TempDirs } from './tempDirs';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

describe('BlobStore', () => {
  const temp = new TempDirs();
  afterEach(() => temp.cleanup());

  it('stores content under its sha-256 and reads it back, across instances', () => {
    const dir = temp.make();
    const store = BlobStore.open(dir);
    const ref = store.put(bytes('hello'));
    assert.strictEqual(ref, hashBytes(bytes('hello')));
    assert.ok(fs.existsSync(path.join(dir, 'blobs', ref.slice(0, 2), ref.slice(2))));
    assert.strictEqual(text(store.get(ref)), 'hello');
    assert.ok(store.has(ref));
    store.dispose();
    const again = BlobStore.open(dir);
    assert.strictEqual(text(again.get(ref)), 'hello');
    assert.ok(again.has(ref));
    again.dispose();
  });

  it('stores an empty blob', () => {
    const store = BlobStore.open(temp.make());
    assert.deepStrictEqual(store.get(store.put(new Uint8Array(0))), new Uint8Array(0));
    store.dispose();
  });

  it('deduplicates identical content', () => {
    const dir = temp.make();
    const store = BlobStore.open(dir);
    assert.strictEqual(store.put(bytes('same')), store.put(bytes('same')));
    assert.strictEqual(fs.readdirSync(path.join(dir, 'blobs')).filter((n) => n !== 'tmp').length, 1);
    store.dispose();
  });

  it('hands out copies: mutating an array read or put does not change the blob', () => {
    const store = BlobStore.open(temp.make());
    const input = bytes('abc');
    const ref = store.put(input);
    input[0] = 0x7a;
    const first = store.get(ref);
    first[1] = 0x7a;
    assert.strictEqual(text(store.get(ref)), 'abc');
    store.dispose();
  });

  it('detects a corrupted blob, moves it aside, and heals on the next put', () => {
    const dir = temp.make();
    const writer = BlobStore.open(dir);
    const ref = writer.put(bytes('precious'));
    writer.dispose();
    fs.writeFileSync(writer.pathOf(ref), 'precioUs');
    const store = BlobStore.open(dir);
    assert.throws(() => store.get(ref), (e: unknown) => {
      assert.ok(e instanceof BlobCorruptError);
      assert.strictEqual(e.code, 'BLOB_CORRUPT');
      assert.strictEqual(e.ref, ref);
      assert.ok(e.movedTo && fs.readFileSync(e.movedTo, 'utf8') === 'precioUs');
      return true;
    });
    assert.throws(() => store.get(ref), BlobMissingError);
    store.put(bytes('precious'));
    assert.strictEqual(text(store.get(ref)), 'precious');
    store.dispose();
  });

  it('rewrites a damaged file left by a crash instead of trusting its name', () => {
    const dir = temp.make();
    const ref = hashBytes(bytes('content'));
    const file = path.join(dir, 'blobs', ref.slice(0, 2), ref.slice(2));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'cont');
    const store = BlobStore.open(dir);
    store.put(bytes('content'));
    assert.strictEqual(fs.readFileSync(file, 'utf8'), 'content');
    store.dispose();
  });

  it('fails clearly for a missing blob and for a ref that is not a hash', () => {
    const store = BlobStore.open(temp.make());
    assert.throws(() => store.get('0'.repeat(64)), (e: unknown) => e instanceof BlobMissingError && e.code === 'BLOB_MISSING');
    for (const bad of ['../../etc/passwd', 'ABC', '0'.repeat(63), '0'.repeat(64) + '/x']) {
      assert.throws(() => store.get(bad), (e: unknown) => e instanceof StoreError && e.code === 'BLOB_REF_INVALID');
      assert.strictEqual(store.has(bad), false);
    }
    store.dispose();
  });

  it('syncs pending blobs once', async () => {
    const store = BlobStore.open(temp.make());
    store.put(bytes('a'));
    store.put(bytes('b'));
    assert.strictEqual(store.pendingSyncCount, 2);
    await Promise.all([store.sync(), store.sync()]);
    assert.strictEqual(store.pendingSyncCount, 0);
    store.dispose();
  });

  it('syncs many pending blobs with one syncfs of their file system (a command\'s output), all readable after', async () => {
    const dir = temp.make();
    const store = BlobStore.open(dir, { syncFileSystemFrom: 3 });
    const refs = ['a', 'b', 'c', 'd'].map((s) => store.put(bytes(s)));
    await store.sync();
    assert.strictEqual(store.pendingSyncCount, 0);
    store.dispose();
    const again = BlobStore.open(dir);
    assert.deepStrictEqual(refs.map((r) => text(again.get(r))), ['a', 'b', 'c', 'd']);
    again.dispose();
  });

  it('a blob gone before a syncfs is still reported as BLOB_SYNC_FAILED and rewritten on the next put', async () => {
    const store = BlobStore.open(temp.make(), { syncFileSystemFrom: 2 });
    const ref = store.put(bytes('lost'));
    store.put(bytes('kept'));
    fs.rmSync(path.dirname(store.pathOf(ref)), { recursive: true });
    await assert.rejects(store.sync(), (e: unknown) => e instanceof StoreError && e.code === 'BLOB_SYNC_FAILED');
    store.put(bytes('lost'));
    assert.strictEqual(text(store.get(ref)), 'lost');
    store.dispose();
  });

  it('syncfs answers whether it ran: true for a folder here on Linux, false where it cannot (the caller fsyncs each file)', async () => {
    assert.strictEqual(await syncFileSystemOf(temp.make()), process.platform === 'linux');
    assert.strictEqual(await syncFileSystemOf(path.join(temp.make(), 'missing')), false);
  });

  it('reports a failed sync as BLOB_SYNC_FAILED and rewrites the blobs involved on the next put', async () => {
    const store = BlobStore.open(temp.make());
    const ref = store.put(bytes('lost'));
    fs.rmSync(path.dirname(store.pathOf(ref)), { recursive: true });
    await assert.rejects(store.sync(), (e: unknown) => e instanceof StoreError && e.code === 'BLOB_SYNC_FAILED');
    store.put(bytes('lost'));
    assert.strictEqual(text(store.get(ref)), 'lost');
    await store.sync();
    store.dispose();
  });

  it('gc deletes unreferenced blobs and keeps live ones', async () => {
    const dir = temp.make();
    const store = BlobStore.open(dir);
    const refs = Array.from({ length: 20 }, (_, i) => store.put(bytes(`blob ${i}`)));
    const live = new Set(refs.filter((_, i) => i % 3 === 0));
    const result = await store.gc(live);
    assert.strictEqual(result.deleted, 20 - live.size);
    assert.strictEqual(result.kept, live.size);
    for (const ref of refs) assert.strictEqual(store.has(ref), live.has(ref));
    for (const ref of live) assert.ok(store.get(ref));
    for (const ref of refs.filter((r) => !live.has(r))) assert.throws(() => store.get(ref), BlobMissingError);
    await store.sync();
    store.dispose();
  });

  it('gc never deletes a blob put while it runs', async () => {
    const store = BlobStore.open(temp.make());
    const old = store.put(bytes('old'));
    const running = store.gc(new Set());
    const during = store.put(bytes('old'));
    const fresh = store.put(bytes('fresh'));
    await running;
    assert.strictEqual(during, old);
    assert.strictEqual(text(store.get(old)), 'old');
    assert.strictEqual(text(store.get(fresh)), 'fresh');
    store.dispose();
  });

  it('gc keeps recent blobs when asked to', async () => {
    const store = BlobStore.open(temp.make());
    const ref = store.put(bytes('young'));
    assert.strictEqual((await store.gc(new Set(), { minAgeMs: 60_000 })).deleted, 0);
    assert.ok(store.has(ref));
    store.dispose();
  });

  it('bounds the cache by bytes and still reads blobs larger than it', () => {
    const store = BlobStore.open(temp.make(), { cacheBytes: 1024 });
    const big = new Uint8Array(4096).fill(7);
    const ref = store.put(big);
    assert.deepStrictEqual(store.get(ref), big);
    assert.deepStrictEqual(store.get(ref), big);
    store.dispose();
  });

  it('refuses work after dispose', () => {
    const store = BlobStore.open(temp.make());
    store.dispose();
    store.dispose();
    assert.throws(() => store.put(bytes('x')), (e: unknown) => e instanceof StoreError && e.code === 'STORE_CLOSED');
  });
});
