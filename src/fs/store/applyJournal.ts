/**
 * Write-ahead intent records for Apply, so a crash mid-apply is recoverable (SPEC §2 "Apply is journaled",
 * §9 invariant 3). The apply command:
 *   1. puts the undo content (what each file holds now) and the new content into the blob store;
 *   2. `await journal.begin(intent)`: durable before any file is touched (blobs are synced first), so even a
 *      temp file or folder left by a crash is found again; the caller's record of the apply (its undo record),
 *      when it has one, is written once, beside the entry, in the same durable step;
 *   3. writes each new content to its temp file next to the target, with its mode, fsynced;
 *   4. renames each temp file over its target (or deletes the target; or moves a whole folder with one rename),
 *      fsyncs the directories;
 *   5. records the apply's effect elsewhere (the overlay marks it applied), durably, and moves the record to its
 *      place (`adoptRecord`: one rename, not a second copy);
 *   6. `await journal.complete(id)`: only now, so a crash anywhere before leaves the journal to finish the job.
 * After a crash, `open` returns the entries that were begun and not completed; `inspect` tells, per file,
 * whether the new content is already in place, so the caller can roll forward (rename the remaining temps)
 * or back (restore the undo blobs). Entries live in `<dir>/journal/apply-<id>`, framed like every store file,
 * records in `<dir>/journal/record-<id>` until adopted.
 *
 * Format 2 writes each fact once: a temp path that is the one `applyTempPath` derives from the target and the apply
 * id is left out (filled in again on reading), and the record is a file of its own the entry names (`record: true`)
 * rather than a copy inside the entry's meta. Format 1 entries (a crash before the upgrade) are read as they are.
 */
import * as fs from 'fs';
import * as path from 'path';
import { hashBytes } from './blobStore';
import { decodeFrames, encodeJsonFrame, FRAME_HEADER_BYTES, FRAME_MAGIC_0, FRAME_MAGIC_1 } from './frameCodec';
import { FormatTooNewError, StateCorruptError, StoreError } from './storeError';
import { TEMP_SUFFIX, keepAside, syncDir, writeAll, writeDurable } from './writeDurable';

export const JOURNAL_FORMAT_VERSION = 2;
const STORE_ID = 'agent-overlay-store';
const ENTRY_NAME = /^apply-([A-Za-z0-9_-]{1,128})$/;
const RECORD_NAME = /^record-([A-Za-z0-9_-]{1,128})$/;

/**
 * The temp file an apply writes `target`'s new content to: beside it (the rename never crosses file systems),
 * hidden, named after the apply (its id's first 8 characters), so a format 2 entry need not spell it out.
 */
export function applyTempPath(target: string, id: string): string {
  return tempBeside(target, id.slice(0, 8));
}

/**
 * `path.join(path.dirname(target), `.${path.basename(target)}.${tag}.agent-overlay.tmp`)`, by slicing a normalized
 * absolute `target` (what Apply's targets are) at its last separator: asked of every file of an apply, twice (the
 * executor names the temp, `begin` checks it is the derivable one), where a thousand `join`s, `dirname`s and
 * `basename`s showed in its profile. Anything else (not normalized, the other separator on Windows) takes the
 * general way, so the result is the same.
 */
export function tempBeside(target: string, tag: string): string {
  const i = target.lastIndexOf(path.sep);
  const name = target.slice(i + 1);
  const plain = i > 0 && name !== '' && name !== '.' && name !== '..' && !target.includes(`${path.sep}${path.sep}`)
    && !target.includes(`${path.sep}.${path.sep}`) && !target.includes(`${path.sep}..${path.sep}`) && (path.sep === '/' || !target.includes('/'));
  return plain ? `${target.slice(0, i + 1)}.${name}.${tag}.agent-overlay.tmp` : path.join(path.dirname(target), `.${path.basename(target)}.${tag}.agent-overlay.tmp`);
}

/**
 * Where Apply keeps the file a modified file's new content replaces, until it has checked that no one wrote to it
 * in the meantime (`ApplyExecutor`'s swap): beside the temp, named after it, so the journal need not name it.
 */
export function stashBeside(tempPath: string): string {
  const suffix = '.agent-overlay.tmp';
  const stem = tempPath.endsWith(suffix) ? tempPath.slice(0, -suffix.length) : tempPath;
  return `${stem}.stash${suffix}`;
}

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
  /**
   * The caller's record of the apply (e.g. its undo record), to be put in its place once the apply is done
   * (`adoptRecord`): written once, beside the entry and durable with it, instead of a copy in `meta` and another
   * written after the renames.
   */
  readonly record?: Uint8Array;
}

