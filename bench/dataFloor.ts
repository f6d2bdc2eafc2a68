import { performance } from 'perf_hooks';
import { contentRefOf } from '../src/fs/model/contentStore';
import type { FloorWrite } from './layoutFloor';

/**
 * The model rows' second reference (issue 28): the least work the row's data needs whatever the layout, below the
 * layout's floor (layoutFloor.ts). Per write: a sha-256 of the bytes and a store insert under it (content is named
 * by its hash, SPEC §2), a record, numbered rather than named by a uuid, in an array, and the path's list of records
 * appended in place. Per file of the pruned message: its records read by number, the three versions it merges
 * compared once, the result hashed and kept. What it leaves out against the layout's floor (a uuid and a table
 * keyed by it, a new entry and a copied list per write) is what a change of the model's layout could still save;
 * what it keeps, no implementation of SPEC's model avoids. Its time says how much of an absolute budget is left to
 * the model's rules on this machine.
 */
interface DataRecord {
  readonly operation: 'create' | 'modify';
  readonly path: string;
  readonly before: string | null;
  readonly after: string;
  readonly messageId: string;
  readonly timestamp: number;
}

interface DataEntry {
  after: string;
  records: number[];
}

/** Milliseconds to stage `writes` and take out `pruned`'s records, and how many files the take-out rebased. */
export function dataFloor(writes: readonly FloorWrite[], pruned: string): { stageMs: number; pruneMs: number; rebased: number } {
  const blobs = new Map<string, number>();
  const bytes: Uint8Array[] = [];
  const records: (DataRecord | undefined)[] = [];
  const entries = new Map<string, DataEntry>();
  const keep = (b: Uint8Array): string => {
    const ref = contentRefOf(b);
    if (!blobs.has(ref)) blobs.set(ref, bytes.push(b) - 1);
    return ref;
  };
  const t0 = performance.now();
  for (const w of writes) {
    const after = keep(w.bytes);
    const e = entries.get(w.path);
    const n = records.push({ operation: e === undefined ? 'create' : 'modify', path: w.path, before: e === undefined ? null : e.after, after, messageId: w.messageId, timestamp: Date.now() }) - 1;
    if (e === undefined) entries.set(w.path, { after, records: [n] });
    else {
      e.after = after;
      e.records.push(n);
    }
  }
  const t1 = performance.now();
  let rebased = 0;
  const version = (ref: string): Uint8Array => bytes[blobs.get(ref) as number];
  for (const e of entries.values()) {
    let out = -1;
    let top = -1;
    for (const n of e.records) {
      if ((records[n] as DataRecord).messageId === pruned) out = n;
      else top = n;
    }
    if (out < 0 || top < 0) continue;
    const o = records[out] as DataRecord;
    if (o.before === null) continue;
    const base = version(o.after);
    const ours = version((records[top] as DataRecord).after);
    if (Buffer.compare(base, ours) === 0 && Buffer.compare(base, version(o.before)) === 0) continue;
    e.after = keep(new Uint8Array(ours));
    e.records = e.records.filter((n) => n !== out);
    records[out] = undefined;
    rebased++;
  }
  return { stageMs: t1 - t0, pruneMs: performance.now() - t1, rebased };
}
