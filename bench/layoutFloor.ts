import { performance } from 'perf_hooks';
import { contentRefOf } from '../src/fs/model/contentStore';
import { newRecordId } from '../src/fs/model/recordId';

/**
 * The model rows' reference (issue 28): the least work any implementation of the model's data layout does for
 * the same input, measured in the same run, so a row that misses its absolute budget says whether the code or the
 * machine is slow. The layout is SPEC's: every staged version is named by its sha-256 and kept by that name, every
 * write is a record with a uuid found by its id, and every path has an entry listing its records. So a write costs
 * at least a hash, a store insert, a record, an id insert and a new entry; a prune of one message costs, per file,
 * finding its records, reading the three versions it merges (here one native compare each, cheaper than any merge),
 * naming and keeping the result, and a new entry. None of the model's rules, checks, drafts or events run here.
 */
export interface FloorWrite {
  readonly path: string;
  readonly bytes: Uint8Array;
  readonly messageId: string;
}

interface FloorRecord {
  readonly id: string;
  readonly operation: 'create' | 'modify';
  readonly path: string;
  readonly before: string | null;
  readonly after: string;
  readonly sessionId: string;
  readonly messageId: string;
  readonly turn: number;
  readonly timestamp: number;
  readonly description: string;
}

interface FloorEntry {
  readonly path: string;
  readonly state: { readonly kind: 'created' | 'modified'; readonly base: string | null; readonly after: string };
  readonly recordIds: readonly string[];
}

/**
 * Milliseconds to stage `writes` and to take out `pruned`'s records, in the layout's least work, and how many files'
 * later records the take-out rebased (the caller checks it did the row's work, not less).
 */
export function layoutFloor(writes: readonly FloorWrite[], pruned: string): { stageMs: number; pruneMs: number; rebased: number } {
  const blobs = new Map<string, Uint8Array>();
  const records = new Map<string, FloorRecord>();
  const entries = new Map<string, FloorEntry>();
  const t0 = performance.now();
  for (const w of writes) {
    const ref = contentRefOf(w.bytes);
    if (!blobs.has(ref)) blobs.set(ref, w.bytes);
    const e = entries.get(w.path);
    const before = e === undefined ? null : e.state.after;
    const r: FloorRecord = { id: newRecordId(), operation: before === null ? 'create' : 'modify', path: w.path, before, after: ref, sessionId: 's1', messageId: w.messageId, turn: 1, timestamp: Date.now(), description: 'edit' };
    records.set(r.id, r);
    entries.set(w.path, { path: w.path, state: { kind: before === null ? 'created' : 'modified', base: e === undefined ? null : e.state.base, after: ref }, recordIds: e === undefined ? [r.id] : [...e.recordIds, r.id] });
  }
  const t1 = performance.now();
  let rebased = 0;
  for (const e of [...entries.values()]) {
    const kept: string[] = [];
    let out: FloorRecord | undefined;
    let top: FloorRecord | undefined;
    for (const id of e.recordIds) {
      const r = records.get(id) as FloorRecord;
      if (r.messageId === pruned) out = r;
      else {
        kept.push(id);
        top = r;
      }
    }
    if (out === undefined || top === undefined || out.before === null) continue;
    const base = blobs.get(out.after) as Uint8Array;
    const ours = blobs.get(top.after) as Uint8Array;
    const theirs = blobs.get(out.before) as Uint8Array;
    // Reading the three versions once: the least a merge of them does (a native compare, then the result copied).
    if (Buffer.compare(base, ours) === 0 && Buffer.compare(base, theirs) === 0) continue;
    const merged = new Uint8Array(ours);
    const ref = contentRefOf(merged);
    if (!blobs.has(ref)) blobs.set(ref, merged);
    records.delete(out.id);
    entries.set(e.path, { path: e.path, state: { kind: 'modified', base: e.state.base, after: ref }, recordIds: kept });
    rebased++;
  }
  return { stageMs: t1 - t0, pruneMs: performance.now() - t1, rebased };
}
