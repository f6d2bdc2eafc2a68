/**
 * A fast path for the most common merge an overlay makes: the same file on both sides, each side replacing a
 * few lines in place, far apart. When every change on either side is a single line replaced at its own position,
 * at least two unchanged lines from any other change, and the replacement equals neither neighbour (so no other
 * minimal alignment of the line diff exists), the three-way merge is that line-by-line pick, and it is clean.
 * Anything else returns undefined and takes the full diff3. Rebasing the records of a prune makes thousands of
 * such merges of small files, where building the interning tables of the full merge costs more than the diff.
 *
 * The texts are walked together without being cut into lines: the stretch all three share is found by comparing
 * whole blocks (native string comparisons), and only the lines where a side differs are looked at one by one. On a
 * large file whose sides insert or delete lines (the common case for big merges) it gives up at the first such
 * change, having read only the text before it.
 */
export function alignedMerge(base: string, ours: string, theirs: string): string | undefined {
  const parts: string[] = [];
  // Line starts at the same line index in each text: the lines before them are equal or already decided.
  let pb = 0;
  let po = 0;
  let pt = 0;
  // Base offset where the last changed line ended (-1: none yet); a change needs two unchanged lines after it.
  let lastEnd = -1;
  for (;;) {
    const ko = commonPrefix(base, pb, ours, po);
    const kt = commonPrefix(base, pb, theirs, pt);
    const k = Math.min(ko, kt);
    const bRest = base.length - pb;
    if (k === bRest && ours.length - po === bRest && theirs.length - pt === bRest) break;
    // The first line where a side differs starts at the last line start at or before the first differing unit.
    const ls = k === 0 ? pb : base.lastIndexOf('\n', pb + k - 1) + 1;
    const skip = ls - pb;
    const os = po + skip;
    const ts = pt + skip;
    // A text with no line here while another has one: the line counts differ.
    if (ls === base.length || os === ours.length || ts === theirs.length) return undefined;
    const be = lineEnd(base, ls);
    const oe = lineEnd(ours, os);
    const te = lineEnd(theirs, ts);
    const co = !sameRange(base, ls, be, ours, os, oe);
    const ct = !sameRange(base, ls, be, theirs, ts, te);
    if (co === ct) return undefined; // changed on both sides (neither cannot happen: a unit differs on this line)
    if (lastEnd >= 0 && !twoLinesBetween(base, lastEnd, ls)) return undefined;
    const x = co ? ours : theirs;
    const xs = co ? os : ts;
    const xe = co ? oe : te;
    if (ls > 0) {
      // The lines before are unchanged on both sides, so the side's previous line is the base's.
      const ps = ls === 1 ? 0 : base.lastIndexOf('\n', ls - 2) + 1;
      if (sameRange(x, xs, xe, base, ps, ls) || sameRange(base, ls, be, base, ps, ls)) return undefined;
    }
    if (be < base.length) {
      // The base's next line; were the side's next line different, it would be a change too close to this one.
      const ne = lineEnd(base, be);
      if (sameRange(x, xs, xe, base, be, ne) || sameRange(base, ls, be, base, be, ne)) return undefined;
    }
    if (ls > pb) parts.push(base.slice(pb, ls));
    parts.push(x.slice(xs, xe));
    lastEnd = be;
    pb = be;
    po = oe;
    pt = te;
  }
  if (parts.length === 0) return base;
  if (pb < base.length) parts.push(base.slice(pb));
  return parts.join('');
}

/** End of the line starting at `start` (after its `\n`, or the end of the text). */
function lineEnd(text: string, start: number): number {
  const nl = text.indexOf('\n', start);
  return nl < 0 ? text.length : nl + 1;
}

/** Do `a[as, ae)` and `b[bs, be)` hold the same units? */
function sameRange(a: string, as: number, ae: number, b: string, bs: number, be: number): boolean {
  const len = ae - as;
  if (len !== be - bs) return false;
  let k = 0;
  while (k < len && a.charCodeAt(as + k) === b.charCodeAt(bs + k)) k++;
  return k === len;
}

/** Are there at least two line ends in `base[from, to)`? */
function twoLinesBetween(base: string, from: number, to: number): boolean {
  const first = base.indexOf('\n', from);
  if (first < 0 || first >= to) return false;
  const second = base.indexOf('\n', first + 1);
  return second >= 0 && second < to;
}

/** Below this many units a block is compared unit by unit; above, as one native string comparison. */
const LINEAR_BELOW = 32;

/**
 * Length of the common prefix of `a[pa..]` and `b[pb..]`: blocks that double while they match and halve when one
 * does not, so a long shared stretch costs a few native comparisons and the first difference is found exactly.
 */
function commonPrefix(a: string, pa: number, b: string, pb: number): number {
  const max = Math.min(a.length - pa, b.length - pb);
  let done = 0;
  let block = 256;
  while (done < max) {
    const len = Math.min(block, max - done);
    if (len < LINEAR_BELOW) {
      while (done < max && a.charCodeAt(pa + done) === b.charCodeAt(pb + done)) done++;
      return done;
    }
    if (a.slice(pa + done, pa + done + len) === b.slice(pb + done, pb + done + len)) {
      done += len;
      block = 2 * len;
    } else {
      block = len >> 1;
    }
  }
  return done;
}
