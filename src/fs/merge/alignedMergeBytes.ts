/**
 * `alignedMerge` (alignedMerge.ts) on the UTF-8 bytes of the three texts instead of their strings: the same walk,
 * the same rules, the same result, for the merges a prune makes by the thousand (issue 28: decoding the three
 * contents into strings, joining the result and encoding it again cost a prune's rebase more than the merge).
 *
 * It gives what the string version gives because, for valid UTF-8 (the caller checks), two byte ranges are equal
 * exactly when their decoded strings are, and a line ends at the byte 0x0A exactly where the text has `\n` (no
 * other character's encoding holds that byte). `test/unit/merge/alignedMergeBytes.test.ts` compares the two.
 *
 * Writes the merged bytes into `out` (at least the three lengths together) and returns their length, or -1 where
 * `alignedMerge` answers undefined (the full diff3 decides).
 */
export function alignedMergeBytes(base: Uint8Array, ours: Uint8Array, theirs: Uint8Array, out: Uint8Array): number {
  const b = wordsOf(base);
  const o = wordsOf(ours);
  const t = wordsOf(theirs);
  const w = wordsOf(out);
  let n = 0;
  let pb = 0;
  let po = 0;
  let pt = 0;
  let lastEnd = -1;
  // Where each side's first difference from the base lies (a base offset; -1: to be found). The side a step does
  // not take keeps its alignment with the base, so its difference is where it was: found again, a side changed
  // once near the top was compared to the end of the file at every later change (quadratic in the changes).
  let endO = -1;
  let endT = -1;
  for (;;) {
    const ko = endO >= pb ? endO - pb : commonPrefix(base, b, pb, ours, o, po);
    const kt = endT >= pb ? endT - pb : commonPrefix(base, b, pb, theirs, t, pt);
    endO = pb + ko;
    endT = pb + kt;
    const k = Math.min(ko, kt);
    const bRest = base.length - pb;
    if (k === bRest && ours.length - po === bRest && theirs.length - pt === bRest) break;
    const ls = k === 0 ? pb : lastNewline(base, pb + k - 1) + 1;
    const skip = ls - pb;
    const os = po + skip;
    const ts = pt + skip;
    if (ls === base.length || os === ours.length || ts === theirs.length) return -1;
    const be = lineEnd(base, ls);
    const oe = lineEnd(ours, os);
    const te = lineEnd(theirs, ts);
    const co = !sameRange(base, ls, be, ours, os, oe);
    const ct = !sameRange(base, ls, be, theirs, ts, te);
    if (co === ct) return -1;
    if (lastEnd >= 0 && !twoLinesBetween(base, lastEnd, ls)) return -1;
    const x = co ? ours : theirs;
    const xs = co ? os : ts;
    const xe = co ? oe : te;
    if (ls > 0) {
      const ps = ls === 1 ? 0 : lastNewline(base, ls - 2) + 1;
      if (sameRange(x, xs, xe, base, ps, ls) || sameRange(base, ls, be, base, ps, ls)) return -1;
    }
    if (be < base.length) {
      const ne = lineEnd(base, be);
      if (sameRange(x, xs, xe, base, be, ne) || sameRange(base, ls, be, base, be, ne)) return -1;
    }
    n = copy(base, b, pb, ls, out, w, n);
    n = copy(x, co ? o : t, xs, xe, out, w, n);
    if (co) endO = -1;
    else endT = -1;
    lastEnd = be;
    pb = be;
    po = oe;
    pt = te;
  }
  return copy(base, b, pb, base.length, out, w, n);
}

const NL = 0x0a;

/*
 * The helpers below loop over the bytes rather than call the typed arrays' `indexOf`, `lastIndexOf`, `subarray` and
 * `set`: lines are tens of bytes, where a builtin's call (and a view object per `subarray`) costs more than the loop.
 */

/** Index of the last `\n` at or before `from`; -1 for none (as `String.lastIndexOf` from a valid index). */
function lastNewline(text: Uint8Array, from: number): number {
  let i = from;
  while (i >= 0 && text[i] !== NL) i--;
  return i;
}

/** Index of the first `\n` at or after `from`; -1 for none. */
function nextNewline(text: Uint8Array, from: number): number {
  for (let i = from; i < text.length; i++) if (text[i] === NL) return i;
  return -1;
}

/** End of the line starting at `start` (after its `\n`, or the end of the text). */
function lineEnd(text: Uint8Array, start: number): number {
  const nl = nextNewline(text, start);
  return nl < 0 ? text.length : nl + 1;
}

/** Copies `from[start, end)` to `out` at `at`; returns the index after it (`wfrom`, `wout`: their `wordsOf`). */
function copy(from: Uint8Array, wfrom: DataView, start: number, end: number, out: Uint8Array, wout: DataView, at: number): number {
  if (end - start > COPY_NATIVE_FROM) {
    out.set(from.subarray(start, end), at);
    return at + end - start;
  }
  let o = at;
  let i = start;
  for (const words = end - 4; i <= words; i += 4, o += 4) wout.setInt32(o, wfrom.getInt32(i));
  for (; i < end; i++) out[o++] = from[i];
  return o;
}

/** Above this many bytes a copy is one native `set` (a view and a call) rather than a loop. */
const COPY_NATIVE_FROM = 256;

function sameRange(a: Uint8Array, as: number, ae: number, b: Uint8Array, bs: number, be: number): boolean {
  const len = ae - as;
  if (len !== be - bs) return false;
  for (let k = 0; k < len; k++) if (a[as + k] !== b[bs + k]) return false;
  return true;
}

function twoLinesBetween(base: Uint8Array, from: number, to: number): boolean {
  let seen = 0;
  for (let i = from; i < to; i++) if (base[i] === NL && ++seen === 2) return true;
  return false;
}

/**
 * A view of the same bytes that reads four at a time, at any offset. The stretch the three texts share is most of
 * what a merge reads (a prune's rebase compares about twice the file), and a byte loop over it cost as much as the
 * rest of the merge: compared eight bytes a step, it costs a quarter (issue 28).
 */
function wordsOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Length of the common prefix of `a[pa..]` and `b[pb..]` (`wa`, `wb`: their `wordsOf`). */
function commonPrefix(a: Uint8Array, wa: DataView, pa: number, b: Uint8Array, wb: DataView, pb: number): number {
  const max = Math.min(a.length - pa, b.length - pb);
  let k = 0;
  // Equal words are equal bytes whatever the byte order; the first unequal word's bytes are then compared one by one.
  const words = max - 8;
  while (k <= words && wa.getInt32(pa + k) === wb.getInt32(pb + k) && wa.getInt32(pa + k + 4) === wb.getInt32(pb + k + 4)) k += 8;
  while (k < max && a[pa + k] === b[pb + k]) k++;
  return k;
}
