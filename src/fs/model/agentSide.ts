import { diffLines } from '../merge/diffLines';
import { internLines, sliceLines } from '../merge/internLines';
import { decodeText, encodeText } from './textContent';
import type { ContentRef, ContentStore } from './contentStore';
import type { LineChange } from '../merge/diffLines';

/**
 * The agent's side of a conflict a replay finds (issue 23, provenance seeds 911, 1608, 3694, …): the record's
 * change — what it saw (`saw`) against what it left (`top`) — carried onto what is there now (`now`), its own
 * lines winning where the two overlap. A line the record merely kept from what it saw is not the record's: where
 * `now` no longer has it (it was a message's since taken out, or the person's since removed), the agent's side
 * does not bring it back. "Accept the agent's version" then accepts only the surviving records (issue 23).
 *
 *   line of `saw`            | kept in `top` | kept in `now` | agent's side
 *   -------------------------+---------------+---------------+--------------
 *   kept by both             | yes           | yes           | kept
 *   removed by the record    | no            | any           | removed
 *   gone from `now`          | yes           | no            | removed (the record never wrote it)
 *   lines the record wrote   |               |               | kept, before `now`'s own new lines at that spot
 *   lines only `now` has     |               |               | kept, unless the record wrote lines at that spot
 *                            |               |               | (`overlap` 'both': kept after the record's there)
 *
 * `now` null (the file is gone: its creator was taken out) reads as an empty text: the agent's side is what the
 * record wrote, and null when it wrote nothing (it only edited what is gone: nothing of it survives). Binary
 * content has no lines: undefined (the caller keeps `top`).
 *
 * `overlap` says whose lines a spot where both wrote keeps. 'record' (the agent's side a conflict shows: the
 * person's lines there are the other side, shown beside it) keeps the record's. 'both' keeps the record's, then
 * `now`'s: a record carried onto `now` that nobody was shown there (an earlier record a later one at its path
 * overwrote, rewritten when the person accepts or hand-merges the view) claims it saw `now`, so it must not remove
 * a line of `now` it never saw (issue 23, provenance seed 170891: discarding the rename that overwrote it left it
 * writing over the person's line).
 */
export function agentSide(
  saw: ContentRef,
  top: ContentRef,
  now: ContentRef | null,
  store: ContentStore,
  texts?: Map<ContentRef, string | undefined>,
  overlap: 'record' | 'both' = 'record',
): ContentRef | null | undefined {
  const text = (ref: ContentRef): string | undefined => textOf(ref, store, texts);
  const b = text(saw);
  const o = text(top);
  const t = now === null ? '' : text(now);
  if (b === undefined || o === undefined || t === undefined) return undefined;
  const [base, ours, theirs] = internLines([b, o, t]);
  const fromOurs = sideOf(diffLines(base, ours), base.n);
  const fromTheirs = sideOf(diffLines(base, theirs), base.n);
  const lines: string[] = [];
  for (let g = 0; g <= base.n; g++) {
    const mine = fromOurs.inserted.get(g);
    const other = fromTheirs.inserted.get(g);
    if (mine) lines.push(...linesOf(ours, mine));
    if (other && (!mine || overlap === 'both')) lines.push(...linesOf(theirs, other));
    if (g < base.n && fromOurs.kept[g] && fromTheirs.kept[g]) lines.push(sliceLines(base, g, 1));
  }
  if (lines.length === 0 && now === null) return null;
  // A last line without its newline gets one when something follows it.
  const out = lines.map((l, i) => (i < lines.length - 1 && !l.endsWith('\n') ? `${l}\n` : l)).join('');
  const ref = store.put(encodeText(out));
  texts?.set(ref, out);
  return ref;
}

/**
 * Whether a record that changed `saw` into `top` wrote a line of its own, rather than only removing lines of what it
 * saw: with `saw` gone, such a record leaves nothing of its own (`agentSide` of no file is null). Undefined for
 * binary content, which has no lines.
 */
