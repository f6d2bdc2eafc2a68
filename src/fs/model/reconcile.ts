import { contentRefOf } from './contentStore';
import { afterOf, assertNever, baseOf } from './mergeRules';
import { replayComponent } from './replay';
import { componentOf } from './component';
import { mergeContent } from './mergeContent';
import { DraftState } from './overlayDraft';
import { withEntry } from './accumulator';
import type { ContentStore } from './contentStore';
import type { DiskProbe } from './diskProbe';
import type { ConflictReason, TextMerge } from './mergeContent';
import type { OverlayOp } from './overlayOp';
import type { OverlayView } from './overlayDraft';
import type { ReplayResult } from './replayOptions';
import { isTransparent, sameIdentity } from './pathEntry';
import type { ConflictKind, ConflictState, FileIdentity, PathEntry } from './pathEntry';
import type { ContentRef } from './contentStore';

export type RebaseOp = Extract<OverlayOp, { type: 'rebase' | 'replace' }>;
export type ConflictOp = Extract<OverlayOp, { type: 'conflict' }>;

export type ReconcileOutcome =
  /** The disk still has the baseline (or the path has no pending change). */
  | { readonly kind: 'unchanged' }
  /** Merged cleanly: apply `op` (base := disk, after := merged). */
  | { readonly kind: 'rebased'; readonly path: string; readonly op: RebaseOp }
  /**
   * `op` marks it (a replay of its component when holding it there changes what the component shows); absent when
   * the composite already has this very conflict (nothing new to record).
   */
  | { readonly kind: 'conflict'; readonly path: string; readonly conflict: ConflictState; readonly op?: ConflictOp | RebaseOp };

/** The disk paths a composite depends on: its own and, for a rename, its origin. Adapters pre-read these. */
export function diskPathsOf(view: Pick<OverlayView, 'entry'>, path: string): string[] {
  const e = view.entry(path);
  if (!e) return [path];
  return e.movedFrom !== undefined ? [e.movedFrom, path] : [path];
}

/**
 * SPEC §2 Reconciliation of one composite against the disk. For each disk path it depends on: the disk still
 * equals the baseline → nothing; otherwise a three-way merge (base = baseline, ours = staged, theirs = disk):
 * clean → a rebase op; else a conflict op (text, deletion, creation, rename). Pure: returns the op to apply.
 * One step at a time: after applying a rebase, reconcile again (the model's `reconcile` loops).
 */
