import { replayComponent } from './replay';
import { PERSON_SESSION_ID, isFolderOperation } from './changeRecord';
import { baseOf } from './mergeRules';
import { isListed } from './pathEntry';
import type { ChangeRecord } from './changeRecord';
import type { ContentRef, ContentStore } from './contentStore';
import type { TextMerge } from './mergeContent';
import type { OverlayView } from './overlayDraft';
import type { OverlayOp, RecordSelector } from './overlayOp';
import type { ReplayOptions } from './replayOptions';

export type RevertOp = Extract<OverlayOp, { type: 'revert' }>;

export interface RevertPlan {
  readonly op: RevertOp;
  /** Composites where a surviving change no longer applied: they now carry a `prune` conflict. */
  readonly conflicts: readonly string[];
  /** What each surviving rename moved in the replay (`ReplayResult.movedBy`). */
  readonly movedBy: ReadonlyMap<string, ContentRef>;
}

/** What a Discard adds to a revert's replay (discardPlan.ts): the disk files it chose, renames it rewrote. */
export interface RevertExtras {
  readonly baselines?: ReplayOptions['baselines'];
  readonly rewrites?: ReadonlyMap<string, ChangeRecord>;
}

/**
 * Takes records out (prune a message, discard a change, a session or composites) and replays what survives on the
 * paths they touched (see `replay.ts`): later changes are rebased onto the state without them, and what cannot be
 * rebased becomes a `prune` conflict. Paths outside the records' components are left alone. Pure: returns the op.
 */
export function planRevert(
  view: OverlayView,
  records: readonly ChangeRecord[],
  selector: RecordSelector,
  store: ContentStore,
  merge?: TextMerge,
  extras: RevertExtras = {},
): RevertPlan {
  const live = records.filter((r) => view.record(r.id));
  // Folder records touch no file: taken out, they need no replay (the folder's state is its surviving records).
  const folders = live.filter((r) => isFolderOperation(r.operation)).map((r) => r.id);
  const seeds = new Set<string>();
  for (const r of live) {
    if (isFolderOperation(r.operation)) continue;
    seeds.add(r.path);
    if (r.fromPath !== undefined) seeds.add(r.fromPath);
  }
  const removed = new Set(live.map((r) => r.id));
  const restored = settledBy(view, live, removed);
  for (const r of extras.rewrites?.values() ?? []) {
    if (removed.has(r.id) || restored.has(r.id)) continue;
    restored.set(r.id, r);
  }
  const chosen = extras.baselines !== undefined && extras.baselines.size > 0 ? { baselines: extras.baselines } : {};
  for (const r of restored.values()) {
    seeds.add(r.path);
    if (r.fromPath !== undefined) seeds.add(r.fromPath);
  }
  let result = replayComponent(view, seeds, store, { removed, origin: 'prune', ...chosen, ...(restored.size > 0 ? { rewrites: restored } : {}) }, merge);
  const left = settledLeftBehind(view, result.rewritten, removed, restored);
  if (left.size > 0) {
    for (const r of left.values()) restored.set(r.id, r);
    result = replayComponent(view, seeds, store, { removed, origin: 'prune', ...chosen, rewrites: restored }, merge);
  }
  return {
    op: {
      type: 'revert',
      selector,
      recordIds: [...result.removedRecordIds, ...folders],
      entries: result.entries,
      removedPaths: result.removedPaths,
      rewritten: result.rewritten,
    },
    conflicts: result.conflicts,
    movedBy: result.movedBy,
  };
}

/**
 * The records that the agent's settlement of a conflict handed back to it rewrote, as they were before
 * (`ChangeRecord.settled`), for the settling records taken out: the settlement goes with them, so the surviving
 * records replay as they were staged and meet the conflict again (issue 23, provenance seeds 135577, 146520). A
 * record taken out too, or gone (applied), is not restored; nor one whose paths the settlement changed (below).
 */
