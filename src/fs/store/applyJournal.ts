/**
 * Write-ahead intent records for Apply, so a crash mid-apply is recoverable (SPEC §2 "Apply is journaled",
 * §9 invariant 3). The apply command:
 *   1. puts the undo content (what each file holds now) and the new content into the blob store;
 *   2. `await journal.begin(intent)`: durable before any file is touched (blobs are synced first), so even a
 *      temp file or folder left by a crash is found again;
 *   3. writes each new content to its temp file next to the target, with its mode, fsynced;
 *   4. renames each temp file over its target (or deletes the target; or moves a whole folder with one rename),
 *      fsyncs the directories;
 *   5. records the apply's effect elsewhere (the overlay marks it applied, the undo record), durably;
 *   6. `await journal.complete(id)`: only now, so a crash anywhere before leaves the journal to finish the job.
 * After a crash, `open` returns the entries that were begun and not completed; `inspect` tells, per file,
 * whether the new content is already in place, so the caller can roll forward (rename the remaining temps)
 * or back (restore the undo blobs). Entries live in `<dir>/journal/apply-<id>`, framed like every store file.
 */
import * as fs from 'fs';
import * as path from 'path';
import { hashBytes } from './blobStore';
import { decodeFrames, encodeJsonFrame } from './frameCodec';
import { FormatTooNewError, StateCorruptError, StoreError } from './storeError';
import { TEMP_SUFFIX, keepAside, syncDir, writeDurable } from './writeDurable';

export const JOURNAL_FORMAT_VERSION = 1;
const STORE_ID = 'agent-overlay-store';
const ENTRY_NAME = /^apply-([A-Za-z0-9_-]{1,128})$/;

export interface JournalFile {
  /** The file the apply writes or deletes (absolute path). */
  readonly path: string;
  /** The temp file holding the new content, renamed over `path`; absent when the apply deletes `path`. */
  readonly tempPath?: string;
  /** Blob ref of what `path` held before (the undo data); null when `path` did not exist. */
  readonly undoRef: string | null;
  /** Blob ref of what the apply puts at `path`; null when it deletes `path`. */
  readonly afterRef: string | null;
  /**
   * Permission bits the new content gets (e.g. 0o755 for a script); absent: the default for a new file.
   * Recovery sets them on the temp again before renaming it: a crash between the temp's content and its chmod
   * must not put a script in place without its executable bit.
   */
  readonly mode?: number;
}

/** One folder moved whole by an apply (see `ApplyIntent.moveDirs`). */
export interface JournalFolderMove {
  readonly from: string;
  readonly to: string;
  readonly files: readonly { readonly rel: string; readonly ref: string }[];
}

export interface ApplyIntent {
  /** Unique per apply (a uuid); becomes part of a file name, so letters, digits, `-` and `_` only. */
  readonly id: string;
  readonly files: readonly JournalFile[];
  /** Folders the apply creates for its temps (deepest first): removed again, if empty, when it rolls back. */
  readonly createdDirs?: readonly string[];
  /** Folders the apply removes when they are empty once it is done (deepest first), on roll-forward too. */
  readonly pruneDirs?: readonly string[];
  /** Folders the apply makes (staged `mkdir`s), on roll-forward too; a roll-back removes them with `createdDirs`. */
  readonly makeDirs?: readonly string[];
  /** Folders the apply removes if empty (staged `rmdir`s, deepest first), on roll-forward too. */
  readonly removeDirs?: readonly string[];
  /**
   * Folders the apply moves whole, each with one `rename(2)` (every file under `from` moves unchanged to the same
   * place under `to`, and nothing else is there), after the deletions and before the temps are renamed into place.
   * `files`: what `from` held when it was checked (path relative to `from`, content ref); recovery moves the folder
   * only while it holds exactly that and `to` is free.
   */
  readonly moveDirs?: readonly JournalFolderMove[];
  /** Anything else the caller needs to finish the apply (session, message ids…); must be JSON. */
  readonly meta?: unknown;
}

export interface JournalEntry extends ApplyIntent {
  readonly startedAt: number;
}

/** Where one file of an interrupted apply stands. */
export type JournalFileState =
  /** `path` holds the new content (or is gone, for a delete): nothing left to do for it. */
  | 'applied'
  /** `path` still holds the undo content (or is absent when it was new): the rename has not happened. */
  | 'notApplied'
  /** `path` holds neither: someone else wrote it since; roll neither way without asking. */
  | 'diverged';

export interface ApplyJournalOptions {
  /** Runs before an intent is made durable; e.g. `() => blobs.sync()` so the undo blobs exist first. */
  readonly beforeCommit?: () => Promise<void>;
}

