import { afterOf, assertNever, baseOf, stateOf } from './mergeRules';
import { mergeContent } from './mergeContent';
import { carriedThrough, leftAt, replayCell } from './replayRules';
import { PathLinks } from './pathLinks';
import { agentSide, wroteOwnLines } from './agentSide';
import { makeEntry } from './accumulator';
import { componentOf } from './component';
import { newJoinedReplay, replayPlainFileInto } from './replayPlainFile';
import type { JoinedReplay } from './replayPlainFile';
import type { ChangeRecord } from './changeRecord';
import type { ContentRef, ContentStore } from './contentStore';
import type { TextMerge } from './mergeContent';
import type { OverlayView } from './overlayDraft';
import type { ConflictKind, ConflictState, FileIdentity, PathEntry } from './pathEntry';
import type { ReplayOptions, ReplayResult } from './replayOptions';

/**
 * The one rule of the overlay (issue 13): a path's staged state is a pure function of its disk baseline and the
 * surviving records that touch it, replayed in staging order. Prune, discard, rebase onto a changed disk and
 * "accept the agent's version" all take records out or move a baseline, then replay the affected component here —
 * so nothing taken out can come back, and no composite exists without a record that made it (a path whose
 * replay leaves no record is clean).
 *
 * A record replays exactly when the content it finds equals its `before` (what it saw). Otherwise the replay table
 * decides (replayRules.ts, issue 23), for a stack of records at one path (a write or delete and the writes and
 * deletes there that follow it exactly) as one: a write is rebased by one three-way merge of its whole change onto
 * what is there now, as Jujutsu rebases the descendants of an abandoned change; a delete over no file, or a create
 * then a delete, does nothing; a delete of content it never saw, a write to a file that is gone and a create onto a
 * file that exists are conflicts (delete/modify, modify/delete, add/add) — never a silent success that removes
 * what the record never saw. A rename moves whatever is there (it removes nothing); onto other content it is a
 * conflict. A conflict keeps the agent's outcome and is a first-class value on the path naming the record; a later
 * record that saw the agent's side moves that side, and what then no longer differs from the conflict's base
 * resolves to theirs. Records are not rewritten by a rebase, so
 * the result depends on the surviving records alone, never on the order in which others were taken out; only a
 * person's decision (accept the agent's version) and a rename taken out (its destination's later
 * records follow the file home) rewrite records.
 */

/** Where a path's content comes from, for the rename links: the disk file of that path, or null (new content). */
type Lineage = string | null;

/** A conflict this replay found, as a value (see `open` in `replayOne`). */
interface OpenConflict {
  readonly base: ContentRef | null;
  readonly theirs: ContentRef | null;
  top?: ContentRef | null;
  readonly was: Set<string>;
  readonly home?: Home;
}

/**
 * A conflict a file carries past a path holding a file the records never saw (replayRules.ts `carriedThrough`,
 * `passes`): the conflict, its value, and the path it was found at (its source) with that path's lineage then.
 */
interface CarriedOn {
  readonly conflict: ConflictState;
  readonly value?: OpenConflict;
  readonly source: string;
  readonly sourceLineage: Lineage;
}

/** Where a creation conflict carried by a rename was found, and what its destination showed before (see `open`). */
interface Home {
  readonly path: string;
  readonly lineage: Lineage;
  /** The records whose content the person's file there is (the conflict's `was` where it was found). */
  readonly was: ReadonlySet<string>;
  readonly pre: ContentRef | null;
  readonly preLineage: Lineage;
  readonly preProv: ReadonlySet<string>;
}

/**
 * Replays the components of `seeds` (see the module comment), each on its own: a prune touching a thousand files
 * replays a thousand small components. Pure: the caller installs the result.
 */
export function replayComponent(view: OverlayView, seeds: Iterable<string>, store: ContentStore, options: ReplayOptions, merge?: TextMerge): ReplayResult {
  return replayComponents(view, seeds, store, options, merge, true);
}

/**
 * `replayComponent`, with the fast path for a plain file's component (replayPlainFile.ts) or without it: exported
 * so a test can compare the two.
 */
export function replayComponents(view: OverlayView, seeds: Iterable<string>, store: ContentStore, options: ReplayOptions, merge: TextMerge | undefined, plainFast: boolean): ReplayResult {
  const done = new Set<string>();
  // A plain file is a component of its own (no record or link reaches it from another path), so it needs marking
  // done only against the same seed given twice, which a set cannot hold: a prune's 10,000 seeds are a set.
  const unique = seeds instanceof Set;
  // The parts are joined as they come, by loops (a prune of a message that touched 10,000 files joins 10,000
  // parts, where `flatMap` and a spread of each part's maps cost a tenth of the prune, issue 28); a plain file's
  // part is appended in place. A generic part alone is returned as it is: `pending` holds it until another comes.
  const all = newJoinedReplay();
  let parts = 0;
  let pending: ReplayResult | undefined;
  for (const seed of seeds) {
    if (done.size > 0 && done.has(seed)) continue;
    if (plainFast) {
      if (pending !== undefined) {
        joinInto(all, pending);
        pending = undefined;
      }
      if (replayPlainFileInto(view, seed, store, options, merge, all)) {
        if (!unique) done.add(seed);
        parts++;
        continue;
      }
    }
    const component = componentOf(view, [seed]);
    if (component.paths.length === 0) continue;
    for (const p of component.paths) done.add(p);
    const part = replayOne(view, component, store, options, merge);
    if (parts++ === 0) pending = part;
    else {
      if (pending !== undefined) {
        joinInto(all, pending);
        pending = undefined;
      }
      joinInto(all, part);
    }
  }
  return pending ?? all;
}

function joinInto(all: JoinedReplay, r: ReplayResult): void {
  pushAll(all.entries, r.entries);
  pushAll(all.removedPaths, r.removedPaths);
  pushAll(all.rewritten, r.rewritten);
  pushAll(all.removedRecordIds, r.removedRecordIds);
  pushAll(all.conflicts, r.conflicts);
  pushAll(all.found, r.found);
  pushAll(all.records, r.records);
  for (const [p, ids] of r.provenance) all.provenance.set(p, ids);
  for (const [id, ref] of r.movedBy) all.movedBy.set(id, ref);
  if (r.met) for (const [id, named] of r.met) all.met.set(id, named);
}

function pushAll<T>(into: T[], from: readonly T[]): void {
  for (let i = 0; i < from.length; i++) into.push(from[i]);
}

