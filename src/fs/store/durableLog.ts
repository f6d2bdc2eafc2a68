/**
 * The overlay's crash-safe state: a snapshot plus the ops appended after it, generic over both (the model's
 * `apply(op)` is deterministic, so snapshot + ops is the state).
 *
 * Files in `dir`, all made of checksummed frames (frameCodec.ts), the first frame of each a header naming the
 * container format version, the caller's schema version and the generation:
 *   snapshot-<g>  the state after every op in the logs before generation g (written temp + fsync + rename)
 *   log-<g>       ops appended after snapshot-<g> (or after log-<g-1> when the log was rotated)
 * The state is the newest readable snapshot (or the empty model, generation 0, when there is none) followed by
 * the ops of the logs from its generation up, in order. Compaction keeps one older generation around, so a
 * snapshot that fails its checksum costs nothing: the previous snapshot and both logs give the same state.
 *
 * I/O is asynchronous: `append` only encodes into memory, and `flush` does one write + fdatasync for
 * everything appended since the previous write (group commit), on the thread pool, so the extension host
 * keeps serving reads while the disk syncs, and callers that append during a sync share the next one.
 * `open` is asynchronous too; it runs once, at activation, which is asynchronous anyway.
 */
import * as fs from 'fs';
import * as path from 'path';
import { decodeFrames, encodeJsonFrame, type DecodedFrames } from './frameCodec';
import { FormatTooNewError, StateCorruptError, StoreError } from './storeError';
import { TEMP_SUFFIX, keepAside, syncDir, writeAll, writeDurable, writeSyncedAndRename } from './writeDurable';

/** Version of the container (frames + headers). Bump it with a reader for the old one in `readHeader`. */
export const LOG_FORMAT_VERSION = 1;
const STORE_ID = 'agent-overlay-store';

/** Upgrades values written under an older `schemaVersion` of the caller's snapshot and op types. */
export interface SchemaMigration<S, Op> {
  snapshot(value: unknown, fromVersion: number): S;
  op(value: unknown, fromVersion: number): Op;
}

export interface DurableLogOptions<S, Op> {
  /** Version of the caller's snapshot and op shapes, recorded in every file. Default 1. */
  readonly schemaVersion?: number;
  /** Needed once `schemaVersion` has been raised; without it, older files fail with `MIGRATION_FAILED`. */
  readonly migrate?: SchemaMigration<S, Op>;
  /**
   * Runs before anything is committed (a batch of ops, a snapshot); e.g. `() => blobs.sync()`, so an op is
   * never durable before the blobs it references. A rejection fails the commit.
   */
  readonly beforeCommit?: () => Promise<void>;
  /** `needsCompaction` turns true past this many ops since the last snapshot. Default 10,000. */
  readonly compactAfterOps?: number;
  /** `needsCompaction` turns true past this many log bytes since the last snapshot. Default 8 MiB. */
  readonly compactAfterBytes?: number;
}

export type StoreProblemCode = 'LOG_TORN_TAIL' | 'LOG_CORRUPT' | 'LOG_MISSING' | 'SNAPSHOT_CORRUPT';

/**
 * Something `open` found and worked around. `LOG_TORN_TAIL` is the normal trace of a crash mid-write (the
 * unacknowledged tail is dropped); the others mean committed data was damaged and are worth showing a person.
 */
export interface StoreProblem {
  readonly code: StoreProblemCode;
  readonly file: string;
  readonly detail: string;
  /** Where a copy of the damaged file was kept. */
  readonly copy?: string;
  /** Offset in `file` where valid data stops. */
  readonly offset?: number;
}

export interface OpenedLog<S, Op> {
  readonly log: DurableLog<S, Op>;
  /** The last committed snapshot; undefined means "start from the empty model". */
  readonly snapshot: S | undefined;
  /** The committed ops after it, in order. */
  readonly ops: Op[];
  /**
   * How `ops` were appended: the size of each unit (`appendAll`), in order, summing to `ops.length`. A caller that
   * refuses one op of a unit refuses the whole unit, as a crash would have.
   */
  readonly units: readonly number[];
  /** The log file each run of `ops` was read from, in order (`count` ops each): what to keep aside of them. */
  readonly sources: readonly { readonly file: string; readonly count: number }[];
  readonly problems: readonly StoreProblem[];
  /** Some values came through the migration hook: compact soon so the files are rewritten in the new schema. */
  readonly migrated: boolean;
}

