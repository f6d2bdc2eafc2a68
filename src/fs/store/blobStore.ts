/**
 * Content-addressed blobs: `<dir>/blobs/ab/cdef…` named by the sha-256 of their bytes.
 *
 * `put` and `get` are synchronous because the `agent-staged:` FileSystemProvider answers reads and writes from
 * them and the model's content store is synchronous. Durability is deferred rather than paid in `put`: a put
 * writes a temp file and renames it into place (so no reader ever sees a half-written blob), and remembers the
 * file; `sync()` fsyncs every remembered file and directory, off the extension host's thread, and the durable
 * log calls it before it commits the ops that reference those blobs. Measured on the dev VM (10 KB blobs):
 * fsync inside `put` costs ~380 µs of blocked thread per blob; deferred, `put` costs ~110 µs and the fsyncs run
 * in parallel in the thread pool during the log's group commit (~140 µs each, overlapped with other work).
 * The price is that after a power loss a blob that was never synced may exist with bad bytes, which is why an
 * existing file is verified before `put` trusts it and every read verifies the hash.
 */
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { LRUCache } from 'lru-cache';
import { BlobCorruptError, BlobMissingError, StoreError } from './storeError';
import { syncDir } from './writeDurable';
import { syncFileSystemOf } from './syncFileSystem';
import { keepsHandedOver } from '../model/contentStore';

export interface BlobStoreOptions {
  /** Upper bound of the bytes the read cache holds; blobs larger than this are read from disk each time. */
  readonly cacheBytes?: number;
  /** How many fsyncs `sync()` runs at once (libuv's pool has 4 threads by default; more only queues). */
  readonly syncConcurrency?: number;
  /**
   * From how many pending blobs `sync()` makes them durable with one `syncfs` of the store's file system instead of
   * one fsync each (see syncFileSystem.ts); default 64. Infinity turns it off.
   */
  readonly syncFileSystemFrom?: number;
}

export interface GcOptions {
  /** Keep unreferenced blobs modified more recently than this, for refs not yet recorded anywhere. */
  readonly minAgeMs?: number;
}

export interface GcResult {
  readonly deleted: number;
  readonly kept: number;
  readonly bytesFreed: number;
}

const REF = /^[0-9a-f]{64}$/;
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

export function isBlobRef(ref: string): boolean {
  return REF.test(ref);
}