export interface JournalEntry extends Omit<ApplyIntent, 'record'> {
  readonly startedAt: number;
  /**
   * The record the apply was begun with: its bytes while it is still beside the entry; null when the entry names one
   * that is no longer there — adopted already (it is moved to its place only once the apply is complete, and it is
   * made durable before the entry is, so the entry never names a record that was not written); absent: none.
   */
  readonly record?: Uint8Array | null;
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
  /** Applies whose record `adoptRecord` moved into place (until `complete`). */
  private readonly adopted = new Set<string>();

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
      const r = RECORD_NAME.exec(name);
      // A record whose entry is gone: its apply was completed (the entry is removed first) or never begun.
      if (r && !(await exists(path.join(dir, `apply-${r[1]}`)))) {
        await fs.promises.rm(file, { force: true });
        continue;
      }
      const m = ENTRY_NAME.exec(name);
      if (!m) continue;
      const bytes = await fs.promises.readFile(file);
      // Cut short by a power loss while `begin` made it durable: never begun, as a temp (its record goes next).
      if (isCutShort(bytes)) {
        await fs.promises.rm(file, { force: true });
        continue;
      }
      const read = readEntry(bytes, file, m[1]);
      if (typeof read === 'string') {
        corrupt.push(new StateCorruptError('JOURNAL_CORRUPT', file, read, await keepAside(file)));
        await fs.promises.rm(file, { force: true });
      } else {
        const { record, ...entry } = read;
        unfinished.push(record ? { ...entry, record: await readIfThere(path.join(dir, `record-${m[1]}`)) } : entry);
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
    const { record, ...rest } = intent;
    const files = intent.files.map(f => (f.tempPath !== undefined && f.tempPath === applyTempPath(f.path, intent.id) ? withoutTemp(f) : f));
    const entry = { ...rest, files, ...(record ? { record: true } : {}), startedAt: now };
    await this.options.beforeCommit?.();
    const frames = [encodeJsonFrame({ store: STORE_ID, kind: 'apply-journal', formatVersion: JOURNAL_FORMAT_VERSION }), encodeJsonFrame(entry)];
    // The record is renamed into place before the entry (a power loss keeps renames in one folder in their order),
    // so an entry never names a record that is not there.
    const entryFile = { file: this.fileOf(intent.id), chunks: frames };
    await writeRenamedThenSynced(this.dir, record ? [{ file: this.recordOf(intent.id), chunks: [record] }, entryFile] : [entryFile]);
  }

