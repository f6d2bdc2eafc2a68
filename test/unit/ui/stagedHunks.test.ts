import * as assert from 'assert';
import { threeWayMerge } from '../../../src/fs/merge/threeWayMerge';
import { findHunk, hunkAtLine, keepHunk, nextHunkPlace, stagedHunks, StaleHunkError, undoHunk } from '../../../src/ui/stagedHunks';
import { prng as rng } from '../merge/mergeCases';


/** A text of `n` lines drawn from a small alphabet (repeated lines make the diff choose). */
function text(r: () => number, n: number): string {
  return Array.from({ length: n }, () => `line ${Math.floor(r() * 6)}\n`).join('');
}

/** `base` with a few lines replaced, inserted or deleted. */
function edit(r: () => number, base: string, tag: string): string {
  const lines = base.split(/(?<=\n)/);
  for (let k = 0, edits = 1 + Math.floor(r() * 3); k < edits; k++) {
    const at = Math.floor(r() * (lines.length + 1));
    const what = r();
    if (what < 0.4) lines.splice(at, 0, `${tag} ${k}\n`);
    else if (what < 0.7 && at < lines.length) lines.splice(at, 1);
    else if (at < lines.length) lines[at] = `${tag} changed ${k}\n`;
  }
  return lines.join('');
}

describe('stagedHunks (per-change Keep / Undo)', () => {
  const disk = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n';
  const staged = 'one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\n';

  it('lists the changes from disk to staged with their lines and texts', () => {
    assert.deepStrictEqual(stagedHunks(disk, staged), [
      { diskStart: 1, diskCount: 1, stagedStart: 1, stagedCount: 1, removed: 'two\n', added: 'TWO\n' },
      { diskStart: 7, diskCount: 0, stagedStart: 7, stagedCount: 1, removed: '', added: 'eight\n' },
    ]);
  });

  it('Keep takes exactly one change into the disk text', () => {
    const [first, second] = stagedHunks(disk, staged);
    assert.strictEqual(keepHunk(disk, first), 'one\nTWO\nthree\nfour\nfive\nsix\nseven\n');
    assert.strictEqual(keepHunk(disk, second), 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n');
  });

  it('Undo gives exactly one change back to the disk lines in the staged text', () => {
    const [first, second] = stagedHunks(disk, staged);
    assert.strictEqual(undoHunk(staged, first), 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n');
    assert.strictEqual(undoHunk(staged, second), 'one\nTWO\nthree\nfour\nfive\nsix\nseven\n');
  });

  it('refuses a hunk whose text is no longer where it was shown, as a typed error', () => {
    const [first] = stagedHunks(disk, staged);
    assert.throws(() => keepHunk('one\nzwei\nthree\n', first), (e: unknown) => e instanceof StaleHunkError && /file on disk/.test(e.message));
    assert.throws(() => undoHunk('one\ntwo\n', first), StaleHunkError);
  });

  it('keeps CRLF line endings and a last line without a newline', () => {
    const d = 'a\r\nb\r\nc';
    const s = 'a\r\nB\r\nc';
    const [h] = stagedHunks(d, s);
    assert.strictEqual(keepHunk(d, h), s);
    assert.strictEqual(undoHunk(s, h), d);
  });

  it('finds the hunk a Keep names by its texts, nearest to where it was shown', () => {
    const d = 'x\na\nx\na\nx\n';
    const s = 'x\nb\nx\nb\nx\n';
    const hunks = stagedHunks(d, s);
    assert.strictEqual(findHunk(hunks, { diskStart: 3, removed: 'a\n', added: 'b\n' }), hunks[1]);
    assert.strictEqual(findHunk(hunks, { diskStart: 0, removed: 'a\n', added: 'b\n' }), hunks[0]);
    assert.strictEqual(findHunk(hunks, { diskStart: 1, removed: 'a\n', added: 'c\n' }), undefined);
  });

  it('finds the hunk under a cursor on either side, insertions at the line they go before or after', () => {
    const hunks = stagedHunks(disk, staged);
    assert.strictEqual(hunkAtLine(hunks, 1, 'disk'), hunks[0]);
    assert.strictEqual(hunkAtLine(hunks, 1, 'staged'), hunks[0]);
    assert.strictEqual(hunkAtLine(hunks, 7, 'staged'), hunks[1]);
    assert.strictEqual(hunkAtLine(hunks, 6, 'disk'), hunks[1]);
    assert.strictEqual(hunkAtLine(hunks, 3, 'disk'), undefined);
  });

  it('goes to the next and previous change across files, wrapping around', () => {
    const files = new Map([['/w/b.txt', [4, 1]], ['/w/a.txt', [2]], ['/w/c.txt', []]]);
    assert.deepStrictEqual(nextHunkPlace(files, undefined, 'next'), { path: '/w/a.txt', line: 2 });
    assert.deepStrictEqual(nextHunkPlace(files, { path: '/w/a.txt', line: 2 }, 'next'), { path: '/w/b.txt', line: 1 });
    assert.deepStrictEqual(nextHunkPlace(files, { path: '/w/b.txt', line: 2 }, 'next'), { path: '/w/b.txt', line: 4 });
    assert.deepStrictEqual(nextHunkPlace(files, { path: '/w/b.txt', line: 4 }, 'next'), { path: '/w/a.txt', line: 2 });
    assert.deepStrictEqual(nextHunkPlace(files, { path: '/w/a.txt', line: 2 }, 'previous'), { path: '/w/b.txt', line: 4 });
    assert.deepStrictEqual(nextHunkPlace(files, { path: '/w/c.txt', line: 0 }, 'previous'), { path: '/w/b.txt', line: 4 });
    assert.strictEqual(nextHunkPlace(new Map(), undefined, 'next'), undefined);
  });

  // The property Keep relies on: the hunk written to the disk is the agent's own change to the merge that rebases
  // the staged change onto the disk, so the staged change shrinks by exactly that hunk and keeps all the others.
  it('seeded: keeping one hunk leaves exactly the others staged, the person\'s own edit on disk included', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      const base = text(r, 4 + Math.floor(r() * 12));
      const agent = edit(r, base, 'agent');
      const person = r() < 0.5 ? base : edit(r, base, 'person');
      const rebased = threeWayMerge(base, agent, person);
      if (rebased.kind !== 'clean') continue; // a conflict shows no hunks to keep
      const hunks = stagedHunks(person, rebased.text);
      hunks.forEach((h, k) => {
        const kept = keepHunk(person, h);
        const merged = threeWayMerge(person, rebased.text, kept);
        assert.deepStrictEqual(merged, { kind: 'clean', text: rebased.text }, `seed ${seed}, hunk ${k}: the staged text stays what it was`);
        assert.deepStrictEqual(stagedHunks(kept, rebased.text).map(x => [x.removed, x.added]), hunks.filter(x => x !== h).map(x => [x.removed, x.added]), `seed ${seed}, hunk ${k}`);
        const undone = undoHunk(rebased.text, h);
        assert.deepStrictEqual(stagedHunks(person, undone).map(x => [x.removed, x.added]), hunks.filter(x => x !== h).map(x => [x.removed, x.added]), `seed ${seed}, undo ${k}`);
      });
    }
  });
});
