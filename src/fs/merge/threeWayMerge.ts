import { alignedMerge } from './alignedMerge';
import { diffLines } from './diffLines';
import { internLines, sliceLines } from './internLines';
import { mergeHunks } from './mergeHunks';
import type { InternedText } from './internLines';
import type { MergeHunk } from './mergeHunks';

/**
 * One conflicting stretch. The texts are the exact lines of each input (terminators included, a missing
 * final newline kept missing). Line numbers are 0-based indices into each input split at `\n`; the counts
 * say how many lines each side has in the region (0 = that side deleted it / the base had nothing there).
 */
export interface ConflictRegion {
  readonly base: string;
  readonly ours: string;
  readonly theirs: string;
  readonly baseLine: number;
  readonly baseLineCount: number;
  readonly oursLine: number;
  readonly oursLineCount: number;
  readonly theirsLine: number;
  readonly theirsLineCount: number;
  /** 0-based line of this region's `<<<<<<< agent` marker in `markedUp`. */
  readonly markedUpLine: number;
}

export type MergeResult =
  | { readonly kind: 'clean'; readonly text: string }
  | { readonly kind: 'conflict'; readonly regions: readonly ConflictRegion[]; readonly markedUp: string };

/** Labels of the conflict markers: ours is the agent's staged text, theirs is what is on disk now. */
export const OURS_LABEL = 'agent';
export const BASE_LABEL = 'base';
export const THEIRS_LABEL = 'disk';

/**
 * Three-way line merge giving exactly what `git merge-file -p --diff3 -L agent -L base -L disk ours base theirs`
 * gives: the same clean text, or the same conflicts rendered with the same markers (CRLF markers when the
 * surrounding lines use CRLF, a newline added after a side that lacks a final one, as git does).
 */
export function threeWayMerge(base: string, ours: string, theirs: string): MergeResult {
  // A side that changed nothing, or both sides alike: what the diffs below would find, without them.
  if (ours === base || ours === theirs) return { kind: 'clean', text: theirs };
  if (theirs === base) return { kind: 'clean', text: ours };
  const aligned = alignedMerge(base, ours, theirs);
  if (aligned !== undefined) return { kind: 'clean', text: aligned };
  const [b, o, t] = internLines([base, ours, theirs]);
  const toOurs = diffLines(b, o);
  if (toOurs.length === 0) return { kind: 'clean', text: theirs };
  const toTheirs = diffLines(b, t);
  if (toTheirs.length === 0) return { kind: 'clean', text: ours };

  const hunks = mergeHunks(toOurs, toTheirs, o.n - b.n, t.n - b.n, (i1, i2, n) => {
    for (let k = 0; k < n; k++) if (o.ids[i1 + k] !== t.ids[i2 + k]) return false;
    return true;
  });
  return render(b, o, t, hunks);
}

/** Does line i end in `\r\n` (checked as git's is_eol_crlf: it must end in `\n`)? */
function endsInCrlf(t: InternedText, i: number): boolean {
  const end = t.starts[i + 1];
  return end - t.starts[i] > 1 && t.text.charCodeAt(end - 2) === 13;
}

/** Is line i of the text CRLF-terminated? undefined when it cannot tell (git's is_eol_crlf). */
function isEolCrlf(t: InternedText, i: number): boolean | undefined {
  if (i < t.n - 1) return endsInCrlf(t, i);
  if (t.n === 0) return undefined;
  if (t.text.charCodeAt(t.starts[i + 1] - 1) === 10) return endsInCrlf(t, i);
  if (i === 0) return undefined;
  return endsInCrlf(t, i - 1);
}

/** Markers (and newlines added after a side) use CRLF when the lines before the conflict and the base do. */
function needsCr(b: InternedText, o: InternedText, t: InternedText, m: MergeHunk): boolean {
  let crlf = isEolCrlf(o, m.i1 ? m.i1 - 1 : 0);
  if (crlf !== false) crlf = isEolCrlf(t, m.i2 ? m.i2 - 1 : 0);
  if (crlf !== false) crlf = isEolCrlf(b, 0);
  return crlf === true;
}

function countNewlines(text: string): number {
  let n = 0;
  for (let p = text.indexOf('\n'); p >= 0; p = text.indexOf('\n', p + 1)) n++;
  return n;
}

function render(b: InternedText, o: InternedText, t: InternedText, hunks: readonly MergeHunk[]): MergeResult {
  const hasConflict = hunks.some((h) => h.take === 'conflict');
  const parts: string[] = [];
  const regions: ConflictRegion[] = [];
  // Lines of markedUp emitted so far; only worth counting when there will be regions to place.
  let outLine = 0;
  const emit = (s: string): void => {
    if (s.length === 0) return;
    parts.push(s);
    if (hasConflict) outLine += countNewlines(s);
  };
  let i = 0;
  for (const m of hunks) {
    if (m.take === 'conflict') {
      emit(sliceLines(o, i, m.i1 - i));
      const eol = needsCr(b, o, t, m) ? '\r\n' : '\n';
      const side = (text: string): string => (text.length === 0 || text.endsWith('\n') ? text : text + eol);
      const region: ConflictRegion = {
        ours: sliceLines(o, m.i1, m.chg1),
        base: sliceLines(b, m.i0, m.chg0),
        theirs: sliceLines(t, m.i2, m.chg2),
        oursLine: m.i1,
        oursLineCount: m.chg1,
        baseLine: m.i0,
        baseLineCount: m.chg0,
        theirsLine: m.i2,
        theirsLineCount: m.chg2,
        markedUpLine: outLine,
      };
      regions.push(region);
      emit(`<<<<<<< ${OURS_LABEL}${eol}`);
      emit(side(region.ours));
      emit(`||||||| ${BASE_LABEL}${eol}`);
      emit(side(region.base));
      emit(`=======${eol}`);
      emit(side(region.theirs));
      emit(`>>>>>>> ${THEIRS_LABEL}${eol}`);
    } else if (m.take === 'ours') {
      emit(sliceLines(o, i, m.i1 + m.chg1 - i));
    } else {
      emit(sliceLines(o, i, m.i1 - i));
      emit(sliceLines(t, m.i2, m.chg2));
    }
    i = m.i1 + m.chg1;
  }
  emit(sliceLines(o, i, o.n - i));
  const text = parts.join('');
  return hasConflict ? { kind: 'conflict', regions, markedUp: text } : { kind: 'clean', text };
}
