import * as fs from 'fs';
import * as path from 'path';
import { contentRefsIn } from './model/contentStore';
import { OverlayModel, type OverlayModelOptions } from './model/overlayModel';
import type { OverlayOp } from './model/overlayOp';
import type { OverlaySnapshot } from './model/overlayState';
import { describeOps, replayLoggedOps, type RefusedOp } from './replayLoggedOps';
import { BlobStore } from './store/blobStore';
import { Emitter, type Event } from './model/eventEmitter';
import { DurableLog, type OpenedLog, type StoreProblem } from './store/durableLog';
import { decodeFrames } from './store/frameCodec';
import { diskConditionOf, StoreReadOnlyError } from './store/storeError';
import { copyAside } from './store/writeDurable';

/** The label of a copy of a log holding ops the model refused: `log-<g>.refused-<time>` beside it. */
export const REFUSED_COPY_LABEL = 'refused';
/** Copies kept in the state folder (refused ops, damaged logs, torn tails): the contents they name are kept with them. */
const KEPT_COPY = /^log-\d+\.(?:refused|corrupt|torn)-\d+$/;

/** How often a read-only store tries again to write its state (a full disk may have room again). */
export const RETRY_WRITES_EVERY_MS = 30_000;

/**
 * The overlay model made durable (SPEC §2 Persistence): contents in the content-addressed blob store, every op
 * appended to the checksummed log as it happens, group-committed by `flush` (a write's promise resolves only once
 * its op is on disk), and a snapshot when the log grows. Opening replays snapshot + ops, so a reload or a
 * kill -9 loses nothing that was acknowledged.
 */
export class PersistentOverlay {
  /** Ops of the `unitOfOps` running now, logged together when it ends. */
  private unit: OverlayOp[] | undefined;
  /**
   * Set while the store cannot be written (a full or read-only disk, met at open or later): why staging is
   * refused. Cleared by `retryWrites` once the state could be written again.
   */
  private readOnlyError: StoreReadOnlyError | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retrying: Promise<boolean> | undefined;
  private closed = false;
  private readonly _onDidChangeWritable = new Emitter<boolean>();
  /** Fires `false` when the store turns read-only, `true` when a retry could write it again. */
  readonly onDidChangeWritable: Event<boolean> = this._onDidChangeWritable.event;

  private constructor(
    readonly model: OverlayModel,
    readonly blobs: BlobStore,
    private log: DurableLog<OverlaySnapshot, OverlayOp>,
    private readonly stateDir: string,
    /** What open found and worked around (a torn tail after a crash, damaged files kept aside). */
    readonly problems: readonly StoreProblem[],
    private readonly unsubscribe: () => void,
    private readonly keepAlso: () => Iterable<string>,
    private fallback: { snapshot: Set<string>; ops: Set<string> },
    /**
     * Logs holding ops the model refused at open, to copy aside before the first compaction rewrites the state
     * without them (empty once copied).
     */
    private toCopy: string[],
    /** Contents named by copies kept in the state folder: never collected while a copy names them. */
    private readonly keptRefs: Set<string>,
  ) {}

  /**
   * `keepAlso`: content refs needed besides the model's (the undo record of the last apply), asked at every
   * collection, the one on open included.
   */
  static async open(storeDir: string, options: OverlayModelOptions = {}, keepAlso: () => Iterable<string> = () => []): Promise<PersistentOverlay> {
    const blobs = BlobStore.open(path.join(storeDir, 'blobs'));
    const stateDir = path.join(storeDir, 'state');
    const opened = await DurableLog.open<OverlaySnapshot, OverlayOp>(stateDir, { beforeCommit: () => blobs.sync() });
    const problems: StoreProblem[] = [...opened.problems];
    // Validated like any input: an op the model refuses (damaged, foreign, another schema) is skipped with the
    // ops that depend on it, the others are kept (replayLoggedOps.ts says why that is sound), and the logs
    // holding what was refused are copied aside before the compaction below rewrites the state without them.
    const { model, refused } = replayLoggedOps(opened.ops, opened.units, () => {
      const m = new OverlayModel(blobs, options);
      if (opened.snapshot) m.restore(opened.snapshot);
      return m;
    });
    const toCopy = logsHolding(opened, refused);
    // What the newest snapshot and the ops after it refer to: the fallback generation once the next snapshot is
    // written, which a damaged newest snapshot would be read from.
    const fallback = { snapshot: opened.snapshot ? contentRefsIn(opened.snapshot) : new Set<string>(), ops: contentRefsIn(opened.ops) };
    const box: { overlay?: PersistentOverlay } = {};
    const sub = model.onDidChange(e => {
      // `restore` has no op: it is only ever called above, before this subscription.
      if (!e.op) return;
      // Read-only (a full or read-only disk): reconciliation still runs in memory; staging is refused before it.
      if (box.overlay?.readOnly) return;
      const unit = box.overlay?.unit;
      if (unit) unit.push(e.op);
      else box.overlay?.record([e.op]);
      for (const r of contentRefsIn(e.op)) fallback.ops.add(r);
    });
    const keptRefs = await refsInKeptCopies(stateDir);
    const overlay = new PersistentOverlay(model, blobs, opened.log, stateDir, problems, () => sub.dispose(), keepAlso, fallback, toCopy, keptRefs);
    box.overlay = overlay;
    let copies: string[] | undefined;
    if (opened.migrated || opened.ops.length > 0) {
      try {
        copies = await overlay.copyRefused();
        await overlay.compact();
      } catch (e) {
        // A full or read-only disk is no damage: the log read back is intact and stays as it is (the compaction
        // is tried again while running, and at the next start). What is staged is shown; nothing new can be
        // recorded meanwhile. Any other failure to keep a copy of refused ops fails the open: the caller sets
        // the whole store aside, untouched, rather than lose them.
        if (!overlay.turnReadOnly(e)) throw e;
      }
    }
    if (refused.length > 0) problems.push(refusedProblem(stateDir, opened.ops.length, refused, toCopy, copies));
    return overlay;
  }

