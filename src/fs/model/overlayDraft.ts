import { isFolderOperation } from './changeRecord';
import type { ChangeRecord } from './changeRecord';
import type { PathEntry } from './pathEntry';

/**
 * What the accumulator's rules read and write. Every op is first run against a copy-on-write `DraftState` and
 * then committed, so an op that throws halfway leaves the model untouched, and the planners (prune, discard)
 * can run the same rules to compute an op's outcome without changing anything.
 */
export interface OverlayDraft {
  entry(path: string): PathEntry | undefined;
  setEntry(entry: PathEntry): void;
  deleteEntry(path: string): void;
  record(id: string): ChangeRecord | undefined;
  /** Staging order of a record (larger = later). */
  order(id: string): number;
  removeRecord(id: string): void;
  /** Replaces a record's content fields (a rebase); its staging order stays. */
  rewriteRecord(record: ChangeRecord): void;
}

/** Read access a draft needs from the state it copies. */
export interface OverlayView {
  entry(path: string): PathEntry | undefined;
  record(id: string): ChangeRecord | undefined;
  order(id: string): number;
  /** The folder records (mkdir, rmdir) at a path, oldest first. */
  folderRecordIds(path: string): readonly string[];
  /**
   * A staging order just before record `id`'s and after every other record's before it, for a record placed there
   * (a person's base under the agent's records, issue 23). Views without one place it half a step before.
   */
  orderBefore?(id: string): number;
}

/**
 * Above any committed record's order (those count up from 0). An integer: `MAX_SAFE_INTEGER / 2` ends in .5 and lies
 * just below 2^52, where doubles step by 1, so the orders of the second and third records an op added rounded to the
 * same number and a replay could take them out of staging order (issue 23, class c: an Undo restaged an overwriting
 * rename before the destination's delete that preceded it).
 */
const ADDED_ORDER = Math.floor(Number.MAX_SAFE_INTEGER / 2);

const NO_IDS: ReadonlySet<string> = new Set();
const NO_RECORDS: ReadonlyMap<string, ChangeRecord> = new Map();
const NO_ORDERS: ReadonlyMap<string, number> = new Map();

/**
 * Copy-on-write draft over a state: collects changed entries, added and removed records. Every op runs on one, so
 * the collections an op does not use (a staged write removes and rewrites no record) are made only when first
 * written: less for the garbage collector at a hundred thousand writes (issue 28).
 */
export class DraftState implements OverlayDraft {
  /** path → new entry, or null when deleted. */
  readonly changed = new Map<string, PathEntry | null>();
  readonly addedRecords: ChangeRecord[] = [];
  /** The added records that are folder operations (mkdir, rmdir), made on the first. */
  private addedFolderRecords?: ChangeRecord[];
  private removed: Set<string> | undefined;
  private rewritten: Map<string, ChangeRecord> | undefined;
  private addedById: Map<string, { record: ChangeRecord; order: number }> | undefined;
  private placed: Map<string, number> | undefined;

  constructor(private readonly base: OverlayView) {}

  get removedRecords(): ReadonlySet<string> {
    return this.removed ?? NO_IDS;
  }
  get rewrittenRecords(): ReadonlyMap<string, ChangeRecord> {
    return this.rewritten ?? NO_RECORDS;
  }

  entry(path: string): PathEntry | undefined {
    const c = this.changed.get(path);
    if (c === null) return undefined;
    return c ?? this.base.entry(path);
  }
  setEntry(entry: PathEntry): void {
    this.changed.set(entry.path, entry);
  }
  deleteEntry(path: string): void {
    this.changed.set(path, null);
  }
  record(id: string): ChangeRecord | undefined {
    if (this.removed?.has(id)) return undefined;
    return this.rewritten?.get(id) ?? this.addedById?.get(id)?.record ?? this.base.record(id);
  }
  order(id: string): number {
    return this.addedById?.get(id)?.order ?? this.base.order(id);
  }
  folderRecordIds(path: string): readonly string[] {
    // Asked once per applied path by `markApplied`: scanning every added record each time made a 1,000-file Apply
    // quadratic (~70 ms, issue 28), so only the added folder records are looked at.
    const added = this.addedFolderRecords?.filter((r) => r.path === path).map((r) => r.id) ?? [];
    const base = this.base.folderRecordIds(path);
    if (added.length === 0 && this.removed === undefined) return base;
    return [...base, ...added].filter((id) => !this.removed?.has(id));
  }
  /** Added records placed before an earlier record (`addRecord`'s `before`), with their staging orders. */
  get placedOrders(): ReadonlyMap<string, number> {
    return this.placed ?? NO_ORDERS;
  }
  /**
   * A record staged by this op: it orders after every committed one, or, with `before`, just before that record
   * (a person's base the agent's records there replay onto, issue 23: a prune of theirs then leaves it).
   */
  addRecord(record: ChangeRecord, before?: string): void {
    this.addedRecords.push(record);
    if (isFolderOperation(record.operation)) (this.addedFolderRecords ??= []).push(record);
    let order = ADDED_ORDER + this.addedRecords.length;
    if (before !== undefined) {
      const added = this.addedById?.get(before);
      order = added ? added.order - 0.5 : (this.base.orderBefore?.(before) ?? this.base.order(before) - 0.5);
      (this.placed ??= new Map()).set(record.id, order);
    }
    (this.addedById ??= new Map()).set(record.id, { record, order });
  }
  orderBefore(id: string): number {
    const added = this.addedById?.get(id);
    return added ? added.order - 0.5 : (this.base.orderBefore?.(id) ?? this.base.order(id) - 0.5);
  }
  removeRecord(id: string): void {
    (this.removed ??= new Set()).add(id);
  }
  rewriteRecord(record: ChangeRecord): void {
    (this.rewritten ??= new Map()).set(record.id, record);
  }
}
