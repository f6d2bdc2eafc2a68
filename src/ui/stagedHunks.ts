import { diffLines } from '../fs/merge/diffLines';
import { internLines, sliceLines } from '../fs/merge/internLines';

/**
 * One change of a staged file, as the editor offers it for Keep / Undo: lines `[diskStart, diskStart + diskCount)`
 * of the disk's text become `[stagedStart, stagedStart + stagedCount)` of the staged text (0-based lines). The
 * texts are whole lines, each with its own line ending.
 *
 * Hunks come from the very line diff the three-way merge runs (`git merge-file`'s), so a hunk written to the disk
 * on its own is recognised by the merge as the agent's own change and drops out of the staged change, whatever
 * else the disk holds.
 */
export interface StagedHunk {
  readonly diskStart: number;
  readonly diskCount: number;
  readonly stagedStart: number;
  readonly stagedCount: number;
  /** The disk's lines the agent replaces (empty: a pure insertion). */
  readonly removed: string;
  /** The agent's lines (empty: a pure deletion). */
  readonly added: string;
}

/** The changes from `disk` to `staged`, in order. */
export function stagedHunks(disk: string, staged: string): StagedHunk[] {
  const [d, s] = internLines([disk, staged]);
  return diffLines(d, s).map(h => ({
    diskStart: h.i1,
    diskCount: h.chg1,
    stagedStart: h.i2,
    stagedCount: h.chg2,
    removed: sliceLines(d, h.i1, h.chg1),
    added: sliceLines(s, h.i2, h.chg2),
  }));
}

/** Character offsets of lines `[from, from + count)` in `text`, cut as the diff cuts it. */
function lineRange(text: string, from: number, count: number): [number, number] {
  let start = 0;
  for (let k = 0; k < from; k++) start = text.indexOf('\n', start) + 1 || text.length;
  let end = start;
  for (let k = 0; k < count; k++) end = text.indexOf('\n', end) + 1 || text.length;
  return [start, end];
}

/** The disk's text with just this hunk of the agent's taken in (Keep): every other line as the disk has it. */
export function keepHunk(disk: string, hunk: StagedHunk): string {
  const [start, end] = lineRange(disk, hunk.diskStart, hunk.diskCount);
  if (disk.slice(start, end) !== hunk.removed) throw new StaleHunkError('the file on disk');
  return disk.slice(0, start) + hunk.added + disk.slice(end);
}

/** The staged text with just this hunk given back to the disk's lines (Undo): every other change kept. */
export function undoHunk(staged: string, hunk: StagedHunk): string {
  const [start, end] = lineRange(staged, hunk.stagedStart, hunk.stagedCount);
  if (staged.slice(start, end) !== hunk.added) throw new StaleHunkError('the staged file');
  return staged.slice(0, start) + hunk.removed + staged.slice(end);
}

/**
 * The texts changed since the hunk was shown: it is not where it was. A value the editor turns into a message
 * ("look again"), never a partial write.
 */
export class StaleHunkError extends Error {
  readonly code = 'staleHunk';
  constructor(readonly where: string) {
    super(`The change is no longer in ${where} as it was shown: it changed meanwhile. Look at the file again and retry.`);
  }
}

/** What a Keep or Undo names: the hunk as it was shown (its texts and where it started on disk). */
export interface HunkRef {
  readonly diskStart: number;
  readonly removed: string;
  readonly added: string;
}

/**
 * The hunk of `hunks` that `ref` names: the same texts, and of those (a file may repeat a change) the one nearest
 * to where it was shown. Undefined when none has its texts any longer.
 */
export function findHunk(hunks: readonly StagedHunk[], ref: HunkRef): StagedHunk | undefined {
  let best: StagedHunk | undefined;
  for (const h of hunks) {
    if (h.removed !== ref.removed || h.added !== ref.added) continue;
    if (!best || Math.abs(h.diskStart - ref.diskStart) < Math.abs(best.diskStart - ref.diskStart)) best = h;
  }
  return best;
}

/** Which side's line numbers a cursor is on: the disk file's or the staged file's. */
export type HunkSide = 'disk' | 'staged';

/**
 * The hunk under a cursor on `line` (0-based) of one side: the hunk whose lines hold it, or, for a hunk with no
 * lines on that side (an insertion seen on the disk, a deletion seen staged), the line just below where it goes.
 */
export function hunkAtLine(hunks: readonly StagedHunk[], line: number, side: HunkSide): StagedHunk | undefined {
  for (const h of hunks) {
    const [start, count] = side === 'disk' ? [h.diskStart, h.diskCount] : [h.stagedStart, h.stagedCount];
    if (count === 0 ? line === start || line === start - 1 : line >= start && line < start + count) return h;
  }
  return undefined;
}

/** A place in a file: its path and a 0-based line. */
export interface HunkPlace {
  readonly path: string;
  readonly line: number;
}

/**
 * Next (or previous) change across files: `files` maps each file with changes, in the order the person reads
 * them (by path), to the lines where its changes start on disk. From `at`, the first change after the cursor line
 * in the same file, else the first change of the next file; wraps around at the end. Undefined: nothing to go to.
 */
export function nextHunkPlace(files: ReadonlyMap<string, readonly number[]>, at: HunkPlace | undefined, direction: 'next' | 'previous'): HunkPlace | undefined {
  const order = [...files.keys()].filter(p => (files.get(p) ?? []).length > 0).sort();
  if (order.length === 0) return undefined;
  const places = order.flatMap(p => [...(files.get(p) ?? [])].sort((a, b) => a - b).map(line => ({ path: p, line })));
  const compare = (a: HunkPlace, b: HunkPlace) => (a.path === b.path ? a.line - b.line : a.path < b.path ? -1 : 1);
  if (!at) return direction === 'next' ? places[0] : places[places.length - 1];
  if (direction === 'next') return places.find(p => compare(p, at) > 0) ?? places[0];
  return [...places].reverse().find(p => compare(p, at) < 0) ?? places[places.length - 1];
}
