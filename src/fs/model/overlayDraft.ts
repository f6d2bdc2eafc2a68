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
  /**
   * Optional: `record(id)`, with `order(id)` written to `orders[at]`, from one lookup of the id (a replay asks
   * both of every record; issue 28). Use `recordInOrder`, which falls back to asking twice.
   */
  recordWithOrder?(id: string, orders: number[], at: number): ChangeRecord | undefined;
}

/** `view.record(id)`, with its staging order written to `orders[at]` (`OverlayView.recordWithOrder`). */
export function recordInOrder(view: OverlayView, id: string, orders: number[], at: number): ChangeRecord | undefined {
  if (view.recordWithOrder) return view.recordWithOrder(id, orders, at);
  orders[at] = view.order(id);
  return view.record(id);
}

/**
 * Above any committed record's order (those count up from 0). An integer: `MAX_SAFE_INTEGER / 2` ends in .5 and lies
 * just below 2^52, where doubles step by 1, so the orders of the second and third records an op added rounded to the
 * same number and a replay could take them out of staging order (issue 23, class c: an Undo restaged an overwriting
 * rename before the destination's delete that preceded it).
 */
const ADDED_ORDER = Math.floor(Number.MAX_SAFE_INTEGER / 2);

/** Up to this many added records are found by a scan, with no index made (`DraftState.indexOfAdded`). */
const SCANNED_RECORDS = 8;

const NO_IDS: ReadonlySet<string> = new Set();
const NO_RECORDS: ReadonlyMap<string, ChangeRecord> = new Map();
const NO_ORDERS: ReadonlyMap<string, number> = new Map();

/**
 * Copy-on-write draft over a state: collects changed entries, added and removed records. Every op runs on one, so
 * the collections an op does not use (a staged write removes and rewrites no record) are made only when first
 * written: less for the garbage collector at a hundred thousand writes (issue 28).
 */
export class DraftState implements OverlayDraft {
  /**
   * The first changed path and its new entry (null when deleted; `firstPath` undefined while nothing changed): a
   * staged write changes one path, so the map of changes is made only for a second (issue 28).
   */
  private firstPath: string | undefined;
  private firstEntry: PathEntry | null = null;
  /** path → new entry, or null when deleted, once a second path changed (the first is in it too). */
  private changedMap: Map<string, PathEntry | null> | undefined;
  readonly addedRecords: ChangeRecord[] = [];
  /** The added records that are folder operations (mkdir, rmdir), made on the first. */
  private addedFolderRecords?: ChangeRecord[];
  private removed: Set<string> | undefined;
  private rewritten: Map<string, ChangeRecord> | undefined;
  /**
   * Added record id → its index in `addedRecords` (a number, not an object per record), made once more than a few
   * were added: a staged write adds one, found by a scan (issue 28).
   */
  private addedIndex: Map<string, number> | undefined;
  private placed: Map<string, number> | undefined;

  constructor(private readonly base: OverlayView) {}

  get removedRecords(): ReadonlySet<string> {
    return this.removed ?? NO_IDS;
  }
  get rewrittenRecords(): ReadonlyMap<string, ChangeRecord> {
    return this.rewritten ?? NO_RECORDS;
  }

  entry(path: string): PathEntry | undefined {
    const c = this.changedMap !== undefined ? this.changedMap.get(path) : path === this.firstPath ? this.firstEntry : undefined;
    if (c === null) return undefined;
    return c ?? this.base.entry(path);
  }
  setEntry(entry: PathEntry): void {
    this.change(entry.path, entry);
  }
  deleteEntry(path: string): void {
    this.change(path, null);
  }
  /** The changed paths with their new entries (null = deleted), in the order each first changed. */
  changes(): Iterable<[string, PathEntry | null]> {
    if (this.changedMap !== undefined) return this.changedMap;
    return this.firstPath === undefined ? [] : [[this.firstPath, this.firstEntry]];
  }
  /** The one changed path while only one changed (a staged write), else undefined: its entry is `entry(path)`. */
  onlyChangedPath(): string | undefined {
    return this.changedMap === undefined ? this.firstPath : undefined;
  }
  /** The changed paths, in the order each first changed. */
  changedPaths(): string[] {
    if (this.changedMap !== undefined) return [...this.changedMap.keys()];
    return this.firstPath === undefined ? [] : [this.firstPath];
  }
  private change(path: string, entry: PathEntry | null): void {
    if (this.changedMap !== undefined) this.changedMap.set(path, entry);
    else if (this.firstPath === undefined || this.firstPath === path) {
      this.firstPath = path;
      this.firstEntry = entry;
    } else this.changedMap = new Map<string, PathEntry | null>([[this.firstPath, this.firstEntry], [path, entry]]);
  }
  record(id: string): ChangeRecord | undefined {
    if (this.removed?.has(id)) return undefined;
    const rewritten = this.rewritten?.get(id);
    if (rewritten) return rewritten;
    const i = this.indexOfAdded(id);
    return i !== undefined ? this.addedRecords[i] : this.base.record(id);
  }
  order(id: string): number {
    return this.addedOrder(id) ?? this.base.order(id);
  }
  /** An added record's staging order (of the last one added under the id); undefined for one not added here. */
  private addedOrder(id: string): number | undefined {
    const i = this.indexOfAdded(id);
    return i === undefined ? undefined : this.placed?.get(id) ?? ADDED_ORDER + i + 1;
  }
  /** The index in `addedRecords` of the last record added under `id`; undefined for none. */
  private indexOfAdded(id: string): number | undefined {
    if (this.addedIndex !== undefined) return this.addedIndex.get(id);
    for (let i = this.addedRecords.length - 1; i >= 0; i--) if (this.addedRecords[i].id === id) return i;
    return undefined;
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
    if (before !== undefined) {
      const added = this.addedOrder(before);
      const order = added !== undefined ? added - 0.5 : (this.base.orderBefore?.(before) ?? this.base.order(before) - 0.5);
      (this.placed ??= new Map()).set(record.id, order);
    }
    if (this.addedIndex !== undefined) this.addedIndex.set(record.id, this.addedRecords.length - 1);
    else if (this.addedRecords.length > SCANNED_RECORDS) this.addedIndex = new Map(this.addedRecords.map((r, i) => [r.id, i]));
  }
  orderBefore(id: string): number {
    const added = this.addedOrder(id);
    return added !== undefined ? added - 0.5 : (this.base.orderBefore?.(id) ?? this.base.order(id) - 0.5);
  }
  removeRecord(id: string): void {
    (this.removed ??= new Set()).add(id);
  }
  rewriteRecord(record: ChangeRecord): void {
    (this.rewritten ??= new Map()).set(record.id, record);
  }
}