function replayOne(view: OverlayView, component: { paths: string[]; recordIds: Set<string> }, store: ContentStore, options: ReplayOptions, merge?: TextMerge): ReplayResult {
  const { paths, recordIds } = component;
  const removed = options.removed ?? new Set<string>();
  const all = [...recordIds].map((id) => ({ r: view.record(id) as ChangeRecord, order: view.order(id) })).sort((a, b) => a.order - b.order).map((x) => x.r);

  const base = new Map<string, ContentRef | null>();
  const identity = new Map<string, FileIdentity | undefined>();
  const cur = new Map<string, ContentRef | null>();
  const lineage = new Map<string, Lineage>();
  const prov = new Map<string, Set<string>>();
  const ids = new Map<string, string[]>();
  for (const p of paths) {
    const e = view.entry(p) as PathEntry;
    const moved = options.baselines?.get(p);
    const b = moved ? moved.base : (baseOf(e.state) ?? null);
    base.set(p, b);
    identity.set(p, moved ? (moved.identity ?? (moved.base === null ? undefined : e.identity)) : e.identity);
    cur.set(p, b);
    lineage.set(p, b === null ? null : p);
    prov.set(p, new Set());
    ids.set(p, []);
  }

  const conflicts = new Map<string, ConflictState>();
  const texts = new Map<ContentRef, string | undefined>();
  const agentSideOf = (saw: ContentRef | null, top: ContentRef | null, now: ContentRef | null, overlap: 'record' | 'both' = 'record'): ContentRef | null => {
    const side = saw === null || top === null ? undefined : agentSide(saw, top, now, store, texts, overlap);
    return side === undefined ? top : side; // binary: the record's own outcome
  };
  // A disk conflict cannot be recomputed from the records, so it stays, and wins over a prune conflict found at its path.
  const diskHeld = new Set(paths.filter((p) => {
    const old = view.entry(p)?.conflict;
    return old?.origin === 'disk' && !options.baselines?.has(old.diskPath ?? p) && !options.settled?.has(p);
  }));
  const rewritten: ChangeRecord[] = [];
  const movedBy = new Map<string, ContentRef>();
  // What arrived at each rename's source in this replay (before a settled rename's carry, `carriedOnto`): what a
  // rename settled by the `shown` post-pass is rewritten to have seen (`movedRename`).
  const arrivedBy = new Map<string, ContentRef>();
  // Where a settled rename's change did not merge onto what arrived (a conflict, `carriedOnto`): "Accept agent" there
  // settles the rename again (the post-pass below), though the view already shows the agent's side.
  const unmergedAt = new Set<string>();
  // The conflicts this replay found, as values: what the record that did not apply saw there (base) and what it
  // found (theirs). Later records that saw the agent's side move it; see the content case below.
  // `top` is the records' own outcome, which the agent's side shown (agentSide.ts) may differ from: a later record
  // that saw either saw the agent's side.
  // `was`: the records whose content `theirs` is. Settled to theirs, the path shows that content again, not the
  // agent's side: a Discard of another path must not count the agent side's records as shown here (reference seed
  // 293: a rename kept that way moved the person's file away after they discarded its path).
  // `home`: for a creation conflict a rename carried away from where it was found, that path, its lineage and the
  // records shown there, and what the destination showed before the rename landed (see the rename case).
  const open = new Map<string, OpenConflict>();
  // The records whose replay met a conflict, shown or not, each with the record the conflict names (`ReplayResult.met`):
  // a stack's records meet it together, under its first record's name.
  const met = new Map<string, string>();
  // A conflict found here that a later record settled (it saw the agent's side and left what no longer differs, or
  // deleted the very file the conflict was about): its records' mismatch is moot, asked of no one.
  const settleFound = (p: string): void => {
    const named = conflicts.get(p)?.recordId;
    conflicts.delete(p);
    open.delete(p);
    if (named !== undefined) for (const [id, by] of met) if (by === named) met.delete(id);
  };
  const conflict = (path: string, r: ChangeRecord, kind: ConflictKind, theirs: ContentRef | null, binary: boolean, saw: ContentRef | null, top?: ContentRef | null, stack: readonly ChangeRecord[] = [r]): void => {
    for (const w of stack) met.set(w.id, r.id);
    if (conflicts.has(path)) return;
    conflicts.set(path, { kind, origin: options.origin, base: r.before, theirs, binary, delegated: false, recordId: r.id });
    open.set(path, { base: saw, theirs, ...(top !== undefined ? { top } : {}), was: new Set(prov.get(path)) });
  };

  // A rename taken out did not happen: until its file leaves the destination, later records there are about the
  // file at the source, so they follow it home (rewritten with the source's path).
  const alias = new Map<string, string>();
  // The paths the renames replayed so far link (up to the record being replayed, itself included). Issue 23
  // (reference seeds 81061, 48066): a stack ends at a delete or a rename of a linked file, and one that only a
  // rename staged after it links to the stack's path was about that other file. Read by the component's links (every
  // record's), staging that later rename cut the stack short on the next replay: the file the stack had brought
  // and moved on (passing by the person's file) landed on the person's file instead, and the view of the same
  // earlier records changed with a later record — staging and replay disagreed (invariant 6).
  const linksSoFar = new PathLinks();
  // The file a rename found at its destination and landed on (whether that is a conflict, forced, or the file the
  // person accepted it replacing), as the later records that saw that file changed it (see the write case).
  // A later record at the destination, by what it saw (provenance seeds 352912, 475706):
  //
  //   record | saw                              | there now           | outcome
  //   -------+----------------------------------+---------------------+------------------------------------------
  //   write  | the landed-on file (as changed)  | the moved file      | changes the landed-on file: the conflict's
  //          |                                  |                     | other side (forced: the file replaced)
  //   delete | the landed-on file (as changed)  | the moved file      | deletes it: the rename lands on a free path
  //   any    | the moved file                   | the moved file      | the replay table, as any record
  //   write, | the destination's own file, the  | (the rename taken   | stays at the destination (`staysAt`); one
  //   delete | rename taken out                 | out: its own file)  | that saw the moved file follows it home
  const landed = new Map<string, { theirs: ContentRef; readonly rename: string }>();
  const resolve = (p: string): string => alias.get(p) ?? p;
  // Writes taken up by an earlier record's rebase (see `stackAt`).
  const consumed = new Set<string>();
  /**
   * The writes at `p` that follow `first` exactly (each starts from the previous one's result), and a delete there
   * that ends them, up to the first other record touching anything but a write elsewhere: one stack, replayed by one cell of the table
   * (a create then a delete is one no-op, whatever the file became). The result depends on
   * the surviving records only, not on the order in which others were taken out.
   */
  const stackAt = (i: number, p: string, first: ChangeRecord): ChangeRecord[] => {
    const { stack, taken } = peekStack(i, p, first);
    for (const [o, w] of taken) {
      consumed.add(o.id);
      if (w !== o) rewritten.push(w);
    }
    return stack;
  };
  /**
   * `stackAt` without taking the stack up, and the first surviving record after it that touches `p` (as its path or
   * its source, read through the aliases of renames taken out): a rename out of `p` there moves the stack's file on.
   */
  const peekStack = (i: number, p: string, first: ChangeRecord, brings?: boolean): { stack: ChangeRecord[]; taken: [ChangeRecord, ChangeRecord][]; next?: ChangeRecord } => {
    const stack = [first];
    const taken: [ChangeRecord, ChangeRecord][] = [];
    const ahead = new Map(alias);
    const home = (q: string): string => ahead.get(q) ?? q;
    // A record ahead read through a taken-out rename's alias, as the replay will read it: one that saw the
    // destination's own file stays there (`staysAt`), and so does every later record there. Read as following the
    // file home, a delete of the person's file at a rename's destination cut short a create at the source that a
    // later rename moves on, so it no longer passed by the agent's file there and hid it (reference seed 329063).
    // `brings`: the stack brings a file to `p` (a create or a rename in, `passesThrough`), and the records ahead saw
    // that file there, as the replay will have it when it reaches them (landing, it is there; passing by, they are
    // the stack's and never meet the person's file there). Read as `p` is now, holding the person's file, a record
    // ahead at a taken-out rename's alias was judged against that file: a write of the stack's file at `p` followed
    // the alias home as if it never saw it (reference seed 899185), and a delete of the very file the stack brings,
    // at the rename's source (whose alias leads to `p`), was judged as not finding it at home and stayed at the
    // source, where the replay sends it home (reference seeds 756295, 773203, 838406, 854687, 889198, 898990): the
    // stack was cut short or read past, and the moved file landed on the person's file, taking its lineage.
    const then = (q: string): ContentRef | null => (brings && q === p ? stack[stack.length - 1].after : cur.get(q) ?? null);
    const peeked = (g: ChangeRecord): ChangeRecord => {
      const w = aliased(g, home);
      if (w === g || !staysAt(g, then(g.path), then(w.path))) return w;
      ahead.delete(g.path);
      return g;
    };
    let j = i + 1;
    for (; first.operation !== 'delete' && j < all.length; j++) {
      const o = all[j];
      if (removed.has(o.id)) {
        if (o.operation === 'rename' && o.fromPath !== undefined) moveAlias(ahead, o.fromPath, o.path);
        continue;
      }
      const g = options.rewrites?.get(o.id) ?? o;
      // A rename or a delete of a file the renames replayed so far link to `p` ends the stack; one that only a later
      // rename links was about that other file, and is nothing to this stack (`linksSoFar`).
      if (g.operation === 'rename') {
        const moved = aliased(g, home);
        if (linksSoFar.linked(moved.path, p) || (moved.fromPath !== undefined && linksSoFar.linked(moved.fromPath, p))) break;
        continue;
      }
      const w = peeked(g);
      if (w.path !== p) {
        if (g.operation === 'delete' && linksSoFar.linked(w.path, p)) break;
        continue;
      }
      if (w.before !== stack[stack.length - 1].after || options.force?.(o)) break;
      stack.push(w);
      taken.push([o, w]);
      // A delete ends the stack: what is written after it is new content, replayed over what the stack left.
      if (g.operation === 'delete') {
        j++;
        break;
      }
    }
    for (; j < all.length; j++) {
      const o = all[j];
      if (consumed.has(o.id)) continue;
      if (removed.has(o.id)) {
        if (o.operation === 'rename' && o.fromPath !== undefined) moveAlias(ahead, o.fromPath, o.path);
        continue;
      }
      const w = peeked(options.rewrites?.get(o.id) ?? o);
      if (w.path === p || w.fromPath === p) return { stack, taken, next: w };
    }
    return { stack, taken };
  };
  /**
   * What a write taken out in this replay made of a file (its `after` → its `before`): a rename out that saw such a
   * file saw the file it was made of, the writes since taken out (`madeOf`; ref9b, reference seed 63590).
   */
  const writtenFrom = new Map<ContentRef, ContentRef>();
  for (const x of all) if (removed.has(x.id) && x.operation === 'modify' && x.before !== null && x.after !== null && x.after !== x.before) writtenFrom.set(x.after, x.before);
  const madeOf = (seen: ContentRef | null, file: ContentRef | null): boolean => {
    let q = seen;
    for (let n = 0; q !== null && file !== null && n < all.length; n++) {
      const b = writtenFrom.get(q);
      if (b === undefined) return false;
      if (b === file) return true;
      q = b;
    }
    return false;
  };
  /** The file `seen` was made of by the writes taken out here (itself when none made it). */
  const madeOfRoot = (seen: ContentRef): ContentRef => {
    let q = seen;
    for (let n = 0; n < all.length; n++) {
      const b = writtenFrom.get(q);
      if (b === undefined) break;
      q = b;
    }
    return q;
  };
  /**
   * Where the path holds a file the records never saw (they saw no file there), the stack at `p` that brought a
   * file there (a create, or a rename in: `first`, leaving `brought`) and the rename out of `p` that moves that very
   * file on again (replayRules.ts `leftAt`): the file passes through, and the one there stays (`passing`, below).
   * A file moved in and deleted there (`top` null) passes too (provenance seed 581499: landing on the person's file,
   * the rename had it listed as the moved file). Undefined when the file brought stays at `p`, or when `p` holds
   * what the records saw. `seen`: what the records after a rename in saw of the file it brought, when that is not
   * `brought` — a file carrying a conflict shows its agent side, and the records continue their own outcome (the
   * conflict's `top`; provenance seed 890379).
   */
  const passesThrough = (i: number, p: string, first: ChangeRecord, brought: ContentRef | null, now: ContentRef | null, seen: ContentRef | null = brought): { stack: ChangeRecord[]; taken: [ChangeRecord, ChangeRecord][]; top: ContentRef | null } | undefined => {
    // The very bytes brought are there already (the table's `already`: someone made the same file): the file there
    // is the records' own, and the rename out that saw it moves it (provenance seed 1052158: the person's hand merge
    // at `a`, a create over the disk's identical file, passed by it, so any replay showed `a` again while the
    // rename moved it to `d/f/g` too; a partial Apply's reconcile then changed the view).
    if (now === null || brought === null || now === brought) return undefined;
    // A rename in starts the stack as a create of what it moved would (the writes after it continue that file).
    const start: ChangeRecord = first.operation === 'rename' ? { ...first, operation: 'create', path: p, before: null, after: seen } : first;
    const { stack, taken, next } = peekStack(i, p, start, true);
    const top = stack[stack.length - 1].after;
    // The rename out of `p` moves this very file on when it saw what the stack left there: as replayed, or as the
    // rename in recorded bringing it. A file rebased on the way (the person's edit of the chain's source, merged in)
    // is still the file the next rename saw; compared by its new bytes alone, it was taken to stay and land on the
    // person's file there, a needless rename conflict that hid the merged edit from the view until the person's
    // file went away, when Apply wrote it (issue 23, provenance seed 914836, WYSIWYG).
    const recorded = stack.length === 1 && first.operation === 'rename' ? first.after : top;
    // A rename read onto itself (its destination sent home by a rename taken out) moves nothing on: the file stays
    // here, and read as moved on it passed by and then vanished from the view, which Apply followed (issue 23,
    // provenance seed 1125483: "Accept disk" turned down `d/e` → `a`, so the later `d/e` → `a` read `d/e` → `d/e`,
    // and the file `h` → `d/e` brought there was lost).
    const movedOn = top !== null && next !== undefined && next.operation === 'rename' && next.fromPath === p && next.path !== p
      && (next.before === top || next.before === recorded || madeOf(next.before, top) || madeOf(next.before, recorded));
    if (replayCell(null, leftAt(null, top, movedOn), now).outcome !== 'nothing') return undefined;
    // A file moved in and deleted there passes too, and goes no further; a create then a delete is the table's own stack.
    if (top === null && first.operation !== 'rename') return undefined;
    return { stack: first.operation === 'rename' ? stack.slice(1) : stack, taken, top };
  };
  /**
   * A file passing through a path that holds one the records never saw: it leaves with the next rename out of that
   * path, and the file there stays where it is, untouched (its content, lineage and records shown).
   */
  const passing = new Map<string, { readonly content: ContentRef; readonly lineage: Lineage; readonly prov: ReadonlySet<string>; readonly carried?: CarriedOn }>();
  /** The stack `passesThrough` found passes by the file at `p`: its records are consumed here and shown at `p`. */
  const passBy = (p: string, through: { readonly stack: ChangeRecord[]; readonly taken: [ChangeRecord, ChangeRecord][]; readonly top: ContentRef | null }): void => {
    for (const [o, w] of through.taken) {
      consumed.add(o.id);
      if (w !== o) rewritten.push(w);
    }
    passing.set(p, { content: through.top as ContentRef, lineage: null, prov: new Set(through.stack.map((w) => w.id)) });
    for (const w of through.stack) (ids.get(p) as string[]).push(w.id);
  };
  /**
   * The files the records made that are gone, by content: a create taken out, and what a write or move taken out made
   * of such a file; and what a `vacated` rename saw (its file gone before this replay). A rename that saw one of them
   * is `vacated` from then on, kept on the record (see `ChangeRecord.vacated`): stated by what each record saw, not by
   * the path it was at, so the outcome is the same in every take-out order (`sawGone`).
   */
  const gone = vacatedSaw(all, options.rewrites, (w) => leftNothingOwn(w, store, texts));
  /**
   * Paths where a forced rename, its file gone, was rewritten as a create of what the view showed it moving, which
   * passes by the person's file there: what the rename recorded bringing (`recorded`) and what it now creates
   * (`shown`). The rename out that saw `recorded` moves the created file on, and is rewritten to have seen it, so
   * the settled records replay to the same view later (issue 23, provenance seed 1371047).
   */
  const settledPass = new Map<string, { readonly recorded: ContentRef | null; readonly shown: ContentRef }>();
  /**
   * Paths a file was to pass through but never reached (the rename in had nothing left to move: its source gone from
   * disk): the rename out of there that saw that file moves nothing either, and a file there no record saw stays
   * (provenance seed 1014072: the round trip `d/e` → `d/f/g` → `d/e`, replayed from no file once the person deleted
   * `d/e`, moved the person's new `d/f/g` to `d/e`). Only this replay's: the source's file may come back.
   */
  const unreached = new Set<string>();
  /**
   * Of `unreached`, the paths whose rename in this rebase left with nothing to move (its source's file gone from
   * disk). The file it would have brought is the one the source held before the rebase, the disk's file with the
   * person's edits merged in, not only the bytes the rename recorded: reference seed 565747, the round trip
   * `a` → `h` → `a` over the person's edit of `a` (so the rename back saw the edited file) and their new `h`; once the
   * person deleted `a`, the rename back, compared with the rename in's recorded bytes, moved the person's `h`, which
   * no record saw. That rename out saw a file now gone: it is `vacated` with the rename in, so later replays, which
   * no longer know the old baseline, keep it moving nothing.
   */
  const strandedAt = new Set<string>();
  /**
   * What a rename this rebase left with nothing to move (its source's file gone from disk) would have brought: its
   * source's old baseline (`movedBeforeRebase`), the person's edits merged in. A rename after it that saw that file
   * saw a file now gone, and moves nothing from then on (`vacated`), whatever comes to be where it saw it (provenance
   * seed 666538: `a` → `d/f/g` over the person's `d/f/g`, deleted by a record since taken out, and back `d/f/g` → `a`
   * after the person's edit and delete of `a`; the rename back saw the edited file, not what the first rename
   * recorded, and once the delete of `d/f/g` was taken out it moved the person's `d/f/g` to `a`).
   */
  const broughtGone = new Set<ContentRef>();
  /** What a rename in moved before this rebase took its source's file off the disk: the source's old baseline, when it is the first record there. */
  const movedBeforeRebase = (from: string): ContentRef | undefined => {
    if (options.rebase !== true || options.baselines?.get(from)?.base !== null || (ids.get(from) as string[]).length !== 1) return undefined;
    return baseOf((view.entry(from) as PathEntry).state) ?? undefined;
  };
  for (let i = 0; i < all.length; i++) {
    const original = all[i];
    if (consumed.has(original.id)) {
      // Replayed in an earlier stack; a delete still ends its path's link to a rename taken out.
      const g = options.rewrites?.get(original.id) ?? original;
      if (g.operation === 'delete') alias.delete(g.path);
      continue;
    }
    if (removed.has(original.id)) {
      if (original.operation === 'rename' && original.fromPath !== undefined) moveAlias(alias, original.fromPath, original.path);
      takenOutOf(gone, original);
      continue;
    }
    const given = options.rewrites?.get(original.id) ?? original;
    let r = aliased(given, resolve);
    if (r !== given && staysAt(given, cur.get(given.path) ?? null, cur.get(r.path) ?? null)) {
      // It saw the destination's own file, not the one the rename taken out would have brought: it stays, and so
      // does every later record there (the file it wrote is that file).
      r = given;
      alias.delete(given.path);
    }
    if (given.operation === 'delete') alias.delete(given.path);
    if (given.operation === 'rename' && given.fromPath !== undefined) {
      alias.delete(given.fromPath);
      alias.delete(given.path);
    }
    if (r.operation === 'rename' && r.vacated !== true && (sawGone(gone, r) || sawGone(broughtGone, r))) r = { ...r, vacated: true };
    // A rename that saw what writes taken out here made of a file saw the file they were made of (the writes did not
    // happen): it is kept as having seen that file, so a later take-out or rebase reads what it saw without them
    // (issue 23, ref9b; reference seed 63590: the write at h between the round trip g → h → g went first, then the
    // rebase from no file at g vacated g → h, and the rename back, still claiming the write's file, was no rename out
    // of g's file and moved the person's new h to g; the reference's `madeOfByWrites`).
    if (r.operation === 'rename' && r.after === r.before && r.before !== null) {
      const seen = madeOfRoot(r.before);
      if (seen !== r.before) r = { ...r, before: seen, after: seen };
    }
    if (r.operation === 'rename' && r.fromPath !== undefined) linksSoFar.link(r.fromPath, r.path);
    const settledFrom = r.operation === 'rename' && r.fromPath !== undefined ? settledPass.get(r.fromPath) : undefined;
    if (settledFrom && passing.get(r.fromPath as string)?.content === settledFrom.shown && r.before === settledFrom.recorded && r.before !== settledFrom.shown) {
      settledPass.delete(r.fromPath as string);
      r = { ...r, before: settledFrom.shown, ...(r.after === r.before ? { after: settledFrom.shown } : {}) };
    }
    let out: ChangeRecord = r;
    switch (r.operation) {
      case 'create':
      case 'modify':
      case 'delete': {
        const p = r.path;
        const c = cur.get(p) as ContentRef | null;
        let after = r.after;
        let stack = [r];
        let shows = true; // the path shows the records' content (else what was there stays, untouched)
        // (A create after a delete there writes new content: it continues nothing.)
        const sawSide = r.before !== null && open.get(p)?.top === r.before && !options.force?.(original);
        const landedOn = open.get(p);
        if (r.operation === 'delete' && c !== r.before && landedOn?.base === null && landedOn.theirs !== null && landedOn.theirs === r.before && !options.force?.(original)) {
          // A delete of the very file a rename or create found here and landed on (the conflict's theirs): it saw
          // that file (it followed it home when the rename that had moved it away was taken out), so that file is
          // gone and what landed here lands on a free path — no conflict, the agent's side stays. Read as a delete
          // of what landed, it hid both files (provenance seed 352912: a prune brought `a`'s file home under a
          // later rename `h` → `a`, and the view showed neither).
          settleFound(p);
          landed.delete(p);
          (ids.get(p) as string[]).push(r.id);
          break;
        }
        const on = landed.get(p);
        if (on !== undefined && c !== r.before && r.before !== null && r.after !== null && on.theirs === r.before) {
          // A write of the very file a rename found here and landed on: it saw that file (it followed it home when
          // the rename that had moved it away was taken out), so it changes that file — the conflict's other side,
          // or, the person having accepted the rename over it, a file replaced — never the moved file, whose lines
          // it never saw (provenance seed 475706: it replayed over what `b` → `a` moved there and the view hid
          // them). As a delete of that file does, above.
          on.theirs = r.after;
          const held = conflicts.get(p);
          const value = open.get(p);
          if (held?.recordId === on.rename && value !== undefined) {
            conflicts.set(p, { ...held, theirs: r.after });
            open.set(p, { ...value, theirs: r.after, was: new Set([...value.was, r.id]) });
          }
          (ids.get(p) as string[]).push(r.id);
          break;
        }
        // A file the records create here and move on again passes by one they never saw here (replayRules.ts `leftAt`).
        const through = r.before === null && c !== null ? passesThrough(i, p, r, r.after, c) : undefined;
        if (through) {
          passBy(p, through);
          break;
        }
        if (c !== r.before && !sawSide) {
          if (options.force?.(original)) {
            // The person kept the agent's version: the record is rewritten to apply as it stands — its own change
            // carried onto what is there (agentSide.ts), never a line it only kept from what it saw that is gone
            // now (a message's since taken out): a later prune of the records after it would show that line again
            // (provenance seed 134218). The last record there leaves what the view showed (`shown`, below); an
            // earlier one, which nobody saw there, keeps the lines of what is there that it never saw where both
            // wrote at one spot: it now claims it saw them (provenance seed 170891).
            if (r.operation !== 'delete') {
              // Its file gone (its creator taken out), it is what the record wrote, without the lines it only kept
              // (provenance seed 189924: an Undo restaged it so, and once the later records' message was deleted it
              // showed the discarded creator's lines); nothing written of its own: it leaves nothing (below).
              // Not when a later rename moves the file on from here over a file whose delete saw exactly what this
              // record saw: the person made that move on disk, so the lines the record kept are the person's file
              // there, and "what it wrote" alone would remove them (provenance seed 14179).
              const movesOn = c === null && r.before !== null && all.slice(i + 1).some((w) => w.operation === 'rename' && w.fromPath === p
                && all.some((x) => x.operation === 'delete' && x.path === w.path && x.before === r.before));
              const side = r.before !== null && r.after !== null && !movesOn ? agentSideOf(r.before, r.after, c, 'both') : r.after;
              const own = side ?? r.after;
              const shownThere = view.entry(p);
              if (side === null && r.after !== null && shownThere !== undefined && afterOf(shownThere.state) === null) {
                // Its file gone and nothing of its own written (it only removed lines of a create since taken out),
                // where the view showed no file: it leaves nothing, as the view showed (the replay table's gone-file
                // row, below), and stays as it is, so the next replay finds the same. Rewritten as a create of its
                // own `after`, Accept agent of the deletion the view showed wrote the taken-out creator's lines
                // (provenance seeds 1245443, 1328321). Where the view showed a file (the person deleted it on disk,
                // and the records' result showed it is the side accepted), it is rewritten as below.
                after = c;
                shows = false;
              } else {
                if (own !== null && own !== r.after) after = own;
                // It now claims it saw what is there: no longer a write of a file that is gone (`markVacatedWrites`;
                // a create cannot carry the mark, and the store would refuse the op on reopen).
                const { vacated: _vacated, ...claimed } = r;
                out = { ...claimed, operation: c === null ? 'create' : 'modify', before: c, ...(own !== null && own !== r.after ? { after: own } : {}) };
              }
            } else if (c !== null) out = { ...r, before: c };
          } else {
            // It did not see what is there: the replay table (replayRules.ts) decides, for the whole stack.
            stack = stackAt(i, p, r);
            const top = stack[stack.length - 1].after;
            const cell = replayCell(r.before, top, c);
            switch (cell.outcome) {
              case 'replays':
              case 'already':
                after = top;
                break;
              case 'nothing':
                after = c;
                shows = false;
                break;
              case 'merge': {
                const m = mergeContent(r.before, top, c, store, merge, texts);
                if (m.kind === 'merged' && m.result !== null) after = m.result;
                else if (m.kind === 'unchanged') after = top;
                else {
                  // The agent's side keeps only what the surviving records wrote (agentSide.ts).
                  const side = m.kind === 'conflict' && !m.binary ? agentSideOf(r.before, top, c) : top;
                  if (side === c) {
                    after = c;
                    shows = false;
                    break;
                  }
                  conflict(p, r, m.kind === 'conflict' ? 'text' : 'deletion', c, m.kind === 'conflict' && m.binary, r.before, top, stack);
                  after = side;
                }
                break;
              }
              case 'conflict': {
                // A write whose file is gone (its creator taken out): only what the surviving records wrote is
                // theirs to show; a write that wrote nothing of its own leaves nothing (agentSide.ts).
                const gone = c === null && r.before !== null && top !== null;
                const side = gone ? agentSideOf(r.before, top, null) : top;
                if (gone && side === null) {
                  after = c;
                  shows = false;
                  break;
                }
                conflict(p, r, cell.conflict, c, false, r.before, top, stack);
                after = side;
                break;
              }
              default:
                assertNever(cell);
            }
          }
        } else {
          // It saw what is there, which may be the agent's side of a conflict this replay found: the conflict is a
          // value (base, agent, theirs), and this record moves its agent side. What no longer differs from the base
          // resolves to theirs (a create then a delete over the person's file leaves the person's file).
          const held = open.get(p);
          if (held && after !== held.theirs) {
            const cell = replayCell(held.base, after, held.theirs);
            const m = cell.outcome === 'nothing' ? { kind: 'merged' as const, result: held.theirs }
              : cell.outcome === 'merge' ? mergeContent(held.base, after, held.theirs, store, merge, texts) : undefined;
            if (m?.kind === 'merged') {
              after = m.result;
              shows = m.result !== held.theirs;
              settleFound(p);
              if (!shows) prov.set(p, new Set(held.was));
              const home = held.home;
              if (!shows && home && cur.get(home.path) === null) {
                // The person's file never moved: the agent's create then delete leaves it at home, and the
                // destination as it was before the agent's file came (provenance seed 84810).
                after = home.pre;
                cur.set(home.path, held.theirs);
                lineage.set(home.path, home.lineage);
                prov.set(home.path, new Set(home.was));
                lineage.set(p, home.preLineage);
                prov.set(p, new Set(home.preProv));
              }
            } else if (sawSide && after !== null && held.base !== null) {
              // Still a conflict, and this record continued the records' own outcome there: its agent side is
              // that outcome without lines they only kept (agentSide.ts).
              const top = after;
              const side = agentSideOf(held.base, top, held.theirs);
              if (side === held.theirs || (side === null && held.theirs === null)) {
                after = held.theirs;
                shows = false;
                settleFound(p);
                prov.set(p, new Set(held.was));
              } else {
                after = side;
                open.set(p, { ...held, top });
              }
            } else if (sawSide && after !== null) {
              // Still a create's conflict (no base), continued by this record: its result is now the records' own
              // outcome, so the next record that saw it continues it too, and is not rebased like a write of the
              // other file (reference seed 369248: a write of the file the create met, followed home by a prune,
              // came between, and its line was merged into the agent's new file, where no record that saw it wrote it).
              open.set(p, { ...held, top: after });
            }
          } else if (held) settleFound(p);
        }
        if (shows && (c === null || after === null)) {
          lineage.set(p, null);
          prov.set(p, new Set());
        }
        cur.set(p, after);
        for (const w of stack) {
          if (shows && after !== null) (prov.get(p) as Set<string>).add(w.id);
          (ids.get(p) as string[]).push(w.id);
        }
        break;
      }
      case 'rename': {
        const from = r.fromPath as string;
        const to = r.path;
        // A file passing through its source leaves it (the file there stays); see `passing`.
        const pass = passing.get(from);
        // Its file was a create since taken out: what is at its source now is not its to move (`vacated`).
        const there = cur.get(from) as ContentRef | null;
        const c = pass ? pass.content : (r.vacated === true && there !== r.before) || unreached.has(from) ? null : there;
        const stranded = !pass && unreached.has(from) && strandedAt.has(from);
        unreached.delete(from);
        strandedAt.delete(from);
        const d = cur.get(to) as ContentRef | null;
        // With `moved`, what the view showed this rename moving; none when it moved nothing there (provenance seed
        // 20988: the file it moved was a deleted message's create, and the view showed the destination without it).
        const shown = options.moved ? options.moved.get(r.id) : (r.after as ContentRef);
        const hidden = d !== null && !(options.landsOver?.(original) ?? true);
        if (c === null && options.force?.(original) && (d === null || hidden) && shown !== undefined) {
          // The file to move is gone and the person kept the agent's version: what it moved is created there.
          // What it moved is what the view showed it moving (the surviving records' content), not its own `after`:
          // that may hold a write since taken out (issue 23 case 7).
          out = { ...renameFieldsDropped(r), operation: 'create', before: null, after: shown };
          // Created over a file the person was not shown, only to move on again: it passes by that file, as any
          // create does (`passing`; replayRules.ts `leftAt`). Landing, it made a creation conflict the next rename
          // carried away, and the file the person kept there (their "Accept disk" turned down the overwrite) was
          // left deleted: Apply removed it (issue 23, provenance seed 1124711).
          // The next rename out moves it on when it saw what this rename recorded bringing (`r.after`): the file
          // shown moving may have taken in an edit on the way (the person's, at the source), and read as the create
          // alone the rename out saw another file, so the create landed on the person's file and the rename out
          // took that file away (issue 23, provenance seed 1371047).
          // (Created and deleted there, it lands as before: read as a rename in, it would pass by with no file.)
          const through = hidden && shown !== null ? passesThrough(i, to, r, shown, d) : undefined;
          const by = through?.top !== null ? through : undefined;
          if (by) {
            passBy(to, { ...by, stack: [out, ...by.stack] });
            settledPass.set(to, { recorded: r.after, shown });
            break;
          }
          if (hidden) {
            // A file the person was not shown is there (`landsOver`): the create lands on it, a conflict of its own
            // that travels with what it created (provenance seed 49982), never a move of that file in its place.
            conflicts.set(to, { kind: 'creation', origin: 'prune', base: null, theirs: d, binary: false, delegated: false, recordId: r.id });
            open.set(to, { base: null, theirs: d, was: new Set(prov.get(to)) });
          }
          cur.set(to, shown);
          lineage.set(to, null);
          prov.set(to, new Set([r.id]));
          (ids.get(to) as string[]).push(r.id);
          break;
        }
        if (from === to) {
          (ids.get(to) as string[]).push(r.id);
          break; // it moves the file onto itself now (its source's rename was taken out): no effect
        }
        (ids.get(from) as string[]).push(r.id);
        (ids.get(to) as string[]).push(r.id);
        if (c === null) {
          // Nothing left to move (when its file is gone, the renames out of its destination that saw that file are
          // `vacated` too: `sawGone`).
          // Accepted with its source's file gone from disk (the conflict's new baseline there is no file), it moves
          // nothing from then on, as a rename whose file was a create since taken out: a file the person puts at
          // the source later is one it never saw. Left unmarked, the reconcile of that new file replayed the rename
          // moving it over the person's hand merge at the destination (issue 23, provenance seed 1219755).
          // Likewise when the rebase that follows its source off the disk finds nothing to move (a round trip
          // `h` → `d` → `h` reads through to the disk, so the person's delete of `h` is no conflict): from then on
          // it moved nothing. Left unmarked, taking out the rename back made it move the person's new `h` to `d`,
          // a file no record saw (issue 23, prov-c7's finding; vacated8).
          if (r.vacated !== true && (options.rebase === true || (options.keepReplaced && options.force?.(original))) && !pass && options.baselines?.get(from)?.base === null) {
            out = { ...r, vacated: true };
            const was = movedBeforeRebase(from);
            if (was !== undefined) broughtGone.add(was);
          }
          // Where its file would only have passed through (the next record there a rename out that saw it), the
          // rename out moves nothing either (`unreached`).
          if (r.vacated !== true && !pass && d !== null && r.after !== null && d !== r.after) {
            const was = movedBeforeRebase(from);
            const t = passesThrough(i, to, r, r.after, d) ?? (was !== undefined && was !== d ? passesThrough(i, to, r, was, d) : undefined);
            if (t !== undefined && t.stack.length === 0 && t.top !== null) {
              unreached.add(to);
              if (options.rebase === true && options.baselines?.get(from)?.base === null) strandedAt.add(to);
            }
          }
          // The rename out of where a rename this rebase left with nothing to move would only have passed its file
          // through: it saw that file, gone from disk with the source's, and moves nothing from then on either
          // (`strandedAt`).
          if (r.vacated !== true && options.rebase === true && stranded) out = { ...r, vacated: true };
          break;
        }
        // A conflict travels with the content it is about (not one about a file a passing one leaves in place): a
        // passing file's own conflict goes on with it (`passes`, below). `source`: where the conflict was found.
        const carried = pass ? pass.carried?.conflict : diskHeld.has(from) ? undefined : conflicts.get(from);
        const carriedValue = pass ? pass.carried?.value : carried ? open.get(from) : undefined;
        const source = pass?.carried?.source ?? from;
        // A rename that settled a conflict by hand carries the person's change (what it saw then → its after) onto
        // what arrives now (`carriedOnto`).
        // Where that fails to merge, the person's change is shown as the agent's side (as a write's, `agentSideOf`)
        // with what arrived as the conflict's other side (`unmerged`, raised where it lands), never silently in its
        // place; the agent's side keeps no line of the file it saw that is gone from what arrived (provenance seed
        // 396240: a taken-out message's line).
        const carry = r.after !== r.before ? carriedOnto(r.before, r.after as ContentRef, c, store, merge, texts) : c;
        const side = carry === undefined ? (agentSideOf(r.before, r.after, c) ?? (r.after as ContentRef)) : undefined;
        const unmerged = carry === undefined && side !== c;
        const moved = carry ?? (side as ContentRef);
        if (unmerged) unmergedAt.add(to);
        const movedLineage = pass ? pass.lineage : (lineage.get(from) as Lineage);
        const movedProv = pass ? pass.prov : (prov.get(from) as Set<string>);
        const forcedOver = options.force?.(original) && (options.landsOver?.(original) ?? true);
        // Onto a file it never saw, only to move on again: it passes by that file, which stays (`passing`). A file
        // carrying a conflict passes too, its conflict going on with it; deleted there, what is left of the conflict
        // is about the source alone, not the file it passes by (replayRules.ts `carriedThrough`; provenance seeds
        // 853553, 890379; folder seed 33665: landing, it hid the person's file and the move on took it away).
        // A move the person accepted as the agent's at its source (forced, not shown landing here) carries what the
        // source now has, which the records after it here never saw: they saw what it moved when it was staged. Its
        // file deleted right here, the delete is what the person accepted (the source's conflict showed no file) and
        // is rewritten to have seen what it deletes, so the file passes by the one here then and later ("A conflict
        // where none is needed": landing, it made a rename conflict about a file the agent never saw).
        const forcedSeen = options.force?.(original) && !forcedOver && r.after !== moved ? r.after : undefined;
        const through = d !== null && d !== moved && !forcedOver && d !== r.replaces ? passesThrough(i, to, r, moved, d, forcedSeen ?? carriedValue?.top ?? moved) : undefined;
        const asked = through && carried ? carriedThrough(...carriedSides(carried, carriedValue), through.top) : undefined;
        // Asked at a source the file left hops ago, only while nothing has been written there since.
        const left = (asked === 'home' || asked === 'source') && source !== from && cur.get(source) !== null ? 'lands' : asked;
        const forcedDelete = forcedSeen !== undefined && through?.top === null && through.stack.length === 1 && through.stack[0].operation === 'delete';
        const onward = through && left !== 'lands' && (forcedSeen === undefined || forcedDelete) ? through : undefined;
        const sourceLineage = pass?.carried ? pass.carried.sourceLineage : (lineage.get(from) as Lineage);
        // A conflict this replay found at the source is about the content that leaves it: it does not stay behind as
        // a value later records there would settle (reference seed 84500: a create there after the move, then its
        // delete, "resolved" the stale conflict to its theirs and showed the old baseline). Under a disk conflict
        // held there it does not travel either: the disk conflict stays and wins (below).
        if (!pass) {
          conflicts.delete(from);
          open.delete(from);
        }
        if (carried && !onward && !conflicts.has(to)) {
          conflicts.set(to, carried);
          if (carriedValue) {
            // A creation conflict is about two files: the agent's new one, which the rename moves, and the person's
            // at the source, which it never saw. Settled to theirs later (the agent's records there come to
            // nothing), the person's file is left at its own path, not where the agent's went (provenance seed
            // 84810: it showed moved to the destination, and Apply moved it there). Only one hop is followed.
            const home: Home | undefined = carried.kind === 'creation' && carriedValue.base === null && carriedValue.theirs !== null
              && carriedValue.home === undefined
              ? { path: source, lineage: sourceLineage, was: carriedValue.was, pre: d, preLineage: lineage.get(to) as Lineage, preProv: new Set(prov.get(to)) }
              : undefined;
            const { home: _previous, ...value } = carriedValue;
            open.set(to, { ...value, was: new Set([...carriedValue.was, r.id]), ...(home ? { home } : {}) });
          }
        }
        movedBy.set(r.id, moved);
        arrivedBy.set(r.id, c);
        landed.delete(from);
        landed.delete(to);
        if (pass) passing.delete(from);
        else {
          cur.set(from, null);
          lineage.set(from, null);
          prov.set(from, new Set());
        }
        if (onward) {
          for (const [o, w] of onward.taken) {
            consumed.add(o.id);
            if (forcedDelete) rewritten.push({ ...w, before: moved });
            else if (w !== o) rewritten.push(w);
          }
          for (const w of onward.stack) (ids.get(to) as string[]).push(w.id);
          // Moving on, the file takes its conflict on with it (`passes`): the next path it reaches shows it.
          const carriedOn: CarriedOn | undefined = carried && left === 'passes'
            ? { conflict: carried, ...(carriedValue ? { value: { ...carriedValue, was: new Set([...carriedValue.was, r.id]) } } : {}), source, sourceLineage }
            : undefined;
          // What passes on is the file that moved: the conflict's agent side as shown, not its `top` (the records'
          // own outcome, which `passesThrough` matched the rename out against). Passing on `top`, the view showed
          // lines the conflict had left out: a pruned message's line (reference seed 722150), or the lines of a
          // file gone from disk under the agent's later write, which it lost (914502). A write here that continued
          // the file is its own content.
          const passed = carriedOn && onward.stack.length === 0 ? moved : onward.top;
          if (passed !== null) passing.set(to, { content: passed, lineage: movedLineage, prov: new Set([...movedProv, r.id, ...onward.stack.map((w) => w.id)]), ...(carriedOn ? { carried: carriedOn } : {}) });
          if (carried && left === 'home') {
            // The records created the file they moved away and deleted: the person's file at the source, which the
            // conflict was about, stays there as it is (as an open conflict's `home` settled to theirs).
            cur.set(source, carried.theirs);
            lineage.set(source, sourceLineage);
            prov.set(source, new Set(carriedValue?.was));
          } else if (carried && left === 'source') {
            // The records deleted the file whose content at the source they never saw: a delete/modify there.
            conflicts.set(source, { ...carried, kind: 'deletion', binary: false });
            const [base, theirs] = carriedSides(carried, carriedValue);
            open.set(source, { base, theirs, was: new Set(carriedValue?.was) });
          }
          break;
        }
        // Onto a file that holds the very bytes it moves, a rename loses nothing (someone made the same copy).
        // (As a value: the rename saw no file at its destination, so a later delete of what it moved leaves `d`.)
        // Onto the very file the person accepted it replacing, it replays; the person's accepting it over a file is
        // kept on the record (`replaces`), so no later replay finds that conflict again.
        if (d !== null && d !== moved) {
          landed.set(to, { theirs: d, rename: r.id });
          if (forcedOver) {
            if (options.keepReplaced && r.replaces !== d) out = { ...out, replaces: d };
          } else if (d !== r.replaces) conflict(to, r, 'rename', d, false, null);
        }
        if (unmerged) conflict(to, r, 'text', c, false, r.before, moved);
        cur.set(to, moved);
        lineage.set(to, movedLineage);
        prov.set(to, new Set([...movedProv, r.id]));
        break;
      }
    }
    if (out !== original) rewritten.push(out);
    // A write marked below (`markVacatedWrites`: it saw a file that is gone) that wrote no line of its own left
    // nothing but what is left of that file: what it left is gone too, and a rename after it that saw it moves
    // nothing (provenance seeds 278657, 592320: the agent's create emptied, or trimmed, by a later message's write and
    // then moved; with the create taken out, the person's file is back at the path, and the move, which saw only the
    // agent's file, carried the person's away with no conflict).
    if (given.operation === 'modify' && given.vacated !== true && given.before !== null && gone.has(given.before)
      && out.operation === 'modify' && out.before === given.before && leftNothingOwn(given, store, texts)) gone.add(given.after as ContentRef);
  }

  // What the person accepted is what the view showed: the last record at the path leaves it. A delete forced over
  // a file the view showed kept (a disk conflict held there showed the person's file: the delete never saw it)
  // leaves it too, as a write of what it found (provenance seeds 149973, 151376, 247971: the conflict showed the
  // person's lines as the agent's side, and Accept agent deleted the file).
  for (const [p, want] of options.shown ?? []) {
    const recs = ids.get(p);
    if (!recs?.length || (cur.get(p) === want && !unmergedAt.has(p))) continue;
    const lastId = recs[recs.length - 1];
    const at = rewritten.findIndex((x) => x.id === lastId);
    const last = at >= 0 ? rewritten[at] : view.record(lastId);
    if (!last || last.path !== p) continue;
    const kept = last.operation === 'delete' && last.before !== null && cur.get(p) === null;
    if (!kept && (cur.get(p) === null || (last.operation !== 'create' && last.operation !== 'modify' && last.operation !== 'rename'))) continue;
    // A settled rename has seen what arrived at its source here (`movedRename`): later replays carry the person's
    // change from that onto whatever arrives (`carriedOnto`).
    const settled: ChangeRecord = kept ? { ...last, operation: 'modify', after: want } : { ...movedRename(last, arrivedBy.get(last.id)), after: want };
    if (at >= 0) rewritten[at] = settled;
    else rewritten.push(settled);
    cur.set(p, want);
    // The file the delete would have removed stays where it is: still the disk's file when it is what the disk has.
    if (kept && want === base.get(p)) lineage.set(p, base.get(p) === null ? null : p);
  }

  markVacatedWrites(all, removed, options.rewrites, gone, rewritten);

  // Conflicts the replay did not create: a disk conflict stays while its baseline does, a delegation stays with its record.
  const foundPaths = [...conflicts.keys()];
  for (const p of paths) {
    const old = view.entry(p)?.conflict;
    const found = conflicts.get(p);
    if (found && old && old.recordId === found.recordId && old.delegated) conflicts.set(p, { ...found, delegated: true });
    if (diskHeld.has(p) && old) conflicts.set(p, old);
  }

  const movedTo = new Map<string, string>();
  for (const p of paths) {
    const l = lineage.get(p);
    if (l !== null && l !== undefined && l !== p) movedTo.set(l, p);
  }
  const entries: PathEntry[] = [];
  const removedPaths: string[] = [];
  for (const p of paths) {
    const recs = ids.get(p) as string[];
    if (recs.length === 0) {
      removedPaths.push(p);
      continue;
    }
    const l = lineage.get(p);
    entries.push(makeEntry({
      path: p,
      state: stateOf(base.get(p) as ContentRef | null, cur.get(p) as ContentRef | null),
      movedFrom: l !== null && l !== undefined && l !== p ? l : undefined,
      movedTo: movedTo.get(p),
      fresh: l === null,
      identity: identity.get(p),
      recordIds: recs,
      conflict: conflicts.get(p),
    }));
  }
  return {
    entries,
    removedPaths,
    rewritten,
    removedRecordIds: all.filter((r) => removed.has(r.id)).map((r) => r.id),
    conflicts: [...conflicts.keys()].filter((p) => !removedPaths.includes(p)),
    found: foundPaths,
    provenance: prov,
    records: all,
    movedBy,
    met,
  };
}

