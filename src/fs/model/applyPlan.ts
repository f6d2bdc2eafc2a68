import { contentRefOf } from './contentStore';
import { afterOf, baseOf } from './mergeRules';
import { groupOf } from './accumulator';
import { effectiveRef } from './overlayQueries';
import { isTransparent } from './pathEntry';
import type { ContentRef } from './contentStore';
import type { DiskProbe, DiskReader } from './diskProbe';
import type { OverlayView } from './overlayDraft';
import type { PathEntry } from './pathEntry';

/**
 * One disk operation. `expected` is what the disk must hold at the path right before the action (null = no
 * file): the adapter re-checks it as it goes, so a change made after planning is never overwritten. A write's
 * `movedFrom`: the write ends a cycle of renames (a swap), and this is the path whose file it moves (the adapter
 * keeps that file's permission bits, and the file itself when its bytes are unchanged).
 */
export type ApplyAction =
  | { readonly kind: 'write'; readonly path: string; readonly content: ContentRef; readonly expected: ContentRef | null; readonly movedFrom?: string }
  | { readonly kind: 'delete'; readonly path: string; readonly expected: ContentRef }
  | { readonly kind: 'rename'; readonly from: string; readonly to: string; readonly expected: ContentRef; readonly overwrites: ContentRef | null };

/** Composites linked by renames are applied together, in this order: renames, deletes, writes. */
export interface ApplyGroup {
  /** The entries this group applies: pass them to `markApplied` once its actions are done. */
  readonly paths: readonly string[];
  readonly actions: readonly ApplyAction[];
}

export interface ApplyRefusal {
  /** The group that was not applied. */
  readonly paths: readonly string[];
  /** The path that caused it. */
  readonly path: string;
  /**
   * `conflict`: unresolved. `diskChanged`: the disk no longer has the baseline — reconcile first. `sameName`: a
   * case-insensitive disk has a file under another spelling of this new name, which this apply does not remove.
   */
  readonly reason: 'conflict' | 'diskChanged' | 'sameName';
}

/** What an apply replaces, path by path: enough for "Undo last apply" to restore exactly that. */
export interface UndoEntry {
  readonly path: string;
  /** What the disk had (null = no file). */
  readonly previous: ContentRef | null;
  /** What the apply left there (null = removed). Undo refuses a path whose disk no longer has this. */
  readonly written: ContentRef | null;
}

export interface UndoRecord {
  readonly entries: readonly UndoEntry[];
}

export interface ApplyPlan {
  readonly groups: readonly ApplyGroup[];
  readonly refused: readonly ApplyRefusal[];
  readonly undo: UndoRecord;
}

/**
 * SPEC §2 Apply, as a plan: the actions that make the disk equal the staged view for the selected composites
 * (rename partners included, and on a case-insensitive disk the change that removes the file a new name would be
 * written over), refusing any group with a conflict or whose baseline is no longer on the disk (invariant 2: never
 * overwrite a change it did not see). Pure: the adapter executes it, journaled.
 */
export function planApply(view: OverlayView, selection: Iterable<string>, disk: DiskProbe): ApplyPlan {
  const readDisk = disk.read;
  const groups: ApplyGroup[] = [];
  const refused: ApplyRefusal[] = [];
  const undo: UndoEntry[] = [];
  for (const paths of applyGroups(view, selection, disk)) {
    const entries = paths.map((q) => view.entry(q) as PathEntry);
    if (entries.length === 0 || entries.every(isTransparent)) continue;

    const conflicted = entries.find((e) => e.conflict);
    if (conflicted) {
      refused.push({ paths, path: conflicted.path, reason: 'conflict' });
      continue;
    }
    const stale = entries.find((e) => (disk.refOf ? disk.refOf(e.path) : diskRef(readDisk, e.path)) !== (baseOf(e.state) ?? null));
    if (stale) {
      refused.push({ paths, path: stale.path, reason: 'diskChanged' });
      continue;
    }
    groups.push({ paths, actions: actionsOf(entries) });
    for (const e of entries) {
      const previous = baseOf(e.state) ?? null;
      const written = afterOf(e.state) ?? null;
      if (previous !== written) undo.push({ path: e.path, previous, written });
    }
  }
  refuseTwinned(groups, refused, disk);
  const applied = new Set(groups.flatMap((g) => g.paths));
  return { groups, refused, undo: { entries: undo.filter((u) => applied.has(u.path)) } };
}

