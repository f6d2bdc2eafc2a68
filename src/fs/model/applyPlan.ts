import { contentRefOf, textOf } from './contentStore';
import { decodeText } from './textContent';
import { refusedToKeepLines } from './undoKeepsLines';
import { afterOf, baseOf } from './mergeRules';
import { groupOf } from './accumulator';
import { effectiveRef } from './overlayQueries';
import { isTransparent } from './pathEntry';
import type { ContentRef, ContentStore } from './contentStore';
import type { DiskProbe, DiskReader } from './diskProbe';
import type { OverlayView } from './overlayDraft';
import type { PathEntry } from './pathEntry';
import type { UndoEntry, UndoRecord } from './undoRecord';

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

export interface ApplyPlan {
  readonly groups: readonly ApplyGroup[];
  readonly refused: readonly ApplyRefusal[];
  readonly undo: UndoRecord;
}

/** What planning an apply reads of the overlay: the view, and what is staged in a folder (for other spellings). */
export type ApplyView = OverlayView & { entriesUnder(dir: string): Iterable<PathEntry> };

/**
 * SPEC §2 Apply, as a plan: the actions that make the disk equal the staged view for the selected composites
 * (rename partners included, and on a case-insensitive disk the change that removes the file a new name would be
 * written over), refusing any group with a conflict or whose baseline is no longer on the disk (invariant 2: never
 * overwrite a change it did not see). Pure: the adapter executes it, journaled.
 */
export function planApply(view: ApplyView, selection: Iterable<string>, disk: DiskProbe): ApplyPlan {
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
 * their records link, and on a case-insensitive disk the changes at other spellings of its names and the change
 * that removes the file a new name would be written over (`withTwins`). Reads no file's content: what a confirmation lists before the apply.
 */
export function applyGroups(view: ApplyView, selection: Iterable<string>, disk: DiskProbe): string[][] {
  const groups: string[][] = [];
  const seen = new Set<string>();
  const spellings = stagedSpellings(view, disk);
  for (const p of selection) {
    if (seen.has(p)) continue;
    const paths = withTwins(view, groupOf(view, p), disk, seen, spellings);
    for (const q of paths) seen.add(q);
    groups.push(paths);
  }
  return groups;
}

/**
 * On a case-insensitive disk, the staged paths that are other spellings of a path's name in its folder (a
 * transparent entry changes nothing and is left out, unless a rename chain passed through it); undefined on a
 * case-sensitive one. Each folder's staged names are indexed once, the first time a path there is asked about.
 */
function stagedSpellings(view: ApplyView, disk: DiskProbe): ((path: string) => readonly string[]) | undefined {
  if (!disk.foldsCase) return undefined;
  const byFolder = new Map<string, Map<string, string[]>>();
  return (path) => {
    if (!disk.foldsCase?.(path)) return [];
    const slash = path.lastIndexOf('/');
    const parent = slash <= 0 ? '/' : path.slice(0, slash);
    let names = byFolder.get(parent);
    if (!names) {
      names = new Map();
      const prefix = parent.endsWith('/') ? parent : `${parent}/`;
      for (const e of view.entriesUnder(parent)) {
        const name = e.path.slice(prefix.length);
        if (name.includes('/') || (isTransparent(e) && !chainPassed(view, e))) continue;
        const key = name.toLowerCase();
        names.set(key, [...(names.get(key) ?? []), e.path]);
      }
      byFolder.set(parent, names);
    }
    return (names.get(path.slice(slash + 1).toLowerCase()) ?? []).filter((q) => q !== path);
  };
}

/**
 * A rename chain passed through this entry (`b` → `d/E` → `A`): it changes nothing there, but it links the chain's
 * group to the name. On a case-sensitive disk the chain's overwrite of `d/e` is staged at that same entry, so
 * the delete and the chain are one group; on a case-insensitive one the delete is staged at the disk's spelling
 * `d/e`, and applied alone it removed the file while the chain stayed staged, so a discard of the chain and an
 * Undo left the delete staged on its own (issue 23, provenance folding seed 11084).
 */
function chainPassed(view: OverlayView, e: PathEntry): boolean {
  return e.recordIds.some((id) => {
    const r = view.record(id);
    return r?.operation === 'rename' && (r.path === e.path || r.fromPath === e.path);
  });
}

/**
 * A group with, on a case-insensitive disk, the groups of its paths' case twins, until none is left out (one
 * group: all or nothing):
 * - every staged change at another spelling of one of its paths: two spellings are one file there, so applying
 *   one alone would write or remove the other's file too (issue 23, provenance folding seed 1984: applying `a`'s
 *   delete alone removed the file that a rename onto `A`, in another group, was to fill);
 * - the staged change that removes a file the disk has under another spelling of a name it creates: applied
 *   alone, the new name would be written over that file (the removal alone is still its own group).
 * `planned`: paths an earlier group of the plan has.
 */
function withTwins(view: OverlayView, group: readonly string[], disk: DiskProbe, planned: ReadonlySet<string>, spellings: ((path: string) => readonly string[]) | undefined): string[] {
  if (!disk.caseTwin && !spellings) return [...group];
  const out = new Set(group);
  const take = (twin: string) => {
    if (!out.has(twin) && !planned.has(twin)) groupOf(view, twin).forEach((q) => out.add(q));
  };
  for (const p of out) {
    for (const twin of spellings?.(p) ?? []) take(twin);
    const e = view.entry(p);
    if (!disk.caseTwin || !e || (baseOf(e.state) ?? null) !== null || (afterOf(e.state) ?? null) === null) continue;
    const twin = disk.caseTwin(p);
    if (twin !== undefined && effectiveRef(view, twin) === null) take(twin);
  }
  return [...out];
}

/**
 * On a case-insensitive disk, a new name whose other spelling holds a file would be written over that file. It
 * may be applied only when the same apply deletes or moves that file away (a rename that changes only letter case,
 * an overwrite, or the other file's own change, which `withTwins` brings in): groups that need a file gone
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
 * `store` (the contents the undo record names): with it, a path whose restoring would take off the disk the lines
 * a refused path cannot get back is refused too (`refusedToKeepLines`, provenance seed 460060).
 */
export function planUndo(undo: UndoRecord, readDisk: DiskReader, linked: readonly (readonly string[])[] = [], store?: ContentStore): { readonly actions: readonly ApplyAction[]; readonly refused: readonly string[] } {
  const deletes: ApplyAction[] = [];
  const writes: ApplyAction[] = [];
  const undone = new Set(undo.entries.map(u => u.path));
  const stale = undo.entries.filter(u => diskRef(readDisk, u.path) !== u.written).map(u => u.path);
  const close = (paths: readonly string[]) => closeOverLinked(paths, linked).filter(p => undone.has(p));
  const now = (path: string) => {
    const bytes = readDisk(path);
    return bytes ? decodeText(bytes) : undefined;
  };
  const refused = store ? refusedToKeepLines(undo.entries, close(stale), ref => textOf(store, ref), now, close) : close(stale);
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
