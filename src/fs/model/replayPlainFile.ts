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
  const base = baseOf(e.state) ?? null;
  let cur = base;
  // The path shows new content, not its disk file (replay.ts: its lineage is null).
  let fresh = base === null;
  let prov = new Set<string>();
  const ids: string[] = [];
  let consumed: Set<string> | undefined;
  for (let i = 0; i < all.length; i++) {
    const r = all[i];
    if (removed.has(r.id) || consumed?.has(r.id)) continue;
    let after = r.after;
    let stack: ChangeRecord[] = ONE;
    if (cur !== r.before) {
      // The records that follow it exactly are one stack, rebased by one merge (replay.ts, `stackAt`).
      stack = [r];
      if (r.operation !== 'delete') {
        for (let j = i + 1; j < all.length; j++) {
          const o = all[j];
          if (removed.has(o.id)) continue;
          if (o.before !== stack[stack.length - 1].after) break;
          stack.push(o);
          (consumed ??= new Set()).add(o.id);
          if (o.operation === 'delete') break;
        }
      }
      const top = stack[stack.length - 1].after;
      const cell = replayCell(r.before, top, cur);
      if (cell.outcome === 'replays' || cell.outcome === 'already') after = top;
      else if (cell.outcome === 'merge') {
        const m = mergeContent(r.before, top, cur, store, merge);
        if (m.kind === 'unchanged') after = top;
        else if (m.kind === 'merged' && m.result !== null) after = m.result;
        else return undefined;
      } else return undefined;
    }
    if (cur === null || after === null) {
      fresh = true;
      prov = new Set();
    }
    cur = after;
    if (stack === ONE) {
      if (after !== null) prov.add(r.id);
      ids.push(r.id);
    } else {
      for (const w of stack) {
        if (after !== null) prov.add(w.id);
        ids.push(w.id);
      }
    }
  }
  const entries: PathEntry[] = ids.length === 0 ? [] : [makeEntry({ path, state: stateOf(base, cur as ContentRef | null), fresh, identity: e.identity, recordIds: ids })];
  return {
    entries,
    removedPaths: ids.length === 0 ? [path] : [],
    rewritten: [],
    removedRecordIds: all.filter((r) => removed.has(r.id)).map((r) => r.id),
    conflicts: [],
    found: [],
    provenance: new Map([[path, prov]]),
    records: all,
    movedBy: new Map(),
  };
}

const NONE: ReadonlySet<string> = new Set();
/** Marks a record replayed on its own (no stack array made for it). */
const ONE: ChangeRecord[] = [];

/** Options of a plain take-out (prune, discard): no baseline moved, no person's decision, nothing rewritten. */
function plainOptions(o: ReplayOptions): boolean {
  return o.baselines === undefined && o.force === undefined && o.settled === undefined && o.rewrites === undefined && o.moved === undefined && o.shown === undefined;
}

/**
 * The entry's records in staging order when every one is a write or delete of this path alone (its component is
 * then the path itself: `componentOf` would find nothing more); undefined otherwise.
 */
function plainRecords(view: OverlayView, e: PathEntry): ChangeRecord[] | undefined {
  const slots: { r: ChangeRecord; order: number }[] = [];
  let sorted = true;
  for (const id of e.recordIds) {
    const r = view.record(id);
    if (!r || r.path !== e.path || r.fromPath !== undefined) return undefined;
    if (r.operation !== 'create' && r.operation !== 'modify' && r.operation !== 'delete') return undefined;
    const order = view.order(id);
    if (slots.length > 0 && order <= slots[slots.length - 1].order) sorted = false;
    slots.push({ r, order });
  }
  if (!sorted) {
    slots.sort((a, b) => a.order - b.order);
    // An id listed twice (the generic replay counts it once): not a plain history.
    for (let i = 1; i < slots.length; i++) if (slots[i].r.id === slots[i - 1].r.id) return undefined;
  }
  return slots.map((s) => s.r);
}