/** The paths that hold no file once these actions are done (a path a rename leaves and a write fills is not). */
export function pathsLeftEmpty(actions: readonly ApplyAction[]): string[] {
  const last = new Map<string, boolean>();
  for (const a of actions) {
    if (a.kind === 'rename') {
      last.set(a.from, false);
      last.set(a.to, true);
    } else {
      last.set(a.path, a.kind === 'write');
    }
  }
  return [...last].filter(([, full]) => !full).map(([p]) => p);
}

/**
 * The paths an apply of `selection` takes, group by group (each all or nothing): rename partners and every path
 * their records link, and on a case-insensitive disk the change that removes the file a new name would be written
 * over. Reads no file's content: what a confirmation lists before the apply.
 */
export function applyGroups(view: OverlayView, selection: Iterable<string>, disk: DiskProbe): string[][] {
  const groups: string[][] = [];
  const seen = new Set<string>();
  for (const p of selection) {
    if (seen.has(p)) continue;
    const paths = withRemovedTwins(view, groupOf(view, p), disk, seen);
    for (const q of paths) seen.add(q);
    groups.push(paths);
  }
  return groups;
}

/**
 * A group with, on a case-insensitive disk, the groups of the staged changes that remove a file the disk has under
 * another spelling of a name it creates: applied alone, the new name would be written over that file. One group:
 * all or nothing (the removal alone is still its own group). `planned`: paths an earlier group of the plan has.
 */
function withRemovedTwins(view: OverlayView, group: readonly string[], disk: DiskProbe, planned: ReadonlySet<string>): string[] {
  if (!disk.caseTwin) return [...group];
  const out = new Set(group);
  for (const p of out) {
    const e = view.entry(p);
    if (!e || (baseOf(e.state) ?? null) !== null || (afterOf(e.state) ?? null) === null) continue;
    const twin = disk.caseTwin(p);
    if (twin !== undefined && !out.has(twin) && !planned.has(twin) && effectiveRef(view, twin) === null) groupOf(view, twin).forEach((q) => out.add(q));
  }
  return [...out];
}

/**
 * On a case-insensitive disk, a new name whose other spelling holds a file would be written over that file. It
 * may be applied only when the same apply deletes or moves that file away (a rename that changes only letter case,
 * an overwrite, or the other file's own change, which `withRemovedTwins` brings in): groups that need a file gone
 * that no applied group removes are refused, until none is left.
 */
function refuseTwinned(groups: ApplyGroup[], refused: ApplyRefusal[], disk: DiskProbe): void {
  if (!disk.caseTwin) return;
  const created = groups.map((g) => g.actions.flatMap((a) => (a.kind === 'write' && a.expected === null ? [a.path] : a.kind === 'rename' && a.overwrites === null ? [a.to] : [])));
  const twins = created.map((paths) => paths.flatMap((p) => {
    // Two new spellings of one name in one group (a prune can bring both back) are one file there too.
    const twin = disk.caseTwin?.(p) ?? (disk.foldsCase?.(p) ? paths.find((q) => q !== p && q.toLowerCase() === p.toLowerCase()) : undefined);
    return twin === undefined ? [] : [[p, twin] as const];
  }));
  if (twins.every((t) => t.length === 0)) return;
  for (let changed = true; changed; ) {
    changed = false;
    const removed = new Set(groups.flatMap((g) => pathsLeftEmpty(g.actions)));
    for (let i = groups.length - 1; i >= 0; i--) {
      const blocked = twins[i].find(([, twin]) => !removed.has(twin));
      if (!blocked) continue;
      refused.push({ paths: groups[i].paths, path: blocked[0], reason: 'sameName' });
      groups.splice(i, 1);
      twins.splice(i, 1);
      changed = true;
    }
  }
}

