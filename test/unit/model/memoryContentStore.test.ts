import * as assert from 'assert';
import { MemoryContentStore, contentRefOf, putText, textOf } from '../../../src/fs/model/contentStore';
import type { ContentRef, ContentStore } from '../../../src/fs/model/contentStore';
import { DraftState } from '../../../src/fs/model/overlayDraft';
import { OverlayState } from '../../../src/fs/model/overlayState';
import { makeEntry } from '../../../src/fs/model/accumulator';
import { prng } from '../merge/mergeCases';

/**
 * The in-memory store packs blobs into shared slabs and keeps each as (slab, offset, length) numbers (issue 28): every
 * blob must come back byte for byte whatever its size and wherever a slab boundary fell, and callers must never reach
 * the stored bytes.
 */
describe('MemoryContentStore', () => {
  it('gives back every blob exactly, small ones across slab boundaries and large ones on their own', () => {
    const store = new MemoryContentStore();
    const rand = prng(28);
    const blobs: Uint8Array[] = [];
    // About 3 MB in all: small blobs fill several 1 MB slabs, a few over a quarter slab are kept apart, and empties.
    for (let i = 0; i < 400; i++) {
      const size = i % 97 === 0 ? 300_000 + Math.floor(rand() * 100_000) : i % 50 === 0 ? 0 : Math.floor(rand() * 12_000);
      const b = new Uint8Array(size);
      for (let k = 0; k < size; k += 61) b[k] = Math.floor(rand() * 256);
      if (size > 0) b[size - 1] = i & 0xff;
      blobs.push(b);
    }
    const refs = blobs.map((b) => store.put(b));
    blobs.forEach((b, i) => {
      assert.strictEqual(refs[i], contentRefOf(b));
      assert.ok(store.has(refs[i]));
      assert.deepStrictEqual(store.get(refs[i]), b, `blob ${i} (${b.byteLength} bytes)`);
    });
    assert.strictEqual(store.size, new Set(refs).size);
  });

  it('copies on the way in and out: neither the caller\'s array nor a returned one reaches the stored bytes', () => {
    const store = new MemoryContentStore();
    const bytes = new TextEncoder().encode('hello');
    const ref = store.put(bytes);
    const next = store.put(new TextEncoder().encode('world'));
    bytes[0] = 0;
    const out = store.get(ref);
    assert.strictEqual(new TextDecoder().decode(out), 'hello');
    out[1] = 0;
    assert.strictEqual(new TextDecoder().decode(store.get(ref)), 'hello');
    assert.strictEqual(new TextDecoder().decode(store.get(next)), 'world');
    assert.strictEqual(store.put(new TextEncoder().encode('hello')), ref, 'the same bytes are the same blob');
  });

  it('refuses a ref it does not have with ContentMissing', () => {
    assert.throws(() => new MemoryContentStore().get(contentRefOf(new Uint8Array([1]))), (e: Error & { code?: string }) => e.code === 'ContentMissing');
    assert.throws(() => new MemoryContentStore().text(contentRefOf(new Uint8Array([1]))), (e: Error & { code?: string }) => e.code === 'ContentMissing');
  });

  /**
   * A prune decodes and stores texts without copying bytes out of the slabs or encoding into a buffer of their own
   * (issue 28): `text` reads a view of the slab, `putText` encodes into the slab and keeps the bytes only for a new
   * ref. Both must answer exactly what `get` + decode and `put` + encode would, wherever the slab ends.
   */
  it('putText stores what put of the encoded text would, and text reads back what decoding get would', () => {
    const store = new MemoryContentStore();
    const plain = new MemoryContentStore();
    const rand = prng(2828);
    const alphabet = ['a', 'b', '\n', '\r\n', 'é', '€', '𝄞', '\u0000', 'x'];
    const refs: ContentRef[] = [];
    // ~4 MB of texts from 0 to 40,000 units (up to 3 bytes each): several slabs filled to their last bytes, some
    // texts over a quarter slab kept apart, and the same texts stored twice.
    const texts: string[] = [];
    for (let i = 0; i < 300; i++) {
      const n = i % 61 === 0 ? 100_000 + Math.floor(rand() * 20_000) : i % 40 === 0 ? 0 : Math.floor(rand() * 9_000);
      let t = '';
      for (let k = 0; k < n; k++) t += alphabet[Math.floor(rand() * (i % 3 === 0 ? 4 : alphabet.length))];
      texts.push(t);
    }
    for (const t of [...texts, ...texts.slice(0, 50)]) {
      const bytes = new TextEncoder().encode(t);
      const ref = putText(store, t);
      assert.strictEqual(ref, plain.put(bytes));
      assert.strictEqual(ref, contentRefOf(bytes));
      refs.push(ref);
    }
    assert.strictEqual(store.size, new Set(refs).size, 'a text stored twice is one blob');
    refs.forEach((ref, i) => {
      const t = i < texts.length ? texts[i] : texts[i - texts.length];
      assert.deepStrictEqual(store.get(ref), new TextEncoder().encode(t), `text ${i}`);
      // A text with NUL is binary to the merge: text() says so as decodeText does.
      assert.strictEqual(textOf(store, ref), t.includes('\u0000') ? undefined : t, `text ${i}`);
    });
  });

  it('text is undefined for invalid UTF-8, and a bytes-only store falls back to get and put', () => {
    const store = new MemoryContentStore();
    assert.strictEqual(store.text(store.put(new Uint8Array([0x61, 0xff, 0x62]))), undefined);
    const inner = new MemoryContentStore();
    const bytesOnly: ContentStore = { put: (b) => inner.put(b), get: (r) => inner.get(r), has: (r) => inner.has(r) };
    const ref = putText(bytesOnly, 'héllo\n');
    assert.strictEqual(ref, contentRefOf(new TextEncoder().encode('héllo\n')));
    assert.strictEqual(textOf(bytesOnly, ref), 'héllo\n');
  });
});

