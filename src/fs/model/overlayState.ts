import { isFolderOperation } from './changeRecord';
import { PathTree } from './pathTree';
import type { ChangeRecord } from './changeRecord';
import type { DraftState, OverlayView } from './overlayDraft';
import type { PathEntry } from './pathEntry';
import type { RecordSelector } from './overlayOp';

/** The persisted form of the model: JSON, small (contents are refs), versioned. */
export interface OverlaySnapshot {
  readonly version: 1;
  /** In staging order. */
  readonly records: readonly ChangeRecord[];
  readonly entries: readonly PathEntry[];
}

export const SNAPSHOT_VERSION = 1;

/** A staged record and its staging order, kept together: one lookup answers both (a replay asks both of every record). */
interface RecordSlot {
  record: ChangeRecord;
  readonly order: number;
}

/** The live model data: entries by path, records in staging order, and indexes by message and session. */
export class OverlayState implements OverlayView {
  private readonly entries = new Map<string, PathEntry>();
  /** The entries' paths by folder: "what is staged under this folder" costs what it finds, not every entry. */
  private readonly tree = new PathTree();
  private readonly records = new Map<string, RecordSlot>();
  private nextOrder = 0;
  private readonly byMessage = new Map<string, Set<string>>();
  /**
   * The message ids each session staged under, not its record ids: a session's records are found through its
   * messages' (a set of a hundred thousand ids, grown by every write, cost staging more than the record itself;
   * a session has few messages). A message id may stay listed after its records are gone: select skips it.
   */
  private readonly sessionMessages = new Map<string, Set<string>>();
  /** Folder records (mkdir, rmdir) by folder path, in staging order: a folder's whole staged state. */
  private readonly byFolder = new Map<string, string[]>();
  /**
   * The paths whose entries hold a disk conflict. Settling moot conflicts follows every write and prune, and a
   * conflict is rare: with none held, there is nothing to look for in the component (issue 28: that walk of the
   * component's records was an eighth of staging's time).
   */
  private readonly diskConflicts = new Set<string>();
  /**
   * The staging orders of records placed before an earlier record (`DraftState.addRecord`'s `before`: a person's
   * base under the agent's records, issue 23), between two whole numbers. While there are any, the snapshot lists
   * records sorted by order.
   */
  private readonly placed = new Set<number>();

  entry(path: string): PathEntry | undefined {
    return this.entries.get(path);
  }
  record(id: string): ChangeRecord | undefined {
    return this.records.get(id)?.record;
  }
  order(id: string): number {
    return this.records.get(id)?.order ?? -1;
  }
  orderBefore(id: string): number {
    const o = this.order(id);
    let lo = Math.ceil(o) - 1;
    for (const p of this.placed) if (p > lo && p < o) lo = p;
    return (lo + o) / 2;
  }
  allEntries(): IterableIterator<PathEntry> {
    return this.entries.values();
  }
  /** The entries strictly under `dir` (any depth), in no particular order. */
  entriesUnder(dir: string): PathEntry[] {
    return this.tree.under(dir).map((p) => this.entries.get(p) as PathEntry);
  }
  get entryCount(): number {
    return this.entries.size;
  }
  *allRecords(): IterableIterator<ChangeRecord> {
    for (const slot of this.records.values()) yield slot.record;
  }
  folderRecordIds(path: string): readonly string[] {
    return this.byFolder.get(path) ?? [];
  }
  /** Paths with folder records, in no particular order. */
  folderPaths(): IterableIterator<string> {
    return this.byFolder.keys();
  }
  /** The paths whose entries hold a disk conflict, in no particular order. */
  diskConflictPaths(): ReadonlySet<string> {
    return this.diskConflicts;
  }

  /** Records a selector picks, oldest first. */
  select(selector: RecordSelector): ChangeRecord[] {
    let ids: Iterable<string>;
    switch (selector.kind) {
      case 'change':
        ids = this.records.has(selector.id) ? [selector.id] : [];
        break;
      case 'message': {
        const all = this.byMessage.get(selector.messageId) ?? [];
        ids = selector.sessionId === undefined ? all : [...all].filter((id) => this.records.get(id)?.record.sessionId === selector.sessionId);
        break;
      }
      case 'paths':
        ids = [];
        break;
      case 'session':
        ids = this.sessionRecordIds(selector.sessionId);
        break;
    }
    const slots: RecordSlot[] = [];
    for (const id of ids) slots.push(this.records.get(id) as RecordSlot);
    return slots.sort((a, b) => a.order - b.order).map((slot) => slot.record);
  }

