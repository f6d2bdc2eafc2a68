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

/**
 * A message's record ids in staging order, appended as they are staged, with how many of them are still staged:
 * an id taken out stays listed until the list is next read (or has grown to twice its live ones), so a staged
 * write appends to an array rather than growing a set of a hundred thousand ids (issue 28).
 */
interface MessageIds {
  ids: string[];
  live: number;
}

/** The live model data: entries by path, records in staging order, and indexes by message and session. */
export class OverlayState implements OverlayView {
  private readonly entries = new Map<string, PathEntry>();
  /** The entries' paths by folder: "what is staged under this folder" costs what it finds, not every entry. */
  private readonly tree = new PathTree();
  /**
   * Staged records by slot: id → slot, and each slot's record and staging order in two arrays, in the order they
   * were added (a record and its order kept together: one lookup answers both, and a replay asks both of every
   * record). Numbers rather than an object per record: one object fewer a staged write for the collector to copy
   * (issue 28). A taken-out record leaves its slot empty until the arrays are compacted (`compact`).
   */
  private readonly slots = new Map<string, number>();
  private recordAt: (ChangeRecord | undefined)[] = [];
  private orderAt: number[] = [];
  private nextOrder = 0;
  private readonly byMessage = new Map<string, MessageIds>();
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
    const slot = this.slots.get(id);
    return slot === undefined ? undefined : this.recordAt[slot];
  }
  order(id: string): number {
    const slot = this.slots.get(id);
    return slot === undefined ? -1 : this.orderAt[slot];
  }
  recordWithOrder(id: string, orders: number[], at: number): ChangeRecord | undefined {
    const slot = this.slots.get(id);
    if (slot === undefined) {
      orders[at] = -1;
      return undefined;
    }
    orders[at] = this.orderAt[slot];
    return this.recordAt[slot];
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
    for (const r of this.recordAt) if (r !== undefined) yield r;
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
        ids = this.slots.has(selector.id) ? [selector.id] : [];
        break;
      case 'message': {
        const all = this.messageRecordIds(selector.messageId);
        ids = selector.sessionId === undefined ? all : all.filter((id) => this.record(id)?.sessionId === selector.sessionId);
        break;
      }
      case 'paths':
        ids = [];
        break;
      case 'session':
        ids = this.sessionRecordIds(selector.sessionId);
        break;
    }
    const slots: number[] = [];
    for (const id of ids) slots.push(this.slots.get(id) as number);
    return slots.sort((a, b) => this.orderAt[a] - this.orderAt[b]).map((slot) => this.recordAt[slot] as ChangeRecord);
  }

  private sessionRecordIds(sessionId: string): string[] {
    const ids: string[] = [];
    for (const messageId of this.sessionMessages.get(sessionId) ?? []) {
      for (const id of this.messageRecordIds(messageId)) if (this.record(id)?.sessionId === sessionId) ids.push(id);
    }
    return ids;
  }

  /** The staged records' ids of a message, each once, in the order they were added (its list compacted first). */
  private messageRecordIds(messageId: string): string[] {
    const m = this.byMessage.get(messageId);
    if (m === undefined) return [];
    if (m.ids.length !== m.live) compactMessage(m, messageId, (id) => this.record(id));
    return m.ids;
  }

  /** Installs a draft's changes; returns the paths whose entries changed. */
  commit(draft: DraftState): string[] {
    // A folder record is a folder's whole state (it has no entry): its path changed when one comes or goes, and
    // listeners that update path by path (the Source Control view) must hear of it.
    // (Made on the first: a write, the usual op, has none.)
    // (The collections a staged write leaves empty are not iterated: an iterator each is garbage per write.)
    let folders: Set<string> | undefined;
    const removed = draft.removedRecords;
    const rewritten = draft.rewrittenRecords;
    if (removed.size > 0) {
      for (const id of removed) {
        const r = this.record(id);
        if (r && isFolderOperation(r.operation)) (folders ??= new Set()).add(r.path);
      }
    }
    for (const r of draft.addedRecords) if (isFolderOperation(r.operation)) (folders ??= new Set()).add(r.path);
    if (removed.size > 0) for (const id of removed) this.removeRecord(id);
    for (const r of draft.addedRecords) if (!removed.has(r.id)) this.addRecord(rewritten.get(r.id) ?? r, draft.placedOrders.get(r.id));
    if (rewritten.size > 0) {
      for (const [id, r] of rewritten) {
        const slot = this.slots.get(id);
        if (slot !== undefined && !removed.has(id)) this.recordAt[slot] = r;
      }
    }
    const only = draft.onlyChangedPath();
    if (only !== undefined) this.changeEntry(only, draft.entry(only));
    else for (const [path, e] of draft.changes()) this.changeEntry(path, e ?? undefined);
    // (A write, the usual op, touches no folder record: its paths need no merging.)
    return folders === undefined ? draft.changedPaths() : [...new Set([...draft.changedPaths(), ...folders])];
  }

  clear(): string[] {
    const paths = [...new Set([...this.entries.keys(), ...this.byFolder.keys()])];
    this.entries.clear();
    this.tree.clear();
    this.slots.clear();
    this.recordAt = [];
    this.orderAt = [];
    this.byMessage.clear();
    this.sessionMessages.clear();
    this.byFolder.clear();
    this.diskConflicts.clear();
    this.placed.clear();
    return paths;
  }

  snapshot(): OverlaySnapshot {
    const slots: number[] = [];
    for (let i = 0; i < this.recordAt.length; i++) if (this.recordAt[i] !== undefined) slots.push(i);
    if (this.placed.size > 0) slots.sort((a, b) => this.orderAt[a] - this.orderAt[b]);
    return { version: SNAPSHOT_VERSION, records: slots.map((slot) => this.recordAt[slot] as ChangeRecord), entries: [...this.entries.values()] };
  }

  /** Replaces everything with a (validated) snapshot. */
  load(snapshot: OverlaySnapshot): void {
    this.clear();
    for (const r of snapshot.records) this.addRecord(r);
    for (const e of snapshot.entries) this.setEntry(e);
  }

  /**
   * Drops the emptied slots: the records keep their order and their ids are given their new slots. Run when at
   * most half the slots are in use, so its cost is shared by the removals that emptied them.
   */
  private compact(): void {
    const records: (ChangeRecord | undefined)[] = [];
    const orders: number[] = [];
    for (let i = 0; i < this.recordAt.length; i++) {
      const r = this.recordAt[i];
      if (r === undefined) continue;
      this.slots.set(r.id, records.length);
      records.push(r);
      orders.push(this.orderAt[i]);
    }
    this.recordAt = records;
    this.orderAt = orders;
  }

  /** Installs a path's new entry, or takes it out (undefined). */
  private changeEntry(path: string, e: PathEntry | undefined): void {
    if (e) this.setEntry(e);
    else {
      this.entries.delete(path);
      this.tree.delete(path);
      this.diskConflicts.delete(path);
    }
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
    const order = placedAt ?? this.nextOrder++;
    const old = this.slots.get(r.id);
    if (old !== undefined) {
      // Added again under an id still staged (the ops refuse that; a snapshot could list one twice): it keeps its
      // slot and takes the new record and order, as a map's entry set again did.
      const was = this.recordAt[old] as ChangeRecord;
      this.recordAt[old] = r;
      this.orderAt[old] = order;
      if (was.messageId === r.messageId) return;
      this.unlistMessage(was);
    } else {
      this.slots.set(r.id, this.recordAt.length);
      this.recordAt.push(r);
      this.orderAt.push(order);
    }
    const m = this.byMessage.get(r.messageId);
    if (m === undefined) this.byMessage.set(r.messageId, { ids: [r.id], live: 1 });
    else {
      if (m.ids.length > 2 * m.live + 16) compactMessage(m, r.messageId, (x) => this.record(x));
      m.ids.push(r.id);
      m.live++;
    }
    index(this.sessionMessages, r.sessionId, r.messageId);
    if (isFolderOperation(r.operation)) this.byFolder.set(r.path, [...(this.byFolder.get(r.path) ?? []), r.id]);
  }

  private removeRecord(id: string): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    const r = this.recordAt[slot] as ChangeRecord;
    this.placed.delete(this.orderAt[slot]);
    this.slots.delete(id);
    this.recordAt[slot] = undefined;
    this.unlistMessage(r);
    if (2 * this.slots.size + 1024 < this.recordAt.length) this.compact();
    if (isFolderOperation(r.operation)) {
      const left = (this.byFolder.get(r.path) ?? []).filter((x) => x !== id);
      if (left.length) this.byFolder.set(r.path, left);
      else this.byFolder.delete(r.path);
    }
  }

  /** Counts a record out of its message's list (its id stays listed until the list is compacted). */
  private unlistMessage(r: ChangeRecord): void {
    const m = this.byMessage.get(r.messageId);
    if (m === undefined) return;
    // (Not compacted here: a prune takes a message's records out one by one, and compacting as it goes would look
    // every survivor up again at each halving. A list is compacted when read, or when it grows past twice its live ids.)
    if (--m.live <= 0) {
      this.byMessage.delete(r.messageId);
      unindex(this.sessionMessages, r.sessionId, r.messageId);
    }
  }
}

/**
 * A message's list with the ids taken out (or listed twice) dropped: each staged record of the message once, in
 * the order first listed.
 */
function compactMessage(m: MessageIds, messageId: string, record: (id: string) => ChangeRecord | undefined): void {
  const seen = new Set<string>();
  const ids: string[] = [];
  for (const id of m.ids) {
    if (seen.has(id) || record(id)?.messageId !== messageId) continue;
    seen.add(id);
    ids.push(id);
  }
  m.ids = ids;
  m.live = ids.length;
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
