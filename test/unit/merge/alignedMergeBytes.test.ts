import * as assert from 'assert';
import { alignedMerge } from '../../../src/fs/merge/alignedMerge';
import { alignedMergeBytes } from '../../../src/fs/merge/alignedMergeBytes';
import { threeWayMerge } from '../../../src/fs/merge/threeWayMerge';
import { MemoryContentStore } from '../../../src/fs/model/contentStore';
import { mergeContent } from '../../../src/fs/model/mergeContent';
import { prng } from './mergeCases';

/**
 * Seeded three texts: a base of lines from a small alphabet (so neighbours repeat), with non-ASCII lines, CRLF and
 * a missing final newline now and then, and two sides that replace lines in place and sometimes insert or delete
 * one (which the fast path must decline as the string version does).
 */
function sides(seed: number): { base: string; ours: string; theirs: string } {
  const rand = prng(seed);
  const alphabet = 2 + Math.floor(rand() * 30);
  const n = 1 + Math.floor(rand() * 30);
  const words = ['l', 'é', '€', '𝄞', 'ab'];
  const line = () => `${words[Math.floor(rand() * words.length)]}${Math.floor(rand() * alphabet)}${rand() < 0.1 ? '\r\n' : '\n'}`;
  const base = Array.from({ length: n }, line);
  const edit = () => {
    const x = [...base];
    for (let k = Math.floor(rand() * 3); k >= 0; k--) {
      const at = Math.floor(rand() * x.length);
      const r = rand();
      if (r < 0.1) x.splice(at, 1);
      else if (r < 0.2) x.splice(at, 0, line());
      else x[at] = rand() < 0.5 ? line() : `new${Math.floor(rand() * 4)}\n`;
    }
    return x.join('');
  };
  const noFinal = (s: string) => (rand() < 0.2 ? s.slice(0, -1) : s);
  return { base: noFinal(base.join('')), ours: noFinal(edit()), theirs: noFinal(edit()) };
}

const enc = (s: string) => new TextEncoder().encode(s);

/**
 * The bytes as a view `pad` bytes into a larger buffer with other bytes around it, as a stored blob is a view into
 * a shared slab: the merge reads words at any offset, and must neither read past the view nor mind where it starts.
 */
function inside(bytes: Uint8Array, pad: number): Uint8Array {
  const all = new Uint8Array(bytes.length + 2 * pad + 8).fill(0x0a);
  all.set(bytes, pad);
  return all.subarray(pad, pad + bytes.length);
}

describe('alignedMergeBytes (alignedMerge on UTF-8 bytes, issue 28)', () => {
  it('answers exactly what alignedMerge answers on the strings, over 5,000 seeded cases', () => {
    let taken = 0;
    const out = new Uint8Array(4096);
    for (let seed = 0; seed < 5000; seed++) {
      const c = sides(seed);
      const text = alignedMerge(c.base, c.ours, c.theirs);
      const n = alignedMergeBytes(enc(c.base), enc(c.ours), enc(c.theirs), out);
      if (text === undefined) {
        assert.strictEqual(n, -1, `seed ${seed}: the bytes merged where the strings declined ${JSON.stringify(c)}`);
        continue;
      }
      taken++;
      assert.deepStrictEqual(out.subarray(0, n), enc(text), `seed ${seed}: ${JSON.stringify(c)}`);
    }
    assert.ok(taken > 250, `only ${taken} cases took the fast path`);
  });

  it('answers the same for views at any offset into larger buffers, and for long lines compared a word at a time', () => {
    let taken = 0;
    for (let seed = 0; seed < 3000; seed++) {
      const c = sides(seed);
      // Lines long enough that the shared stretches are many words, and a difference falls anywhere in a word.
      const long = (s: string) => s.replace(/^/gm, 'x'.repeat(seed % 23));
      const [base, ours, theirs] = [long(c.base), long(c.ours), long(c.theirs)];
      const text = alignedMerge(base, ours, theirs);
      const out = inside(new Uint8Array(4 * (base.length + ours.length + theirs.length) + 64), seed % 7);
      const n = alignedMergeBytes(inside(enc(base), seed % 5), inside(enc(ours), (seed >> 1) % 7), inside(enc(theirs), (seed >> 2) % 3), out);
      if (text === undefined) {
        assert.strictEqual(n, -1, `seed ${seed}: the bytes merged where the strings declined`);
        continue;
      }
      taken++;
      assert.deepStrictEqual(out.subarray(0, n), enc(text), `seed ${seed}`);
    }
    assert.ok(taken > 100, `only ${taken} cases took the fast path`);
  });

  it('mergeContent gives the same refs and conflicts by the bytes as by the text merge, binary sides too', () => {
    const store = new MemoryContentStore();
    // A merge that is not threeWayMerge itself takes the text path: the two paths compared on the same store.
    const byText = (b: string, o: string, t: string) => threeWayMerge(b, o, t);
    let merged = 0;
    for (let seed = 0; seed < 2000; seed++) {
      const c = sides(seed);
      const bytes = [enc(c.base), enc(c.ours), enc(c.theirs)];
      // Now and then a side made binary: a NUL, or a byte that is not UTF-8.
      if (seed % 17 === 0) bytes[seed % 3] = new Uint8Array([...bytes[seed % 3], seed % 2 ? 0 : 0xff]);
      const [b, o, t] = bytes.map((x) => store.put(x));
      const fast = mergeContent(b, o, t, store);
      const slow = mergeContent(b, o, t, store, byText);
      assert.deepStrictEqual(fast, slow, `seed ${seed}: ${JSON.stringify(c)}`);
      if (fast.kind === 'merged') merged++;
    }
    assert.ok(merged > 500, `only ${merged} merged`);
  });

  it('merges a file larger than the reused buffer the same way, and one after it still right', () => {
    const store = new MemoryContentStore();
    const byText = (b: string, o: string, t: string) => threeWayMerge(b, o, t);
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i} of a large file\n`);
    const at = (k: number, s: string) => lines.map((l, i) => (i === k ? s : l)).join('');
    const big = [lines.join(''), at(100, 'ours\n'), at(19_000, 'theirs\n')].map((x) => store.put(enc(x)));
    const small = ['a\nb\nc\nd\ne\nf\n', 'A\nb\nc\nd\ne\nf\n', 'a\nb\nc\nd\ne\nF\n'].map((x) => store.put(enc(x)));
    for (const [b, o, t] of [big, small, big]) {
      const fast = mergeContent(b, o, t, store);
      assert.strictEqual(fast.kind, 'merged');
      assert.deepStrictEqual(fast, mergeContent(b, o, t, store, byText));
    }
  });
});
