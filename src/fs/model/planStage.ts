import { afterOf, stateOf } from './mergeRules';
import { isTransparent } from './pathEntry';
import { makeEntry, withEntry } from './accumulator';
import { DraftState } from './overlayDraft';
import { replayComponent } from './replay';
import type { ChangeRecord } from './changeRecord';
import type { ContentRef, ContentStore } from './contentStore';
import type { TextMerge } from './mergeContent';
import type { OverlayOp } from './overlayOp';
import type { OverlayView } from './overlayDraft';
import type { FileIdentity } from './pathEntry';

export type StageReplayOp = Extract<OverlayOp, { type: 'replace' }>;

/**
 * What each path of a record saw before it (read through to the disk where nothing is staged): a rename's
 * destination was free.
 */
function seenBy(record: ChangeRecord): [string, ContentRef | null][] {
  return record.operation === 'rename' && record.fromPath !== undefined
    ? [[record.fromPath, record.before], [record.path, null]]
    : [[record.path, record.before]];
}

/**
 * A record staged where the overlay reads through to the disk (its records cancel out) but the disk moved on
 * since they were staged: the agent saw the disk's file, so the path's baseline becomes what the disk has now
 * and the whole component is replayed from it, the new record last. Folding the record onto the old state would
 * restart that one path alone and leave the records that link it elsewhere (a rename there and back) replaying
 * from a baseline that no longer exists. Re-reading a baseline also settles a disk conflict about that disk file
 * held elsewhere (`conflictsAbout`: a composite the file had moved to before a prune took the move out): its
 * component is replayed too, without the conflict. The same replay stages a record over a conflict. Undefined
 * when no path of the record needs it (the usual case: the accumulator folds the record in directly).
 */
/**
 * True for a write or delete (the usual record, one path) that folds in with no replay: `planStageOverMovedDisk`
 * answers undefined for it. Asked directly, with none of that function's arrays made per staged write (issue 28):
 * the same test as its own for one path with no rename.
 */
export function stagesDirectly(view: OverlayView, record: ChangeRecord): boolean {
  if (record.operation === 'rename') return false;
  const e = view.entry(record.path);
  return e === undefined || (e.conflict === undefined && !(isTransparent(e) && (afterOf(e.state) ?? null) !== record.before));
}

export function planStageOverMovedDisk(
  view: OverlayView,
  record: ChangeRecord,
  identityOf: (path: string) => FileIdentity | undefined,
  store: ContentStore,
  conflictsAbout: (diskPath: string) => readonly string[],
  merge?: TextMerge,
  /** True when the disk has a file at the path (a destination that reads through to the disk). */
  onDisk: (path: string) => boolean = () => false,
): StageReplayOp | undefined {
  if (stagesDirectly(view, record)) return undefined;
  // (A rename's destination is "free" by assumption, not by a read: where the disk has a file there, the baseline
  // stays and the replay below finds the rename conflict.)
  const renamedOnto = record.operation === 'rename' ? record.path : undefined;
  const moved = seenBy(record).filter(([p, seen]) => {
    const e = view.entry(p);
    return e !== undefined && isTransparent(e) && (afterOf(e.state) ?? null) !== seen && !(p === renamedOnto && onDisk(p));
  });
  // A rename onto a path whose records still show a file (an overwrite's delete that resolved a conflict to the
  // other side instead of deleting it): replayed, it is a rename conflict there, never a silent replacement. (A
  // destination that reads through to the disk is taken when the disk has a file there.)
  const destination = record.operation === 'rename' ? view.entry(record.path) : undefined;
  const taken = destination !== undefined && (isTransparent(destination) ? onDisk(record.path) : (afterOf(destination.state) ?? null) !== null);
  // A conflict is a value the replay computes (replay.ts): a record staged over one moves its agent side, so the
  // component is replayed with it (folding it in would settle or keep the conflict by another rule). A disk
  // conflict stays through the replay while its baseline does.
  const overConflict = seenBy(record).some(([p]) => view.entry(p)?.conflict !== undefined);
  if (moved.length === 0 && !overConflict && !taken) return undefined;
  const draft = new DraftState(view);
  draft.addRecord(record);
  for (const [p, seen] of seenBy(record)) {
    const e = draft.entry(p);
    const identity = seen === null ? undefined : identityOf(p);
    draft.setEntry(e
      ? withEntry(e, { recordIds: [...e.recordIds, record.id] })
      : makeEntry({ path: p, state: stateOf(seen, seen), recordIds: [record.id], ...(identity ? { identity } : {}) }));
  }
  const baselines = new Map(moved.map(([p, seen]) => {
    const identity = seen === null ? undefined : identityOf(p);
    return [p, { base: seen, ...(identity ? { identity } : {}) }] as const;
  }));
  const result = replayComponent(draft, seenBy(record).map(([p]) => p), store, { origin: 'prune', baselines }, merge);
  const replayed = new Set([...result.entries.map((e) => e.path), ...result.removedPaths]);
  const elsewhere = moved.flatMap(([p]) => conflictsAbout(p)).filter((h) => !replayed.has(h));
  const settled = elsewhere.length > 0 ? replayComponent(view, elsewhere, store, { origin: 'prune', settled: new Set(elsewhere) }, merge) : undefined;
  return {
    type: 'replace',
    reason: 'stage',
    added: [record],
    recordIds: [],
    rewritten: [...result.rewritten, ...(settled?.rewritten ?? [])],
    entries: [...result.entries, ...(settled?.entries ?? [])],
    removedPaths: [...result.removedPaths, ...(settled?.removedPaths ?? [])],
  };
}
