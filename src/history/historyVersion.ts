/**
 * One historical version of one file, as the readers return it. Both stores (VS Code's built-in local history
 * and the "Local History" extension's `.history/` tree) produce this shape, so grants, Quick Picks and the
 * `history:` provider never care where a version came from.
 */
export type HistoryStoreKind = 'vscodeLocalHistory' | 'dotHistory';

export interface HistoryVersion {
  readonly store: HistoryStoreKind;
  /**
   * The version's name inside its store: the entry file name (`I246.md`) for VS Code's store, the `.history`
   * file name (`a_20240102030405.ts`) for the extension's. Unique per file and store, not secret, never an id
   * given to an agent (those are the grant ids in grants.ts).
   */
  readonly sourceId: string;
  /** Milliseconds since the epoch. */
  readonly timestamp: number;
  /** Human label of how the version came to be: "File Saved", "Undo / Redo", "File Renamed (from …)", … */
  readonly label: string;
  /** Raw source id as stored (`undoRedo.source`, free text, …); undefined for a plain save. */
  readonly source: string | undefined;
  /** Absolute path of the file holding this version's full content. */
  readonly contentPath: string;
  /** Size in bytes when listed (the newest VS Code entry can still be rewritten in place within mergeWindow). */
  readonly size: number;
}

/** Something odd found while reading that did not stop the listing; adapters log it. */
export interface HistoryWarning {
  readonly code: HistoryWarningCode;
  readonly message: string;
  readonly path: string;
}

export type HistoryWarningCode =
  | 'entriesJsonCorrupt'
  | 'entriesJsonUnreadable'
  /** `entries.json` names another resource: a 32-bit hash collision, so the folder is not this file's history. */
  | 'resourceMismatch'
  | 'entryListedButMissing'
  | 'headerTruncated';

export type HistoryReadErrorCode =
  /** The history folder or `.history` dir exists but could not be read (permissions, I/O). */
  | 'unreadable'
  /** A version's content file is gone, no longer a regular file, or larger than the caller's limit. */
  | 'contentMissing'
  | 'contentTooLarge'
  /** A folder name handed to the reader is not a history folder name (it would leave History/). */
  | 'badLocation'
  /** The version does not belong to this reader's store (a forged or mixed-up version object). */
  | 'foreignVersion';

export class HistoryReadError extends Error {
  constructor(readonly code: HistoryReadErrorCode, message: string, readonly path?: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'HistoryReadError';
  }
}

/** Newest first: the order a Quick Pick and an agent want ("5 minutes ago" before "2 days ago"). */
export function compareNewestFirst(a: HistoryVersion, b: HistoryVersion): number {
  return b.timestamp - a.timestamp || (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0);
}
