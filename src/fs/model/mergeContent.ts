import { threeWayMerge } from '../merge/threeWayMerge';
import { alignedMergeBytes } from '../merge/alignedMergeBytes';
import { isText } from './textContent';
import { putText, textOf, viewOf } from './contentStore';
import type { MergeResult } from '../merge/threeWayMerge';
import type { ContentRef, ContentStore } from './contentStore';

/** The three-way text merge the model uses; injectable so tests can count calls or fake a conflict. */
export type TextMerge = (base: string, ours: string, theirs: string) => MergeResult;

export type ContentMerge =
  /** theirs = base: the other side did nothing. */
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'merged'; readonly result: ContentRef | null }
  | { readonly kind: 'conflict'; readonly reason: ConflictReason; readonly binary: boolean };

/**
 * Why a merge of whole-file states failed. `bothCreated`: absent in the base, different on each side;
 * `theirsDeleted` / `oursDeleted`: one side deleted what the other changed; `text`: overlapping edits (or a
 * binary side, which is never text-merged).
 */
export type ConflictReason = 'bothCreated' | 'theirsDeleted' | 'oursDeleted' | 'text';

/**
 * Three-way merge of file states (a ref, or null for "absent"): the trivial cases by ref equality, then a
 * line merge of the decoded text. Binary content (NUL or invalid UTF-8) never reaches the text merge.
 */
export function mergeContent(
  base: ContentRef | null,
  ours: ContentRef | null,
  theirs: ContentRef | null,
  store: ContentStore,
  merge: TextMerge = threeWayMerge,
  /** Decoded texts by ref, shared by the merges of one replay (one record's after is the next one's before). */
  texts?: Map<ContentRef, string | undefined>,
): ContentMerge {
  if (theirs === base) return { kind: 'unchanged' };
  if (ours === base || ours === theirs) return { kind: 'merged', result: theirs };
  if (base === null) return { kind: 'conflict', reason: 'bothCreated', binary: false };
  if (theirs === null) return { kind: 'conflict', reason: 'theirsDeleted', binary: false };
  if (ours === null) return { kind: 'conflict', reason: 'oursDeleted', binary: false };
  if (merge === threeWayMerge) {
    const merged = mergeBytes(base, ours, theirs, store);
    if (merged !== undefined) return merged;
  }
  const text = (ref: ContentRef): string | undefined => {
    if (texts?.has(ref)) return texts.get(ref);
    const decoded = textOf(store, ref);
    texts?.set(ref, decoded);
    return decoded;
  };
  const b = text(base);
  const o = text(ours);
  const t = text(theirs);
  if (b === undefined || o === undefined || t === undefined) return { kind: 'conflict', reason: 'text', binary: true };
  const m = merge(b, o, t);
  if (m.kind === 'conflict') return { kind: 'conflict', reason: 'text', binary: false };
  const result = putText(store, m.text);
  texts?.set(result, m.text);
  return { kind: 'merged', result };
}

/**
 * The merge `threeWayMerge` makes first (`alignedMerge`: each side replaces lines in place, far apart), made on the
 * stored bytes (`alignedMergeBytes`): no text decoded, joined or encoded (issue 28: a prune rebases a file's later
 * records with one such merge, ten thousand at a time). A binary side is the conflict the text path finds.
 * Undefined when that fast merge does not apply: the text path then merges as before.
 */
function mergeBytes(base: ContentRef, ours: ContentRef, theirs: ContentRef, store: ContentStore): ContentMerge | undefined {
  const b = viewOf(store, base);
  const o = viewOf(store, ours);
  const t = viewOf(store, theirs);
  if (!isText(b) || !isText(o) || !isText(t)) return { kind: 'conflict', reason: 'text', binary: true };
  const need = b.length + o.length + t.length;
  // A large file's merge gets a buffer of its own, not kept after it.
  let out = scratch;
  if (need > SCRATCH_MAX) out = new Uint8Array(need);
  else if (scratch.length < need) out = scratch = new Uint8Array(Math.min(SCRATCH_MAX, Math.max(need, 2 * scratch.length)));
  const n = alignedMergeBytes(b, o, t, out);
  // put copies the bytes in, so the buffer is free again once it returns.
  return n < 0 ? undefined : { kind: 'merged', result: store.put(out.subarray(0, n)) };
}

/** Where `mergeBytes` assembles a result: one buffer, not one per merge, grown as needed up to `SCRATCH_MAX`. */
let scratch = new Uint8Array(4096);
const SCRATCH_MAX = 1 << 20;