interface Header {
  readonly schemaVersion: number;
}

interface Waiter {
  readonly seq: number;
  resolve(): void;
  reject(e: unknown): void;
}

interface CompactTask {
  readonly body: Buffer;
  /** Sequence number of the last op the snapshot covers. */
  readonly upto: number;
  resolve(): void;
  reject(e: unknown): void;
}

/** A log file as read at open. */
interface LogRead {
  readonly gen: number;
  readonly file: string;
  readonly header: Header | undefined;
  readonly ops: unknown[];
  /** Ops per frame (a unit appended together), in order. */
  readonly units: number[];
  readonly end: number;
  readonly size: number;
  /** Why the log stops before its end, if it does. */
  readonly damage?: { readonly kind: 'torn' | 'corrupt'; readonly offset: number; readonly reason: string };
}

const SNAPSHOT_NAME = /^snapshot-(\d+)$/;
const LOG_NAME = /^log-(\d+)$/;

export class DurableLog<S, Op> {
  private buffer: Buffer[] = [];
  private readonly tasks: CompactTask[] = [];
  private waiters: Waiter[] = [];
  private appendedSeq = 0;
  private durableSeq = 0;
  private running = false;
  /** Settles when the writer goes idle; `close` waits on it so no compaction is cut off mid-way. */
  private idle: Promise<void> = Promise.resolve();
  private settleIdle: () => void = () => undefined;
  private failure: StoreError | undefined;
  private closing: Promise<void> | undefined;
  private opsSinceSnapshot: number;
  private bytesSinceSnapshot: number;

  private constructor(
    private readonly dir: string,
    private readonly options: DurableLogOptions<S, Op>,
    private handle: fs.promises.FileHandle,
    private position: number,
    private activeGen: number,
    /** Generation of the snapshot the live chain starts from (0: the empty model). */
    private baseGen: number,
    opsSinceSnapshot: number,
    bytesSinceSnapshot: number,
  ) {
    this.opsSinceSnapshot = opsSinceSnapshot;
    this.bytesSinceSnapshot = bytesSinceSnapshot;
  }