/**
 * A rename taken out: later records at its destination are about the file it would have moved, wherever that is
 * (the source, or the source's own home). Its source is no longer that file's place: the file left it, so what
 * is written there later is new content there, not the file's (provenance seed 43091: a chain b → g → a taken out
 * sent a person's later file at g home to b, over b's own file).
 */
function moveAlias(alias: Map<string, string>, from: string, to: string): void {
  alias.set(to, alias.get(from) ?? from);
  alias.delete(from);
}

/**
 * Whether a write or delete at a rename's destination, the rename taken out, stays there rather than following the
 * file home: it saw the destination's own file (`here`), not the file at home (`home`). A write that followed a
 * file home and then met a rename landing on it (provenance seed 475706) changed that file; taking the rename out
 * leaves it where it was, never sends it over the file at the rename's source (the person's).
 */
function staysAt(r: ChangeRecord, here: ContentRef | null, home: ContentRef | null): boolean {
  return r.operation !== 'rename' && r.before !== null && r.before === here && r.before !== home;
}

/**
 * The two sides of a conflict a file carries (`base`: what the record that did not apply saw there; `theirs`): the
 * replay's own value when it has one, the conflict's state otherwise. The value's sides are read as they are, no
 * file included: a rename that landed on a file it never saw saw no file at its destination (its value's base is
 * none), while the state's `base` is the rename's `before`, the file it moved from elsewhere. Read through a `??`,
 * the value's "no file" fell back to that moved file, and a file moved onto the person's, moved on and deleted
 * there asked a delete/modify about the person's file, which no record saw: the view hid it behind a deletion
 * conflict where the records leave it as it is (`carriedThrough`'s `home`; issue 23, reference seed 436113).
 */
