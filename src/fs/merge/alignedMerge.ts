/**
 * A fast path for the most common merge an overlay makes: the same file on both sides, each side replacing a
 * few lines in place, far apart. When every change on either side is a single line replaced at its own position,
 * at least two unchanged lines from any other change, and the replacement equals neither neighbour (so no other
 * minimal alignment of the line diff exists), the three-way merge is that line-by-line pick, and it is clean.
 * Anything else returns undefined and takes the full diff3. Rebasing the records of a prune makes thousands of
 * such merges of small files, where building the interning tables of the full merge costs more than the diff.
 */
export function alignedMerge(base: string, ours: string, theirs: string, lineCounts?: readonly number[]): string | undefined {
  // Counted before anything is split: on a large file whose sides insert or delete lines (the common case for
  // big merges) the fast path must cost next to nothing before it bails out. (`lineCounts`: counted by the caller.)
  const count = lineCounts ? lineCounts[0] : lineCount(base);
  if ((lineCounts ? lineCounts[1] : lineCount(ours)) !== count || (lineCounts ? lineCounts[2] : lineCount(theirs)) !== count) return undefined;
  const b = lines(base);
  const o = lines(ours);
  if (o.length !== b.length) return undefined;
  const t = lines(theirs);
  if (t.length !== b.length) return undefined;
  const n = b.length;
  const out: string[] = new Array(n);
  let last = -3;
  for (let i = 0; i < n; i++) {
    const co = o[i] !== b[i];
    const ct = t[i] !== b[i];
    if (!co && !ct) {
      out[i] = b[i];
      continue;
    }
    if (co && ct) return undefined;
    if (i - last < 3) return undefined;
    last = i;
    const x = co ? o : t;
    if (i > 0 && (x[i] === b[i - 1] || b[i] === x[i - 1])) return undefined;
    if (i < n - 1 && (x[i] === b[i + 1] || b[i] === x[i + 1])) return undefined;
    out[i] = x[i];
  }
  return out.join('');
}

/** Lines with their terminators (the last may have none). */
function lines(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let p = text.indexOf('\n'); p >= 0; p = text.indexOf('\n', start)) {
    out.push(text.slice(start, p + 1));
    start = p + 1;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/** How many lines `lines` would return, without building them. */
function lineCount(text: string): number {
  let n = 0;
  for (let p = text.indexOf('\n'); p >= 0; p = text.indexOf('\n', p + 1)) n++;
  return text.length > 0 && !text.endsWith('\n') ? n + 1 : n;
}
