import * as assert from 'assert';
import { leftAt, replayCell, shapeOf } from '../../../src/fs/model/replayRules';
import type { ReplayCell } from '../../../src/fs/model/replayRules';

// Refs are opaque to the table: short names read better than hashes.
const SAW = 'saw';
const AFTER = 'after';
const OTHER = 'other';

/** The replay table (issue 23), cell by cell: [record kind, saw, after, now, why, expected]. */
const cells: [string, string | null, string | null, string | null, string, ReplayCell][] = [
  ['create', null, AFTER, null, 'it finds what it saw', { outcome: 'replays' }],
  ['create', null, AFTER, AFTER, 'the same bytes are there already', { outcome: 'already' }],
  ['create', null, AFTER, OTHER, 'add/add: a file is there that it never saw', { outcome: 'conflict', conflict: 'creation' }],
  ['write', SAW, AFTER, SAW, 'it finds what it saw', { outcome: 'replays' }],
  ['write', SAW, AFTER, AFTER, 'the same bytes are there already', { outcome: 'already' }],
  ['write', SAW, AFTER, null, 'modify/delete: the file it edits is gone', { outcome: 'conflict', conflict: 'deletion' }],
  ['write', SAW, AFTER, OTHER, 'other content: its change is merged in (or a text conflict)', { outcome: 'merge' }],
  ['delete', SAW, null, SAW, 'it finds what it saw', { outcome: 'replays' }],
  ['delete', SAW, null, null, 'a delete over no file is a no-op', { outcome: 'already' }],
  ['delete', SAW, null, OTHER, 'delete/modify: never deletes content it never saw', { outcome: 'conflict', conflict: 'deletion' }],
  ['noop', null, null, OTHER, 'a create then a delete acts on nothing that came later', { outcome: 'nothing' }],
  ['noop', null, null, null, 'a create then a delete over no file', { outcome: 'replays' }],
  ['noop', SAW, SAW, OTHER, 'a write undone acts on nothing', { outcome: 'nothing' }],
  ['noop', SAW, SAW, null, 'a write undone over no file', { outcome: 'nothing' }],
];

describe('replay rules (replayRules.ts), cell by cell', () => {
  for (const [kind, saw, after, now, why, expected] of cells) {
    it(`${kind} that saw ${saw ?? 'no file'} over ${now ?? 'no file'}: ${why}`, () => {
      assert.strictEqual(shapeOf(saw, after), kind);
      assert.deepStrictEqual(replayCell(saw, after, now), expected);
    });
  }
});

/**
 * What a stack leaves at its path (`leftAt`), cell by cell: [saw, after, moved on, why, left]. A file the records
 * brought (they saw none there) and moved on leaves none: over a file they never saw, the table's `nothing` row.
 */
const left: [string | null, string | null, boolean, string, string | null][] = [
  [null, AFTER, true, 'a create (or a rename in) moved on: a create then a delete here', null],
  [null, AFTER, false, 'a create that stays leaves its file', AFTER],
  [SAW, AFTER, true, 'a write moved on: the move carries the file the records saw here (the table decides the write)', AFTER],
  [SAW, AFTER, false, 'a write that stays', AFTER],
];

describe('what a stack leaves at its path (replayRules.ts leftAt), cell by cell', () => {
  for (const [saw, after, movedOn, why, expected] of left) {
    it(`saw ${saw ?? 'no file'}, ${movedOn ? 'moved on' : 'stays'}: ${why}`, () => {
      assert.strictEqual(leftAt(saw, after, movedOn), expected);
    });
  }
  it('a file brought and moved on over the person\'s file: nothing (the person\'s file stays)', () => {
    assert.deepStrictEqual(replayCell(null, leftAt(null, AFTER, true), OTHER), { outcome: 'nothing' });
    assert.deepStrictEqual(replayCell(null, leftAt(null, AFTER, false), OTHER), { outcome: 'conflict', conflict: 'creation' });
  });
});