/** The draft keeps one changed path without a map, and a second makes one (issue 28): reads and commits agree. */
describe('DraftState changes', () => {
  const entry = (path: string, after: string) => makeEntry({ path, state: { kind: 'created', after }, recordIds: [] });

  it('reads back one changed path, then several, in the order each first changed; a delete reads as none', () => {
    const state = new OverlayState();
    const draft = new DraftState(state);
    assert.deepStrictEqual(draft.changedPaths(), []);
    draft.setEntry(entry('/a', 'a1'));
    draft.setEntry(entry('/a', 'a2'));
    assert.deepStrictEqual(draft.changedPaths(), ['/a']);
    assert.deepStrictEqual(draft.entry('/a')?.state, { kind: 'created', after: 'a2' });
    draft.setEntry(entry('/b', 'b1'));
    draft.deleteEntry('/a');
    draft.setEntry(entry('/c', 'c1'));
    assert.deepStrictEqual(draft.changedPaths(), ['/a', '/b', '/c']);
    assert.strictEqual(draft.entry('/a'), undefined);
    assert.deepStrictEqual([...draft.changes()].map(([p, e]) => [p, e === null ? null : e.path]), [['/a', null], ['/b', '/b'], ['/c', '/c']]);
    assert.deepStrictEqual(state.commit(draft), ['/a', '/b', '/c']);
    assert.strictEqual(state.entry('/a'), undefined);
    assert.strictEqual(state.entry('/b')?.path, '/b');
    assert.deepStrictEqual(state.entriesUnder('/').map((e) => e.path).sort(), ['/b', '/c']);
  });

  it('a single change overwritten keeps its last entry, and a deleted one commits as deleted', () => {
    const state = new OverlayState();
    const first = new DraftState(state);
    first.setEntry(entry('/x', 'x1'));
    state.commit(first);
    const draft = new DraftState(state);
    draft.setEntry(entry('/x', 'x2'));
    assert.deepStrictEqual(draft.entry('/x')?.state, { kind: 'created', after: 'x2' });
    draft.deleteEntry('/x');
    assert.strictEqual(draft.entry('/x'), undefined);
    assert.deepStrictEqual(state.commit(draft), ['/x']);
    assert.strictEqual(state.entry('/x'), undefined);
    assert.deepStrictEqual(state.entriesUnder('/'), []);
  });
});