function carriedSides(carried: ConflictState, value: OpenConflict | undefined): [ContentRef | null, ContentRef | null] {
  return value ? [value.base, value.theirs] : [carried.base, carried.theirs];
}

/** The record with its paths read through the aliases of renames taken out. */
function aliased(r: ChangeRecord, resolve: (p: string) => string): ChangeRecord {
  const path = resolve(r.path);
  const fromPath = r.fromPath === undefined ? undefined : resolve(r.fromPath);
  if (path === r.path && fromPath === r.fromPath) return r;
  return { ...r, path, ...(fromPath !== undefined ? { fromPath } : {}) };
}

/**
 * A rename rewritten as a create keeps none of a rename's own fields: its source, and the file the person accepted
 * it replacing (`replaces`, which only a rename has: the store refuses a create that carries it, so a reopen dropped
 * this op and every op after it — provenance seeds 173244, 202200, 236627, 247034, 289782, 293887).
 */
export function renameFieldsDropped(r: ChangeRecord): ChangeRecord {
  const { fromPath: _from, replaces: _replaces, vacated: _vacated, ...rest } = r;
  return rest;
}

/**
 * What a rename settled by the person (its `after` other than its `before`) carries: the person's change, from what
 * the rename saw when settled to what they accepted, merged onto what arrives at its source now. Where that is what
 * it saw, the accepted content itself; where the merge fails, the accepted content as it stands.
 *
 *   arrives now                  | carried
 *   -----------------------------+---------------------------------------------------------------
 *   what it saw when settled     | its `after` (what the person accepted)
 *   another file (an edit since) | `after` merged with that edit (base: what it saw), else `after`
 *
 * Carried whole, the accepted content dropped what arrived later: "Accept agent" at a folder move's `k/l/e` settled
 * the rename `d/e` → `k/l/e`, and the person's later edit of `d/e` was lost on Apply (issue 23, provenance seed
 * 1822815, LOSS).
 *
 * Undefined where the merge fails: what arrived is a file the person's change does not fit (another file put at the
 * source, or an edit of the very lines they settled), so it is a conflict at the destination, not dropped. Shown
 * as the accepted content alone, no replay after a reopen (which drops the disk conflicts the watcher had held)
 * showed the file that arrived, and Apply removed it from the source (issue 23, provenance seed 457183, LOSS: the
 * person's new `d/c`, reached by the settled `d/c` → `h` once "discard d/c" took out the move that had filled d/c).
 */
