/**
 * A text cut into lines the way git's xdiff cuts it (each line keeps its `\n`, a `\r` stays part of the line,
 * a last line without `\n` is a line of its own), with every distinct line given one small integer id shared
 * by all the texts interned together, so the diff compares integers instead of strings.
 *
 * Lines are kept as offsets into the text, never as separate strings: at 100k lines per file, creating and
 * hashing 300k strings through a `Map` costs more than the whole diff (SPEC §8 budgets the merge against git).
 */
export interface InternedText {
  readonly text: string;
  /** Number of lines. */
  readonly n: number;
  /** `n + 1` offsets: line k is `text.slice(starts[k], starts[k + 1])`. */
  readonly starts: Int32Array;
  /** `ids[k]` is the id of line k; equal ids ⇔ equal lines. */
  readonly ids: Int32Array;
  /** `counts[id]` = how many times the line with that id occurs in this text (xdiff's discard rule needs it). */
  readonly counts: Int32Array;
}

/** `text.slice` of lines `[from, from + count)`. */
export function sliceLines(t: InternedText, from: number, count: number): string {
  return count <= 0 ? '' : t.text.slice(t.starts[from], t.starts[from + count]);
}

/** `arr` with room for at least `need` entries (doubled, so appending stays linear). */
function withRoom(arr: Int32Array<ArrayBuffer>, need: number): Int32Array<ArrayBuffer> {
  if (need <= arr.length) return arr;
  const bigger = new Int32Array(Math.max(need, 2 * arr.length));
  bigger.set(arr);
  return bigger;
}

/*
 * The line hash: murmur3's block mixing over one byte per UTF-16 unit (its low byte), four to a block, seeded with
 * the line's length; units above 0xff also feed a second hash folded in at the end. Two ways to compute it that
 * agree on every line: over the bytes of a text that is all ASCII (its UTF-8 encoding has one byte per unit, read
 * four at a time), and over the units of any text. A hash only picks a slot: equal ids are decided by comparing
 * every unit, so a lossy hash costs at worst a longer probe, never a wrong id.
 */

