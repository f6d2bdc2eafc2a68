import * as assert from 'assert';
import { alignedMerge } from '../../../src/fs/merge/alignedMerge';
import { threeWayMerge } from '../../../src/fs/merge/threeWayMerge';
import { gitMergeFile, prng } from './mergeCases';

/** Seeded generator of in-place line replacements, with a small alphabet so neighbours often repeat. */

function replacements(seed: number): { base: string; ours: string; theirs: string } {
  const rand = prng(seed);
  const alphabet = 2 + Math.floor(rand() * 30);
  const n = 1 + Math.floor(rand() * 30);
  const line = () => `l${Math.floor(rand() * alphabet)}\n`;
  const base = Array.from({ length: n }, line);
  const edit = () => {
    const x = [...base];
    for (let k = Math.floor(rand() * 2); k >= 0; k--) x[Math.floor(rand() * n)] = rand() < 0.5 ? line() : `new${Math.floor(rand() * 4)}\n`;
    return x.join('');
  };
  const noFinal = (s: string) => (rand() < 0.2 ? s.slice(0, -1) : s);
  return { base: noFinal(base.join('')), ours: edit(), theirs: edit() };
}

describe('alignedMerge (the fast path of threeWayMerge)', () => {
  it('agrees with git merge-file on every case it takes, over 3,000 in-place replacement cases', () => {
    let taken = 0;
    for (let seed = 0; seed < 3000; seed++) {
      const c = replacements(seed);
      const fast = alignedMerge(c.base, c.ours, c.theirs);
      if (fast === undefined) continue;
      taken++;
      const git = gitMergeFile(c);
      assert.strictEqual(git.conflicts, 0, `seed ${seed}: git sees a conflict where the fast path merged ${JSON.stringify(c)}`);
      assert.strictEqual(fast, git.text, `seed ${seed}: ${JSON.stringify(c)}`);
    }
    // The generator must reach the fast path often, or this proves little.
    assert.ok(taken > 500, `only ${taken} cases took the fast path`);
  });

  it('declines what it cannot decide alone: different line counts, neighbouring or overlapping changes', () => {
    assert.strictEqual(alignedMerge('a\nb\nc\n', 'a\nB\nc\n', 'a\nb\nc\nd\n'), undefined);
    assert.strictEqual(alignedMerge('a\nb\nc\nd\n', 'a\nB\nc\nd\n', 'a\nb\nC\nd\n'), undefined);
    assert.strictEqual(alignedMerge('a\nb\nc\n', 'a\nB\nc\n', 'a\nX\nc\n'), undefined);
    assert.strictEqual(alignedMerge('a\nb\na\n', 'a\na\na\n', 'a\nb\na\n'), undefined, 'the replacement equals a neighbour');
    assert.strictEqual(threeWayMerge('a\nb\nc\nd\n', 'a\nB\nc\nd\n', 'a\nb\nc\nD\n').kind, 'clean');
  });
});
