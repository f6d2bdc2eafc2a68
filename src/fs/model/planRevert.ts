import { afterOf, assertNever } from './mergeRules';
import { DraftState } from './overlayDraft';
import { applyEvent, moveContent, removeRecords, setContent, withEntry } from './accumulator';
import { mergeContent } from './mergeContent';
import type { ChangeRecord } from './changeRecord';
import type { ContentRef, ContentStore } from './contentStore';
import type { TextMerge } from './mergeContent';
import type { OverlayView } from './overlayDraft';
import type { OverlayOp, RecordSelector } from './overlayOp';
import type { ConflictKind, PathEntry } from './pathEntry';

export type RevertOp = Extract<OverlayOp, { type: 'revert' }>;

export interface RevertPlan {
  readonly op: RevertOp;
  /** Composites where taking the change out did not merge: they now carry a `prune` conflict. */
  readonly conflicts: readonly string[];
}

/**
 * Takes records out (prune a message, discard a change or a session) and rebases what came after them onto
 * the state without them. Each record is undone newest first by a three-way merge (base = the record's after,
 * ours = the current content, theirs = the record's before) — the later contributions to the same lines
 * survive when they do not overlap, and a failed merge becomes a `prune` conflict. Edits follow the file
 * through later renames. Paths the records did not touch are left alone. Pure: returns the op.
 */
export function planRevert(
  view: OverlayView,
  records: readonly ChangeRecord[],
  selector: RecordSelector,
  store: ContentStore,
  merge?: TextMerge,
): RevertPlan {
  const draft = new DraftState(view);
  const conflicts = new Set<string>();
  const ordered = [...records].filter((r) => view.record(r.id)).sort((a, b) => view.order(b.id) - view.order(a.id));
  for (const r of ordered) {
    const conflicted = revertOne(draft, r, store, merge);
    if (conflicted !== undefined) conflicts.add(conflicted);
    // Reverted records stop steering `follow` for the older ones.
    draft.removeRecord(r.id);
  }
  removeRecords(draft, ordered);
  const entries: PathEntry[] = [];
  const removedPaths: string[] = [];
  for (const [path, e] of draft.changed) {
    if (e) entries.push(e);
    else removedPaths.push(path);
  }
  return {
    op: { type: 'revert', selector, recordIds: ordered.map((r) => r.id), entries, removedPaths },
    conflicts: [...conflicts].filter((p) => draft.entry(p)?.conflict),
  };
}

/** Undoes one record in the draft; returns the path it put a conflict on, if any. */
function revertOne(draft: DraftState, r: ChangeRecord, store: ContentStore, merge: TextMerge | undefined): string | undefined {
  switch (r.operation) {
    case 'modify': {
      const at = follow(draft, r.path, draft.order(r.id));
      const cur = currentContent(draft, at);
      if (cur === undefined || cur === null) return undefined; // deleted later: nothing of this edit is left
      const m = mergeContent(r.after, cur, r.before, store, merge);
      switch (m.kind) {
        case 'unchanged': return undefined;
        case 'merged': setContent(draft, at, m.result); return undefined;
        case 'conflict': return markConflict(draft, at, 'text', r.after, r.before, m.binary);
        default: return assertNever(m);
      }
    }
    case 'create': {
      const at = follow(draft, r.path, draft.order(r.id));
      const cur = currentContent(draft, at);
      if (cur === undefined || cur === null) return undefined; // deleted later
      if (cur === r.after) {
        applyEvent(draft, at, { kind: 'delete', before: cur });
        return undefined;
      }
      // Later changes edited the file this record created: removing the file would lose them.
      return markConflict(draft, at, 'deletion', r.after, null, false);
    }
    case 'delete': {
      const cur = currentContent(draft, r.path);
      if (cur === undefined || r.before === null) return undefined;
      if (cur === null) {
        applyEvent(draft, r.path, { kind: 'create', content: r.before });
        return undefined;
      }
      // Something was created here after the delete: restoring the old file would overwrite it.
      return markConflict(draft, r.path, 'creation', null, r.before, false);
    }
    case 'rename': {
      const from = r.fromPath;
      if (from === undefined) return undefined;
      const at = follow(draft, r.path, draft.order(r.id));
      const cur = currentContent(draft, at);
      if (cur === undefined || cur === null) return undefined; // deleted later: stays deleted
      if (at === from) return undefined; // renamed back later: already home
      const source = draft.entry(from);
      if (!source || afterOf(source.state) !== null) {
        // The source path has content again: moving the file back would overwrite it.
        return markConflict(draft, at, 'rename', r.after, r.before, false);
      }
      moveContent(draft, at, from, cur);
      return undefined;
    }
    default:
      return assertNever(r.operation);
  }
}

/** Effective content at a path with an entry (null = absent); undefined when the path has no entry. */
function currentContent(draft: DraftState, path: string): ContentRef | null | undefined {
  const e = draft.entry(path);
  return e ? afterOf(e.state) : undefined;
}

/**
 * Where the content a record wrote at `path` is now: follows later renames of it (a→b, b→c), and stops where
 * a later delete removed it.
 */
function follow(draft: DraftState, path: string, afterOrder: number): string {
  let at = path;
  let order = afterOrder;
  for (let hops = 0; hops < 10_000; hops++) {
    const e = draft.entry(at);
    if (!e) return at;
    let next: ChangeRecord | undefined;
    for (const id of e.recordIds) {
      if (draft.order(id) <= order) continue;
      const rec = draft.record(id);
      if (!rec) continue;
      if (rec.operation === 'delete' && rec.path === at) return at;
      if (rec.operation === 'rename' && rec.fromPath === at) {
        next = rec;
        break;
      }
    }
    if (!next) return at;
    at = next.path;
    order = draft.order(next.id);
  }
  return at;
}

function markConflict(draft: DraftState, path: string, kind: ConflictKind, base: ContentRef | null, theirs: ContentRef | null, binary: boolean): string | undefined {
  const e = draft.entry(path);
  if (!e) return undefined;
  draft.setEntry(withEntry(e, { conflict: { kind, origin: 'prune', base, theirs, binary, delegated: false } }));
  return path;
}
