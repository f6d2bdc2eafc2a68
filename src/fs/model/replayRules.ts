import type { ContentRef } from './contentStore';
import type { ConflictKind } from './pathEntry';

/**
 * The replay rule (issue 23) as one table: a record (or a stack of records at one path, each starting from the
 * previous one's result) replays only over what it saw. `saw` is its `before` (null: it saw no file), `after` what
 * it leaves (null: no file), `now` what the replay finds there. Anything but what it saw is a conflict (as Jujutsu
 * and git call them: add/add, modify/delete, delete/modify) or a three-way merge of its change onto what is there —
 * never a silent success that removes content the record never saw.
 *
 *   kind    | saw      | now                        | outcome
 *   --------+----------+----------------------------+----------------------------------------------------------
 *   any     | X        | X                          | replays: now := after
 *   any     | X        | = after                    | already there: nothing to do
 *   any     | X        | Y ≠ X, after = X (no-op)   | nothing to do: a create then delete (or a write undone) acts on nothing
 *   create  | absent   | present Y                  | conflict creation (add/add); the agent's outcome is shown
 *   write   | present  | absent                     | conflict deletion (modify/delete)
 *   write   | present  | present Y                  | three-way merge (saw, after, Y): clean → merged; else conflict text
 *   delete  | present  | absent                     | nothing to do: a delete over an absent file is a no-op
 *   delete  | present  | present Y ≠ saw            | conflict deletion (delete/modify): the person's Y is never deleted unseen
 *
 * `kind` is read off the record: create (saw absent, leaves a file), write (saw a file, leaves one), delete (leaves
 * none). The table decides by content refs alone; only the merge cell reads text (`mergeContent`).
 *
 * What a stack leaves at its path (`leftAt`): its last record's outcome, unless the file it brought there (saw no
 * file: a create, or a rename in) is moved on by the next record there, a rename out that saw it. Then at this path
 * the stack is a create then a delete, a no-op, and the table's `nothing` row says the file the person has there is
 * not touched: the records' file passes through beside it (issue 23, a file a rename chain or a created-and-moved
 * file only passed through; provenance seeds 110165, 367835).
 *
 *   brought here       | saw     | moved on | now        | left at the path | outcome
 *   -------------------+---------+----------+------------+------------------+-----------------------------------
 *   create, rename in  | absent  | yes      | present Y  | absent           | nothing: Y stays, the file moves on
 *   create, rename in  | absent  | yes      | absent     | absent           | replays (and moves on)
 *   create, rename in  | absent  | no       | present Y  | its file         | conflict creation (rename, moved in)
 *   write              | present | either   | any        | its outcome      | the table above (a move carries it)
 *
 * A file moved in carrying a conflict this replay found at its source (a value: base, the agent's side, theirs)
 * passes by Y only when the stack deletes it there (`carriedThrough`): the question the conflict asked is then
 * about the source alone — the records end with no file — and Y, which neither side ever saw, is not the place to
 * ask it. The conflict's own cell, with no file as the agent's side, says what is left of it: `already` (the other
 * side is no file either: settled, nothing to ask), `nothing` (the records created the file they moved away and
 * deleted: the person's file at the source stays, no conflict), a deletion conflict (a delete/modify at the source:
 * the person's content there is at stake). A file that moves on passes by Y too, and takes its conflict on with it
 * (`passes`): the next path it reaches shows the conflict, as a move straight there would. Landing, it swallowed
 * the rename conflict on Y (one conflict a path), and the move on then took Y away with the file: the person's
 * file was shown nowhere, and a delete of the moved file where it went removed it (issue 23, folder seed 33665:
 * the person deleted the chain's source `a` on disk, so `a`'s edit became a modify/delete conflict the chain
 * `a` → `d/f/g` → `d/c` carried past the person's `d/f/g`, and the delete at `d/c`, which saw `a`'s file, removed
 * `d/f/g`'s). A file the stack leaves there lands on Y as before (a rename conflict there), so the conflict keeps a
 * path that shows it (issue 23, provenance seeds 853553, 890379: the agent edited `d/c`, moved it to `h` and deleted
 * it there; the person deleted `d/c` — a modify/delete conflict the delete at `h` settles — and created `h`:
 * landing, the move replaced the person's `h` unseen and the delete then removed it; the same after a prune, with
 * the disk's file at the source on the other side, and "Accept agent" at `h` removed it).
 *
 *   carrying a conflict     | left at the path     | outcome
 *   ------------------------+----------------------+---------------------------------------------------------------
 *   theirs none             | none (deleted there) | `settled`: the file passes by Y and goes no further, no conflict
 *   base none, theirs T     | none (deleted there) | `home`: it passes by Y; the person's T stays at the source
 *   base B, theirs T ≠ B    | none (deleted there) | `source`: it passes by Y; a deletion conflict at the source
 *   any                     | a file (moved on)    | `passes`: it passes by Y, its conflict with it, to the next path
 *   (the file stays there)  | —                    | `lands` on Y: a rename conflict there, as before
 */
