/**
 * Errors of the on-disk store. Each carries a `code` so the adapters map it once (a `FileSystemError`, a message
 * for the model, a notification) without parsing messages, plus the data a person needs to act on it.
 */
export type StoreErrorCode =
  /** A blob's bytes no longer hash to its name; the file was moved aside. */
  | 'BLOB_CORRUPT'
  /** No blob with that hash exists. */
  | 'BLOB_MISSING'
  /** The ref is not a lowercase sha-256 hex string (it would otherwise name a path). */
  | 'BLOB_REF_INVALID'
  /** fsync of new blobs failed: the ops referring to them must not be committed. */
  | 'BLOB_SYNC_FAILED'
  /** A snapshot file failed its checksum or could not be parsed. */
  | 'SNAPSHOT_CORRUPT'
  /** A log frame in the middle of a log failed its checksum (valid frames follow it). */
  | 'LOG_CORRUPT'
  /** A generation of the log is missing, so later logs cannot be replayed on top. */
  | 'LOG_MISSING'
  /** Nothing valid is left to recover from. */
  | 'STATE_UNRECOVERABLE'
  /** A file was written by a newer version of the extension (container format or caller schema). */
  | 'FORMAT_TOO_NEW'
  /** The caller's migration hook failed or is missing for an older schema. */
  | 'MIGRATION_FAILED'
  /** Writing or syncing the log failed; the log refuses further work until reopened. */
  | 'LOG_WRITE_FAILED'
  /** An op the log cannot frame (an array: arrays frame a unit of ops). */
  | 'LOG_OP_INVALID'
  /** The log or journal was used after `close()`/`dispose()`. */
  | 'STORE_CLOSED'
  /** An apply-journal entry failed its checksum. */
  | 'JOURNAL_CORRUPT'
  /** An apply id that cannot be used as a file name. */
  | 'JOURNAL_ID_INVALID'
  /** The store's disk is full or read-only: what is staged stays visible, nothing new can be recorded. */
  | 'STORE_READ_ONLY';

export class StoreError extends Error {
  constructor(readonly code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A blob whose content does not match its hash. Never returned as bytes: wrong bytes could be applied to disk. */
export class BlobCorruptError extends StoreError {
  constructor(readonly ref: string, readonly actualHash: string, readonly movedTo: string | undefined) {
    super('BLOB_CORRUPT', `blob ${ref} is corrupted (content hashes to ${actualHash})` +
      (movedTo ? `; the bad file was moved to ${movedTo}` : ''));
  }
}

export class BlobMissingError extends StoreError {
  constructor(readonly ref: string) {
    super('BLOB_MISSING', `blob ${ref} does not exist in the store`);
  }
}

/**
 * A state file (snapshot, log, journal entry) that cannot be trusted. `copy` is where the bad bytes were kept
 * so nothing is lost to a later overwrite; `offset` is where a log stopped being valid.
 */
export class StateCorruptError extends StoreError {
  constructor(
    code: 'SNAPSHOT_CORRUPT' | 'LOG_CORRUPT' | 'LOG_MISSING' | 'STATE_UNRECOVERABLE' | 'JOURNAL_CORRUPT',
    readonly file: string,
    readonly reason: string,
    readonly copy: string | undefined,
    readonly offset?: number,
  ) {
    super(code, `${file}: ${reason}` + (copy ? ` (a copy of the bad file was kept at ${copy})` : ''));
  }
}

/** A file written by a newer extension: refusing is the only safe answer, a fallback would drop its data. */
export class FormatTooNewError extends StoreError {
  constructor(readonly file: string, readonly found: number, readonly supported: number, what: string) {
    super('FORMAT_TOO_NEW', `${file} has ${what} version ${found}; this version of the extension reads up to ${supported}`);
  }
}

/**
 * Errors that say the disk cannot take writes now (full, over quota, read-only, not permitted), not that the
 * store is damaged: the staged work is intact and must never be set aside for them.
 */
const DISK_CONDITIONS = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM']);

/** The disk condition behind `e` (followed through `cause`), if it is one. */
export function diskConditionOf(e: unknown): string | undefined {
  for (let c: unknown = e, depth = 0; c !== undefined && c !== null && depth < 8; c = (c as { cause?: unknown }).cause, depth++) {
    const code = (c as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && DISK_CONDITIONS.has(code)) return code;
  }
  return undefined;
}

/** Staging refused: the store cannot record anything now. Nothing staged is lost. */
export class StoreReadOnlyError extends StoreError {
  /** `refused`: the action refused (Apply, Discard…), named first so the message cannot read as a partial success. */
  constructor(readonly condition: string, readonly refused?: string) {
    super('STORE_READ_ONLY', `${refused ? `${refused} refused, nothing was done: ` : ''}Agent Overlay's store is read-only for now (${describeCondition(condition)}): everything staged is kept and shown, but nothing new can be staged, applied or discarded until space is freed or the disk is writable again (Agent Overlay tries again every 30 seconds, and at every start)`);
  }
}

export function describeCondition(code: string): string {
  switch (code) {
    case 'ENOSPC': return 'the disk is full';
    case 'EDQUOT': return 'the disk quota is used up';
    case 'EROFS': return 'the disk is read-only';
    default: return `writing is not permitted (${code})`;
  }
}
