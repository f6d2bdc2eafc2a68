import * as assert from 'assert';
import { internLines, sliceLines } from '../../../src/fs/merge/internLines';
import { prng } from './mergeCases';

describe('internLines', () => {
  it('cuts lines after each \\n, keeping \\r and an unterminated last line', () => {
    const [t] = internLines(['a\r\nb\rc\nlast']);
    assert.strictEqual(t.n, 3);
    assert.deepStrictEqual([0, 1, 2].map((k) => sliceLines(t, k, 1)), ['a\r\n', 'b\rc\n', 'last']);
  });

  it('gives equal lines the same id across texts, and different lines different ids', () => {
    const [a, b] = internLines(['x\ny\nx\nz', 'y\nx\nz\nz\n']);
    assert.deepStrictEqual(Array.from(a.ids), [0, 1, 0, 2]);
    // 'z' without and with its newline are different lines.
    assert.deepStrictEqual(Array.from(b.ids), [1, 0, 3, 3]);
    assert.strictEqual(a.counts[0], 2);
    assert.strictEqual(b.counts[3], 2);
  });

  it('handles empty texts', () => {
    const [a, b] = internLines(['', 'x']);
    assert.strictEqual(a.n, 0);
    assert.strictEqual(sliceLines(a, 0, 0), '');
    assert.strictEqual(b.n, 1);
  });

  it('finds the same ids whether a derived text follows the base closely or not', () => {
    const base = Array.from({ length: 500 }, (_, i) => `l${i % 37}\n`).join('');
    const edited = base.replace('l5\nl6\n', 'new\n').replace(/l30\n/g, 'l30\r\n') + 'tail';
    const [b, e] = internLines([base, edited]);
    const lines = edited.match(/[^\n]*\n|[^\n]+$/g) ?? [];
    assert.strictEqual(e.n, lines.length);
    for (let k = 0; k < e.n; k++) {
      assert.strictEqual(sliceLines(e, k, 1), lines[k]);
      const at = base.split(/(?<=\n)/).indexOf(lines[k]);
      if (at >= 0) assert.strictEqual(e.ids[k], b.ids[at], `line ${k}`);
    }
  });

  it('gives equal lines one id whether hashed from bytes (a long ASCII reference) or from units (the other texts)', () => {
    // A reference long enough to be hashed from its bytes; lines of every length mod 4, so both ways' tails count.
    const pool = Array.from({ length: 600 }, (_, i) => `${'x'.repeat(i % 9)}line ${i % 250}\n`);
    const base = pool.join('');
    assert.ok(base.length >= 4096, 'the reference must take the byte path');
    // The other text shuffles the reference's lines (so they are hashed one by one, from units) and adds lines
    // with units above 0xff, some differing from ASCII lines or from each other only in their high bytes.
    const rand = prng(7);
    const other = pool.map((l) => (rand() < 0.3 ? 'é' + l : rand() < 0.5 ? l : pool[Math.floor(rand() * pool.length)]));
    other.push('\u0100ab\n', '\u0200ab\n', '\u0000ab\n', 'abcd\u0101\n', 'abcd\u0201\n', 'line 3\n');
    const [b, o] = internLines([base, other.join('')]);
    const idOf = new Map<string, number>();
    const check = (t: typeof b, k: number) => {
      const line = sliceLines(t, k, 1);
      const known = idOf.get(line);
      if (known === undefined) {
        assert.ok(![...idOf.values()].includes(t.ids[k]), `a new line ${JSON.stringify(line)} took an existing id`);
        idOf.set(line, t.ids[k]);
      } else assert.strictEqual(t.ids[k], known, `line ${JSON.stringify(line)}`);
    };
    for (let k = 0; k < b.n; k++) check(b, k);
    for (let k = 0; k < o.n; k++) check(o, k);
    assert.strictEqual(o.n, other.length);
  });
});
