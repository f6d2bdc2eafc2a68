import { OverlayError } from './overlayError';
import { isFolderOperation } from './changeRecord';
import { DraftState } from './overlayDraft';
import { assertNever } from './mergeRules';
import { discardPaths, setBase, setContent, stageRecord, withEntry } from './accumulator';
import { acceptAgent, resolveConflict } from './resolveConflict';
import type { OverlayOp } from './overlayOp';
import type { OverlayState } from './overlayState';

/**
 * The one choke point for mutations. Deterministic: the outcome depends only on the state and the op (no
 * clock, no disk, no content reads), so replaying a persisted op log rebuilds the same model. The op runs on a
 * copy-on-write draft and is committed only if it succeeds. Returns the paths whose composites changed.
 */
export function applyOp(state: OverlayState, op: OverlayOp): string[] {
  if (op.type === 'discardAll') return state.clear();
  const draft = new DraftState(state);
  run(draft, op);
  return state.commit(draft);
}

function run(draft: DraftState, op: OverlayOp): void {
  switch (op.type) {
    case 'stage': {
      const r = op.record;
      if (draft.record(r.id)) throw new OverlayError('CorruptState', `record ${r.id} is already staged`, { id: r.id });
      // A folder record is the folder's whole state (no file entry): indexed by path when committed.
      if (isFolderOperation(r.operation)) {
        draft.addRecord(r);
        return;
      }
      // A conflict handed back to the agent is settled by its next write there: it was shown the disk's version.
      // (The origin first, then the path: no array made per staged write.)
      if (r.fromPath !== undefined && draft.entry(r.fromPath)?.conflict?.delegated) acceptAgent(draft, r.fromPath);
      if (draft.entry(r.path)?.conflict?.delegated) acceptAgent(draft, r.path);
      draft.addRecord(r);
      stageRecord(draft, r, op.identity);
      return;
    }
    case 'rebase': {
      if (!draft.entry(op.path) || !draft.entry(op.diskPath)) {
        throw new OverlayError('NoChange', `no pending change at ${op.path} to rebase`, { path: op.path });
      }
      setBase(draft, op.diskPath, op.base, op.identity);
      setContent(draft, op.path, op.after);
      const e = draft.entry(op.path);
      if (e?.conflict?.origin === 'disk') draft.setEntry(withEntry(e, { conflict: undefined }));
      return;
    }
    case 'conflict': {
      const e = draft.entry(op.path);
      if (!e) throw new OverlayError('NoChange', `no pending change at ${op.path}`, { path: op.path });
      draft.setEntry(withEntry(e, { conflict: op.conflict }));
      return;
    }
    case 'resolve':
      resolveConflict(draft, op.path, op.resolution);
      return;
    case 'discard':
    case 'applied':
      discardPaths(draft, op.paths);
      // The folder itself, staged made or removed at one of these paths, is done too.
      for (const p of op.paths) for (const id of draft.folderRecordIds(p)) draft.removeRecord(id);
      return;
    case 'discardAll':
      throw new Error('handled by applyOp');
    case 'revert':
    case 'replace':
      for (const r of op.type === 'replace' ? op.added ?? [] : []) {
        if (draft.record(r.id)) throw new OverlayError('CorruptState', `record ${r.id} is already staged`, { id: r.id });
        const before = op.type === 'replace' ? op.placed?.find((x) => x.id === r.id)?.before : undefined;
        if (before !== undefined && !draft.record(before)) throw new OverlayError('CorruptState', `record ${r.id} is placed before ${before}, which is not staged`, { id: r.id });
        draft.addRecord(r, before);
      }
      for (const id of op.recordIds) draft.removeRecord(id);
      for (const r of op.rewritten ?? []) {
        if (!draft.record(r.id)) throw new OverlayError('CorruptState', `rewritten record ${r.id} is not staged`, { id: r.id });
        draft.rewriteRecord(r);
      }
      for (const e of op.entries) draft.setEntry(e);
      for (const p of op.removedPaths) draft.deleteEntry(p);
      return;
    default:
      assertNever(op);
  }
}