function mixBlock(h: number, block: number): number {
  let k = Math.imul(block, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h ^= Math.imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** The hash of `text[start, end)` from the units. */
function hashUnits(text: string, start: number, end: number): number {
  let h = end - start;
  let high = 0;
  let i = start;
  for (; i + 3 < end; i += 4) {
    const c0 = text.charCodeAt(i);
    const c1 = text.charCodeAt(i + 1);
    const c2 = text.charCodeAt(i + 2);
    const c3 = text.charCodeAt(i + 3);
    if ((c0 | c1 | c2 | c3) > 0xff) high = Math.imul(high ^ (c0 >>> 8) ^ ((c1 >>> 8) << 8) ^ ((c2 >>> 8) << 16) ^ ((c3 >>> 8) << 24), 0x01000193);
    h = mixBlock(h, (c0 & 0xff) | ((c1 & 0xff) << 8) | ((c2 & 0xff) << 16) | ((c3 & 0xff) << 24));
  }
  if (i < end) {
    let block = 0;
    for (let shift = 0; i < end; i++, shift += 8) {
      const c = text.charCodeAt(i);
      if (c > 0xff) high = Math.imul(high ^ c, 0x01000193);
      block |= (c & 0xff) << shift;
    }
    h = mixBlock(h, block);
  }
  return h ^ high;
}

/** The same hash from the bytes of an all-ASCII text (byte k is unit k). */
function hashBytes(bytes: DataView, start: number, end: number): number {
  let h = end - start;
  let i = start;
  for (; i + 3 < end; i += 4) h = mixBlock(h, bytes.getInt32(i, true));
  if (i < end) {
    let block = 0;
    for (let shift = 0; i < end; i++, shift += 8) block |= bytes.getUint8(i) << shift;
    h = mixBlock(h, block);
  }
  return h;
}

/** Below this length a text is hashed from its units: encoding it would cost more than it saves. */
const BYTES_FROM = 4096;

/** The text's bytes when it is all ASCII (one byte per unit) and long enough to be worth encoding. */
function asciiBytes(text: string): DataView | undefined {
  if (text.length < BYTES_FROM) return undefined;
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length === text.length ? new DataView(bytes.buffer, bytes.byteOffset, bytes.length) : undefined;
}

/** Do `a[aStart, aStart + len)` and `b[bStart, bStart + len)` hold the same UTF-16 units? */
function sameRange(a: string, aStart: number, b: string, bStart: number, len: number): boolean {
  let k = 0;
  while (k < len && a.charCodeAt(aStart + k) === b.charCodeAt(bStart + k)) k++;
  return k === len;
}

/**
 * Open-addressing table from line content to id. A slot holds the hash next to the id, so a probe costs one
 * cache miss; it grows at half load, so it stays as small (and as cache-friendly) as the distinct lines allow.
 * Each id remembers where it first occurred (text, offset, length) for the exact comparison; all numbers,
 * no per-line strings.
 */
class LineTable {
  /** Pairs (hash, id + 1); id + 1 = 0 marks an empty slot. */
  private slots: Int32Array;
  private mask: number;
  private where: Int32Array;
  private count = 0;

  /** `bytes[f]`: the bytes of `texts[f]` when hashed from them (see asciiBytes). */
  constructor(private readonly texts: readonly string[], expected: number, private readonly bytes: readonly (DataView | undefined)[]) {
    let cap = 64;
    while (cap < 2 * expected) cap *= 2;
    this.slots = new Int32Array(2 * cap);
    this.mask = cap - 1;
    this.where = new Int32Array(3 * (cap >> 1));
  }

  get size(): number {
    return this.count;
  }

  private static slotOf(h: number, mask: number): number {
    // A finaliser spreads the hash's bits before the low ones pick a slot.
    let m = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    m = Math.imul(m ^ (m >>> 13), 0xc2b2ae35);
    return (m ^ (m >>> 16)) & mask;
  }

  private grow(): void {
    const old = this.slots;
    const cap = 2 * (this.mask + 1);
    const slots = new Int32Array(2 * cap);
    const mask = cap - 1;
    for (let j = 0; j < old.length; j += 2) {
      if (old[j + 1] === 0) continue;
      let i = LineTable.slotOf(old[j], mask);
      while (slots[2 * i + 1] !== 0) i = (i + 1) & mask;
      slots[2 * i] = old[j];
      slots[2 * i + 1] = old[j + 1];
    }
    const where = new Int32Array(3 * (cap >> 1));
    where.set(this.where);
    this.slots = slots;
    this.mask = mask;
    this.where = where;
  }

  /** Id of the line `texts[f][start, end)`, adding it when new. */
  intern(f: number, start: number, end: number): number {
    const text = this.texts[f];
    const bytes = this.bytes[f];
    const h = bytes ? hashBytes(bytes, start, end) : hashUnits(text, start, end);
    const { slots, mask, where } = this;
    const len = end - start;
    let i = LineTable.slotOf(h, mask);
    for (let slot = slots[2 * i + 1]; slot !== 0; slot = slots[2 * i + 1]) {
      const id = slot - 1;
      // Equal hash and length, then every unit compared: ids are exact, never "probably equal".
      if (slots[2 * i] === h && where[3 * id + 2] === len && sameRange(text, start, this.texts[where[3 * id]], where[3 * id + 1], len)) return id;
      i = (i + 1) & mask;
    }
    const id = this.count++;
    where[3 * id] = f;
    where[3 * id + 1] = start;
    where[3 * id + 2] = len;
    slots[2 * i] = h;
    slots[2 * i + 1] = id + 1;
    if (2 * this.count > mask) this.grow();
    return id;
  }
}

/**
 * Cuts the reference text into lines and interns every one. The lines are not counted beforehand (a pass of its
 * own over the text): the arrays start at a guess and grow.
 */
function scanReference(text: string, table: LineTable): { n: number; starts: Int32Array; ids: Int32Array } {
  const len = text.length;
  let cap = (len >> 5) + 16;
  let starts = new Int32Array(cap + 1);
  let ids = new Int32Array(cap);
  let start = 0;
  let k = 0;
  while (start < len) {
    if (k === cap) {
      cap *= 2;
      starts = withRoom(starts, cap + 1);
      ids = withRoom(ids, cap);
    }
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? len : nl + 1;
    starts[k] = start;
    ids[k++] = table.intern(0, start, end);
    start = end;
  }
  starts[k] = len;
  return { n: k, starts: starts.subarray(0, k + 1), ids: ids.subarray(0, k) };
}

interface Reference {
  readonly text: string;
  readonly n: number;
  readonly starts: Int32Array;
  readonly ids: Int32Array;
  /** firstAt[id] = the reference line holding id when it occurs there exactly once, else -1. */
  readonly firstAt: Int32Array;
}

/** Does `text` at `start` hold reference lines `[p, p + count)` exactly (ends included)? */
function holdsReferenceLines(text: string, start: number, ref: Reference, p: number, count: number): boolean {
  const from = ref.starts[p];
  const to = ref.starts[p + count];
  const end = start + (to - from);
  if (end > text.length) return false;
  // The reference's last line may lack `\n`: then it only matches a line that also ends its text.
  if (p + count === ref.n && to > from && ref.text.charCodeAt(to - 1) !== 10 && end !== text.length) return false;
  return text.slice(start, end) === ref.text.slice(from, to);
}

const MAX_BLOCK = 1024;

/**
 * Cuts a text derived from the reference into lines and interns them. Most of its lines are the reference's,
 * in the same order, so whole blocks of the reference lines that follow the last match are compared at once
 * (one native string comparison, no hashing, no table probe); the block doubles while blocks match and halves
 * when one does not, down to single lines, and a line that matches no block goes to the table. A block's ids
 * are as exact as looked-up ones: the comparison covers every character and every line end.
 */
function scanDerived(f: number, text: string, table: LineTable, ref: Reference): { n: number; starts: Int32Array; ids: Int32Array } {
  // Most lines are the reference's: as many lines as it has is the guess the arrays start at.
  let cap = ref.n + 16;
  let starts = new Int32Array(cap + 1);
  let ids = new Int32Array(cap);
  const len = text.length;
  let p = 0;
  let start = 0;
  let block = 16;
  let k = 0;
  while (start < len) {
    const count = Math.min(block, ref.n - p);
    if (k + count > cap) {
      cap = Math.max(2 * cap, k + count);
      starts = withRoom(starts, cap + 1);
      ids = withRoom(ids, cap);
    }
    if (count > 0 && holdsReferenceLines(text, start, ref, p, count)) {
      const shift = start - ref.starts[p];
      for (let j = 0; j < count; j++) {
        starts[k + j] = ref.starts[p + j] + shift;
        ids[k + j] = ref.ids[p + j];
      }
      k += count;
      p += count;
      start = ref.starts[p] + shift;
      if (block < MAX_BLOCK) block *= 2;
      continue;
    }
    if (count > 1) {
      block = count >> 1;
      continue;
    }
    if (k === cap) {
      cap *= 2;
      starts = withRoom(starts, cap + 1);
      ids = withRoom(ids, cap);
    }
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? len : nl + 1;
    const id = table.intern(f, start, end);
    starts[k] = start;
    ids[k++] = id;
    // Re-synchronise on a line the reference has exactly once; a repeated line would be a poor anchor.
    const at = id < ref.firstAt.length ? ref.firstAt[id] : -1;
    if (at >= 0) p = at + 1;
    start = end;
    block = 1;
  }
  starts[k] = len;
  return { n: k, starts: starts.subarray(0, k + 1), ids: ids.subarray(0, k) };
}

function countIds(ids: Int32Array, classCount: number): Int32Array {
  const counts = new Int32Array(classCount);
  for (let i = 0; i < ids.length; i++) counts[ids[i]]++;
  return counts;
}

/** Interns `texts[0]` (the reference: the merge base) and then the others, which are expected to be edits of it. Ids are shared by all the texts. */
export function internLines(texts: readonly string[]): InternedText[] {
  // A guess at the distinct lines (the table grows past it): one per 32 units of the reference.
  // Only the reference is hashed whole; the others mostly match it block by block and hash few lines.
  const table = new LineTable(texts, (texts[0].length >> 5) + 16, [asciiBytes(texts[0])]);
  const first = scanReference(texts[0], table);
  const firstAt = new Int32Array(table.size).fill(-1);
  const refCounts = countIds(first.ids, table.size);
  for (let k = 0; k < first.n; k++) if (refCounts[first.ids[k]] === 1) firstAt[first.ids[k]] = k;
  const ref: Reference = { ...first, text: texts[0], firstAt };
  const scanned = [first, ...texts.slice(1).map((text, f) => scanDerived(f + 1, text, table, ref))];
  // The other texts' new lines took ids past the reference's counts: those occur 0 times in it.
  const baseCounts = new Int32Array(table.size);
  baseCounts.set(refCounts);
  return scanned.map(({ n, starts, ids }, f) => ({ text: texts[f], n, starts, ids, counts: f === 0 ? baseCounts : countIds(ids, table.size) }));
}