export function planReconcile(view: OverlayView, path: string, disk: DiskProbe, store: ContentStore, merge?: TextMerge): ReconcileOutcome {
  const e = view.entry(path);
  // A prune conflict is settled first: a disk conflict must not replace it (its "Accept agent" would keep the pruned edit).
  if (!e || e.conflict?.origin === 'prune') return { kind: 'unchanged' };
  // (disk path, composite whose content that disk file becomes)
  // The disk file a renamed one replaces comes first: its going away is settled without a conflict, which a
  // conflict found at the rename's origin would otherwise hold back until that one is resolved.
  const checks: [string, string][] = [[path, e.movedTo ?? path]];
  if (e.movedFrom !== undefined) checks.push([e.movedFrom, path]);

  for (const [diskPath, holderPath] of checks) {
    const d = view.entry(diskPath);
    const h = view.entry(holderPath);
    if (!d || !h) continue;
    const base = baseOf(d.state) ?? null;
    // A file the adapter knows unchanged since it was hashed is not read again (issue 28: once per Apply).
    if (disk.refOf && disk.refOf(diskPath) === base) continue;
    const bytes = disk.read(diskPath);
    const observed = bytes ? contentRefOf(bytes) : null;
    if (observed === base) continue;
    const theirs = bytes ? store.put(bytes) : null;
    const identity = bytes ? disk.identity?.(diskPath) : undefined;
    const ours = afterOf(h.state) ?? null;
    const conflict = (kind: ConflictKind, binary: boolean, theirsPath?: string): ReconcileOutcome =>
      conflictOutcome(view, holderPath, store, merge, { kind, origin: 'disk', diskPath, base, theirs, binary, delegated: false, ...(theirsPath !== undefined ? { theirsPath } : {}), ...(identity ? { theirsIdentity: identity } : {}) });
    const replaced = (r: ReplayResult): ReconcileOutcome => rebasedBy(holderPath, r);

    if (holderPath === diskPath && d.movedFrom !== undefined) {
      // The disk file here is to be replaced by a renamed one: no merge makes sense. Gone is harmless, and so is
      // the disk already holding exactly the renamed content (someone made the same move, or an apply was cut short).
      if (theirs !== null && theirs !== ours) return conflict(base === null ? 'creation' : 'text', false);
      // Replayed from the new baseline like any rebase, so the state stays a replay of its records (a rename onto
      // the very bytes it moves is no conflict: Apply only removes the origin).
      return replaced(replayComponent(view, [holderPath, diskPath], store, { origin: 'prune', baselines: new Map([[diskPath, { base: theirs, ...(identity ? { identity } : {}) }]]) }, merge));
    }
    const away = theirs !== null && base !== null && holderPath !== diskPath ? movedAwayFor(d.identity, identity, disk, diskPath, holderPath) : undefined;
    if (away !== undefined) {
      // A rename's source holds another file now, and the one it saw was moved elsewhere on disk (the person made
      // the move themselves): the rename has nothing left to move there. Merged as an edit of its file, the new one
      // was carried over the destination, where it replaced the person's file unseen (issue 23, provenance seed
      // 801149: after "Accept agent" there, the person moved another file to the source). It is the file moving
      // away, as when nothing took its place: the new one is the disk's, not the rename's.
      return conflictOutcome(view, holderPath, store, merge, { kind: 'rename', origin: 'disk', diskPath, base, theirs: null, binary: false, delegated: false, theirsPath: away });
    }
    if (theirs === null && base !== null && !undoneAt(view, diskPath, holderPath)) {
      const moved = d.identity && disk.locate ? disk.locate(d.identity) : undefined;
      if (moved !== undefined && moved !== diskPath) return conflict('rename', false, moved);
      // A pending change (including a pure rename) to a file deleted on disk is a conflict, never a silent loss.
      // Records that leave the file here as they found it (a round trip away and back, a write undone) change
      // nothing the delete removes: the replay from no file decides, as for any clean merge (provenance seed 1014072:
      // the round trip `d/e` → `d/f/g` → `d/e` became a conflict showing the person's deleted `d/e` again, when a
      // partial Apply's reconcile first looked at it). As a conflict, its agent side was the person's own deleted
      // lines, which no surviving record wrote; the reference model states the rule too (`leftAsFound`).
      const unchanged = ours === base && holderPath === diskPath && h.movedFrom === undefined && h.movedTo === undefined;
      if (ours !== null && !unchanged) return conflict('deletion', false);
    }
    const m = mergeContent(base, ours, theirs, store, merge);
    switch (m.kind) {
      case 'unchanged':
        continue;
      case 'merged': {
        // The records are rebased onto the disk one by one (replay.ts), as a prune would: the staged state stays
        // a replay of its records from the new baseline.
        // A conflict the replay finds is a record that did not rebase (a prune conflict); one the new baseline
        // causes refuses the rebase and becomes a disk conflict below.
        const r = replayComponent(view, [holderPath, diskPath], store, {
          origin: 'prune',
          baselines: new Map([[diskPath, { base: theirs, ...(identity ? { identity } : {}) }]]),
          rebase: true,
        }, merge);
        // Followed off the disk (`undoneAt`), the file must leave the rest of the view as it was: replayed from no
        // file there, a rename out of the path moves nothing and the next rename in may pick up another file (the
        // person's, where the overwrite that made room was discarded: provenance seed 1252822). Then it stays a
        // deletion conflict, as before.
        if (theirs === null && base !== null && ours !== null && !keepsTheRest(view, r, diskPath)) return conflict('deletion', false);
        // Only a conflict the new baseline causes refuses the rebase (a pending prune conflict elsewhere does not).
        // (The replay without the new baseline is needed only when this one found a conflict.)
        const was = r.found.length > 0 ? replayComponent(view, [holderPath, diskPath], store, { origin: 'prune' }, merge) : undefined;
        const before = new Set(was?.found ?? []);
        // A second look at the content an earlier look held as a conflict here tells conflicts apart by what they
        // are, not only where (`lookedAt`; prov-c7's rule, provenance seed 1425129).
        const again = lookedAt(h, holderPath, diskPath, theirs) !== undefined;
        const fresh = r.found.find((p) => !before.has(p) || (again && p !== holderPath && !sameFound(r, was as ReplayResult, p)));
        if (fresh !== undefined) {
          const hit = r.entries.find((x) => x.path === fresh)?.conflict;
          return conflict(hit?.kind ?? 'text', hit?.binary ?? false);
        }
        return replaced(r);
      }
      case 'conflict':
        return conflict(kindOf(m.reason), m.binary);
      default:
        return assertNever(m);
    }
  }
  if (e.conflict?.origin === 'disk' && checks.some(([diskPath]) => diskPath === (e.conflict?.diskPath ?? path))) {
    // The disk came back to the baseline: the conflict is gone, and the records replayed again show what it hid
    // (a change that no longer applies there, or that moved on with its content).
    return rebasedBy(path, replayComponent(view, [path], store, { origin: 'prune', settled: new Set([path]) }, merge));
  }
  return { kind: 'unchanged' };
}