  /**
   * Opens (creating if needed) the log in `dir` and returns the committed state. A torn tail is dropped and
   * truncated away; a damaged snapshot or log is copied aside and recovery continues from what is still valid
   * (reported in `problems`). Throws `StateCorruptError` (`STATE_UNRECOVERABLE`) when nothing valid is left,
   * `FormatTooNewError` for files of a newer extension, `StoreError` `MIGRATION_FAILED` when migration fails.
   */
  static async open<S, Op>(dir: string, options: DurableLogOptions<S, Op> = {}): Promise<OpenedLog<S, Op>> {
    const schemaVersion = options.schemaVersion ?? 1;
    const created = await fs.promises.mkdir(dir, { recursive: true });
    if (created) await syncDir(path.dirname(created));
    const problems: StoreProblem[] = [];

    // Read-only phase: decide what the state is before changing any file, so a file from a newer extension
    // (FORMAT_TOO_NEW) leaves everything exactly as found.
    const names = await fs.promises.readdir(dir);
    const snapshotGens = gensOf(names, SNAPSHOT_NAME).sort((a, b) => b - a);
    const logGens = new Set(gensOf(names, LOG_NAME));
    const badSnapshots: { file: string; reason: string }[] = [];
    let base: { gen: number; value: unknown; header: Header } | undefined;
    for (const gen of snapshotGens) {
      const file = path.join(dir, `snapshot-${gen}`);
      const read = readSnapshot(await fs.promises.readFile(file), file, gen, schemaVersion);
      if (read.ok) {
        base = { gen, value: read.value, header: read.header };
        break;
      }
      badSnapshots.push({ file, reason: read.reason });
    }
    const baseGen = base?.gen ?? 0;
    const anyState = snapshotGens.length > 0 || logGens.size > 0;
    if (!base && anyState && !logGens.has(0)) {
      // Nothing to fall back to. The damaged files stay where they are (a later version might read them, or a
      // person rescue them), and a copy is kept in case whatever the caller does next replaces them.
      const first = badSnapshots[0];
      throw new StateCorruptError('STATE_UNRECOVERABLE', first?.file ?? dir,
        first ? `no readable snapshot is left (${first.reason})` : 'the first log generation is missing and there is no snapshot',
        first ? await keepAside(first.file) : undefined);
    }

    const chain: LogRead[] = [];
    for (let gen = baseGen; logGens.has(gen); gen++) {
      const file = path.join(dir, `log-${gen}`);
      const read = readLog(await fs.promises.readFile(file), file, gen, schemaVersion);
      chain.push(read);
      if (read.damage) break;
    }
    const lastRead = chain.at(-1);
    const activeGen = lastRead?.gen ?? baseGen;
    const beyond = [...logGens].filter((g) => g > activeGen).sort((a, b) => a - b);

    let migrated = false;
    const migration = (from: number): SchemaMigration<S, Op> => {
      migrated = true;
      if (options.migrate) return options.migrate;
      throw new StoreError('MIGRATION_FAILED', `state written with schema version ${from} needs a migration to ${schemaVersion}, and none was given`);
    };
    const migrating = <T>(kind: string, from: number, run: () => T): T => {
      try {
        return run();
      } catch (e) {
        if (e instanceof StoreError) throw e;
        throw new StoreError('MIGRATION_FAILED', `migrating a ${kind} from schema version ${from} failed: ${String(e)}`, { cause: e });
      }
    };
    let snapshot: S | undefined;
    if (base) {
      const { value, header: { schemaVersion: from } } = base;
      snapshot = from === schemaVersion ? value as S : migrating('snapshot', from, () => migration(from).snapshot(value, from));
    }
    const ops: Op[] = [];
    const units: number[] = [];
    const sources: { file: string; count: number }[] = [];
    for (const read of chain) {
      const from = read.header?.schemaVersion;
      if (from === undefined) continue;
      units.push(...read.units);
      if (read.ops.length > 0) sources.push({ file: read.file, count: read.ops.length });
      if (from === schemaVersion) for (const op of read.ops) ops.push(op as Op);
      else for (const op of read.ops) ops.push(migrating('op', from, () => migration(from).op(op, from)));
    }

    // Repair phase: the state is decided; make the files say exactly that, keeping copies of anything damaged.
    for (const name of names) {
      if (name.endsWith(TEMP_SUFFIX)) await fs.promises.rm(path.join(dir, name), { force: true });
    }
    for (const { file, reason } of badSnapshots) {
      // Recovered from an older generation; the copy keeps the bad bytes, the name must go so the next open
      // does not report it again.
      problems.push({ code: 'SNAPSHOT_CORRUPT', file, detail: reason, copy: await keepAside(file) });
      await fs.promises.rm(file, { force: true });
    }
    if (lastRead?.damage && lastRead.size > lastRead.damage.offset) {
      const { kind, offset, reason } = lastRead.damage;
      const torn = kind === 'torn' && beyond.length === 0;
      problems.push({
        code: torn ? 'LOG_TORN_TAIL' : 'LOG_CORRUPT', file: lastRead.file, offset,
        detail: `${reason}; ${lastRead.size - offset} byte(s) after offset ${offset} dropped`,
        // A torn tail is the normal trace of a crash mid-write, but a last frame damaged in place looks the
        // same, and that op was acknowledged: the bytes are kept either way (silently for a torn tail; a crash
        // leaves one at most, and a byte-identical copy is reused), before the truncation below drops them.
        copy: await keepAside(lastRead.file, Date.now(), torn ? 'torn' : 'corrupt'),
      });
    }
    for (const gen of beyond) {
      const file = path.join(dir, `log-${gen}`);
      problems.push({
        code: 'LOG_MISSING', file,
        detail: `cannot be replayed: the log before it (generation ${activeGen}) ends early or is missing`,
        copy: await keepAside(file),
      });
      await fs.promises.rm(file, { force: true });
    }

    let gen = activeGen;
    let position: number;
    const activeFile = path.join(dir, `log-${gen}`);
    if (!lastRead?.header) {
      // No log for the base yet (fresh store, or a crash between the snapshot's rename and the log's), or its
      // header is damaged, so nothing in it can be trusted (a copy was kept above): start it afresh.
      const header = headerFrame('log', gen, schemaVersion);
      await writeDurable(activeFile, header);
      position = header.length;
    } else {
      position = lastRead.end;
      if (lastRead.size !== position) await truncateDurably(activeFile, position);
    }
    if (lastRead?.header && lastRead.header.schemaVersion !== schemaVersion) {
      // Appending new-schema ops under an old-schema header would mislabel them: start the next generation.
      gen++;
      const header = headerFrame('log', gen, schemaVersion);
      await writeDurable(path.join(dir, `log-${gen}`), header);
      position = header.length;
    }
    const handle = await fs.promises.open(path.join(dir, `log-${gen}`), 'r+');
    const logBytes = chain.reduce((sum, read) => sum + read.end, 0);
    const log = new DurableLog<S, Op>(dir, options, handle, position, gen, baseGen, ops.length, logBytes);
    return { log, snapshot, ops, units, sources, problems, migrated };
  }

