import { baseOf, stateOf } from './mergeRules';
import { mergeContent } from './mergeContent';
import { replayCell } from './replayRules';
import { makeEntry } from './accumulator';
import type { ChangeRecord } from './changeRecord';
import type { ContentRef, ContentStore } from './contentStore';
import type { TextMerge } from './mergeContent';
import { recordInOrder } from './overlayDraft';
import type { OverlayView } from './overlayDraft';
import type { PathEntry } from './pathEntry';
import type { ReplayOptions, ReplayResult } from './replayOptions';

/**
 * The replay (replay.ts) of the commonest component, one file written by plain writes and deletes, where every
 * record replays or rebases cleanly: a prune of a message that edited a thousand files replays a thousand of
 * these (issue 28: the generic replay's per-component maps, aliases and conflict bookkeeping cost a prune about
 * as much as its merges). It is the generic replay with the cases it cannot meet here left out: no rename, no
 * link to another path, no conflict held or found, no person's decision. Anything else — a record that does not
 * apply, a conflict, a stack that does nothing — answers undefined, and the caller replays the component the
 * generic way, so the fast path never decides a case of its own (`test/unit/model/replayPlainFile.test.ts`
 * compares both on seeded random histories).
 */
export function replayPlainFile(view: OverlayView, path: string, store: ContentStore, options: ReplayOptions, merge?: TextMerge): ReplayResult | undefined {
  const into = newJoinedReplay();
  return replayPlainFileInto(view, path, store, options, merge, into) ? into : undefined;
}

/**
 * A replay's result being joined from its components' parts: what `replayComponents` fills and returns. A plain
 * file's part is appended to it in place, not made as a result of its own and copied in (issue 28: a prune of a
 * message that touched 10,000 files made 10,000 results, each with two maps, a set and six arrays).
 */
export interface JoinedReplay extends ReplayResult {
  readonly entries: PathEntry[];
  readonly removedPaths: string[];
  readonly rewritten: ChangeRecord[];
  readonly removedRecordIds: string[];
  readonly conflicts: string[];
  readonly found: string[];
  readonly provenance: Map<string, ReadonlySet<string>>;
  readonly records: ChangeRecord[];
  readonly movedBy: Map<string, ContentRef>;
  readonly met: Map<string, string>;
}

export function newJoinedReplay(): JoinedReplay {
  return { entries: [], removedPaths: [], rewritten: [], removedRecordIds: [], conflicts: [], found: [], provenance: new Map(), records: [], movedBy: new Map(), met: new Map() };
}

/**
 * `replayPlainFile`, its part appended to `into`; false (and `into` untouched) where the generic replay must
 * replay the path instead.
 */