  /** Why nothing can be recorded now (a full or read-only disk), or undefined while the store is writable. */
  get readOnly(): StoreReadOnlyError | undefined {
    return this.readOnlyError;
  }

  /**
   * Tries to write the state again after a full or read-only disk: reopens the log (a failed write leaves it
   * refusing all work) and compacts the model as it is in memory — what is staged, plus whatever reconciliation
   * changed meanwhile — so nothing is lost or replayed twice. True when the store is writable (again).
   * Called on a timer while read-only; one attempt at a time.
   */
  retryWrites(): Promise<boolean> {
    if (!this.readOnlyError) return Promise.resolve(true);
    if (this.closed) return Promise.resolve(false);
    this.retrying ??= (async () => {
      try {
        await this.log.close().catch(() => undefined);
        const reopened = await DurableLog.open<OverlaySnapshot, OverlayOp>(this.stateDir, { beforeCommit: () => this.blobs.sync() });
        this.log = reopened.log;
        // The model already holds what the reopened log replays: only a snapshot of it is written.
        await this.compact();
      } catch (e) {
        if (diskConditionOf(e) === undefined) throw e;
        return false;
      } finally {
        this.retrying = undefined;
      }
      this.readOnlyError = undefined;
      this.stopRetrying();
      this._onDidChangeWritable.fire(true);
      return true;
    })();
    return this.retrying;
  }

  /** A write failed on a full or read-only disk: the store turns read-only and retries later. False for other failures. */
  private turnReadOnly(e: unknown): boolean {
    const condition = diskConditionOf(e);
    if (condition === undefined) return false;
    if (this.readOnlyError) return true;
    this.readOnlyError = new StoreReadOnlyError(condition);
    this.retryTimer = setInterval(() => void this.retryWrites().catch(() => undefined), RETRY_WRITES_EVERY_MS);
    this.retryTimer.unref?.();
    this._onDidChangeWritable.fire(false);
    return true;
  }

  private stopRetrying(): void {
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = undefined;
  }

  /**
   * Runs `f` (which changes the model, e.g. one op per file of a folder) and logs every op it makes as one unit:
   * after a crash either all of them are there or none. Nested calls join the outer unit.
   */
  unitOfOps<T>(f: () => T): T {
    if (this.unit) return f();
    const ops: OverlayOp[] = [];
    this.unit = ops;
    try {
      return f();
    } finally {
      this.unit = undefined;
      // Also when `f` threw part-way: the model has those ops, so the log must too.
      this.record(ops);
    }
  }

  /** Logs `ops`; on a log that a full disk made fail, turns read-only instead (a retry snapshots the model). */
  private record(ops: readonly OverlayOp[]): void {
    if (this.readOnlyError) return;
    try {
      this.log.appendAll(ops);
    } catch (e) {
      if (!this.turnReadOnly(e)) throw e;
    }
  }

  /** Resolves once every op applied so far is durable. */
  flush(): Promise<void> {
    if (this.readOnlyError) return Promise.reject(this.readOnlyError);
    const done = this.log.needsCompaction ? this.log.flush().then(() => this.compact()) : this.log.flush();
    // A full disk met while running: what is staged stays in memory and shown, written once a retry succeeds.
    return done.catch(e => {
      if (this.turnReadOnly(e)) throw this.readOnlyError;
      throw e;
    });
  }