  /** Buffers `op` (serialized now, so later mutation of the object does not matter). Durable after `flush`. */
  append(op: Op): void {
    this.appendAll([op]);
  }

  /**
   * Buffers `ops` as one unit: one frame, so after a crash mid-write either all of them are in the log or none
   * (a folder deleted with its files never comes back in part). An op must not be a JSON array: a frame holding
   * an array is such a unit.
   */
  appendAll(ops: readonly Op[]): void {
    this.assertUsable();
    if (ops.length === 0) return;
    if (ops.some(op => Array.isArray(op))) throw new StoreError('LOG_OP_INVALID', 'an op must not be an array (arrays frame a unit of ops)');
    const frame = encodeJsonFrame(ops.length === 1 ? ops[0] : ops);
    this.buffer.push(frame);
    this.appendedSeq++;
    this.opsSinceSnapshot += ops.length;
    this.bytesSinceSnapshot += frame.length;
  }

  /**
   * Resolves once every op appended before this call is durable. Calls made while a write is in flight are
   * served by the next single write + fdatasync. Rejects with `LOG_WRITE_FAILED` if that fails.
   */
  flush(): Promise<void> {
    const seq = this.appendedSeq;
    if (seq <= this.durableSeq) return Promise.resolve();
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ seq, resolve, reject });
      this.kick();
    });
  }

  /**
   * Replaces the log with `snapshot`, which must be the state after exactly the ops appended so far (it is
   * serialized now; ops appended after this call go to the new log). Buffered ops it covers are not written.
   * Resolves when the snapshot is durable; the previous generation is kept as a fallback, older ones deleted.
   */
  compact(snapshot: S): Promise<void> {
    try {
      this.assertUsable();
    } catch (e) {
      return Promise.reject(e);
    }
    const body = encodeJsonFrame(snapshot);
    const upto = this.appendedSeq;
    this.buffer = [];
    this.opsSinceSnapshot = 0;
    this.bytesSinceSnapshot = 0;
    return new Promise<void>((resolve, reject) => {
      this.tasks.push({ body, upto, resolve, reject });
      this.kick();
    });
  }

  /** True once the ops since the last snapshot pass the thresholds: time to `compact` for a fast reload. */
  get needsCompaction(): boolean {
    return this.opsSinceSnapshot >= (this.options.compactAfterOps ?? 10_000) ||
      this.bytesSinceSnapshot >= (this.options.compactAfterBytes ?? 8 * 1024 * 1024);
  }

  /** The generation appends go to; it grows with each compaction. */
  get generation(): number {
    return this.activeGen;
  }

  /** Ops appended but not yet durable. */
  get pendingOps(): number {
    return this.appendedSeq - this.durableSeq;
  }

  /** Flushes what was appended, then closes the file. Idempotent. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        if (!this.failure && this.appendedSeq > this.durableSeq) await this.flush();
        await this.idle;
      } finally {
        this.failure ??= new StoreError('STORE_CLOSED', 'the log was closed');
        await this.handle.close();
      }
    })();
    return this.closing;
  }

  /**
   * Starts `close()` without waiting. Shutdown paths that can wait (an extension's `deactivate`) should await
   * `close()` instead: a failure here has nowhere to be reported.
   */
  dispose(): void {
    void this.close().catch(() => undefined);
  }

  private kick(): void {
    if (this.running) return;
    this.running = true;
    this.idle = new Promise((resolve) => (this.settleIdle = resolve));
    void this.pump();
  }

  /** The single writer: compactions and batched writes, one at a time, in the order they were asked for. */
  private async pump(): Promise<void> {
    try {
      for (;;) {
        const task = this.tasks.shift();
        if (task) {
          try {
            await this.runCompaction(task);
          } catch (e) {
            this.tasks.unshift(task); // so `fail` rejects it with the typed error like everything else
            throw e;
          }
          this.markDurable(task.upto);
          task.resolve();
          continue;
        }
        if (this.buffer.length === 0) break;
        const frames = this.buffer;
        const upto = this.appendedSeq;
        this.buffer = [];
        const batch = frames.length === 1 ? frames[0] : Buffer.concat(frames);
        await this.options.beforeCommit?.();
        await writeAll(this.handle, batch, this.position);
        await this.handle.datasync();
        this.position += batch.length;
        this.markDurable(upto);
      }
    } catch (e) {
      this.fail(e);
    }
    // Cleared in the same synchronous run as the final emptiness check, so a `kick` after it starts a new pump.
    this.running = false;
    this.settleIdle();
  }

  private async runCompaction(task: CompactTask): Promise<void> {
    await this.options.beforeCommit?.();
    const gen = this.activeGen + 1;
    const schemaVersion = this.options.schemaVersion ?? 1;
    const logHeader = headerFrame('log', gen, schemaVersion);
    // The new log first: once the snapshot's name is visible its log exists (open copes either way).
    await writeSyncedAndRename(path.join(this.dir, `log-${gen}`), logHeader);
    await writeSyncedAndRename(path.join(this.dir, `snapshot-${gen}`), [headerFrame('snapshot', gen, schemaVersion), task.body]);
    await syncDir(this.dir);
    const handle = await fs.promises.open(path.join(this.dir, `log-${gen}`), 'r+');
    const old = this.handle;
    this.handle = handle;
    this.position = logHeader.length;
    this.activeGen = gen;
    const fallbackGen = this.baseGen;
    this.baseGen = gen;
    await old.close();
    await this.deleteBefore(fallbackGen);
  }

  /** Drops generations older than the fallback one. Leftovers are harmless (open ignores them), so best effort. */
  private async deleteBefore(gen: number): Promise<void> {
    try {
      for (const name of await fs.promises.readdir(this.dir)) {
        const m = SNAPSHOT_NAME.exec(name) ?? LOG_NAME.exec(name);
        if (m && Number(m[1]) < gen) await fs.promises.rm(path.join(this.dir, name), { force: true });
      }
    } catch {
      // Not deleting an old generation costs disk space only; the next compaction tries again.
    }
  }

  private markDurable(seq: number): void {
    if (seq <= this.durableSeq) return;
    this.durableSeq = seq;
    const done = this.waiters.filter((w) => w.seq <= seq);
    this.waiters = this.waiters.filter((w) => w.seq > seq);
    for (const w of done) w.resolve();
  }

  /**
   * A failed write or fsync leaves the file and the page cache in an unknown state (retrying an fsync after an
   * error can report success for data that is gone), so the log refuses all further work; reopening reads back
   * exactly what made it to disk, and the caller re-compacts from its in-memory model.
   */
  private fail(cause: unknown): void {
    this.failure ??= new StoreError('LOG_WRITE_FAILED', `writing the log failed: ${String(cause)}`, { cause });
    for (const w of this.waiters) w.reject(this.failure);
    for (const t of this.tasks) t.reject(this.failure);
    this.waiters = [];
    this.tasks.length = 0;
    this.buffer = [];
  }

  private assertUsable(): void {
    if (this.failure) throw this.failure;
    if (this.closing) throw new StoreError('STORE_CLOSED', 'the log was closed');
  }
}