function settledBy(view: OverlayView, taken: readonly ChangeRecord[], removed: ReadonlySet<string>): Map<string, ChangeRecord> {
  const restored = new Map<string, ChangeRecord>();
  for (const r of taken) {
    for (const o of r.settled ?? []) {
      const now = view.record(o.id);
      if (removed.has(o.id) || restored.has(o.id) || !now) continue;
      // Only a record whose paths it still links as it did: one the settlement turned from a rename into a create
      // (its source gone from disk) links a path the replay's component may not hold, and replaying it there threw
      // (provenance seed 400719). It stays as settled, as before session 12 (open: its conflict does not come back).
      if (now.path !== o.path || now.fromPath !== o.fromPath) continue;
      restored.set(o.id, o);
    }
  }
  return restored;
}

/**
 * The records a surviving settlement rewrote at a path it has left, as they were: a person's hand merge at an
 * overwriting rename's destination follows the rename home when the rename is taken out (it is a change of the
 * file the rename moved), and what it rewrote at the destination to apply as it stands — a record there the person
 * turned down in that merge — cannot stay forced without it. Restored, that record meets the person's file again
 * as a conflict (issue 23, provenance seed 671459: it stayed forced and Apply removed the line the merge kept).
 * The records it rewrote where it now stands stay settled; so does one whose paths changed (see `settledBy`).
 */
function settledLeftBehind(
  view: OverlayView,
  rewritten: readonly ChangeRecord[],
  removed: ReadonlySet<string>,
  restored: ReadonlyMap<string, ChangeRecord>,
): Map<string, ChangeRecord> {
  const left = new Map<string, ChangeRecord>();
  for (const w of rewritten) {
    const was = view.record(w.id);
    if (!was?.settled || was.path === w.path) continue;
    for (const o of was.settled) {
      const now = view.record(o.id);
      if (removed.has(o.id) || restored.has(o.id) || left.has(o.id) || !now) continue;
      if (o.path !== was.path || o.path === w.path) continue;
      if (now.path !== o.path || now.fromPath !== o.fromPath) continue;
      left.set(o.id, o);
    }
  }
  return left;
}

/**
 * What "Discard" on composites takes out: every record at those paths and every record whose content they show
 * (a rename's source history), except what another path of the component still shows (a file created here and
 * moved on keeps its creation) — and, whatever other paths show, every record that acted on the disk file of a
 * discarded path wherever it went (see `recordsOnDiskFile`): the person chose the disk's version there, so Apply
 * must leave that file where it is, as it is (issue 23, class b).
 */
export function recordsShownBy(view: OverlayView, paths: readonly string[], store: ContentStore): ChangeRecord[] {
  const now = replayComponent(view, paths, store, { origin: 'prune' });
  // A person's resolution at a path (a hand merge to "no file", say) can hide the records the path showed before
  // it; discarding the path takes the resolution out, so those records would show again where they came from
  // (issue 23, provenance seed 35198: a rejected insert came back at the rename's source). They are what the path
  // showed, so they go too.
  // The same for a delete there after the resolution, which the discard takes out too (provenance seed 415476: a
  // folder delete after the hand merge hid what a rename had moved into the path, and the file created at the
  // rename's source came back there with the lines the person had turned down). Without a resolution there, what
  // a delete hid was never shown there: it stays (reference seed 1460).
  const hiding = new Set<string>();
  for (const p of paths) {
    const ids = view.entry(p)?.recordIds ?? [];
    const resolved = ids.filter((id) => view.record(id)?.sessionId === PERSON_SESSION_ID).map((id) => view.order(id));
    if (resolved.length === 0) continue;
    const first = Math.min(...resolved);
    for (const id of ids) {
      const r = view.record(id);
      if (r?.sessionId === PERSON_SESSION_ID || (r?.operation === 'delete' && r.path === p && view.order(id) > first)) hiding.add(id);
    }
  }
  const before = hiding.size > 0 ? replayComponent(view, paths, store, { removed: hiding, origin: 'prune' }) : undefined;
  const chosen = new Set(paths);
  const take = new Set<string>();
  for (const p of paths) {
    for (const id of before?.provenance.get(p) ?? []) take.add(id);
    for (const id of view.folderRecordIds(p)) take.add(id);
    for (const id of view.entry(p)?.recordIds ?? []) take.add(id);
    for (const id of now.provenance.get(p) ?? []) take.add(id);
  }
  for (const [p, ids] of now.provenance) {
    if (chosen.has(p)) continue;
    for (const id of ids) take.delete(id);
  }
  for (const p of paths) for (const id of recordsOnDiskFile(view, p, now.records)) take.add(id);
  for (const id of changesKeptOrigins(view, paths, take, store)) take.add(id);
  const folders = paths.flatMap((p) => view.folderRecordIds(p)).map((id) => view.record(id) as ChangeRecord);
  return [...now.records, ...folders].filter((r) => take.has(r.id));
}

