import { baseOf, stateOf } from './mergeRules';
import { mergeContent } from './mergeContent';
import { replayCell } from './replayRules';
import { makeEntry } from './accumulator';
import type { ChangeRecord } from './changeRecord';
import type { ContentRef, ContentStore } from './contentStore';
import type { TextMerge } from './mergeContent';
import type { OverlayView } from './overlayDraft';
import type { PathEntry } from './pathEntry';
import type { ReplayOptions, ReplayResult } from './replay';

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
  if (!plainOptions(options)) return undefined;
  const e = view.entry(path);
  if (!e || e.conflict || e.movedFrom !== undefined || e.movedTo !== undefined) return undefined;
  const all = plainRecords(view, e);
  if (!all) return undefined;
  const removed = options.removed ?? NONE;
  // Whether each record is taken out, asked of the (prune-sized) set once per record.
  const gone: boolean[] = new Array<boolean>(all.length);
  let taken = 0;
  for (let i = 0; i < all.length; i++) if ((gone[i] = removed.has(all[i].id))) taken++;
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
        else return undefined;
      } else return undefined;
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
  const entries: PathEntry[] = ids.length === 0 ? [] : [makeEntry({ path, state: stateOf(base, cur as ContentRef | null), fresh, identity: e.identity, recordIds: ids })];
  return {
    entries,
    removedPaths: ids.length === 0 ? [path] : [],
    rewritten: [],
    removedRecordIds: taken === 0 ? [] : all.filter((_, i) => gone[i]).map((r) => r.id),
    conflicts: [],
    found: [],
    provenance: new Map([[path, prov]]),
    records: all,
    movedBy: new Map(),
  };
}

const NONE: ReadonlySet<string> = new Set();

/** Options of a plain take-out (prune, discard): no baseline moved, no person's decision, nothing rewritten. */
function plainOptions(o: ReplayOptions): boolean {
  return o.baselines === undefined && o.force === undefined && o.settled === undefined && o.rewrites === undefined && o.moved === undefined && o.shown === undefined;
}

/**
 * The entry's records in staging order when every one is a write or delete of this path alone (its component is
 * then the path itself: `componentOf` would find nothing more); undefined otherwise.
 */
function plainRecords(view: OverlayView, e: PathEntry): ChangeRecord[] | undefined {
  const records: ChangeRecord[] = [];
  // Records are listed in staging order but for a record placed before an earlier one (a person's base): only
  // then are they sorted, by orders asked again (no pair object per record made for the usual case).
  let previous = -Infinity;
  let sorted = true;
  for (const id of e.recordIds) {
    const r = view.record(id);
    if (!r || r.path !== e.path || r.fromPath !== undefined) return undefined;
    if (r.operation !== 'create' && r.operation !== 'modify' && r.operation !== 'delete') return undefined;
    const order = view.order(id);
    if (order <= previous) sorted = false;
    previous = order;
    records.push(r);
  }
  if (sorted) return records;
  const slots = records.map((r) => ({ r, order: view.order(r.id) })).sort((a, b) => a.order - b.order);
  // An id listed twice (the generic replay counts it once): not a plain history.
  for (let i = 1; i < slots.length; i++) if (slots[i].r.id === slots[i - 1].r.id) return undefined;
  return slots.map((s) => s.r);
}