export interface OpenedJournal {
  readonly journal: ApplyJournal;
  /** Applies begun and never completed, oldest first. */
  readonly unfinished: readonly JournalEntry[];
  /** Entries that failed their checksum: copied aside and removed, reported so a person can check the files. */
  readonly corrupt: readonly StateCorruptError[];
}

export class ApplyJournal {
  private disposed = false;

  private constructor(private readonly dir: string, private readonly options: ApplyJournalOptions) {}

  static async open(storeDir: string, options: ApplyJournalOptions = {}): Promise<OpenedJournal> {
    const dir = path.join(storeDir, 'journal');
    await fs.promises.mkdir(dir, { recursive: true });
    const unfinished: JournalEntry[] = [];
    const corrupt: StateCorruptError[] = [];
    for (const name of (await fs.promises.readdir(dir)).sort()) {
      const file = path.join(dir, name);
      // An intent that never finished its rename was never begun: the apply did not touch any target.
      if (name.endsWith(TEMP_SUFFIX)) {
        await fs.promises.rm(file, { force: true });
        continue;
      }
      const m = ENTRY_NAME.exec(name);
      if (!m) continue;
      const read = readEntry(await fs.promises.readFile(file), file, m[1]);
      if (typeof read === 'string') {
        corrupt.push(new StateCorruptError('JOURNAL_CORRUPT', file, read, await keepAside(file)));
        await fs.promises.rm(file, { force: true });
      } else {
        unfinished.push(read);
      }
    }
    unfinished.sort((a, b) => a.startedAt - b.startedAt);
    return { journal: new ApplyJournal(dir, options), unfinished, corrupt };
  }

  /** Records the intent durably. Resolves only when it would survive a power loss; only then touch targets. */
  async begin(intent: ApplyIntent, now = Date.now()): Promise<void> {
    this.assertOpen();
    if (!ENTRY_NAME.test(`apply-${intent.id}`)) {
      throw new StoreError('JOURNAL_ID_INVALID', `apply id ${JSON.stringify(intent.id)} is not usable in a file name`);
    }
    const entry: JournalEntry = { ...intent, startedAt: now };
    await this.options.beforeCommit?.();
    await writeDurable(this.fileOf(intent.id), [
      encodeJsonFrame({ store: STORE_ID, kind: 'apply-journal', formatVersion: JOURNAL_FORMAT_VERSION }),
      encodeJsonFrame(entry),
    ]);
  }

  /** Marks the apply finished (its entry is removed, durably). */
  async complete(id: string): Promise<void> {
    this.assertOpen();
    await fs.promises.rm(this.fileOf(id), { force: true });
    await syncDir(this.dir);
  }

  dispose(): void {
    this.disposed = true;
  }

  private fileOf(id: string): string {
    return path.join(this.dir, `apply-${id}`);
  }

  private assertOpen(): void {
    if (this.disposed) throw new StoreError('STORE_CLOSED', 'the apply journal was disposed');
  }
}

/** Where `file` of an interrupted apply stands, judged by hashing what is at its path now. */
export function inspectJournalFile(file: JournalFile, read: (path: string) => Uint8Array | undefined = readIfPresent): JournalFileState {
  const bytes = read(file.path);
  const current = bytes === undefined ? null : hashBytes(bytes);
  if (current === file.afterRef) return 'applied';
  if (current === file.undoRef) return 'notApplied';
  return 'diverged';
}

function readIfPresent(p: string): Uint8Array | undefined {
  try {
    return fs.readFileSync(p);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    return undefined;
  }
}

function readEntry(buf: Buffer, file: string, id: string): JournalEntry | string {
  const decoded = decodeFrames(buf);
  if (decoded.damage) return `checksum or length mismatch at offset ${decoded.damage.offset}`;
  if (decoded.frames.length !== 2) return `expected 2 frames, found ${decoded.frames.length}`;
  let header: Record<string, unknown>;
  let entry: JournalEntry;
  try {
    header = JSON.parse(decoded.frames[0].payload.toString('utf8')) as Record<string, unknown>;
    entry = JSON.parse(decoded.frames[1].payload.toString('utf8')) as JournalEntry;
  } catch {
    return 'entry is not JSON';
  }
  if (header?.store !== STORE_ID || header.kind !== 'apply-journal' || typeof header.formatVersion !== 'number') {
    return 'not an apply-journal entry';
  }
  if (header.formatVersion > JOURNAL_FORMAT_VERSION) {
    throw new FormatTooNewError(file, header.formatVersion, JOURNAL_FORMAT_VERSION, 'journal format');
  }
  if (entry?.id !== id || !Array.isArray(entry.files) || typeof entry.startedAt !== 'number') return 'entry is malformed';
  return entry;
}
