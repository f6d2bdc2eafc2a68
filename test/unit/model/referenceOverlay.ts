import { threeWayMerge } from '../../../src/fs/merge/threeWayMerge';
import { diffLines } from '../../../src/fs/merge/diffLines';
import { internLines, sliceLines } from '../../../src/fs/merge/internLines';

/**
 * The naive reference the overlay model is fuzzed against (issue 13): the whole staged view is recomputed from
 * scratch, after every step, by replaying every surviving record over the disk baselines. No indexes, no
 * components, no caches, no incremental folding — short enough to read in a few minutes.
 *
 * The rule: a record applies as it was made when it finds the content it saw (`before`). If not, it is rebased:
 * a write merges its own change into what is there (overlapping edits, a write to a file that is gone, a create
 * onto a file that exists are conflicts, and the write keeps its content), a delete of content it never saw is a
 * conflict and over no file does nothing (issue 23: it never removes what it did not see), a
 * rename moves whatever is there (onto a path holding other content: a conflict). A write is rebased together with the writes to
 * the same file that follow it exactly (a stack, as Jujutsu rebases a change with its descendants). A rename taken
 * out did not happen, so later records at its destination follow the file home until it leaves the destination. The three-way text
 * merge is the project's (tested against `git merge-file` on its own). Records are never rewritten by a rebase, so
 * the view is a function of the surviving records and the baselines alone.
 *
 * Folders (issue 13 item 11): `mkdir` and `rmdir` records touch no file. A folder's intent is its last surviving
 * folder record; the effective tree is recomputed whole (`tree`): the disk's folders, plus made folders and the
 * folders of every file, minus removed folders with nothing visible inside, and a file always wins over a folder.
 */
export type Text = string | null;

export interface RefRecord {
  readonly id: string;
  readonly op: 'write' | 'delete' | 'rename' | 'mkdir' | 'rmdir';
  readonly path: string;
  readonly from?: string;
  readonly before: Text;
  readonly after: Text;
  readonly session: string;
  readonly message: string;
}

/** The effective view's visible files and folders. */
export interface Tree {
  readonly files: ReadonlySet<string>;
  readonly folders: ReadonlySet<string>;
}

const isFolderRecord = (r: RefRecord): boolean => r.op === 'mkdir' || r.op === 'rmdir';

export interface RefComposite {
  readonly path: string;
  readonly kind: 'create' | 'modify' | 'delete' | 'rename';
  readonly from?: string;
}

interface Replayed {
  readonly cur: Map<string, Text>;
  /** Which disk file a path shows (its own path, another's, or null for new content). */
  readonly origin: Map<string, string | null>;
  readonly ids: Map<string, string[]>;
  readonly conflicts: Set<string>;
  /** The records whose content each path shows. */
  readonly shows: Map<string, Set<string>>;
  /** Renames that found no file at their source to move (none passing through it either). */
  readonly movedNothing: Set<string>;
  /** Of those, the renames out of where a rename in the rebase's lost file would have passed through (`strandedAt`). */
  readonly stranded: Set<string>;
  /** Of those, what each would have brought in a rebase that took its source's file off the disk (`movedBefore`). */
  readonly brought: Map<string, string>;
}

export class ReferenceOverlay {
  /** The disk content of each path some record touches, when first touched (or when rebased). */
  base = new Map<string, Text>();
  records: RefRecord[] = [];
  /** Paths holding a disk conflict → the disk path that diverged (its baseline stays the old one meanwhile). */
  diskConflicts = new Map<string, string>();
  /** The baseline a disk conflict found at its disk path, by holder (what "the agent side changes nothing" compares with). */
  private readonly conflictBase = new Map<string, Text>();
  /**
   * Renames whose file was a create since taken out (or the file such a rename saw): they move nothing, whatever is
   * at their source now, unless it is the very file they saw — a file there is one they never saw (issue 23,
   * provenance seed 970167; the model's `ChangeRecord.vacated`). Kept, not read off the view: pruning the create and
   * then a delete before it equals one prune of both (reference seed 63). Decided by what each saw (`lostFiles`).
   */
  private readonly orphaned = new Set<string>();
  private settleHeld = false;
  private nextId = 0;
  /** Inside `looking`: nothing changes, so the view's replay is kept (`stillView`) once made. */
  private still = false;
  private stillView: Replayed | undefined;

  /**
   * `diskDirs`: folders on disk besides those of its files. `foldsCase`: the disk ignores letter case (macOS,
   * Windows): two spellings of one name are one file there.
   */
  constructor(readonly disk: Map<string, string>, readonly diskDirs = new Set<string>(['/w']), readonly foldsCase = false) {}

  /** Another spelling of `path` that holds a file in the view (a case-insensitive disk only), other than `except`. */
  private twin(path: string, except?: string): string | undefined {
    if (!this.foldsCase) return undefined;
    const names = new Set([...this.disk.keys(), ...this.base.keys()]);
    return [...names].find((q) => q !== path && q !== except && q.toLowerCase() === path.toLowerCase() && this.read(q) !== null);
  }