export function hashBytes(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** Shard folders remembered as existing (at most one per two-hex-digit shard name, so a small bound). */
const SHARDS_REMEMBERED = 4096;

export class BlobStore {
  private readonly root: string;
  private readonly tempDir: string;
  private readonly cache: LRUCache<string, Uint8Array>;
  /** Refs whose file this session wrote or verified: `put` of the same bytes is then free. */
  private readonly known = new Set<string>();
  private pendingFiles = new Set<string>();
  private pendingDirs = new Set<string>();
  /** Shards whose own entry in `blobs/` is not known durable yet (created now or by a crashed session). */
  private pendingShards = new Set<string>();
  private readonly anchoredShards = new Set<string>();
  private lastSync: Promise<void> = Promise.resolve();
  /** Refs put while a gc is listing: gc must not delete them even though its live set predates them. */
  private putsDuringGc: Set<string> | undefined;
  private gcRunning: Promise<GcResult> | undefined;
  private tempCounter = 0;
  /** Shard folders known to exist (made or written into by this session). */
  private readonly shardsSeen = new Set<string>();
  private disposed = false;

  private constructor(dir: string, private readonly options: BlobStoreOptions) {
    this.root = path.join(dir, 'blobs');
    this.tempDir = path.join(this.root, 'tmp');
    const maxSize = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
    this.cache = new LRUCache<string, Uint8Array>({ maxSize, sizeCalculation: (v) => Math.max(1, v.byteLength) });
  }

  /** Opens (creating if needed) the blob store under `dir`. Temp files left by a crash are removed. */
  static open(dir: string, options: BlobStoreOptions = {}): BlobStore {
    const store = new BlobStore(dir, options);
    // One extension host owns a workspace's storage folder, so every temp file here is a crash leftover.
    fs.rmSync(store.tempDir, { recursive: true, force: true });
    fs.mkdirSync(store.tempDir, { recursive: true });
    return store;
  }

  /** Stores the bytes (if not already there) and returns their sha-256 hex. Durable after the next `sync()`. */
  put(bytes: Uint8Array): string {
    return this.store(bytes, false);
  }

  /**
   * `put` of bytes the caller hands over (`ContentStore.adopt`): the read cache keeps the array itself rather than
   * a copy, unless `keepsHandedOver` turns it down. The file on disk is the same either way.
   */
  adopt(bytes: Uint8Array): string {
    return this.store(bytes, keepsHandedOver(bytes));
  }

  private store(bytes: Uint8Array, keep: boolean): string {
    this.assertOpen();
    const ref = hashBytes(bytes);
    this.putsDuringGc?.add(ref);
    if (this.known.has(ref)) return ref;
    const file = this.pathOf(ref);
    const shard = path.dirname(file);
    if (!this.existingIsValid(file, ref)) {
      const temp = path.join(this.tempDir, `${process.pid}-${++this.tempCounter}`);
      fs.writeFileSync(temp, bytes);
      this.renameIntoShard(temp, file, shard);
      // Copy unless handed over: the caller may reuse its array, and the cache must keep the bytes the hash was
      // taken of.
      this.cache.set(ref, keep ? bytes : new Uint8Array(bytes));
    }
    // Also for an existing valid file: it may be a previous session's unsynced write still in the page cache,
    // file and directory entries alike.
    this.pendingFiles.add(file);
    this.pendingDirs.add(shard);
    if (!this.anchoredShards.has(shard)) this.pendingShards.add(shard);
    this.known.add(ref);
    return ref;
  }

  /**
   * The bytes of `ref`, verified against the hash. A mismatch moves the bad file aside (so a later `put` of the
   * right bytes heals it) and throws `BlobCorruptError`; wrong bytes are never returned.
   */
  get(ref: string): Uint8Array {
    const { bytes, shared } = this.load(ref);
    // Every returned array is a copy: a caller writing into it must not change what later readers get.
    return shared ? new Uint8Array(bytes) : bytes;
  }

  /**
   * `get` without the copy (`ContentStore.view`): the cached bytes themselves, for a caller that only reads them
   * right away. Apply writes each new content to its temp from here: a copy of every file's bytes per Apply was
   * the largest share of its own CPU in the 1,000-file bench after the kernel's (issue 28).
   */
  view(ref: string): Uint8Array {
    return this.load(ref).bytes;
  }

  /** The verified bytes of `ref`; `shared` when they are the cache's (a blob too large for it is read each time). */
  private load(ref: string): { bytes: Uint8Array; shared: boolean } {
    this.assertOpen();
    this.assertRef(ref);
    const cached = this.cache.get(ref);
    if (cached) return { bytes: cached, shared: true };
    let data: Buffer;
    try {
      data = fs.readFileSync(this.pathOf(ref));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobMissingError(ref);
      throw e;
    }
    const actual = hashBytes(data);
    if (actual !== ref) throw new BlobCorruptError(ref, actual, this.moveAside(ref));
    this.known.add(ref);
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (bytes.byteLength > (this.options.cacheBytes ?? DEFAULT_CACHE_BYTES)) return { bytes, shared: false };
    this.cache.set(ref, bytes);
    return { bytes, shared: true };
  }

  /** Whether a blob file exists for `ref` (existence only: `get` is what verifies the content). */
  has(ref: string): boolean {
    this.assertOpen();
    return isBlobRef(ref) && (this.known.has(ref) || fs.existsSync(this.pathOf(ref)));
  }

  /** Blobs put since the last `sync()` whose durability is still owed. */
  get pendingSyncCount(): number {
    return this.pendingFiles.size;
  }

  /**
   * Makes every blob put before this call durable: fsync of the files, then of the directories their names were
   * added to. Concurrent calls are chained, and a call rejects when an earlier one it overlapped failed, since
   * that one held some of its blobs. After a failed fsync the page cache's state is unknown, so the blobs
   * involved are forgotten (the next `put` of the same bytes rewrites them) and `BLOB_SYNC_FAILED` is thrown.
   */
  sync(): Promise<void> {
    const previous = this.lastSync;
    const files = [...this.pendingFiles];
    const shards = [...this.pendingShards];
    const dirs = [...this.pendingDirs, ...(shards.length ? [this.root] : [])];
    this.pendingFiles = new Set();
    this.pendingDirs = new Set();
    this.pendingShards = new Set();
    const run = previous.catch(() => undefined).then(async () => {
      await this.syncNow(files, dirs);
      for (const shard of shards) this.anchoredShards.add(shard);
    });
    this.lastSync = run;
    // Once settled, a failure has been reported to the calls that overlapped it; later calls start clean.
    const settle = () => {
      if (this.lastSync === run) this.lastSync = Promise.resolve();
    };
    run.then(settle, settle);
    return Promise.all([previous, run]).then(() => undefined);
  }

  /**
   * Deletes blob files whose ref is not in `liveRefs`. Listing is asynchronous; each deletion re-checks,
   * synchronously, that no `put` returned the ref since gc started, so a concurrent put cannot lose its blob.
   */
  gc(liveRefs: ReadonlySet<string>, options: GcOptions = {}): Promise<GcResult> {
    this.assertOpen();
    if (this.gcRunning) return this.gcRunning.then(() => this.gc(liveRefs, options));
    this.putsDuringGc = new Set();
    const running = this.gcNow(liveRefs, options).finally(() => {
      this.putsDuringGc = undefined;
      this.gcRunning = undefined;
    });
    this.gcRunning = running;
    return running;
  }

  /** Drops the cache. The store holds no open handles (every access opens and closes), so nothing else to free. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.cache.clear();
    this.known.clear();
  }

  /** Path of the blob file for `ref`; exposed for tests and diagnostics. */
  pathOf(ref: string): string {
    this.assertRef(ref);
    return path.join(this.root, ref.slice(0, 2), ref.slice(2));
  }

  /**
   * Moves a written temp to its blob file. A shard folder this session made or used is not made again (a `mkdir`
   * per blob was a tenth of staging a command's 1,000 files); if it is gone meanwhile (a collection removed it), it is.
   */
  private renameIntoShard(temp: string, file: string, shard: string): void {
    if (this.shardsSeen.has(shard)) {
      try {
        fs.renameSync(temp, file);
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
    fs.mkdirSync(shard, { recursive: true });
    fs.renameSync(temp, file);
    if (this.shardsSeen.size >= SHARDS_REMEMBERED) this.shardsSeen.clear();
    this.shardsSeen.add(shard);
  }

  private existingIsValid(file: string, ref: string): boolean {
    // Most puts are of new bytes: a `stat` says so without the cost of a failed open's exception.
    if (!fs.existsSync(file)) return false;
    let data: Buffer;
    try {
      data = fs.readFileSync(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw e;
    }
    return hashBytes(data) === ref;
  }

  private moveAside(ref: string): string | undefined {
    this.known.delete(ref);
    this.cache.delete(ref);
    const dir = path.join(this.root, 'corrupt');
    const target = path.join(dir, `${ref}.corrupt-${Date.now()}`);
    try {
      fs.mkdirSync(dir, { recursive: true });
      fs.renameSync(this.pathOf(ref), target);
      return target;
    } catch {
      // The error about the corrupt blob is what matters; failing to move it only means a later get fails again.
      return undefined;
    }
  }

  private async syncNow(files: readonly string[], dirs: readonly string[]): Promise<void> {
    // Many blobs at once (a command's output, issue 25): one syncfs covers every file and folder entry of them. A
    // blob gone meanwhile takes the per-file path below, which reports it (and forgets it, so a put rewrites it).
    if (files.length >= (this.options.syncFileSystemFrom ?? 64) && (await syncFileSystemOf(this.root)) && files.every((f) => fs.existsSync(f))) return;
    try {
      // Files and directories together: none depends on another, and concurrent fsyncs let the file system
      // fold them into fewer journal commits (dev VM, blob + op commit: 1.2 ms one after another, 0.9 ms so).
      const jobs = [...files.map((file) => () => fsyncFile(file)), ...dirs.map((dir) => () => syncDir(dir))];
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < jobs.length) await jobs[next++]();
      };
      await Promise.all(Array.from({ length: Math.min(jobs.length, this.options.syncConcurrency ?? 8) }, worker));
    } catch (e) {
      for (const file of files) this.known.delete(path.basename(path.dirname(file)) + path.basename(file));
      throw new StoreError('BLOB_SYNC_FAILED', `could not make ${files.length} new blob(s) durable: ${String(e)}`, { cause: e });
    }
  }

  private async gcNow(liveRefs: ReadonlySet<string>, options: GcOptions): Promise<GcResult> {
    let deleted = 0;
    let kept = 0;
    let bytesFreed = 0;
    const cutoff = Date.now() - (options.minAgeMs ?? 0);
    for (const shard of await fs.promises.readdir(this.root)) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      const shardDir = path.join(this.root, shard);
      for (const name of await fs.promises.readdir(shardDir)) {
        const ref = shard + name;
        if (!isBlobRef(ref) || liveRefs.has(ref) || this.putsDuringGc?.has(ref)) {
          kept++;
          continue;
        }
        const file = path.join(shardDir, name);
        let stat: fs.Stats;
        try {
          stat = fs.statSync(file);
        } catch {
          continue;
        }
        if (options.minAgeMs !== undefined && stat.mtimeMs > cutoff) {
          kept++;
          continue;
        }
        fs.rmSync(file, { force: true });
        this.known.delete(ref);
        this.cache.delete(ref);
        this.pendingFiles.delete(file);
        deleted++;
        bytesFreed += stat.size;
      }
    }
    // Temp files older than a minute belong to no put in progress (a put writes and renames synchronously).
    for (const name of await fs.promises.readdir(this.tempDir)) {
      const file = path.join(this.tempDir, name);
      if (fs.statSync(file).mtimeMs < Date.now() - 60_000) fs.rmSync(file, { force: true });
    }
    return { deleted, kept, bytesFreed };
  }

  private assertRef(ref: string): void {
    if (!isBlobRef(ref)) throw new StoreError('BLOB_REF_INVALID', `not a blob ref (sha-256 hex expected): ${JSON.stringify(ref).slice(0, 80)}`);
  }

  private assertOpen(): void {
    if (this.disposed) throw new StoreError('STORE_CLOSED', 'the blob store was disposed');
  }
}

async function fsyncFile(file: string): Promise<void> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (e) {
    // Deleted by gc before it was synced: nothing refers to it, so there is nothing to make durable.
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
