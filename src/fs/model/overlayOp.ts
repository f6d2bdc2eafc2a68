import type { ChangeRecord } from './changeRecord';
import type { ContentRef } from './contentStore';
import type { ConflictState, FileIdentity, PathEntry } from './pathEntry';
import type { ConflictResolution } from './resolveConflict';

/** Which records a revert takes out (prune by message, discard by change id or by session). */
export type RecordSelector =
  | { readonly kind: 'change'; readonly id: string }
  /** A message's records; message ids are scoped by session (two MCP clients may both say "msg-1"). */
  | { readonly kind: 'message'; readonly messageId: string; readonly sessionId?: string }
  /** "Discard" on composites: the records that made what these paths show (and their superseded history). */
  | { readonly kind: 'paths'; readonly paths: readonly string[] }
  | { readonly kind: 'session'; readonly sessionId: string };

/**
 * Every mutation of the model, as a JSON-serializable value. `OverlayModel.apply` is the only way to change the
 * model, so the durable log can persist these and replay them. Ops whose outcome needs a three-way merge
 * (rebase, conflict, revert) carry their outcome, computed by a planner: replaying them needs no merge and
 * cannot come out differently after the merge algorithm changes.
 */
export type OverlayOp =
  /** An agent operation. `identity`: of the disk file at `fromPath ?? path`, used if this is its first change. */
  | { readonly type: 'stage'; readonly record: ChangeRecord; readonly identity?: FileIdentity }
  /**
   * Reconciliation merged cleanly: `diskPath`'s baseline becomes what the disk has now and the composite at
   * `path` (the same path, or the destination of `diskPath`'s rename) gets the merged content. Clears a disk
   * conflict on `path`.
   */
  | {
      readonly type: 'rebase';
      readonly path: string;
      readonly diskPath: string;
      readonly base: ContentRef | null;
      readonly identity?: FileIdentity;
      readonly after: ContentRef | null;
    }
  /** Reconciliation (or an orphan check at startup) found a conflict on the composite at `path`. */
  | { readonly type: 'conflict'; readonly path: string; readonly conflict: ConflictState }
  | { readonly type: 'resolve'; readonly path: string; readonly resolution: ConflictResolution }
  /**
   * Drop whole composites with their components and records. Written by versions before the replay model (their
   * logs still replay); "Discard" now plans a `revert` by paths.
   */
  | { readonly type: 'discard'; readonly paths: readonly string[] }
  /** Drop everything. */
  | { readonly type: 'discardAll' }
  /** The adapter executed an apply plan for these composites: the disk has them now, so they are no longer pending. */
  | { readonly type: 'applied'; readonly paths: readonly string[] }
  /**
   * Records taken out (prune, discard by change or session) with their effect rebased away: the planner's
   * resulting entries, installed as is.
   */
  | {
      readonly type: 'revert';
      readonly selector: RecordSelector;
      readonly recordIds: readonly string[];
      readonly entries: readonly PathEntry[];
      readonly removedPaths: readonly string[];
      /** Survivors the replay rebased (same id, new before/after). Absent in logs written before replay. */
      readonly rewritten?: readonly ChangeRecord[];
    }
  /**
   * A replayed component installed as is: a rebase onto a changed disk, a resolution, or a record staged over a
   * disk that moved (`added`). The planner's outcome (records added, removed or rewritten, the resulting entries)
   * so replaying the log needs no merge.
   */
  | {
      readonly type: 'replace';
      readonly reason: string;
      /** Records staged by this op (they order after every earlier one, unless `placed` puts them elsewhere). */
      readonly added?: readonly ChangeRecord[];
      /**
       * Added records ordered just before an earlier record instead (`before`: its id): a person's base under the
       * agent's records there, which a prune of theirs leaves (issue 23, "Accept agent" over a file gone from disk).
       */
      readonly placed?: readonly { readonly id: string; readonly before: string }[];
      readonly recordIds: readonly string[];
      readonly rewritten: readonly ChangeRecord[];
      readonly entries: readonly PathEntry[];
      readonly removedPaths: readonly string[];
    };

export type OverlayOpType = OverlayOp['type'];