function carriedOnto(saw: ContentRef | null, accepted: ContentRef, now: ContentRef, store: ContentStore, merge: TextMerge | undefined, texts: Map<ContentRef, string | undefined>): ContentRef | undefined {
  if (saw === null || now === saw) return accepted;
  const m = mergeContent(saw, accepted, now, store, merge, texts);
  if (m.kind === 'unchanged') return accepted;
  return m.kind === 'merged' && m.result !== null ? m.result : undefined;
}

/**
 * A rename settled to show what the person accepted has seen what arrived at its source in that replay. Left with
 * the `before` it was staged with, where that was the very content accepted, the rewrite of its `after` alone read
 * as a plain move again: the next replay moved what the records before it now bring, and the person's hand merge
 * on top, which saw the accepted content, met another file (issue 23, provenance seed 1473477: a hand merge at a
 * rename chain's destination rebased the write at the chain's source onto the person's file moved there; a partial
 * Apply's look at the chain's middle then showed a prune conflict at the merge). Its `before` is also the base of
 * the carry (`carriedOnto`): what it saw when settled, so a later edit at the source is merged in, not dropped.
 */
function movedRename(last: ChangeRecord, arrived: ContentRef | undefined): ChangeRecord {
  return last.operation === 'rename' && arrived !== undefined && arrived !== last.before ? { ...last, before: arrived } : last;
}