/**
 * An entry with no visible effect (a change undone: the agent's round trip h → g → h) reads through to the disk, so
 * its file gone from disk is gone from the view already: nothing of the agent's is lost, and no conflict brings the
 * file back. Made one, a later look (a watcher's, a partial Apply's) showed the person's deleted file again in a view
 * that had shown it gone (issue 23, provenance seed 1289337, SIDE). Not while a conflict elsewhere is about that
 * disk file (the person moved it where the agent's rename took it, provenance seed 864863): its fate is already the
 * person's question there, and following it here would settle that conflict unasked.
 */
function undoneAt(view: OverlayView, diskPath: string, holderPath: string): boolean {
  const h = view.entry(holderPath);
  if (holderPath !== diskPath || !h || !isTransparent(h)) return false;
  return !componentOf(view, [diskPath]).paths.some((p) => {
    const c = view.entry(p)?.conflict;
    return p !== diskPath && c?.origin === 'disk' && (c.diskPath ?? p) === diskPath;
  });
}

/** The replay changes no path but `diskPath`: every other entry shows what it showed. */
function keepsTheRest(view: OverlayView, r: ReplayResult, diskPath: string): boolean {
  if (r.removedPaths.some((p) => p !== diskPath)) return false;
  return r.entries.every((x) => x.path === diskPath || afterOf(view.entry(x.path)?.state ?? x.state) === afterOf(x.state));
}

/**
 * Where the disk has the file the model knows at `diskPath` (`known`) when another file (`now`) took its place
 * there: the file moved away — to `holderPath`, the rename's destination (the person made the same move; a
 * watcher's burst may not report it), or where the disk finds it. Undefined when it is the same file, or the old
 * one is nowhere (an editor's save that replaces the file, a new identity, is an edit, not this).
 */
function movedAwayFor(known: FileIdentity | undefined, now: FileIdentity | undefined, disk: DiskProbe, diskPath: string, holderPath: string): string | undefined {
  if (known === undefined || now === undefined || sameIdentity(known, now)) return undefined;
  if (sameIdentity(disk.identity?.(holderPath), known)) return holderPath;
  const at = disk.locate?.(known);
  return at !== diskPath ? at : undefined;
}

/**
 * The disk conflict an earlier look at this very disk content left at `holderPath`. On a second look the replay
 * without the new baseline holds it, and what holding it makes the replay find elsewhere (another record's conflict
 * at the same path) excused, path for path, the conflict the new baseline causes there: the second look rebased
 * where the first had found a conflict, and a reopen's look changed the listing (issue 23, provenance seed 1425129:
 * the person's new file at a rename's source, which the agent had edited, moved and deleted after the person deleted
 * the old one). So a second look compares the conflicts found by record and kind (`sameFound`): the same conflict
 * pending apart from the disk (a prune conflict elsewhere in the component) still excuses, as on the first look.
 */