  /**
   * Copies aside the logs holding ops refused at open (durably; a byte-identical copy is reused), once: before
   * any compaction, which writes the state without them. Throws if a copy cannot be made: compacting then would
   * leave the refused ops only in a generation the compaction after deletes.
   */
  private async copyRefused(): Promise<string[]> {
    const copies: string[] = [];
    for (const file of this.toCopy) {
      const copy = await copyAside(file, REFUSED_COPY_LABEL);
      for (const r of refsInCopy(copy)) this.keptRefs.add(r);
      copies.push(copy);
    }
    this.toCopy = [];
    return copies;
  }

  /** Writes a snapshot of the model now (the log restarts) and collects blobs nothing refers to any more. */
  async compact(): Promise<void> {
    if (this.toCopy.length > 0) await this.copyRefused();
    const snapshot = this.model.snapshot();
    // After this snapshot the previous one and the ops since become the fallback generation: keep what they name.
    const previous = this.fallback;
    this.fallback = { snapshot: contentRefsIn(snapshot), ops: new Set() };
    try {
      await this.log.compact(snapshot);
    } catch (e) {
      // The old generation is still the newest: keep tracking everything it and the new ops name.
      this.fallback = { snapshot: new Set([...previous.snapshot, ...this.fallback.snapshot]), ops: new Set([...previous.ops, ...this.fallback.ops]) };
      throw e;
    }
    const live = [...this.model.liveRefs(), ...this.keepAlso(), ...previous.snapshot, ...previous.ops, ...this.fallback.ops, ...this.keptRefs];
    await this.blobs.gc(new Set(live), { minAgeMs: 60_000 });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopRetrying();
    await this.retrying?.catch(() => undefined);
    this.unsubscribe();
    this._onDidChangeWritable.dispose();
    if (!this.readOnlyError) await this.log.flush().catch(() => undefined);
    await this.log.close();
    this.blobs.dispose();
    this.model.dispose();
  }
}

/** The log files the refused ops were read from, in order. */
function logsHolding(opened: OpenedLog<OverlaySnapshot, OverlayOp>, refused: readonly RefusedOp[]): string[] {
  const files: string[] = [];
  let from = 0;
  for (const { file, count } of opened.sources) {
    if (refused.some(r => r.index >= from && r.index < from + count)) files.push(file);
    from += count;
  }
  return files;
}

/** What a person reads about refused ops: what was refused and why, what was kept, where the copy is. */
function refusedProblem(stateDir: string, total: number, refused: readonly RefusedOp[], logs: readonly string[], copies: readonly string[] | undefined): StoreProblem {
  const invalid = refused.filter(r => r.why === 'invalid');
  const followers = refused.filter(r => r.why !== 'invalid');
  const first = invalid[0] ?? refused[0];
  const where = copies && copies.length > 0
    ? `a copy of the log holding them was kept at ${copies.join(' and ')}`
    : `the log holding them (${logs.join(', ')}) is left as it is until a copy of it can be kept`;
  const detail = `${refused.length} of the ${total} staged-change op(s) in its log could not be replayed and are not staged: ` +
    `op ${first.index + 1} (${describeOps([first])}) was refused (${first.reason ?? 'invalid'})` +
    (invalid.length > 1 ? `, and ${invalid.length - 1} other(s) (${describeOps(invalid.slice(1))})` : '') +
    (followers.length > 0 ? `; ${followers.length} later op(s) depending on ${invalid.length > 1 ? 'them' : 'it'} were set aside with ${invalid.length > 1 ? 'them' : 'it'} (${describeOps(followers)})` : '') +
    `; the other ${total - refused.length} op(s) were kept; ${where}`;
  return { code: 'LOG_CORRUPT', file: logs[0] ?? stateDir, detail, ...(copies?.[0] ? { copy: copies[0] } : {}) };
}

/** Contents named by the copies kept in `stateDir` (unreadable frames name nothing). */
async function refsInKeptCopies(stateDir: string): Promise<Set<string>> {
  const refs = new Set<string>();
  for (const name of await fs.promises.readdir(stateDir)) {
    if (KEPT_COPY.test(name)) for (const r of refsInCopy(path.join(stateDir, name))) refs.add(r);
  }
  return refs;
}

function refsInCopy(file: string): Set<string> {
  const refs = new Set<string>();
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return refs;
  }
  for (const frame of decodeFrames(bytes).frames) {
    try {
      contentRefsIn(JSON.parse(frame.payload.toString('utf8')), refs);
    } catch {
      // Not JSON: names nothing that can be told.
    }
  }
  return refs;
}
