import * as path from 'path';
import { contentRefsIn } from './model/contentStore';
import { OverlayModel, type OverlayModelOptions } from './model/overlayModel';
import type { OverlayOp } from './model/overlayOp';
import { parseOverlayOp } from './model/overlaySchema';
import type { OverlaySnapshot } from './model/overlayState';
import { BlobStore } from './store/blobStore';
import { Emitter, type Event } from './model/eventEmitter';
import { DurableLog, type StoreProblem } from './store/durableLog';
import { diskConditionOf, StoreReadOnlyError } from './store/storeError';

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
  ) {}

  /**
   * `keepAlso`: content refs needed besides the model's (the undo record of the last apply), asked at every
   * collection, the one on open included.
   */
  static async open(storeDir: string, options: OverlayModelOptions = {}, keepAlso: () => Iterable<string> = () => []): Promise<PersistentOverlay> {
    const blobs = BlobStore.open(path.join(storeDir, 'blobs'));
    const stateDir = path.join(storeDir, 'state');
    const opened = await DurableLog.open<OverlaySnapshot, OverlayOp>(stateDir, { beforeCommit: () => blobs.sync() });
    const model = new OverlayModel(blobs, options);
    const problems: StoreProblem[] = [...opened.problems];
    if (opened.snapshot) model.restore(opened.snapshot);
    for (const [i, op] of opened.ops.entries()) {
      // Validated like any input: a damaged or foreign op stops the replay there, with a clear problem report,
      // and everything before it is kept. Compaction below then rewrites the state without the bad tail.
      try {
        model.apply(parseOverlayOp(op));
      } catch (e) {
        problems.push({ code: 'LOG_CORRUPT', file: path.join(storeDir, 'state'), detail: `op ${i + 1} of ${opened.ops.length} does not apply (${e instanceof Error ? e.message : String(e)}); the ${opened.ops.length - i} ops from there on were dropped` });
        break;
      }
    }
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
    const overlay = new PersistentOverlay(model, blobs, opened.log, stateDir, problems, () => sub.dispose(), keepAlso, fallback);
    box.overlay = overlay;
    if (opened.migrated || opened.ops.length > 0) {
      try {
        await overlay.compact();
      } catch (e) {
        // A full or read-only disk is no damage: the log read back is intact and stays as it is (the compaction
        // is tried again while running, and at the next start). What is staged is shown; nothing new can be
        // recorded meanwhile.
        if (!overlay.turnReadOnly(e)) throw e;
      }
    }
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

  /** Writes a snapshot of the model now (the log restarts) and collects blobs nothing refers to any more. */
  async compact(): Promise<void> {
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
    const live = [...this.model.liveRefs(), ...this.keepAlso(), ...previous.snapshot, ...previous.ops, ...this.fallback.ops];
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