/**
 * What else a Discard of a rename takes out at its origin: the rename taken out, the origin's disk file stays there,
 * and the person chose the disk's version there too (the rename listed at its destination showed that file leaving
 * its origin). A surviving record staged at the origin after the rename moved the file away saw another file there,
 * and mostly passes it by (an agent's file moved in and deleted again leaves the disk's file alone); but where the
 * person has since put that very file there on disk (they made the agent's move themselves), the survivors replayed
 * change or delete the file the discard keeps, and Apply did (issue 23, provenance seed 594006: the agent moved `a`
 * to `d/e` and deleted it; the person moved `a` to `d/e` on disk; discarding the rename `d/e` → `d/f/g` left the
 * delete, and Apply deleted the person's `d/e`). So the records the origin then shows go with the rename — except
 * those another path shows too (the move in, which `a` still shows), and not where the origin is listed of its own
 * (a change the person did not discard) or carries a conflict (a question still open to the person).
 */
function changesKeptOrigins(view: OverlayView, paths: readonly string[], take: ReadonlySet<string>, store: ContentStore): string[] {
  const chosen = new Set(paths);
  const out: string[] = [];
  for (const p of paths) {
    const origin = view.entry(p)?.movedFrom;
    if (origin === undefined || chosen.has(origin)) continue;
    const was = view.entry(origin);
    if (was && isListed(was)) continue;
    const after = replayComponent(view, [origin], store, { removed: new Set([...take, ...out]), origin: 'prune' });
    const e = after.entries.find((x) => x.path === origin);
    if (!e || e.conflict || e.movedTo !== undefined || e.movedFrom !== undefined) continue;
    const changes = e.state.kind === 'deleted' || (e.state.kind === 'modified' && e.state.after !== e.state.base);
    if (!changes) continue;
    const elsewhere = new Set(after.entries.filter((x) => x.path !== origin).flatMap((x) => x.recordIds));
    for (const id of e.recordIds) if (!elsewhere.has(id) && !take.has(id)) out.push(id);
  }
  return out;
}

/**
 * The records that acted on the disk file at `path` (its baseline), followed through the renames that moved it, in
 * staging order: each rename that moved it, each write to it where it then was, and the delete or the overwriting
 * rename that ended it. Left staged, any of them keeps that file away from `path` or changes it after a Discard of
 * `path` (a rename kept would move it again on Apply; a write or delete kept would follow it home when the rename
 * is taken out). A path that had no disk file has none.
 */
function recordsOnDiskFile(view: OverlayView, path: string, records: readonly ChangeRecord[]): string[] {
  const e = view.entry(path);
  if (!e || (baseOf(e.state) ?? null) === null) return [];
  const acted: string[] = [];
  let at: string | undefined = path;
  for (const r of records) {
    if (at === undefined) break;
    if (isFolderOperation(r.operation)) continue;
    if (r.operation === 'rename') {
      if (r.fromPath === r.path) continue;
      if (r.fromPath === at) {
        acted.push(r.id);
        at = r.path;
      } else if (r.path === at) {
        acted.push(r.id); // another file moved over it
        at = undefined;
      }
      continue;
    }
    if (r.path !== at) continue;
    acted.push(r.id);
    if (r.operation === 'delete') at = undefined;
  }
  return acted;
}