async function truncateDurably(file: string, length: number): Promise<void> {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.truncate(length);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function gensOf(names: readonly string[], pattern: RegExp): number[] {
  const gens: number[] = [];
  for (const name of names) {
    const m = pattern.exec(name);
    if (m) gens.push(Number(m[1]));
  }
  return gens;
}

function headerFrame(kind: 'log' | 'snapshot', generation: number, schemaVersion: number): Buffer {
  return encodeJsonFrame({ store: STORE_ID, kind, formatVersion: LOG_FORMAT_VERSION, schemaVersion, generation });
}

/**
 * Checks a header frame. Returns the header, or the reason it is not one of ours. Throws `FormatTooNewError`
 * for a newer container or schema version: those are valid files this version cannot read, not damage.
 */
function readHeader(payload: Buffer, file: string, kind: 'log' | 'snapshot', gen: number, schemaVersion: number): Header | string {
  let h: Record<string, unknown>;
  try {
    h = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
  } catch {
    return 'header is not JSON';
  }
  if (typeof h !== 'object' || h === null || h.store !== STORE_ID || h.kind !== kind) return `not an ${STORE_ID} ${kind} header`;
  if (typeof h.formatVersion !== 'number' || typeof h.schemaVersion !== 'number') return 'header has no versions';
  if (h.formatVersion > LOG_FORMAT_VERSION) throw new FormatTooNewError(file, h.formatVersion, LOG_FORMAT_VERSION, 'store format');
  if (h.schemaVersion > schemaVersion) throw new FormatTooNewError(file, h.schemaVersion, schemaVersion, 'schema');
  // Format readers by version; with a version 2, a `case 1` here would translate old headers and frames.
  switch (h.formatVersion) {
    case 1:
      if (h.generation !== gen) return `header says generation ${String(h.generation)}, the file name ${gen}`;
      return { schemaVersion: h.schemaVersion };
    default:
      return `unknown store format version ${h.formatVersion}`;
  }
}

function readSnapshot(
  buf: Buffer, file: string, gen: number, schemaVersion: number,
): { ok: true; header: Header; value: unknown } | { ok: false; reason: string } {
  const decoded = decodeFrames(buf);
  if (decoded.damage) return { ok: false, reason: `checksum or length mismatch at offset ${decoded.damage.offset}` };
  if (decoded.frames.length !== 2) return { ok: false, reason: `expected 2 frames, found ${decoded.frames.length}` };
  const header = readHeader(decoded.frames[0].payload, file, 'snapshot', gen, schemaVersion);
  if (typeof header === 'string') return { ok: false, reason: header };
  try {
    return { ok: true, header, value: JSON.parse(decoded.frames[1].payload.toString('utf8')) };
  } catch {
    return { ok: false, reason: 'snapshot body is not JSON' };
  }
}

function readLog(buf: Buffer, file: string, gen: number, schemaVersion: number): LogRead {
  const decoded: DecodedFrames = decodeFrames(buf);
  const { frames } = decoded;
  const units: number[] = [];
  const stop = (header: Header | undefined, ops: unknown[], index: number, reason: string, kind: 'torn' | 'corrupt'): LogRead => {
    const offset = index < frames.length ? frames[index].offset : decoded.end;
    return { gen, file, header, ops, units, end: offset, size: buf.length, damage: { kind, offset, reason } };
  };
  if (frames.length === 0) {
    if (!decoded.damage) return stop(undefined, [], 0, 'empty log', 'torn');
    return stop(undefined, [], 0, 'header frame damaged', decoded.damage.kind);
  }
  const header = readHeader(frames[0].payload, file, 'log', gen, schemaVersion);
  if (typeof header === 'string') return stop(undefined, [], 0, header, 'corrupt');
  const ops: unknown[] = [];
  for (let i = 1; i < frames.length; i++) {
    try {
      const value: unknown = JSON.parse(frames[i].payload.toString('utf8'));
      // A unit of ops appended together (`appendAll`).
      if (Array.isArray(value)) ops.push(...(value as unknown[]));
      else ops.push(value);
      units.push(Array.isArray(value) ? value.length : 1);
    } catch {
      return stop(header, ops, i, 'op frame is not JSON', 'corrupt');
    }
  }
  if (decoded.damage) {
    const reason = decoded.damage.kind === 'torn' ? 'incomplete last frame' : `damaged frame at offset ${decoded.damage.offset}`;
    return { gen, file, header, ops, units, end: decoded.end, size: buf.length, damage: { ...decoded.damage, reason } };
  }
  return { gen, file, header, ops, units, end: decoded.end, size: buf.length };
}