export function wroteOwnLines(saw: ContentRef, top: ContentRef, store: ContentStore, texts?: Map<ContentRef, string | undefined>): boolean | undefined {
  const text = (ref: ContentRef): string | undefined => textOf(ref, store, texts);
  const b = text(saw);
  const o = text(top);
  if (b === undefined || o === undefined) return undefined;
  const [base, ours] = internLines([b, o]);
  return diffLines(base, ours).some((c) => c.chg2 > 0);
}

/** One side's diff from the base: which base lines it kept, and the lines it wrote before each base line. */
function sideOf(changes: readonly LineChange[], n: number): { kept: boolean[]; inserted: Map<number, LineChange> } {
  const kept = new Array<boolean>(n).fill(true);
  const inserted = new Map<number, LineChange>();
  for (const c of changes) {
    for (let i = c.i1; i < c.i1 + c.chg1; i++) kept[i] = false;
    if (c.chg2 > 0) inserted.set(c.i1, c);
  }
  return { kept, inserted };
}

/** A content's text, read once per replay (`texts`); undefined for binary content. */
function textOf(ref: ContentRef, store: ContentStore, texts: Map<ContentRef, string | undefined> | undefined): string | undefined {
  if (texts?.has(ref)) return texts.get(ref);
  const decoded = decodeText(store.get(ref));
  texts?.set(ref, decoded);
  return decoded;
}

function linesOf(t: ReturnType<typeof internLines>[number], c: LineChange): string[] {
  const out: string[] = [];
  for (let k = c.i2; k < c.i2 + c.chg2; k++) out.push(sliceLines(t, k, 1));
  return out;
}

/**
 * The person's part of a file they accepted the agent's version of after deleting or moving it away on disk (issue
 * 23, provenance seeds 22411, 74989): the lines of the file the records started from (`was`) that the accepted
 * text (`accepted`) kept, in order — without the agent's own lines, and without a line the records removed (the
 * person accepted it gone). The person's base that the agent's records are replayed onto: deleting their messages
 * later leaves it. Undefined for binary content.
 */
export function keptLines(was: ContentRef, accepted: ContentRef, store: ContentStore): ContentRef | undefined {
  const b = decodeText(store.get(was));
  const a = decodeText(store.get(accepted));
  if (b === undefined || a === undefined) return undefined;
  const [base, ours] = internLines([b, a]);
  const { kept } = sideOf(diffLines(base, ours), base.n);
  const lines: string[] = [];
  for (let g = 0; g < base.n; g++) if (kept[g]) lines.push(sliceLines(base, g, 1));
  const out = lines.map((l, i) => (i < lines.length - 1 && !l.endsWith('\n') ? `${l}\n` : l)).join('');
  return store.put(encodeText(out));
}

/**
 * The person's part of a file gone from disk that a resolution brings back (`keptLines` of the agent's version,
 * `kept`), narrowed to what the person chose (issue 23, provenance seed 759743). A hand merge there is staged as
 * "accept the agent's version" then the person's result on top; a part keeping a line the result drops is a line
 * the person both keeps and turns down, and a prune of the records between them (the part and the result rebased
 * as one stack) drops only the turning down: Apply wrote the line. So the part keeps only what the result keeps.
 *
 *   the person chose               | the person's part
 *   -------------------------------+-----------------------------------------------------------------------
 *   the agent's version (none)     | `kept`
 *   no file (null)                 | none (the agent's records are rewritten to apply as they stand)
 *   a text keeping all of `kept`   | `kept`
 *   a text dropping some of it     | the lines of `kept` the text keeps; none if it keeps none of them
 *   binary                         | `kept` (no line to compare)
 */
export function personPart(kept: ContentRef | undefined, chosen: ContentRef | null | undefined, store: ContentStore): ContentRef | undefined {
  if (kept === undefined || chosen === undefined) return kept;
  if (chosen === null) return undefined;
  const narrowed = keptLines(kept, chosen, store);
  if (narrowed === undefined || narrowed === kept) return kept;
  return store.get(narrowed).length === 0 ? undefined : narrowed;
}