function lookedAt(h: PathEntry, holderPath: string, diskPath: string, theirs: ContentRef | null): ConflictState | undefined {
  const c = h.conflict;
  return c?.origin === 'disk' && (c.diskPath ?? holderPath) === diskPath && c.theirs === theirs ? c : undefined;
}

/**
 * Both replays found the same conflict at `p`: the same record failing the same way. Not asked at the path holding
 * the disk conflict, where that conflict hides what the replay without the new baseline found (reference seed 5461).
 */
function sameFound(now: ReplayResult, was: ReplayResult, p: string): boolean {
  const a = now.entries.find((x) => x.path === p)?.conflict;
  const b = was.entries.find((x) => x.path === p)?.conflict;
  return a?.recordId === b?.recordId && a?.kind === b?.kind && a?.origin === b?.origin;
}

/** The replayed component installed as is: the rebase of `path`. */
function rebasedBy(path: string, r: ReplayResult): ReconcileOutcome {
  return { kind: 'rebased', path, op: { type: 'replace', reason: 'rebase', recordIds: [], rewritten: r.rewritten, entries: r.entries, removedPaths: r.removedPaths } };
}

function kindOf(reason: ConflictReason): ConflictKind {
  switch (reason) {
    case 'bothCreated': return 'creation';
    case 'theirsDeleted': return 'deletion';
    case 'oursDeleted': return 'deletion';
    case 'text': return 'text';
    default: return assertNever(reason);
  }
}

function conflictOutcome(view: OverlayView, path: string, store: ContentStore, merge: TextMerge | undefined, conflict: ConflictState): ReconcileOutcome {
  const existing = view.entry(path)?.conflict;
  if (existing && existing.origin === 'disk' && existing.kind === conflict.kind && existing.diskPath === conflict.diskPath
    && existing.base === conflict.base && existing.theirs === conflict.theirs && existing.theirsPath === conflict.theirsPath) {
    return { kind: 'conflict', path, conflict: existing };
  }
  return { kind: 'conflict', path, conflict, op: heldBy(view, path, store, merge, conflict) ?? { type: 'conflict', path, conflict } };
}

/**
 * The component replayed with the new disk conflict held at `path` (replay.ts: a disk conflict stays and wins, and a
 * conflict a replay found there no longer travels with the content a rename moves away). The state stays a replay
 * of its records: without this, the paths a rename took content to keep what the replay computed when no disk
 * conflict was there (reference seed 46569: a create-then-delete over a conflict carried from here showed this
 * path's old disk file at the rename's destination, over the person's own file there). Undefined when the replay
 * changes nothing but the conflict (the usual case: a plain conflict op).
 */
function heldBy(view: OverlayView, path: string, store: ContentStore, merge: TextMerge | undefined, conflict: ConflictState): RebaseOp | undefined {
  const e = view.entry(path);
  if (!e) return undefined;
  const draft = new DraftState(view);
  draft.setEntry(withEntry(e, { conflict }));
  const r = replayComponent(draft, [path], store, { origin: 'prune' }, merge);
  const same = r.removedPaths.length === 0 && r.rewritten.length === 0 && r.entries.every((x) => {
    const old = view.entry(x.path);
    return old !== undefined && (x.path === path || sameConflict(old.conflict, x.conflict))
      && baseOf(old.state) === baseOf(x.state) && afterOf(old.state) === afterOf(x.state) && old.movedFrom === x.movedFrom;
  });
  if (same) return undefined;
  return { type: 'replace', reason: 'conflict', recordIds: [], rewritten: r.rewritten, entries: r.entries, removedPaths: r.removedPaths };
}

function sameConflict(a: ConflictState | undefined, b: ConflictState | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.kind === b.kind && a.origin === b.origin && a.recordId === b.recordId && a.theirs === b.theirs);
}