export type RecordShape = 'create' | 'write' | 'delete' | 'noop';

export type ReplayCell =
  | { readonly outcome: 'replays' }
  | { readonly outcome: 'already' }
  | { readonly outcome: 'nothing' }
  | { readonly outcome: 'merge' }
  | { readonly outcome: 'conflict'; readonly conflict: ConflictKind };

/** What a record (or stack) does, from what it saw and what it leaves. */
export function shapeOf(saw: ContentRef | null, after: ContentRef | null): RecordShape {
  if (saw === after) return 'noop';
  if (after === null) return 'delete';
  return saw === null ? 'create' : 'write';
}

/** The table above: the outcome of replaying a record that saw `saw` and leaves `after` over `now`. */
export function replayCell(saw: ContentRef | null, after: ContentRef | null, now: ContentRef | null): ReplayCell {
  if (now === saw) return REPLAYS;
  if (now === after) return ALREADY;
  switch (shapeOf(saw, after)) {
    case 'noop': return NOTHING;
    case 'create': return CREATION;
    case 'write': return now === null ? DELETION : MERGE;
    case 'delete': return now === null ? NOTHING : DELETION;
  }
}

const REPLAYS: ReplayCell = { outcome: 'replays' };
const ALREADY: ReplayCell = { outcome: 'already' };
const NOTHING: ReplayCell = { outcome: 'nothing' };
const MERGE: ReplayCell = { outcome: 'merge' };
const CREATION: ReplayCell = { outcome: 'conflict', conflict: 'creation' };
const DELETION: ReplayCell = { outcome: 'conflict', conflict: 'deletion' };

/**
 * What a stack of records leaves at its path (the table above, "left at the path"): `after`, or no file when the
 * stack brought its file there (it saw none) and `movedOn` — the next record there is a rename out that saw it.
 */
export function leftAt(saw: ContentRef | null, after: ContentRef | null, movedOn: boolean): ContentRef | null {
  return saw === null && movedOn ? null : after;
}

/** What becomes of a conflict a file carries through a path holding a file the records never saw (the table above). */
export type CarriedThrough = 'settled' | 'home' | 'source' | 'passes' | 'lands';

/**
 * The table above: a conflict a file carries from its source (`base`, what the record that did not apply saw;
 * `theirs`, the other side) at a path the file passes through, by what the stack there leaves of it (`left`; null:
 * deleted there).
 */
export function carriedThrough(base: ContentRef | null, theirs: ContentRef | null, left: ContentRef | null): CarriedThrough {
  if (left !== null) return 'passes';
  const cell = replayCell(base, null, theirs);
  switch (cell.outcome) {
    case 'already': return 'settled';
    case 'nothing': return 'home';
    case 'conflict': return 'source';
    default: return 'lands';
  }
}