/**
 * The files gone before this replay: what each `vacated` record saw (a rename's file a create taken out, or gone
 * from disk under a rebase; a write's), and what a `vacated` write left when it wrote no line of its own. A rename
 * that saw that very file too, wherever it was, saw a file that is gone.
 */
function vacatedSaw(all: readonly ChangeRecord[], rewrites: ReadonlyMap<string, ChangeRecord> | undefined, leftNothing: (w: ChangeRecord) => boolean): Set<ContentRef> {
  const gone = new Set<ContentRef>();
  for (const x of all) {
    const r = rewrites?.get(x.id) ?? x;
    if (r.vacated !== true || r.before === null) continue;
    gone.add(r.before);
    if (r.operation === 'modify' && leftNothing(r)) gone.add(r.after as ContentRef);
  }
  return gone;
}

/**
 * A write that only removed lines of what it saw (none of its own; binary content counts as its own): with what it
 * saw gone, what it left is gone with it.
 */
function leftNothingOwn(w: ChangeRecord, store: ContentStore, texts: Map<ContentRef, string | undefined>): boolean {
  return w.operation === 'modify' && w.before !== null && w.after !== null && wroteOwnLines(w.before, w.after, store, texts) === false;
}

/**
 * Marks `vacated` the surviving writes that saw a file the records made that is gone (`gone`, and what a rename
 * this replay marked saw), rewriting them in `rewritten`. A write changes nothing by it: it still replays as a write
 * of a file that is gone. What it keeps is the memory that its file was gone, for the replay that takes it out too:
 * what it made of that file is gone then as well (`takenOutOf`), and so the renames that saw it move nothing. Without
 * it the take-out orders disagreed (takeOutOrders.ts, seed 543): the person's `a` deleted, a new `a` created and
 * written, and moved to `b` by a message that stays; taking out the create first (the write staying), then the
 * delete, then the write, rewrote the move as having seen the create's file, which no replay still knew was gone,
 * and the move carried the person's `a` to `b`, a file it never saw, with no conflict.
 */