function diskRef(readDisk: DiskReader, path: string): ContentRef | null {
  const bytes = readDisk(path);
  return bytes ? contentRefOf(bytes) : null;
}

function actionsOf(entries: readonly PathEntry[]): ApplyAction[] {
  // The disk as the actions leave it, path → ref: every `expected` is read from here.
  const disk = new Map<string, ContentRef | null>(entries.map((e) => [e.path, baseOf(e.state) ?? null]));
  const actions: ApplyAction[] = [];

  // Renames keep the file's identity. One may run once its destination's own file has moved out; what is
  // left when none can is a cycle (a swap), applied as writes that name the file they move.
  let pending = entries.filter((e) => e.movedFrom !== undefined).map((e) => ({ from: e.movedFrom as string, to: e.path }));
  for (;;) {
    const ready = pending.filter((r) => !pending.some((o) => o !== r && o.from === r.to));
    if (ready.length === 0) break;
    for (const r of ready) {
      const moved = disk.get(r.from) ?? null;
      if (moved === null) continue; // cannot happen with a checked baseline; the writes below cover it
      actions.push({ kind: 'rename', from: r.from, to: r.to, expected: moved, overwrites: disk.get(r.to) ?? null });
      disk.set(r.to, moved);
      disk.set(r.from, null);
    }
    pending = pending.filter((r) => !ready.includes(r));
  }

  const cycle = new Map(pending.map((r) => [r.to, r.from]));
  const writes: ApplyAction[] = [];
  for (const e of entries) {
    const target = afterOf(e.state) ?? null;
    const now = disk.get(e.path) ?? null;
    if (target === now) continue;
    const movedFrom = cycle.get(e.path);
    if (target === null) actions.push({ kind: 'delete', path: e.path, expected: now as ContentRef });
    else writes.push({ kind: 'write', path: e.path, content: target, expected: now, ...(movedFrom !== undefined ? { movedFrom } : {}) });
  }
  return [...actions, ...writes];
}

/**
 * "Undo last apply" as a plan: restore each path's previous content, refusing paths whose disk changed since
 * the apply wrote them. Renames are undone as write + delete. `linked`: the paths the apply took as one unit
 * (a rename's source and destination); one of them refused refuses them all, or the restored destination would
 * drop the moved text while its source, refused, no longer has it either (issue 23, provenance seed 1333).
 */
export function planUndo(undo: UndoRecord, readDisk: DiskReader, linked: readonly (readonly string[])[] = []): { readonly actions: readonly ApplyAction[]; readonly refused: readonly string[] } {
  const deletes: ApplyAction[] = [];
  const writes: ApplyAction[] = [];
  const undone = new Set(undo.entries.map(u => u.path));
  const stale = undo.entries.filter(u => diskRef(readDisk, u.path) !== u.written).map(u => u.path);
  const refused = closeOverLinked(stale, linked).filter(p => undone.has(p));
  for (const u of undo.entries) {
    if (refused.includes(u.path)) continue;
    if (u.previous === u.written) continue;
    if (u.previous === null) deletes.push({ kind: 'delete', path: u.path, expected: u.written as ContentRef });
    else writes.push({ kind: 'write', path: u.path, content: u.previous, expected: u.written });
  }
  return { actions: [...deletes, ...writes], refused };
}

/** These paths and every path linked to one of them (transitively), in first-seen order. */
export function closeOverLinked(paths: readonly string[], linked: readonly (readonly string[])[]): string[] {
  const out = [...paths];
  for (let i = 0; i < out.length; i++) {
    for (const unit of linked) if (unit.includes(out[i])) for (const q of unit) if (!out.includes(q)) out.push(q);
  }
  return out;
}
