import { newRecordId } from './recordId';
import type { ContentRef } from './contentStore';

/** File operations, and folder operations (`mkdir`, `rmdir`: an empty folder made or removed; no contents). */
export type ChangeOperation = 'create' | 'modify' | 'delete' | 'rename' | FolderOperation;

export type FolderOperation = 'mkdir' | 'rmdir';

/** True for the records about a folder itself, which touch no file entry (issue 13 item 11). */
export function isFolderOperation(operation: ChangeOperation): operation is FolderOperation {
  return operation === 'mkdir' || operation === 'rmdir';
}

/** Who asked for a change: the chat session, the message in it and the turn number. */
export interface ChangeOrigin {
  readonly sessionId: string;
  readonly messageId: string;
  readonly turn: number;
}

/**
 * The session of a person's own edits (the `agent-staged:` provider stages a person's saves under it, and a manual
 * resolution's result is staged under it too): no chat prunes it.
 */
export const PERSON_SESSION_ID = 'user';

/** The message of a person's manual resolution: no chat message has this id, so no prune selects it. */
export const RESOLUTION_MESSAGE_ID = 'agent-overlay:resolution';

/** What the caller supplies when staging; the model fills in id, operation, contents and (by default) time. */
export interface ChangeMeta extends ChangeOrigin {
  /** Human-readable, shown in the SCM tooltip and the tools' answers. */
  readonly description: string;
  /** Milliseconds since the epoch; defaults to the model's clock. */
  readonly timestamp?: number;
}

/**
 * One atomic operation an agent performed through the overlay. Paths are opaque normalized strings chosen by the
 * adapter ('/'-separated: absolute posix paths or URI strings). Each record keeps its own before/after refs so a
 * message's contribution can be taken out later (prune) by a three-way merge, whatever came after it.
 */
export interface ChangeRecord extends ChangeOrigin {
  /** uuid v4. */
  readonly id: string;
  readonly operation: ChangeOperation;
  /** The path the operation wrote; for a rename, the destination. */
  readonly path: string;
  /** Rename only: the source path. */
  readonly fromPath?: string;
  /**
   * Effective content at `path` just before (for a rename: at `fromPath`); null = did not exist. For the first
   * change on a path this is the disk content, which becomes the composite's baseline.
   */
  readonly before: ContentRef | null;
  /**
   * Effective content at `path` just after; null for a delete. A rename moves content unchanged: after = before,
   * except one the person settled (Accept agent or a hand merge shown there): `before` is then what arrived at its
   * source when settled and `after` what the person accepted, and a replay carries that change onto what arrives
   * (replay.ts `carriedOnto`). Folder records: both null.
   */
  readonly after: ContentRef | null;
  /**
   * Rename only: the file at its destination that the person accepted it replacing (Accept agent or a hand merge
   * over a rename conflict). A replay that finds exactly that there replays the rename; anything else there is
   * still a rename conflict (issue 23: without it, the next replay of the component found the conflict again and
   * undid the person's resolution, provenance seeds 46520, 51460, 53959).
   */
  readonly replaces?: ContentRef;
  /**
   * Rename or modify. A rename: the file it moved was a create since taken out (set by the replay that took it out, on every rename
   * that saw that file, by its `before`, wherever it was: replay.ts `sawGone`). It moves nothing from then on,
   * whatever is at its source — a file there now is one it never saw — unless that is exactly the file it saw
   * (issue 23, provenance seed 970167: the creating message deleted, a reopen found the person's new file at the
   * source, and the rename carried it over the person's file at its destination). Kept on the record, not read off
   * the view: after the prune the view no longer says the file was a create, so a later prune, a reopen or another
   * look at the disk would read the rename as moving what is there (reference seed 63: pruning the create and then
   * a delete before it differed from one prune of both).
   * A modify: the file it wrote over is gone so. It still replays as a write of a file that is gone, and keeps the
   * memory of it for the replay that takes it out as well (replay.ts `markVacatedWrites`, takeOutOrders seed 543).
   */
  readonly vacated?: true;
  /**
   * The records as they were before this one's staging settled a conflict handed back to the agent (its first
   * write, delete or rename there rewrote them to apply as they stand). The settlement is the agent's act, so taking
   * this record out restores them, and the conflict they met comes back (issue 23: a prune conflict settled so kept
   * the rewritten records after the settling message was deleted, and Apply overwrote the person's file, provenance
   * seeds 135577, 146520). A person's hand merge keeps the records it rewrote so too: taken out with the move it
   * resolved, it restores them (provenance seed 611358).
   */
  readonly settled?: readonly ChangeRecord[];
  readonly timestamp: number;
  readonly description: string;
}

export interface NewRecordFields {
  readonly operation: ChangeOperation;
  readonly path: string;
  readonly fromPath?: string;
  readonly before: ContentRef | null;
  readonly after: ContentRef | null;
}

/** Builds a record with a fresh uuid v4 (`recordId.ts`: one flat string, not `randomUUID`'s tree of pieces). */
export function newChangeRecord(fields: NewRecordFields, meta: ChangeMeta, now: () => number, newId: () => string = newRecordId): ChangeRecord {
  // Two literals rather than a spread of an optional field: a spread builds an object per record and copies it in
  // (issue 28: records are made a hundred thousand at a time). The keys keep their order either way.
  if (fields.fromPath !== undefined) {
    return {
      id: newId(),
      operation: fields.operation,
      path: fields.path,
      fromPath: fields.fromPath,
      before: fields.before,
      after: fields.after,
      sessionId: meta.sessionId,
      messageId: meta.messageId,
      turn: meta.turn,
      timestamp: meta.timestamp ?? now(),
      description: meta.description,
    };
  }
  return {
    id: newId(),
    operation: fields.operation,
    path: fields.path,
    before: fields.before,
    after: fields.after,
    sessionId: meta.sessionId,
    messageId: meta.messageId,
    turn: meta.turn,
    timestamp: meta.timestamp ?? now(),
    description: meta.description,
  };
}