function markVacatedWrites(
  all: readonly ChangeRecord[],
  removed: ReadonlySet<string>,
  rewrites: ReadonlyMap<string, ChangeRecord> | undefined,
  gone: ReadonlySet<ContentRef>,
  rewritten: ChangeRecord[],
): void {
  let lost: Set<ContentRef> | undefined;
  for (const r of rewritten) {
    if (r.operation === 'rename' && r.vacated === true && r.before !== null && !gone.has(r.before)) (lost ??= new Set(gone)).add(r.before);
  }
  const saw = lost ?? gone;
  if (saw.size === 0) return;
  for (const x of all) {
    if (removed.has(x.id)) continue;
    const was = rewrites?.get(x.id) ?? x;
    if (was.operation !== 'modify' || was.vacated === true || was.before === null || !saw.has(was.before)) continue;
    const at = rewritten.findIndex((w) => w.id === x.id);
    const now = at >= 0 ? rewritten[at] : was;
    // (Rewritten here as a create or as having seen what is there, it saw no file that is gone.)
    if (now.operation !== 'modify' || now.before !== was.before) continue;
    if (at >= 0) rewritten[at] = { ...now, vacated: true };
    else rewritten.push({ ...was, vacated: true });
  }
}

/**
 * A record taken out: a create's file is gone, and so is what a write or move taken out made of a file gone (it saw
 * that file: the create's, edited on the way).
 */
