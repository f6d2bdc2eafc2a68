import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApplyExecutor } from '../../../src/fs/applyExecutor';
import { MemoryContentStore, type ContentRef, type ContentStore } from '../../../src/fs/model/contentStore';
import { NodeDisk, type PlaceMemo } from '../../../src/fs/nodeDisk';
import { ApplyJournal } from '../../../src/fs/store/applyJournal';
import { BlobStore } from '../../../src/fs/store/blobStore';
import { BlobCorruptError } from '../../../src/fs/store/storeError';

const bytes = (s: string) => Buffer.from(s, 'utf8');

/** A store whose copies (`get`) fail loudly: only its own bytes (`view`) may be asked. */
class ViewOnlyStore implements ContentStore {
  private readonly inner = new MemoryContentStore();
  put(b: Uint8Array): ContentRef {
    return this.inner.put(b);
  }
  get(ref: ContentRef): Uint8Array {
    throw new Error(`a copy of ${ref} was asked for`);
  }
  has(ref: ContentRef): boolean {
    return this.inner.has(ref);
  }
  view(ref: ContentRef): Uint8Array {
    return this.inner.view(ref);
  }
}

/**
 * Issue 28: Apply writes each new content to its temp and keeps nothing of it, so it takes the store's own bytes
 * (`ContentStore.view`), not a copy of each file per Apply (the largest share of the 1,000-file Apply's own CPU
 * after the kernel's).
 */
describe('Apply writes new contents from the store\'s own bytes', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-view-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const count of [2, 40]) {
    it(`writes ${count} files without asking the store for a copy (${count < 16 ? 'each temp fsynced' : 'the temps synced together'})`, async () => {
      const store = new ViewOnlyStore();
      const ws = path.join(dir, 'ws');
      fs.mkdirSync(ws);
      const actions = Array.from({ length: count }, (_, i) => ({ kind: 'write' as const, path: path.join(ws, `f${i}.txt`), content: store.put(bytes(`file ${i}\n`)), expected: null }));
      const { journal } = await ApplyJournal.open(path.join(dir, 'store'));
      try {
        await new ApplyExecutor(new NodeDisk(), store, journal).run(actions);
      } finally {
        journal.dispose();
      }
      for (let i = 0; i < count; i++) assert.strictEqual(fs.readFileSync(path.join(ws, `f${i}.txt`), 'utf8'), `file ${i}\n`);
    });
  }

  it('the blob store\'s view is its cached bytes, verified when first read; get still hands out copies', () => {
    const root = path.join(dir, 'blobs-store');
    const store = BlobStore.open(root);
    const ref = store.put(bytes('abc'));
    const view = store.view(ref);
    assert.strictEqual(Buffer.from(view).toString('utf8'), 'abc');
    assert.strictEqual(store.view(ref), view, 'the same array, not a copy');
    const copy = store.get(ref);
    assert.notStrictEqual(copy, view);
    copy[0] = 0x7a;
    assert.strictEqual(Buffer.from(store.view(ref)).toString('utf8'), 'abc');
    store.dispose();
    // A fresh store reads the file: a damaged one is refused by view as by get (wrong bytes are never returned).
    fs.writeFileSync(path.join(root, 'blobs', ref.slice(0, 2), ref.slice(2)), 'abd');
    const again = BlobStore.open(root);
    assert.throws(() => again.view(ref), BlobCorruptError);
    again.dispose();
  });

  it('run asks where each step lands twice: at its check (where the temps go) and at the moment of writing', async () => {
    /** The real disk, counting the containment checks of each path. */
    class CountingPlaces extends NodeDisk {
      readonly asked = new Map<string, number>();
      override containedTarget(p: string, roots: readonly string[], follow: boolean, memo?: PlaceMemo): string {
        this.asked.set(p, (this.asked.get(p) ?? 0) + 1);
        return super.containedTarget(p, roots, follow, memo);
      }
    }
    const store = new MemoryContentStore();
    const ws = path.join(dir, 'ws');
    fs.mkdirSync(ws);
    const files = ['a.txt', 'b.txt', 'c.txt'].map(n => path.join(ws, n));
    const disk = new CountingPlaces();
    const { journal } = await ApplyJournal.open(path.join(dir, 'store'));
    try {
      await new ApplyExecutor(disk, store, journal, () => [ws]).run(files.map(p => ({ kind: 'write' as const, path: p, content: store.put(bytes(p)), expected: null })));
    } finally {
      journal.dispose();
    }
    for (const p of files) assert.strictEqual(fs.readFileSync(p, 'utf8'), p);
    assert.deepStrictEqual(files.map(p => disk.asked.get(p)), [2, 2, 2]);
  });
});
