import * as assert from 'assert';
import { internLines, sliceLines } from '../../../src/fs/merge/internLines';

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
});