function takenOutOf(gone: Set<ContentRef>, r: ChangeRecord): void {
  if (r.after === null) return;
  if (r.operation === 'create' || (r.before !== null && gone.has(r.before))) gone.add(r.after);
}

/**
 * Whether a rename saw a file the records made that is gone (`gone`): then its file is gone, and it moves nothing
 * from then on, whatever is at its source, unless that very file (`vacated`). Stated by what it saw (its `before`),
 * not by the path it was at: a create saw no file at its path, so it is not the file a rename had moved away from
 * there, and the renames that saw and moved that file move it still (issue 23, reference seeds 1785491 and 10028:
 * s1/m2 moved the person's c to e and created a new c, s2/m1 moved e on to g; with the move and the create taken
 * out, in either order or at once, s2/m1's move, followed home to c, saw the person's c and moves it to g; by path,
 * pruning the move first read the create taken out after as that move's file, and the person's c stayed at c). A
 * file moved on by a rename marked here is the same file (reference seed 1028528: the rename out of its destination
 * saw the create's file, not the person's file the vacated rename moves now); one staged after an earlier replay
 * marked it saw what that replay showed, never the create's file (reference seed 1027813).
 */
function sawGone(gone: ReadonlySet<ContentRef>, r: ChangeRecord): boolean {
  return r.before !== null && gone.has(r.before);
}