export function replayPlainFileInto(view: OverlayView, path: string, store: ContentStore, options: ReplayOptions, merge: TextMerge | undefined, into: JoinedReplay): boolean {
  if (!plainOptions(options)) return false;
  const e = view.entry(path);
  if (!e || e.conflict || e.movedFrom !== undefined || e.movedTo !== undefined) return false;
  const all = plainRecords(view, e);
  if (!all) return false;
  const removed = options.removed ?? NONE;
  // Whether each record is taken out, asked of the (prune-sized) set once per record.
  const gone: boolean[] = new Array<boolean>(all.length);
  let taken = 0;
  for (let i = 0; i < all.length; i++) if ((gone[i] = removed.has(all[i].id))) taken++;
  if (marksWrites(all, gone)) return false;
  const base = baseOf(e.state) ?? null;
  let cur = base;
  // The path shows new content, not its disk file (replay.ts: its lineage is null).
  let fresh = base === null;
  let prov = new Set<string>();
  const ids: string[] = [];
  for (let i = 0; i < all.length; i++) {
    if (gone[i]) continue;
    const r = all[i];
    let after = r.after;
    // The records [i, last] are one stack when r does not find what it saw (below); else r alone.
    let last = i;
    if (cur !== r.before) {
      // The records that follow it exactly are one stack, rebased by one merge (replay.ts, `stackAt`).
      let top = r;
      if (r.operation !== 'delete') {
        for (let j = i + 1; j < all.length; j++) {
          if (gone[j]) continue;
          const o = all[j];
          if (o.before !== top.after) break;
          top = o;
          last = j;
          if (o.operation === 'delete') break;
        }
      }
      const cell = replayCell(r.before, top.after, cur);
      if (cell.outcome === 'replays' || cell.outcome === 'already') after = top.after;
      else if (cell.outcome === 'merge') {
        const m = mergeContent(r.before, top.after, cur, store, merge);
        if (m.kind === 'unchanged') after = top.after;
        else if (m.kind === 'merged' && m.result !== null) after = m.result;
        else return false;
      } else return false;
    }
    if (cur === null || after === null) {
      fresh = true;
      prov = new Set();
    }
    cur = after;
    for (let k = i; k <= last; k++) {
      if (gone[k]) continue;
      if (after !== null) prov.add(all[k].id);
      ids.push(all[k].id);
    }
    i = last;
  }
  if (ids.length === 0) into.removedPaths.push(path);
  else into.entries.push(makeEntry({ path, state: stateOf(base, cur as ContentRef | null), fresh, identity: e.identity, recordIds: ids }));
  if (taken > 0) for (let i = 0; i < all.length; i++) if (gone[i]) into.removedRecordIds.push(all[i].id);
  into.provenance.set(path, prov);
  for (let i = 0; i < all.length; i++) into.records.push(all[i]);
  return true;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * Whether the generic replay would mark a surviving write `vacated` (replay.ts `markVacatedWrites`): one that saw a
 * file the records made that is gone — a create taken out, what a write taken out made of such a file, or what a
 * write already marked saw or left. The fast path leaves that to it. (Nothing is made unless a create is taken out or a
 * record is marked: a prune of edits to the person's files, the usual one, asks only this loop.)
 */
function marksWrites(all: readonly ChangeRecord[], gone: readonly boolean[]): boolean {
  let lost: Set<ContentRef> | undefined;
  for (const r of all) {
    if (r.vacated !== true || r.before === null) continue;
    (lost ??= new Set()).add(r.before);
    // What a marked write left counts as gone when it wrote no line of its own (replay.ts `vacatedSaw`); not asked
    // here: leaving a write that saw it to the generic replay decides nothing.
    if (r.operation === 'modify' && r.after !== null) lost.add(r.after);
  }
  for (let i = 0; i < all.length; i++) {
    const r = all[i];
    if (!gone[i] || r.after === null) continue;
    if (r.operation === 'create' || (r.before !== null && lost?.has(r.before))) (lost ??= new Set()).add(r.after);
  }
  if (lost === undefined) return false;
  for (let i = 0; i < all.length; i++) {
    const r = all[i];
    if (!gone[i] && r.operation === 'modify' && r.vacated !== true && r.before !== null && lost.has(r.before)) return true;
  }
  return false;
}

/** Options of a plain take-out (prune, discard): no baseline moved, no person's decision, nothing rewritten. */
function plainOptions(o: ReplayOptions): boolean {
  return o.baselines === undefined && o.force === undefined && o.settled === undefined && o.rewrites === undefined && o.moved === undefined && o.shown === undefined;
}

/**
 * The entry's records in staging order when every one is a write or delete of this path alone (its component is
 * then the path itself: `componentOf` would find nothing more); undefined otherwise.
 */
function plainRecords(view: OverlayView, e: PathEntry): ChangeRecord[] | undefined {
  const ids = e.recordIds;
  const records: ChangeRecord[] = [];
  // Records are listed in staging order but for a record placed before an earlier one (a person's base): only
  // then are they sorted (no pair object per record made for the usual case). Each record and its order come from
  // one lookup (`recordInOrder`), into a buffer reused from file to file.
  const orders = ORDERS;
  let sorted = true;
  for (let i = 0; i < ids.length; i++) {
    const r = recordInOrder(view, ids[i], orders, i);
    if (!r || r.path !== e.path || r.fromPath !== undefined) return undefined;
    if (r.operation !== 'create' && r.operation !== 'modify' && r.operation !== 'delete') return undefined;
    if (i > 0 && orders[i] <= orders[i - 1]) sorted = false;
    records.push(r);
  }
  if (sorted) return records;
  const slots = records.map((r, i) => ({ r, order: orders[i] })).sort((a, b) => a.order - b.order);
  // An id listed twice (the generic replay counts it once): not a plain history.
  for (let i = 1; i < slots.length; i++) if (slots[i].r.id === slots[i - 1].r.id) return undefined;
  return slots.map((s) => s.r);
}

/** `plainRecords`' orders, one file's at a time. */
const ORDERS: number[] = [];