  // ── the view ───────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Runs `look`, which only reads (the fuzz's comparison after each step, a `read`): the view's replay is computed
   * once for it, not once per path and question (it was half of a reference sequence's CPU). Nests: the outermost
   * look forgets the replay.
   */
  looking<T>(look: () => T): T {
    if (this.still) return look();
    this.still = true;
    try {
      return look();
    } finally {
      this.still = false;
      this.stillView = undefined;
    }
  }

  /**
   * `held`: paths whose disk conflict stays through this replay (a conflict content carries stays behind it).
   * `was`: in a rebase, the baselines it moves, as they were (see `movedBefore`).
   */
  replay(records?: RefRecord[], base?: Map<string, Text>, held?: ReadonlySet<string>, was?: ReadonlyMap<string, Text>): Replayed {
    if (records === undefined && base === undefined && held === undefined && was === undefined && this.still) return (this.stillView ??= this.replayOf(this.records, this.base, new Set(this.diskConflicts.keys())));
    return this.replayOf(records ?? this.records, base ?? this.base, held ?? new Set(this.diskConflicts.keys()), was);
  }

  private replayOf(records: RefRecord[], base: Map<string, Text>, held: ReadonlySet<string>, was?: ReadonlyMap<string, Text>): Replayed {
    const cur = new Map(base);
    const origin = new Map([...base].map(([p, t]) => [p, t === null ? null : p]));
    const ids = new Map([...base.keys()].map((p) => [p, [] as string[]]));
    const shows = new Map([...base.keys()].map((p) => [p, new Set<string>()]));
    const conflicts = new Set<string>();
    const movedNothing = new Set<string>();
    const consumed = new Set<string>();
    // Which files the records link (a rename links its two paths): a stack at one never ends at a record about a
    // file no record links to it (session 10, seed 76391: a delete of an unrelated file cut one short).
    const groupOf = renameGroups(records);
    const linked = (a: string, b: string): boolean => groupOf(a) === groupOf(b);
    const linkedSoFar = linkedBefore(records);
    // The conflicts found here, as values: what the record that did not apply saw (base) and found (theirs).
    // (`top`: the records' own outcome, where the agent's side shown keeps only their own lines: issue 23.)
    // (`was`: the records that showed `theirs`, whose content the path shows again when the conflict settles to it.)
    // (`home`: a create's conflict a rename carried away, where the person's file it met is, and what the
    // destination showed before: settled to theirs there, the person's file never moved.)
    interface Home { path: string; origin: string | null; was: Set<string>; pre: Text; preOrigin: string | null; preShows: Set<string> }
    interface Open { base: Text; theirs: Text; top?: Text; was: Set<string>; created?: boolean; home?: Home }
    const open = new Map<string, Open>();
    const conflict = (p: string, base: Text, theirs: Text, top?: Text, created?: boolean): void => {
      if (conflicts.has(p)) return;
      conflicts.add(p);
      open.set(p, { base, theirs, ...(top !== undefined ? { top } : {}), was: new Set(shows.get(p)), ...(created ? { created } : {}) });
    };
    // Settled to the other side: the path shows `theirs` again, not the records of the agent's side (a discard of
    // the path takes out what it shows). Which disk file it lists stays as the records left it, as a rename there
    // stays listed.
    const showTheirs = (p: string, v: Open): void => {
      shows.set(p, new Set(v.was));
    };
    // Issue 23: a file the records bring to a path (a create, or a rename in) and move on again — the next record
    // there is a rename out that saw it — passes by a file there they never saw, which stays untouched; theirs moves
    // on (provenance seeds 110165, 367835: the model's replayRules.ts `leftAt`). The writes at the path that follow
    // the file exactly go with it. Undefined when the file stays, or nothing is there. A rename in (`recorded`: the
    // text it recorded moving) brings the file the next rename out saw even when the disk's edit was merged into it
    // on the way (provenance seed 914836).
    const passesOn = (i: number, path: string, brought: Text, there: Text, movedIn: boolean, recorded?: Text): { stack: RefRecord[]; top: Text } | undefined => {
      if (brought === null || there === null) return undefined;
      const stack: RefRecord[] = [];
      let top: Text = brought;
      let j = i + 1;
      for (; j < records.length; j++) {
        const o = records[j];
        if (isFolderRecord(o) || !linked(o.path, path)) continue;
        if (o.op === 'rename' && (linkedSoFar(i, o.path, path) || linkedSoFar(i, o.from as string, path))) break;
        if (o.op === 'rename') continue;
        if (o.path !== path) {
          if (o.op === 'delete' && linkedSoFar(i, o.path, path)) break;
          continue;
        }
        if (o.before !== top) break;
        stack.push(o);
        top = o.after;
        if (o.op === 'delete') {
          j++;
          break;
        }
      }
      // Moved in and deleted there, it passes too, and goes no further.
      if (top === null) return movedIn ? { stack, top } : undefined;
      const next = records.slice(j).find((o) => !isFolderRecord(o) && !consumed.has(o.id) && (o.path === path || o.from === path));
      const saw = next?.before === top || (stack.length === 0 && recorded !== undefined && next?.before === recorded);
      // Issue 23 (provenance seed 1125483, a rule changed on purpose, restated here): a rename read onto itself (its
      // destination sent home by a rename taken out) moves nothing on: the file stays at the path and meets the file
      // there (a rename conflict). Read as moving on, it passed by and went to no path at all: the view lost it.
      return next?.op === 'rename' && next.from === path && next.path !== path && saw ? { stack, top } : undefined;
    };
    // (`carried`: the conflict a file passing on carries, and where it was found: see `carriedLeaves`, `passes`.)
    const passing = new Map<string, { text: string; origin: string | null; shows: Set<string>; carried?: CarriedOn<Open> }>();
    // Issue 23 (the model's replay.ts `unreached`, provenance seed 1014072): a rename in that had nothing to move (its
    // source's file gone from disk), onto a file it never saw, whose next record there is a rename out that saw what
    // it recorded moving: its file would only have passed through, so that rename out moves nothing either, and the
    // file there, which no record saw, stays (a round trip `d/e` → `d/f/g` → `d/e` replayed from no file once the
    // person deleted `d/e` moved the person's new `d/f/g` to `d/e`).
    const unreached = new Set<string>();
    // Reference seed 565747 (the model's replay.ts `strandedAt`, `movedBeforeRebase`): in a rebase that takes a
    // rename's source file off the disk, the file it brought is the one its source held before (the disk's, the
    // person's edit merged in), when it is the first record there, not only the bytes it recorded: the round trip
    // `a` → `h` → `a` over the person's edit of `a` and their new `h` (the rename back saw the edited file), then
    // their delete of `a`; compared with the recorded bytes alone, the rename back moved the person's `h`, which no
    // record saw. The rename out that saw that file saw a file now gone: `stranded`, orphaned by `strand`.
    const strandedAt = new Set<string>();
    const stranded = new Set<string>();
    const brought = new Map<string, string>();
    const movedBefore = (from: string): Text | undefined =>
      (was?.has(from) && base.get(from) === null && ids.get(from)?.length === 1 ? was.get(from) : undefined);
    const neverReached = (i: number, r: RefRecord, there: Text): void => {
      if (there === null || r.after === null || there === r.after || this.orphaned.has(r.id)) return;
      const before = movedBefore(r.from as string);
      const t = passesOn(i, r.path, r.after, there, true, r.after) ?? (before !== undefined && before !== null && before !== there ? passesOn(i, r.path, before, there, true, before) : undefined);
      if (t !== undefined && t.stack.length === 0 && t.top !== null) {
        unreached.add(r.path);
        if (was?.has(r.from as string) && base.get(r.from as string) === null) strandedAt.add(r.path);
      }
    };
    // The file a rename found at its destination and landed on, as later writes that saw it changed it, and the
    // conflict that landing made (if it made one).
    const landedOn = new Map<string, { theirs: string; value?: Open }>();
    records.forEach((r, i) => {
      if (consumed.has(r.id) || isFolderRecord(r)) return;
      const c = cur.get(r.path) ?? null;
      const landed = open.get(r.path);
      if (r.op === 'delete' && c !== r.before && landed !== undefined && landed.base === null && landed.theirs !== null && landed.theirs === r.before) {
        // Issue 23 (provenance seed 352912, a rule changed on purpose, restated here): a delete of the very file a
        // rename or a create found here and landed on (it followed that file home when the move that had taken it
        // away was taken out) deletes that file, which it saw: what landed stays, on a free path, no conflict.
        conflicts.delete(r.path);
        open.delete(r.path);
        landedOn.delete(r.path);
        ids.get(r.path)?.push(r.id);
        return;
      }
      const on = landedOn.get(r.path);
      if (r.op === 'write' && on !== undefined && c !== r.before && r.before !== null && r.after !== null && on.theirs === r.before) {
        // Issue 23 (provenance seed 475706, a rule changed on purpose, restated here): a write of the very file a
        // rename found here and landed on (it followed that file home, as the delete above) changes that file, the
        // conflict's other side, never the moved file, whose lines it never saw.
        on.theirs = r.after;
        if (on.value !== undefined && open.get(r.path) === on.value) {
          on.value.theirs = r.after;
          on.value.was.add(r.id);
        }
        ids.get(r.path)?.push(r.id);
        return;
      }
      const through = r.op === 'write' && r.before === null && c !== null ? passesOn(i, r.path, r.after, c, false) : undefined;
      if (through) {
        for (const w of through.stack) consumed.add(w.id);
        const stack = [r, ...through.stack];
        passing.set(r.path, { text: through.top as string, origin: null, shows: new Set(stack.map((w) => w.id)) });
        for (const w of stack) ids.get(r.path)?.push(w.id);
        return;
      }
      if (r.op === 'write' || r.op === 'delete') {
        // A write or delete that no longer finds its `before` is replayed with the writes at the same file that
        // follow it exactly and a delete that ends them (up to a rename, or a delete elsewhere among the files the
        // records link to it), as one change.
        const stack = [r];
        // A record that saw the agent's own outcome of a conflict found above saw its agent side.
        const sawSide = r.before !== null && open.get(r.path)?.top === r.before;
        if (c !== r.before && !sawSide && r.op === 'write') {
          for (const o of records.slice(i + 1)) {
            if (isFolderRecord(o)) continue;
            if (!linked(o.path, r.path)) continue;
            if (o.op === 'rename' && (linkedSoFar(i, o.path, r.path) || linkedSoFar(i, o.from as string, r.path))) break;
            if (o.op === 'rename') continue;
            if (o.path !== r.path) {
              if (o.op === 'delete' && linkedSoFar(i, o.path, r.path)) break;
              continue;
            }
            if (o.before !== stack[stack.length - 1].after) break;
            stack.push(o);
            consumed.add(o.id);
            if (o.op === 'delete') break; // what is written after a delete is new content
          }
        }
        const top = stack[stack.length - 1].after;
        let after = top;
        let visible = true;
        if (c !== r.before && !sawSide) {
          // Issue 23 (a rule changed on purpose, restated here): it replays only over what it saw. A stack that
          // changes nothing (a create then a delete) or a delete over no file does nothing; a delete of content it
          // never saw, a create onto a file and a write to no file are conflicts; a write merges.
          if (c === top) {
            // already there
          } else if (r.before === top || (top === null && c === null)) {
            after = c;
            visible = false;
          } else if (r.before === null || top === null || c === null) {
            // A write to a file that is gone shows only the lines it wrote; none: it acts on nothing (agentSide.ts).
            const side = r.before !== null && top !== null ? ownLines(r.before, top, '') : top;
            if (side === '') {
              after = c;
              visible = false;
            } else {
              conflict(r.path, r.before, c, top, r.before === null && c !== null);
              after = side;
            }
          } else {
            const m = rebase(r.before, top, c);
            if (m !== undefined) after = m;
            else {
              // The agent's side: its own change onto what is there, no line it only kept from what it saw.
              const side = ownLines(r.before, top, c);
              if (side === c) {
                after = c;
                visible = false;
              } else {
                conflict(r.path, r.before, c, top);
                after = side;
              }
            }
          }
        } else {
          // It saw the agent's side of a conflict found above: that side moves; no longer differing from the
          // conflict's base, or merging with what the other side holds, the conflict is gone.
          const v = open.get(r.path);
          if (v) {
            let settled: Text | undefined;
            if (top === v.theirs) settled = top;
            else if (top === v.base) settled = v.theirs;
            else if (v.base !== null && top !== null && v.theirs !== null) settled = rebase(v.base, top, v.theirs);
            if (settled !== undefined) {
              visible = settled !== v.theirs || top === v.theirs;
              after = settled;
              conflicts.delete(r.path);
              open.delete(r.path);
              if (!visible) showTheirs(r.path, v);
              const home = v.home;
              if (!visible && home && (cur.get(home.path) ?? null) === null) {
                // A create then its delete over the person's file, carried away by a rename: the person's file
                // stays at home, the destination shows what it did before (provenance seed 84810).
                after = home.pre;
                cur.set(home.path, v.theirs);
                origin.set(home.path, home.origin);
                shows.set(home.path, new Set(home.was));
                origin.set(r.path, home.preOrigin);
                shows.set(r.path, new Set(home.preShows));
              }
            } else if (sawSide && top !== null && v.base !== null) {
              // Still a conflict, continuing the records' own outcome: its agent side is that outcome without the
              // lines they only kept.
              const side = ownLines(v.base, top, v.theirs ?? '');
              if (side === v.theirs || (side === '' && v.theirs === null)) {
                visible = false;
                after = v.theirs;
                conflicts.delete(r.path);
                open.delete(r.path);
                showTheirs(r.path, v);
              } else {
                after = side;
                v.top = top;
              }
            } else if (sawSide && top !== null) {
              // Still a conflict (a create's: no base), continuing the records' own outcome: that outcome is now
              // this record's (a later record that saw it saw the agent's side, whatever came between).
              v.top = top;
            }
          }
        }
        if (visible && (c === null || after === null)) {
          origin.set(r.path, null);
          shows.set(r.path, new Set());
        }
        cur.set(r.path, after);
        for (const w of stack) {
          if (visible && after !== null) shows.get(r.path)?.add(w.id);
          ids.get(r.path)?.push(w.id);
        }
      } else {
        const from = r.from as string;
        const pass = passing.get(from);
        const there = cur.get(from) ?? null;
        const moving = pass ? pass.text : (this.orphaned.has(r.id) && there !== r.before) || unreached.has(from) ? null : there;
        if (!pass && unreached.has(from) && strandedAt.has(from)) stranded.add(r.id);
        unreached.delete(from);
        strandedAt.delete(from);
        if (from === r.path) {
          ids.get(r.path)?.push(r.id);
        } else {
          ids.get(from)?.push(r.id);
          ids.get(r.path)?.push(r.id);
          if (moving === null && !pass) {
            neverReached(i, r, c);
            movedNothing.add(r.id);
            const before = movedBefore(from);
            if (before !== undefined && before !== null) brought.set(r.id, before);
          }
          if (moving !== null) {
            const movingOrigin = pass ? pass.origin : (origin.get(from) ?? null);
            const movingShows = pass ? pass.shows : (shows.get(from) ?? new Set<string>());
            // A conflict travels with its content (not one about the file a passing one leaves in place).
            // (hidden behind a disk conflict at its source, it stays there, as the model shows one conflict a path)
            // (a file passing on takes its conflict with it: `source`, where it was found, and what it showed then)
            const value = pass ? pass.carried?.value : open.get(from);
            const carrying = pass ? pass.carried !== undefined : !held.has(from) && conflicts.has(from);
            const source = pass?.carried?.source ?? from;
            const fromOrigin = pass?.carried ? pass.carried.origin : (origin.get(from) ?? null);
            // Onto a file it never saw, only to move on: it passes by that file. Carrying a conflict, it passes when
            // the records delete it there, and the records there saw the agent's own outcome (`top`), or when it
            // moves on (`passes`: its conflict goes on with it).
            const through = passesOn(i, r.path, carrying ? value?.top ?? moving : moving, c === moving ? null : c, true, r.after);
            const left = carrying && through !== undefined ? carriedPast(value, through.top, source !== from && (cur.get(source) ?? null) !== null) : undefined;
            const onward = !carrying || (left !== undefined && left !== 'lands') ? through : undefined;
            if (!pass) open.delete(from);
            const dropped = pass ? pass.carried !== undefined : !held.has(from) && conflicts.delete(from);
            if (dropped && !onward && !conflicts.has(r.path)) {
              conflicts.add(r.path);
              if (value) {
                // One hop: a create's conflict remembers where the person's file it met stays.
                value.home = value.created && value.home === undefined && value.theirs !== null
                  ? { path: source, origin: fromOrigin, was: new Set(value.was), pre: c, preOrigin: origin.get(r.path) ?? null, preShows: new Set(shows.get(r.path)) }
                  : undefined;
                value.was.add(r.id); // settled to the other side, that content is what this rename moved
                open.set(r.path, value);
              }
            }
            landedOn.delete(from);
            landedOn.delete(r.path);
            if (pass) passing.delete(from);
            else {
              cur.set(from, null);
              origin.set(from, null);
              shows.set(from, new Set());
            }
            if (onward) {
              for (const w of onward.stack) {
                consumed.add(w.id);
                ids.get(r.path)?.push(w.id);
              }
              // Passing on with its conflict, the file is what moved (the conflict's agent side as shown), unless a
              // record here continued it; the conflict goes on to the next path (`carriedLeaves`, `passes`).
              const carriedOn = left === 'passes' ? { value: value && { ...value, was: new Set([...value.was, r.id]) }, source, origin: fromOrigin } : undefined;
              const text = carriedOn && onward.stack.length === 0 ? moving : onward.top;
              if (text !== null) passing.set(r.path, { text, origin: movingOrigin, shows: new Set([...movingShows, r.id, ...onward.stack.map((w) => w.id)]), ...(carriedOn ? { carried: carriedOn } : {}) });
              if (value !== undefined && left === 'home') {
                // They created the file they moved away and deleted: the person's file at the source stays as it is.
                cur.set(source, value.theirs);
                origin.set(source, fromOrigin);
                shows.set(source, new Set(value.was));
              } else if (value !== undefined && left === 'source') {
                // They deleted the file whose content at the source they never saw: a delete/modify there.
                conflicts.add(source);
                open.set(source, { base: value.base, theirs: value.theirs, was: new Set(value.was) });
              }
              return;
            }
            if (c !== null && c !== moving) {
              const made = !conflicts.has(r.path);
              conflict(r.path, null, c); // the same bytes there already: nothing is lost
              landedOn.set(r.path, { theirs: c, ...(made ? { value: open.get(r.path) } : {}) });
            }
            cur.set(r.path, moving);
            origin.set(r.path, movingOrigin);
            shows.set(r.path, new Set([...movingShows, r.id]));
          }
        }
      }
    });
    return { cur, origin, ids, conflicts, shows, movedNothing, stranded, brought };
  }

  read(path: string): Text {
    return this.looking(() => (!this.base.has(path) || !this.visible(path) ? this.disk.get(path) ?? null : this.replay().cur.get(path) ?? null));
  }

  /** Conflicted paths: the replay's and the disk's. */
  conflicts(): Set<string> {
    return new Set([...this.replay().conflicts, ...this.diskConflicts.keys()]);
  }

  /** What Source Control lists. */
  composites(): RefComposite[] {
    return this.looking(() => this.compositesNow());
  }

  private compositesNow(): RefComposite[] {
    const v = this.replay();
    const conflicted = this.conflicts();
    const out: RefComposite[] = [];
    for (const [p, b] of this.base) {
      const a = v.cur.get(p) ?? null;
      const o = v.origin.get(p) ?? null;
      const movedAway = [...v.origin].some(([q, x]) => x === p && q !== p);
      const movedIn = o !== null && o !== p;
      if (!conflicted.has(p)) {
        if (!movedIn && !movedAway && a === b) continue;
        if (movedAway && a === null) continue;
      }
      if (movedIn) out.push({ path: p, kind: 'rename', from: o });
      else out.push({ path: p, kind: a === null ? 'delete' : b === null ? 'create' : 'modify' });
    }
    return out;
  }

  /** Record ids at each path, oldest first. */
  recordIds(): Map<string, string[]> {
    return this.replay().ids;
  }

  private visible(path: string): boolean {
    return this.looking(() => this.conflicts().has(path) || this.composites().some((c) => c.path === path) || this.movedAway(path));
  }

  private movedAway(path: string): boolean {
    return [...this.replay().origin].some(([q, x]) => x === path && q !== path);
  }

  // ── staging ────────────────────────────────────────────────────────────────────────────────────────────

  /** False (nothing staged) when the path is new and another spelling of it holds a file. */
  write(path: string, text: string, session: string, message: string): boolean {
    const before = this.read(path);
    if (before === text && !this.visible(path)) return true;
    if (before === null && this.twin(path) !== undefined) return false;
    this.touch(path);
    this.stage({ op: 'write', path, before, after: text, session, message });
    return true;
  }

  delete(path: string, session: string, message: string): boolean {
    const before = this.read(path);
    if (before === null) return false;
    this.touch(path);
    this.stage({ op: 'delete', path, before, after: null, session, message });
    return true;
  }

  rename(from: string, to: string, session: string, message: string, overwrite: boolean): boolean {
    const moving = this.read(from);
    if (from === to || moving === null) return false;
    const taken = this.read(to) !== null ? to : this.twin(to, from);
    if (taken !== undefined && !overwrite) return false;
    // One operation: a conflict the overwrite's delete alone makes moot is settled once the rename is staged too.
    this.settleHeld = true;
    if (taken !== undefined) this.delete(taken, session, message);
    this.touch(from);
    this.touch(to);
    this.stage({ op: 'rename', path: to, from, before: moving, after: moving, session, message });
    this.settleHeld = false;
    this.settleMoot(this.scopeOf([from, to, ...(taken !== undefined ? [taken] : [])]));
    return true;
  }

  /** First touch takes the disk as the baseline; so does a touch of a path whose records show nothing (it read through). */
  private touch(path: string): void {
    if (!this.base.has(path)) {
      this.base.set(path, this.disk.get(path) ?? null);
    } else if (!this.visible(path) && this.base.get(path) !== (this.disk.get(path) ?? null)) {
      this.base.set(path, this.disk.get(path) ?? null);
      // The baseline is the disk again: a divergence of that disk file is settled.
      for (const [h, d] of this.diskConflicts) if (d === path) this.diskConflicts.delete(h);
    }
  }

  private stage(r: Omit<RefRecord, 'id'>): void {
    this.records.push({ id: `r${++this.nextId}`, ...r });
    this.settleMoot(this.scopeOf(r.from !== undefined ? [r.path, r.from] : [r.path]));
  }

  /**
   * The paths whose records a change at `paths` changes: their components (what one Apply takes together). A
   * change elsewhere leaves the records of a conflict as they were, so the next look at the disk would find there
   * what the last one did (session 10, seeds 160111 and case-insensitive 11990: a write to an unrelated file
   * settled a conflict the person's new file had just made, and a rename of the old file then moved the new one).
   */
  private scopeOf(paths: readonly string[]): Set<string> {
    if (this.diskConflicts.size === 0) return new Set();
    return new Set(paths.flatMap((p) => [p, ...this.component(p)]));
  }

  /**
   * A disk conflict whose agent side is its base again (the records there taken out, or a create then a delete)
   * is moot: what the disk has there is what there is, settled at once as the next look at the disk would
   * (issue 23, provenance classes e and f). This fuzz looks at the disk after every change of it, so the disk
   * here is the one the conflict found.
   */
  private settleMoot(scope: ReadonlySet<string>): void {
    if (this.settleHeld || this.diskConflicts.size === 0) return;
    const v = this.replay();
    for (const [h, d] of [...this.diskConflicts]) {
      if (!scope.has(h) && !scope.has(d)) continue;
      // The agent side: where a rename took the conflicted path's own disk file, if one did.
      const holder = [...v.origin].find(([q, o]) => o === h && q !== h)?.[0] ?? h;
      if (this.diskConflicts.get(h) !== d || (v.cur.get(holder) ?? null) !== this.conflictBase.get(h)) continue;
      // Settled only when the look at the disk settles it; another outcome leaves the conflict as it was.
      const [base, conflicts] = [new Map(this.base), new Map(this.diskConflicts)];
      this.reconcile(d);
      // Nor when settling it would have a live rename move the disk's file there, which no record saw (reference
      // seed 160111: the person's new file at the source of the agent's rename, whose destination a prune emptied).
      if (this.diskConflicts.has(h) || !this.leftInPlace(d)) [this.base, this.diskConflicts] = [base, conflicts];
    }
  }

  /** The view at `d` is the disk's file there, as the baseline holds it: nothing moved it away. */
  private leftInPlace(d: string): boolean {
    return (this.replay().cur.get(d) ?? null) === (this.base.get(d) ?? null);
  }

  // ── taking records out ─────────────────────────────────────────────────────────────────────────────────

  prune(message: string, session: string): void {
    this.takeOut(this.records.filter((r) => r.message === message && r.session === session));
  }

  discardSession(session: string): void {
    this.takeOut(this.records.filter((r) => r.session === session));
  }

  discardRecord(id: string): void {
    this.takeOut(this.records.filter((r) => r.id === id));
  }

  /**
   * "Discard" on listed paths: the records there and those whose content they show, not what others show — and
   * every record that acted on a discarded path's disk file wherever it was moved (the person chose that file).
   */
  discardPaths(paths: readonly string[]): void {
    const v = this.replay();
    const take = new Set<string>();
    for (const p of paths) for (const id of [...(v.ids.get(p) ?? []), ...(v.shows.get(p) ?? [])]) take.add(id);
    for (const [q, ids] of v.shows) if (!paths.includes(q)) for (const id of ids) take.delete(id);
    for (const p of paths) {
      let at: string | undefined = (this.base.get(p) ?? null) !== null ? p : undefined;
      for (const r of this.records) {
        if (at === undefined) break;
        if (isFolderRecord(r) || (r.op === 'rename' && r.from === r.path)) continue;
        if (r.op === 'rename' && r.from === at) {
          take.add(r.id);
          at = r.path;
        } else if (r.path === at) {
          take.add(r.id);
          if (r.op !== 'write') at = undefined; // deleted, or another file moved over it
        }
      }
    }
    for (const id of this.keptOriginChanges(paths, take)) take.add(id);
    // A move taken out takes the delete that made room for it at its destination (an overwrite: the same message's
    // delete there just before it), unless a later record there stays: alone, that delete removes the file the
    // move was to replace (issue 23, provenance seed 164474).
    const at = (r: RefRecord, p: string) => !isFolderRecord(r) && (r.path === p || r.from === p);
    for (const [i, r] of this.records.entries()) {
      if (!take.has(r.id) || r.op !== 'rename' || r.from === r.path) continue;
      const room = this.records.slice(0, i).reverse().find((x) => at(x, r.path));
      const builtOn = this.records.slice(i + 1).some((x) => at(x, r.path) && !take.has(x.id));
      if (room && !builtOn && room.op === 'delete' && room.session === r.session && room.message === r.message) take.add(room.id);
    }
    this.takeOut(this.records.filter((r) => take.has(r.id)));
  }

  /**
   * Issue 23 (provenance seed 594006; reference-folded seed 3756): a discarded path showing a file moved in from
   * an origin the person did not discard too gives that origin back its disk file — the person chose it there. The
   * records left at the origin then change or delete that very file, though the view the person discarded from
   * listed the origin only as the move's source (the file leaving it), never a change of its own there: they go
   * too, unless another path still shows them, the origin is listed of its own, or it would hold a conflict (or a
   * move) once the rest is out. Decided by what the person saw, not by who wrote what: in 3756 the agent's delete
   * at the origin saw the person's file there, but after its creating message was deleted the rename moved that
   * same file, and the view showed the delete only as the move's leaving; the person turned the move down.
   */
  private keptOriginChanges(paths: readonly string[], take: ReadonlySet<string>): string[] {
    const v = this.replay();
    const listed = new Set([...this.compositesNow().map((c) => c.path), ...this.conflicts()]);
    const out: string[] = [];
    for (const p of paths) {
      const o = v.origin.get(p) ?? null;
      if (o === null || o === p || paths.includes(o) || listed.has(o)) continue;
      const after = this.copy();
      after.takeOut(this.records.filter((r) => take.has(r.id) || out.includes(r.id)));
      const w = after.replay();
      const moved = (w.origin.get(o) ?? o) !== o || [...w.origin].some(([q, x]) => x === o && q !== o);
      const b = after.base.get(o) ?? null;
      if (after.conflicts().has(o) || moved || b === null || (w.cur.get(o) ?? null) === b) continue;
      const elsewhere = new Set([...w.ids].filter(([q]) => q !== o).flatMap(([, ids]) => ids));
      for (const id of w.ids.get(o) ?? []) if (!elsewhere.has(id) && !take.has(id) && !out.includes(id)) out.push(id);
    }
    return out;
  }

  /** A copy to try a change on (the disk and its folders are shared: taking records out never changes them). */
  private copy(): ReferenceOverlay {
    const c = new ReferenceOverlay(this.disk, this.diskDirs, this.foldsCase);
    c.base = new Map(this.base);
    c.records = [...this.records];
    c.diskConflicts = new Map(this.diskConflicts);
    for (const [k, t] of this.conflictBase) c.conflictBase.set(k, t);
    for (const id of this.orphaned) c.orphaned.add(id);
    c.nextId = this.nextId;
    return c;
  }

  private takeOut(gone: readonly RefRecord[]): void {
    const ids = new Set(gone.map((r) => r.id));
    const touched = gone.flatMap((r) => (isFolderRecord(r) ? [] : r.from !== undefined ? [r.path, r.from] : [r.path]));
    const before = this.scopeOf(touched);
    // A rename taken out did not happen: later records at its destination follow the file home.
    const alias = new Map<string, string>();
    const home = (p: string): string => alias.get(p) ?? p;
    this.orphan(ids);
    const kept: RefRecord[] = [];
    for (const r of this.records) {
      if (ids.has(r.id)) {
        if (r.op === 'rename') {
          // It leaves its source too: what is written there later is new content, not the file's (seed 43091).
          alias.set(r.path, home(r.from as string));
          alias.delete(r.from as string);
        }
        continue;
      }
      if (isFolderRecord(r)) {
        kept.push(r); // about a folder, not the file a rename moved
        continue;
      }
      // Issue 23 (provenance seed 475706, restated): a write or delete there that saw the destination's own file,
      // not the file at home, was about that file (a file the rename would have landed on): it stays, and so does
      // what follows it there.
      if (r.op !== 'rename' && r.before !== null && home(r.path) !== r.path) {
        const v = this.replayOf(kept, this.base, new Set(this.diskConflicts.keys()));
        if ((v.cur.get(r.path) ?? null) === r.before && (v.cur.get(home(r.path)) ?? null) !== r.before) alias.delete(r.path);
      }
      const seen = r.op === 'rename' && r.after === r.before ? madeOfByWrites(gone, r.before) : r.before;
      const moved: RefRecord = { ...r, path: home(r.path), ...(r.from !== undefined ? { from: home(r.from) } : {}), ...(seen !== r.before ? { before: seen, after: seen } : {}) };
      if (r.op === 'delete') alias.delete(r.path);
      if (r.op === 'rename') {
        alias.delete(r.from as string);
        alias.delete(r.path);
      }
      kept.push(moved);
    }
    this.records = kept;
    this.forgetUntouched();
    this.settleMoot(new Set([...before, ...this.scopeOf(touched.map(home))]));
  }

  /**
   * Marks the renames `gone`'s taking out leaves without a file of their own to move (see `orphaned`), and the writes
   * that saw such a file: a write still writes what it wrote, but when it is taken out too, what it made of that file
   * is gone as well (`lostFiles`), whatever order the take-outs came in (takeOutOrders.ts, seed 543: the create taken
   * out before the write it was written by, the rename that saw the written file moved the person's file there).
   */
  private orphan(gone: ReadonlySet<string>): void {
    // Until nothing more is orphaned: a write orphaned that wrote no line of its own left only what is gone, and the
    // renames that saw what it left are orphaned with it (provenance seeds 278657, 592320; `lostFiles`).
    for (let more = true; more;) {
      more = false;
      const lost = lostFiles(this.records, gone, this.orphaned);
      for (const r of this.records) {
        if (r.op === 'rename' && !gone.has(r.id) && !this.orphaned.has(r.id) && r.before !== null && lost.has(r.before)) this.orphaned.add(r.id);
      }
      // A write, by the files lost among the records linked to its own path (reference seed 6063 of the search: a
      // create of the same bytes taken out at an unlinked path is not the file the write saw).
      for (const r of this.records) {
        if (r.op !== 'write' || gone.has(r.id) || this.orphaned.has(r.id) || r.before === null || !lost.has(r.before)) continue;
        const near = this.component(r.path);
        const linked = this.records.filter((x) => !isFolderRecord(x) && (near.has(x.path) || (x.from !== undefined && near.has(x.from))));
        if (lostFiles(linked, gone, this.orphaned).has(r.before)) {
          this.orphaned.add(r.id);
          if (leftNothingOwn(r)) more = true;
        }
      }
    }
  }

  private forgetUntouched(): void {
    const touched = new Set(this.records.filter((r) => !isFolderRecord(r)).flatMap((r) => (r.from !== undefined ? [r.path, r.from] : [r.path])));
    for (const p of [...this.base.keys()]) {
      if (!touched.has(p)) {
        this.base.delete(p);
        this.diskConflicts.delete(p);
      }
    }
  }

  // ── the disk ───────────────────────────────────────────────────────────────────────────────────────────

  /**
   * The disk at `path` changed: rebase onto it when the staged state merges with it (the records replayed from
   * the new baseline), else a disk conflict where that disk file's content is shown now.
   */
  reconcile(path: string): void {
    if (!this.base.has(path)) return;
    const v = this.replay();
    const holder = [...v.origin].find(([q, o]) => o === path && q !== path)?.[0] ?? path;
    const b = this.base.get(path) ?? null;
    const theirs = this.disk.get(path) ?? null;
    if (theirs === b) {
      for (const [h, d] of this.diskConflicts) if (d === path) this.diskConflicts.delete(h);
      return;
    }
    // A prune conflict is settled first (by every composite that would look at this disk file).
    const pruneShown = (p: string): boolean => v.conflicts.has(p) && !this.diskConflicts.has(p);
    if (pruneShown(path) && (holder === path || pruneShown(holder))) return;
    const ours = v.cur.get(holder) ?? null;
    const renamedIn = v.origin.get(path) !== null && v.origin.get(path) !== path;
    if (holder === path && renamedIn) {
      if (theirs === null || theirs === ours) this.rebaseOnto(path, theirs, v, true);
      else this.conflictAt(holder, path);
      return;
    }
    // Either statement of a file the records leave as found exempts the person's delete (ref-old7's `leftAsFound`,
    // provenance seed 1014072; prov-c7's `undoneAt`, provenance seed 1289337: the model's reconcile.ts states both).
    if (theirs === null && b !== null && ours !== null && !leftAsFound(b, ours, holder === path && !renamedIn) && !this.undoneAt(path, holder, ours, b)) {
      this.conflictAt(holder, path);
      return;
    }
    if (ours !== b && ours !== theirs && rebaseWhole(b, ours, theirs) === undefined) {
      this.conflictAt(holder, path);
      return;
    }
    this.rebaseOnto(path, theirs, v, false);
    if (this.base.get(path) !== theirs) this.conflictAt(holder, path);
  }

  /**
   * The records leave this path's own disk file where it is, as the disk had it (a change undone, a round trip away
   * and back; no other path shows that file, none moved in): nothing of theirs shows here, the path reads the disk,
   * and the file gone from disk is simply gone. A deletion conflict would show the person's deleted file again as
   * the agent's side (provenance seed 1289337, SIDE: a later look at the path turned the view back). Unless a
   * conflict held anywhere is about that disk file already: then the person decides its fate there.
   */
  private undoneAt(path: string, holder: string, ours: Text, b: Text): boolean {
    return holder === path && ours === b && !this.diskConflicts.has(path) && ![...this.diskConflicts.values()].includes(path);
  }

  /** A composite shows one disk conflict: the first divergence found stays until its disk path settles. */
  private conflictAt(holder: string, diskPath: string): void {
    if (this.diskConflicts.has(holder)) return;
    this.diskConflicts.set(holder, diskPath);
    this.conflictBase.set(holder, this.base.get(diskPath) ?? null);
  }

  private rebaseOnto(path: string, theirs: Text, before: Replayed, always: boolean): void {
    const base = new Map(this.base).set(path, theirs);
    const held = new Set([...this.diskConflicts].filter(([, d]) => d !== path).map(([h]) => h));
    // (The old baseline is known to a rebase that may leave a rename with nothing to move: `strand`, `movedBefore`.)
    const after = this.replay(this.records, base, held, always ? undefined : new Map([[path, this.base.get(path) ?? null]]));
    const fresh = [...after.conflicts].some((p) => !before.conflicts.has(p));
    if (fresh && !always) return;
    if (!always && theirs === null) this.strand(path, after);
    this.base = base;
    for (const [h, d] of this.diskConflicts) if (d === path) this.diskConflicts.delete(h);
  }

  /**
   * The person's disk took the file at `path` away and the records rebased onto no file there: a rename out of
   * `path` that then found nothing there to move saw a file that is gone, and moves nothing from now on — a file
   * the person puts at `path` later is one it never saw (`orphaned`; the model's rebase marks it `vacated`, vacated8:
   * the round trip `h` → `d` → `h`, the person's delete of `h` and new `h`, then the rename back taken out). A
   * rename moving on from where it moved nothing is orphaned with it, as after a create taken out (`orphan`), and so
   * is the rename out of where its file would only have passed through (`stranded`: reference seed 565747).
   */
  private strand(path: string, after: Replayed): void {
    let any = false;
    // What the renames orphaned here would have brought (their source's file before the rebase, the person's edits
    // merged in): a rename staged after one of them that saw that file saw a file now gone (provenance seed 666538,
    // the model's replay.ts `broughtGone`).
    const brought = new Set<string>();
    for (const r of this.records) {
      if (r.op === 'rename' && !this.orphaned.has(r.id) && r.before !== null && brought.has(r.before)) {
        this.orphaned.add(r.id);
        any = true;
        continue;
      }
      if (r.op === 'rename' && ((r.from === path && after.movedNothing.has(r.id)) || after.stranded.has(r.id)) && !this.orphaned.has(r.id)) {
        // The renames that saw the file it brought saw the file now gone too (`lostFiles`).
        this.orphaned.add(r.id);
        any = true;
        const was = r.from === path ? after.brought.get(r.id) : undefined;
        if (was !== undefined) brought.add(was);
      }
    }
    if (any) this.orphan(new Set());
  }

  reconcileAll(): void {
    for (const p of [...this.base.keys()]) this.reconcile(p);
  }

  // ── apply ──────────────────────────────────────────────────────────────────────────────────────────────

  /** The paths linked to `path` by records: applied together. */
  component(path: string): Set<string> {
    const out = new Set<string>();
    const stack = [path];
    while (stack.length) {
      const p = stack.pop() as string;
      if (out.has(p) || !this.base.has(p)) continue;
      out.add(p);
      const v = this.replay();
      const o = v.origin.get(p);
      if (o !== null && o !== undefined) stack.push(o);
      for (const [q, x] of v.origin) if (x === p) stack.push(q);
      for (const r of this.records) {
        if (!isFolderRecord(r) && (r.path === p || r.from === p)) stack.push(r.path, ...(r.from !== undefined ? [r.from] : []));
      }
    }
    return out;
  }

  /**
   * The paths applied with `path`: its component, and on a case-insensitive disk the component of every staged
   * change at another spelling of a path in the group (one file there: applied apart, one would write or remove
   * the other's file) and of each staged removal of a file whose name the group creates in other letter case
   * (else it would be written over), until none is left out. A spelling a staged rename lands on or leaves counts
   * though it shows no change (a chain passed through it): on a case-sensitive disk the rename would be staged at
   * that very path and applied with what is staged there, say the delete of the file it overwrote, which a
   * case-insensitive disk stages at the file's own spelling (`b` → `d/E` over `d/e` → `A`). Applied apart, that
   * delete removed the person's file while the chain that took its place stayed staged (provenance folding seed
   * 11084).
   */
  applyGroup(path: string): Set<string> {
    const group = this.component(path);
    if (!this.foldsCase) return group;
    const v = this.replay();
    const renamedAt = (q: string): boolean => this.records.some((r) => r.op === 'rename' && (r.path === q || r.from === q));
    for (const p of group) {
      for (const q of this.base.keys()) {
        if (!group.has(q) && q.toLowerCase() === p.toLowerCase() && (this.visible(q) || renamedAt(q))) this.component(q).forEach((x) => group.add(x));
      }
      if (this.base.get(p) !== null || (v.cur.get(p) ?? null) === null) continue;
      const other = [...this.disk.keys()].find((q) => q !== p && q.toLowerCase() === p.toLowerCase());
      if (other !== undefined && this.base.has(other) && (v.cur.get(other) ?? null) === null) this.component(other).forEach((q) => group.add(q));
    }
    return group;
  }

  /** Writes the group of `path` to the disk; false (nothing written) on a conflict or a stale baseline. */
  apply(path: string): boolean {
    const group = this.applyGroup(path);
    if (group.size === 0) return true;
    const conflicted = this.conflicts();
    for (const p of group) if (conflicted.has(p) || (this.disk.get(p) ?? null) !== this.base.get(p)) return false;
    const v = this.replay();
    // A new name whose other spelling holds a file on a case-insensitive disk: only when the group removes it.
    for (const p of group) {
      if (this.base.get(p) !== null || (v.cur.get(p) ?? null) === null || !this.foldsCase) continue;
      const other = [...this.disk.keys()].find((q) => q !== p && q.toLowerCase() === p.toLowerCase());
      if (other !== undefined && !(group.has(other) && (v.cur.get(other) ?? null) === null)) return false;
      // Two new spellings of one name (a prune can bring both back) would be one file there.
      if ([...group].some((q) => q !== p && q.toLowerCase() === p.toLowerCase() && (v.cur.get(q) ?? null) !== null)) return false;
    }
    for (const p of group) {
      const a = v.cur.get(p) ?? null;
      if (a === null) this.disk.delete(p);
      else this.disk.set(p, a);
    }
    this.records = this.records.filter((r) => !group.has(r.path) && !(r.from !== undefined && group.has(r.from)));
    this.forgetUntouched();
    return true;
  }

  // ── folders ────────────────────────────────────────────────────────────────────────────────────────────

  mkdir(path: string, session: string, message: string): void {
    this.stage({ op: 'mkdir', path, before: null, after: null, session, message });
  }

  rmdir(path: string, session: string, message: string): void {
    this.stage({ op: 'rmdir', path, before: null, after: null, session, message });
  }

  intent(path: string): 'present' | 'absent' | undefined {
    const last = this.records.filter((r) => isFolderRecord(r) && r.path === path).pop();
    return last === undefined ? undefined : last.op === 'mkdir' ? 'present' : 'absent';
  }

  diskFolder(path: string): boolean {
    return this.diskDirs.has(path) || [...this.diskDirs, ...this.disk.keys()].some((p) => p.startsWith(`${path}/`));
  }

  /** The whole effective tree, from scratch: every visible file and folder. `paths`: every path worth asking. */
  tree(paths: readonly string[], read: (path: string) => Text = (p) => this.read(p)): Tree {
    const files = new Set([...new Set([...paths, ...this.disk.keys()])].filter((p) => read(p) !== null));
    const folders = new Set<string>();
    for (const d of this.diskDirs) [d, ...parents(d)].forEach((q) => folders.add(q));
    for (const f of this.disk.keys()) parents(f).forEach((q) => folders.add(q));
    for (const f of files) parents(f).forEach((q) => folders.add(q));
    for (const r of this.records) if (r.op === 'mkdir' && this.intent(r.path) === 'present') [r.path, ...parents(r.path)].forEach((q) => folders.add(q));
    // Removed folders with nothing visible inside go, deepest first (so a removed folder inside one goes first).
    // A conflict pending inside keeps one: the person has not decided what is there (issue 23, provenance seed 880597).
    const conflicted = this.conflicts();
    for (const d of [...folders].sort((a, b) => b.split('/').length - a.split('/').length)) {
      const inside = [...files, ...folders, ...conflicted].some((p) => p.startsWith(`${d}/`));
      if (this.intent(d) === 'absent' && !inside) folders.delete(d);
    }
    for (const f of files) folders.delete(f); // a file wins
    return { files, folders };
  }

  /** What `readDirectory(dir)` lists, from the tree. */
  listing(dir: string, { files, folders }: Tree): [string, 'file' | 'directory'][] {
    const out: [string, 'file' | 'directory'][] = [];
    for (const f of files) if (parents(f)[0] === dir) out.push([f.slice(dir.length + 1), 'file']);
    for (const f of folders) if (parents(f)[0] === dir) out.push([f.slice(dir.length + 1), 'directory']);
    return sortedAsText(out);
  }

  /** Listed folder changes: `path kind` (+ ` conflict`). */
  folderChanges({ folders }: Tree): string[] {
    const out: string[] = [];
    for (const p of new Set(this.records.filter(isFolderRecord).map((r) => r.path))) {
      const intent = this.intent(p);
      if (intent === 'present') {
        if (this.read(p) !== null) out.push(`${p} mkdir conflict`);
        else if (!this.diskFolder(p)) out.push(`${p} mkdir`);
      } else if (!folders.has(p) && this.diskFolder(p) && this.read(p) === null) {
        out.push(`${p} rmdir`);
      }
    }
    return out.sort();
  }

  /** Apply of a folder: the disk has it as the records say now; its records are done. */
  applyFolder(path: string): void {
    if (this.intent(path) === 'present') this.diskDirs.add(path);
    else this.diskDirs.delete(path);
    this.records = this.records.filter((r) => !(isFolderRecord(r) && r.path === path));
  }
}

/**
 * `xs.sort()`'s order (each element by its text), each element's text made once: the default sort makes it at every
 * comparison, and sorting pairs so was a tenth of a reference sequence's CPU.
 */
export function sortedAsText<T>(xs: readonly T[]): T[] {
  const keyed = xs.map((x) => ({ key: String(x), x }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.x);
}

/** The folders above a path, nearest first (not the path itself). */
function parents(path: string): string[] {
  const out: string[] = [];
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) out.push(path.slice(0, i));
  return out;
}

/**
 * Issue 23 (a rule changed on purpose, restated here; the model's replayRules.ts `carriedThrough`, provenance seeds
 * 853553, 890379): a moved file carrying a conflict found at its source (`base`, what the record that did not apply
 * saw; `theirs`, what it found), deleted at a path holding a file the records never saw, passes by that file: the
 * delete saw the moved file, never the one there, so the file there stays. What the conflict asked is then about
 * the source alone, where the records end with no file: `settled` when the other side is no file either; `home`
 * when they created the file they moved (no base): the person's file at the source stays, no conflict; `source`
 * when they deleted content there they never saw: a delete/modify conflict at the source. `lands` (as before, a
 * rename conflict on the file there) when the two sides are one content: nothing for the source to ask.
 */
function carriedLeaves(base: Text, theirs: Text): 'settled' | 'home' | 'source' | 'lands' {
  if (base === theirs) return 'lands';
  if (theirs === null) return 'settled';
  return base === null ? 'home' : 'source';
}

/** A conflict a file passing on carries (see `carriedLeaves`, `passes`): its value, and where it was found. */
interface CarriedOn<V> {
  readonly value: V | undefined;
  readonly source: string;
  readonly origin: string | null;
}

/**
 * Issue 23 (folder seed 33665, a rule changed on purpose, restated here; the model's replayRules.ts `carriedThrough`,
 * `passes`): what becomes of the conflict a moved file carries onto a file the records never saw. Moving on (`left`,
 * what the records there leave, a file), it passes by that file too, the conflict going on with it to the next path:
 * landing, the conflict swallowed the one on the file there (one conflict a path) and the move on took that file away
 * with it, so the person's file was shown nowhere. Deleted there, `carriedLeaves` asks the source; asked at a source
 * the file left hops ago (`refilled`: something is there again), it lands as before.
 */
function carriedPast(value: { readonly base: Text; readonly theirs: Text } | undefined, left: Text, refilled: boolean): 'settled' | 'home' | 'source' | 'passes' | 'lands' | undefined {
  if (left !== null) return 'passes';
  if (value === undefined) return undefined;
  const asked = carriedLeaves(value.base, value.theirs);
  return (asked === 'home' || asked === 'source') && refilled ? 'lands' : asked;
}

/**
 * The files the records made that are gone, by what each record saw (its `before`), not by the path it was at: a
 * create taken out now (`gone`), what a write or move taken out now made of such a file (it saw that file, edited on
 * the way), and what each orphaned rename saw (its file gone before). A rename that saw one of them saw a file that
 * is gone, wherever it was; a create saw no file at its path, so it is not the file a rename had moved away from
 * there, and the moves that saw that file (the person's) move it still, in every take-out order. Reference seed
 * 1785491: s2/m0 moved the person's a to b and created a new a; s2/m2 moved b on to d/f/g, s2/m1 edited it there,
 * s2/m2 moved it on to d/e. Read by path (b → d/f/g followed home to a, where the create was taken out), the moves
 * on were orphaned or not by the order the take-outs came in, and the person's a stayed at d/f/g. Reference seed
 * 1028528: the rename out of an orphaned rename's destination saw the create's file, whatever the orphaned one moves
 * now; 1027813: one staged after the take-out saw what the view showed then, never the create's file; 1109854: the
 * create's file, edited on the way by a write taken out later, is gone too.
 */
function lostFiles(records: readonly RefRecord[], gone: ReadonlySet<string>, orphaned: ReadonlySet<string>): Set<string> {
  const lost = new Set<string>();
  for (const r of records) {
    if (!orphaned.has(r.id) || r.before === null) continue;
    lost.add(r.before);
    if (leftNothingOwn(r)) lost.add(r.after as string);
  }
  for (const r of records) {
    if (!gone.has(r.id) || isFolderRecord(r) || r.after === null) continue;
    if ((r.op === 'write' && r.before === null) || (r.before !== null && lost.has(r.before))) lost.add(r.after);
  }
  return lost;
}

/**
 * A write that only removed lines of what it saw (`ownLines` of no file is empty): orphaned, what it left is a file
 * that is gone too, as what it saw is (the model's replay.ts `vacatedSaw`).
 */
function leftNothingOwn(r: RefRecord): boolean {
  return r.op === 'write' && r.before !== null && r.after !== null && ownLines(r.before, r.after, '') === '';
}

/**
 * Issue 23 (a rule changed on purpose, restated here; the model's reconcile.ts, provenance seed 1014072): the records
 * at a path leave its disk file as they found it (`ours` is the baseline, and no move brought another file there or
 * took this one away — `inPlace`): the person deleting that file on disk deleted nothing the records changed, so it
 * is the SPEC's clean merge (ours = base: the disk's side wins), replayed from no file like any rebase, not a
 * deletion conflict. As a conflict, its agent side was the person's own deleted lines, which no surviving record
 * wrote: a round trip of renames `d/e` → `d/f/g` → `d/e` (1014072), or a file the records moved in and deleted there,
 * passing by the person's (reference seeds 1490, 1642, 4269, 5212, 6224: the view showed the person's file, unlisted,
 * and after their delete showed it again, listed as the agent's change).
 */
function leftAsFound(base: Text, ours: Text, inPlace: boolean): boolean {
  return inPlace && base !== null && ours === base;
}

/** The files `records`' renames link (a rename links its two paths), each named by one path of its group. */
function renameGroups(records: readonly RefRecord[]): (p: string) => string {
  const group = new Map<string, string>();
  const groupOf = (p: string): string => {
    const g = group.get(p);
    if (g === undefined || g === p) return p;
    const top = groupOf(g);
    group.set(p, top);
    return top;
  };
  for (const r of records) if (r.op === 'rename' && r.from !== undefined) group.set(groupOf(r.from), groupOf(r.path));
  return groupOf;
}

/**
 * Whether the renames among `records` staged up to index `i` (a stack's first record, a rename in included) link two
 * paths (one file moved between them, maybe through others). Issue 23 (reference seeds 81061, 48066): a stack at `p`
 * ends at a delete or a rename of a linked file, and what links them is the renames staged so far: a delete at `q`
 * (or a rename `q` → `x`) that only a later rename `p` → `q` links to `p` was about `q`'s own file (the file at `p`
 * was not there yet), and a rename staged after it cannot change that. Read over every record, staging that rename
 * cut the stack at `p` short, so the view of the same earlier records changed with a later one.
 */
function linkedBefore(records: readonly RefRecord[]): (i: number, a: string, b: string) => boolean {
  const made = new Map<number, (p: string) => string>();
  const linksAt = (i: number): ((p: string) => string) => {
    const known = made.get(i);
    if (known) return known;
    const groupOf = renameGroups(records.slice(0, i + 1));
    made.set(i, groupOf);
    return groupOf;
  };
  return (i, a, b) => {
    const groupOf = linksAt(i);
    return groupOf(a) === groupOf(b);
  };
}

/** One record's change moved onto other content; undefined when it does not merge. */
function rebase(before: Text, after: string, current: Text): string | undefined {
  if (current === after) return after;
  if (before === null || current === null) return undefined;
  if (after === before) return current;
  const m = threeWayMerge(before, after, current);
  return m.kind === 'clean' ? m.text : undefined;
}

/**
 * Issue 23 (restated): a record's change carried onto `current` where it does not merge — per line of what it saw,
 * kept only when both kept it; before each such line, the lines the record wrote there, else those `current` has
 * there. Alignments are the project's diff (the merge's), so that both sides agree on which lines are kept.
 */
function ownLines(before: string, after: string, current: string): string {
  const [b, o, t] = internLines([before, after, current]);
  const side = (to: typeof o): { kept: boolean[]; at: Map<number, string[]> } => {
    const kept = new Array<boolean>(b.n).fill(true);
    const at = new Map<number, string[]>();
    for (const h of diffLines(b, to)) {
      for (let i = h.i1; i < h.i1 + h.chg1; i++) kept[i] = false;
      if (h.chg2 > 0) at.set(h.i1, Array.from({ length: h.chg2 }, (_, k) => sliceLines(to, h.i2 + k, 1)));
    }
    return { kept, at };
  };
  const ours = side(o);
  const theirs = side(t);
  const lines: string[] = [];
  for (let g = 0; g <= b.n; g++) {
    lines.push(...(ours.at.get(g) ?? theirs.at.get(g) ?? []));
    if (g < b.n && ours.kept[g] && theirs.kept[g]) lines.push(sliceLines(b, g, 1));
  }
  return lines.map((l, i) => (i < lines.length - 1 && !l.endsWith('\n') ? `${l}\n` : l)).join('');
}

/** The whole staged state moved onto the disk's (the conflict check before a rebase). */
function rebaseWhole(base: Text, ours: Text, theirs: Text): Text | undefined {
  if (base === null || ours === null || theirs === null) return undefined;
  const m = threeWayMerge(base, ours, theirs);
  return m.kind === 'clean' ? m.text : undefined;
}

/**
 * Issue 23 (session 19, ref9b; reference seed 63590): a rename that saw what writes taken out made of a file saw that
 * file (the writes did not happen): it is the rename out of the file they started from, and is kept as having seen it.
 */
function madeOfByWrites(gone: readonly RefRecord[], seen: Text): Text {
  let q = seen;
  for (let n = 0; q !== null && n < gone.length; n++) {
    const w = gone.find((x) => x.op === 'write' && x.before !== null && x.after === q && x.after !== x.before);
    if (w === undefined) break;
    q = w.before;
  }
  return q;
}