  private sessionRecordIds(sessionId: string): string[] {
    const ids: string[] = [];
    for (const messageId of this.sessionMessages.get(sessionId) ?? []) {
      for (const id of this.byMessage.get(messageId) ?? []) if (this.records.get(id)?.record.sessionId === sessionId) ids.push(id);
    }
    return ids;
  }

  /** Installs a draft's changes; returns the paths whose entries changed. */
  commit(draft: DraftState): string[] {
    // A folder record is a folder's whole state (it has no entry): its path changed when one comes or goes, and
    // listeners that update path by path (the Source Control view) must hear of it.
    // (Made on the first: a write, the usual op, has none.)
    let folders: Set<string> | undefined;
    for (const id of draft.removedRecords) {
      const r = this.records.get(id)?.record;
      if (r && isFolderOperation(r.operation)) (folders ??= new Set()).add(r.path);
    }
    for (const r of draft.addedRecords) if (isFolderOperation(r.operation)) (folders ??= new Set()).add(r.path);
    for (const id of draft.removedRecords) this.removeRecord(id);
    for (const r of draft.addedRecords) if (!draft.removedRecords.has(r.id)) this.addRecord(draft.rewrittenRecords.get(r.id) ?? r, draft.placedOrders.get(r.id));
    for (const [id, r] of draft.rewrittenRecords) {
      const slot = this.records.get(id);
      if (slot && !draft.removedRecords.has(id)) slot.record = r;
    }
    for (const [path, e] of draft.changes()) {
      if (e) this.setEntry(e);
      else {
        this.entries.delete(path);
        this.tree.delete(path);
        this.diskConflicts.delete(path);
      }
    }
    // (A write, the usual op, touches no folder record: its paths need no merging.)
    return folders === undefined ? draft.changedPaths() : [...new Set([...draft.changedPaths(), ...folders])];
  }

  clear(): string[] {
    const paths = [...new Set([...this.entries.keys(), ...this.byFolder.keys()])];
    this.entries.clear();
    this.tree.clear();
    this.records.clear();
    this.byMessage.clear();
    this.sessionMessages.clear();
    this.byFolder.clear();
    this.diskConflicts.clear();
    this.placed.clear();
    return paths;
  }

  snapshot(): OverlaySnapshot {
    const slots = [...this.records.values()];
    if (this.placed.size > 0) slots.sort((a, b) => a.order - b.order);
    return { version: SNAPSHOT_VERSION, records: slots.map((slot) => slot.record), entries: [...this.entries.values()] };
  }

  /** Replaces everything with a (validated) snapshot. */
  load(snapshot: OverlaySnapshot): void {
    this.clear();
    for (const r of snapshot.records) this.addRecord(r);
    for (const e of snapshot.entries) this.setEntry(e);
  }

  private setEntry(e: PathEntry): void {
    // A path already staged is in the tree: only a new one (the map grew) is linked in, so a write to a staged
    // file asks no second set (issue 28).
    const had = this.entries.size;
    this.entries.set(e.path, e);
    if (this.entries.size !== had) this.tree.add(e.path);
    if (e.conflict?.origin === 'disk') this.diskConflicts.add(e.path);
    else this.diskConflicts.delete(e.path);
  }

  private addRecord(r: ChangeRecord, placedAt?: number): void {
    if (placedAt !== undefined) this.placed.add(placedAt);
    this.records.set(r.id, { record: r, order: placedAt ?? this.nextOrder++ });
    index(this.byMessage, r.messageId, r.id);
    index(this.sessionMessages, r.sessionId, r.messageId);
    if (isFolderOperation(r.operation)) this.byFolder.set(r.path, [...(this.byFolder.get(r.path) ?? []), r.id]);
  }

  private removeRecord(id: string): void {
    const slot = this.records.get(id);
    if (!slot) return;
    const r = slot.record;
    this.placed.delete(slot.order);
    this.records.delete(id);
    unindex(this.byMessage, r.messageId, id);
    if (!this.byMessage.has(r.messageId)) unindex(this.sessionMessages, r.sessionId, r.messageId);
    if (isFolderOperation(r.operation)) {
      const left = (this.byFolder.get(r.path) ?? []).filter((x) => x !== id);
      if (left.length) this.byFolder.set(r.path, left);
      else this.byFolder.delete(r.path);
    }
  }
}

function index(map: Map<string, Set<string>>, key: string, id: string): void {
  let s = map.get(key);
  if (!s) map.set(key, (s = new Set()));
  s.add(id);
}

function unindex(map: Map<string, Set<string>>, key: string, id: string): void {
  const s = map.get(key);
  if (!s) return;
  s.delete(id);
  if (s.size === 0) map.delete(key);
}