  /**
   * Moves the record `begin` wrote for apply `id` to `to` (one rename; replaces what is there) and makes the move
   * durable (both folders' fsyncs, side by side). Idempotent: a record moved already (gone from the journal) is left.
   */
  async adoptRecord(id: string, to: string): Promise<void> {
    this.assertOpen();
    try {
      await fs.promises.rename(this.recordOf(id), to);
      this.adopted.add(id);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && !(await exists(this.recordOf(id)))) return;
      throw e;
    }
    await Promise.all([syncDir(path.dirname(to)), syncDir(this.dir)]);
  }

  /** Marks the apply finished (its entry is removed, then its record if still there, durably). */
  async complete(id: string): Promise<void> {
    this.assertOpen();
    await fs.promises.rm(this.fileOf(id), { force: true });
    // A record this journal moved into place is gone already: no call to find that out.
    if (!this.adopted.delete(id)) await fs.promises.rm(this.recordOf(id), { force: true });
    await syncDir(this.dir);
  }

  dispose(): void {
    this.disposed = true;
  }

  private fileOf(id: string): string {
    return path.join(this.dir, `apply-${id}`);
  }

  private recordOf(id: string): string {
    return path.join(this.dir, `record-${id}`);
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

function withoutTemp(f: JournalFile): JournalFile {
  const { tempPath: _derived, ...rest } = f;
  return rest;
}

/**
 * Writes each file whole under its temp name, renames the temps into place in their order, and only then makes the
 * contents and the names durable together: the files' fsyncs and their folder's side by side, one flush of the
 * disk's journal where `writeDurable`'s order (contents synced, then renamed, then the folder synced) costs two in
 * a row. Resolves only once all are durable.
 *
 * What a crash leaves: a process that dies before a rename leaves a temp (never begun, removed on opening) and one
 * that dies after it a whole file, as before, since the rename comes after the last write. A power loss before the
 * fsyncs end may keep a rename without the content it names (an entry cut short or empty): that intent had not
 * resolved, so no target was touched, and opening the journal removes it as never begun (`isCutShort`).
 * Windows cannot rename a file that is open, nor fsync a folder: there the order is `writeDurable`'s.
 */
async function writeRenamedThenSynced(dir: string, files: readonly { readonly file: string; readonly chunks: readonly Uint8Array[] }[]): Promise<void> {
  if (process.platform === 'win32') {
    for (const { file, chunks } of files) await writeDurable(file, chunks);
    return;
  }
  const opened = await Promise.allSettled(files.map(async ({ file, chunks }) => {
    const handle = await fs.promises.open(file + TEMP_SUFFIX, 'w');
    try {
      for (const chunk of chunks) await writeAll(handle, chunk);
    } catch (e) {
      await handle.close();
      throw e;
    }
    return handle;
  }));
  const handles = opened.flatMap(o => (o.status === 'fulfilled' ? [o.value] : []));
  const renamed: string[] = [];
  try {
    const failed = opened.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
    for (const { file } of files) {
      await fs.promises.rename(file + TEMP_SUFFIX, file);
      renamed.push(file);
    }
    await settleAll([...handles.map(h => h.sync()), syncDir(dir)]);
  } catch (e) {
    // Not durable, so not begun: an entry left under its name could be taken for an apply later (its files may
    // come to hold what it names by another apply). The entry goes first, then what it names.
    for (const file of renamed.reverse()) await fs.promises.rm(file, { force: true }).catch(() => undefined);
    throw e;
  } finally {
    await Promise.all(handles.map(h => h.close()));
  }
}

/** Waits for every one of `work` to end (none left running behind an error), then throws the first error. */
async function settleAll(work: readonly Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

async function exists(p: string): Promise<boolean> {
  return fs.promises.access(p).then(() => true, () => false);
}

async function readIfThere(p: string): Promise<Uint8Array | null> {
  try {
    return await fs.promises.readFile(p);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    return null;
  }
}

/** What a file system keeps of a file written and not yet synced: a prefix of it, in whole pages. */
const PAGE_BYTES = 4096;

/**
 * An entry a power loss cut short while `begin` was making it durable (see `writeRenamedThenSynced`): empty, or
 * ending at a page boundary inside a frame whose length runs past the end. Its apply had not begun. Bytes damaged
 * in an entry that was whole fail their checksum in place instead: that entry is set aside and reported.
 */
export function isCutShort(buf: Buffer): boolean {
  if (buf.length === 0) return true;
  if (buf.length % PAGE_BYTES !== 0) return false;
  const { damage } = decodeFrames(buf);
  if (!damage) return false;
  const at = damage.offset;
  if (buf.length - at < FRAME_HEADER_BYTES) return true;
  return buf[at] === FRAME_MAGIC_0 && buf[at + 1] === FRAME_MAGIC_1 && buf.readUInt32LE(at + 2) > buf.length - at - FRAME_HEADER_BYTES;
}

type StoredEntry = Omit<JournalEntry, 'record'> & { readonly record?: true };

function readEntry(buf: Buffer, file: string, id: string): StoredEntry | string {
  const decoded = decodeFrames(buf);
  if (decoded.damage) return `checksum or length mismatch at offset ${decoded.damage.offset}`;
  if (decoded.frames.length !== 2) return `expected 2 frames, found ${decoded.frames.length}`;
  let header: Record<string, unknown>;
  let entry: StoredEntry;
  try {
    header = JSON.parse(decoded.frames[0].payload.toString('utf8')) as Record<string, unknown>;
    entry = JSON.parse(decoded.frames[1].payload.toString('utf8')) as StoredEntry;
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
  if (header.formatVersion < 2) return entry;
  if (entry.record !== undefined && entry.record !== true) return 'entry is malformed';
  // Format 2 leaves out the temp paths it can derive: a new content always has its temp.
  const files = entry.files.map(f => (f.afterRef !== null && f.tempPath === undefined ? { ...f, tempPath: applyTempPath(f.path, id) } : f));
  return { ...entry, files };
}
