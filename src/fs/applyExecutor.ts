import { randomUUID } from 'crypto';
import * as path from 'path';
import { syncDir } from './store/writeDurable';
import { contentRefOf, type ContentRef, type ContentStore } from './model/contentStore';
import type { ApplyAction } from './model/applyPlan';
import type { NodeDisk } from './nodeDisk';
import { ApplyJournal, inspectJournalFile, type JournalEntry, type JournalFile } from './store/applyJournal';

/** One file-level step: put `after` at `path` (null = remove it), provided the disk still has `expected`. */
interface FileStep {
  readonly path: string;
  readonly expected: ContentRef | null;
  readonly after: ContentRef | null;
  /** Whose permission bits a write keeps: the file itself, or a rename's origin. */
  readonly modeFrom?: string;
}

/** Why a group was not written although it was planned. */
export class StaleDiskError extends Error {
  readonly code = 'DiskChanged';
  constructor(readonly path: string) {
    super(`${path} changed on disk after the apply was planned`);
  }
}

/** Two staged paths are one file on disk (a symlink): applying both would lose one of them. */
export class SameFileError extends Error {
  readonly code = 'SameFile';
  constructor(readonly first: string, readonly second: string) {
    super(`${first} and ${second} are the same file on disk (a symlink); apply them one at a time`);
  }
}

/**
 * Executes apply actions on the disk, crash-safely (SPEC §2 Apply, §9 invariant 3): every new content goes to an
 * fsynced temp file beside its target; the intent (targets, temps, undo refs) is journaled durably; only then are
 * the temps renamed over the targets (atomic per file) and deletions made; then the journal entry is removed.
 * A crash leaves each file fully old or fully new, and `recover` finishes what the journal says was begun.
 * Renames are executed as write + delete, so the journal has one uniform kind of step.
 */
export class ApplyExecutor {
  constructor(private readonly disk: NodeDisk, private readonly content: ContentStore, private readonly journal: ApplyJournal) {}

  /** Throws `StaleDiskError` when the disk no longer holds what the actions expect (checked again in `run`). */
  check(actions: readonly ApplyAction[]): void {
    for (const s of netSteps(actions.flatMap(stepsOf))) {
      const bytes = this.disk.read(s.path);
      if ((bytes ? contentRefOf(bytes) : null) !== s.expected) throw new StaleDiskError(s.path);
    }
  }

  /**
   * Runs the actions of a whole apply as one journaled unit: the intent is made durable, every new content is
   * written to its temp file (in parallel, each fsynced), then the temps are renamed over their targets and the
   * deletions made, and each touched directory is fsynced once. Re-checks every target first; throws
   * `StaleDiskError` and writes nothing when the disk moved on since planning.
   */
  async run(actions: readonly ApplyAction[], options: RunOptions = {}): Promise<void> {
    const { onProgress, appliedPaths = [] } = options;
    this.check(actions);
    const steps = netSteps(actions.flatMap(stepsOf));
    if (steps.length === 0) return options.onWritten?.();
    const id = randomUUID();
    const modeFrom = new Map<string, string>();
    const files: JournalFile[] = steps.map(s => {
      // A write through a symlink lands on the linked file; a delete removes the link itself.
      const target = s.after === null ? s.path : this.disk.writeTargetOf(s.path);
      if (s.modeFrom !== undefined) modeFrom.set(target, s.modeFrom);
      return {
        path: target,
        ...(s.after === null ? {} : { tempPath: this.disk.tempPathFor(target, id.slice(0, 8)) }),
        undoRef: s.expected,
        afterRef: s.after,
      };
    });
    const seen = new Map<string, string>();
    for (const [i, f] of files.entries()) {
      const other = seen.get(f.path);
      // Two staged paths reaching one file through a symlink: whichever landed last would silently win.
      if (other !== undefined) throw new SameFileError(other, steps[i].path);
      seen.set(f.path, steps[i].path);
    }
    // The intent is durable before any file is written, so even a temp file left by a crash is found again.
    await this.journal.begin({ id, files, meta: { appliedPaths } satisfies ApplyMeta });
    try {
      let done = 0;
      await forEachLimited(files, TEMP_WRITE_CONCURRENCY, async f => {
        if (f.tempPath) await this.disk.writeTemp(f.tempPath, this.content.get(f.afterRef!), modeFrom.get(f.path));
        onProgress?.(++done, files.length);
      });
    } catch (e) {
      for (const f of files) if (f.tempPath) await this.disk.discardTemp(f.tempPath);
      await this.journal.complete(id);
      throw e;
    }
    await this.finish(files);
    // The caller records the apply (durably) before the journal forgets it: a crash in between is recovered
    // from the journal, never seen as changes made on disk behind the overlay's back.
    await options.onWritten?.();
    await this.journal.complete(id);
  }

  /**
   * Finishes, or forgets, the applies a crash interrupted. Targets are only touched once every temp file of an
   * apply is complete, so: if every temp still holds its full new content (checked by hash), the crash came during
   * the renames and the apply rolls forward; otherwise no target was touched yet and the temps are removed (the
   * staged changes are still pending). A target that holds neither its old nor its new content was changed by
   * someone else meanwhile: left alone and reported.
   */
  async recover(unfinished: readonly JournalEntry[]): Promise<RecoveryReport> {
    const completed: string[] = [];
    const diverged: string[] = [];
    const appliedPaths: string[] = [];
    for (const entry of unfinished) {
      const states = entry.files.map(f => ({ f, state: inspectJournalFile(f) }));
      const tempsComplete = states.every(({ f, state }) => state !== 'notApplied' || !f.tempPath || this.tempHolds(f.tempPath, f.afterRef));
      const todo = tempsComplete ? states.filter(s => s.state === 'notApplied').map(s => s.f) : [];
      for (const { f, state } of states) {
        if (state === 'diverged') diverged.push(f.path);
        if (f.tempPath && !todo.includes(f)) await this.disk.discardTemp(f.tempPath);
      }
      await this.finish(todo);
      completed.push(...todo.map(f => f.path));
      if (tempsComplete) appliedPaths.push(...((entry.meta as ApplyMeta | undefined)?.appliedPaths ?? []));
      await this.journal.complete(entry.id);
    }
    return { completed, diverged, appliedPaths };
  }

  private tempHolds(tempPath: string, ref: ContentRef | null): boolean {
    const bytes = this.disk.read(tempPath);
    return bytes !== undefined && ref !== null && contentRefOf(bytes) === ref;
  }

  /** Renames temps over targets and removes deleted files, then makes each touched directory durable once. */
  private async finish(files: readonly JournalFile[]): Promise<void> {
    const dirs = new Set<string>();
    for (const f of files) {
      if (f.tempPath) await this.disk.commitTemp(f.tempPath, f.path);
      else await this.disk.remove(f.path);
      dirs.add(path.dirname(f.path));
    }
    await forEachLimited([...dirs], TEMP_WRITE_CONCURRENCY, d => syncDir(d));
  }
}

export interface RunOptions {
  readonly onProgress?: (done: number, total: number) => void;
  /** The composites the actions apply (kept in the journal, for recovery). */
  readonly appliedPaths?: readonly string[];
  /** Runs once every file is in place, before the journal entry is removed. */
  readonly onWritten?: () => Promise<void>;
}

/** Kept in the journal entry: the composites the apply covers, to mark applied if a crash interrupts it. */
interface ApplyMeta {
  readonly appliedPaths: readonly string[];
}

export interface RecoveryReport {
  /** Files written by the recovery (rolled forward). */
  readonly completed: readonly string[];
  /** Files changed by someone else meanwhile: left alone. */
  readonly diverged: readonly string[];
  /** Composites whose interrupted apply is now complete: no longer pending. */
  readonly appliedPaths: readonly string[];
}

/** Temp files written at once: enough to overlap fsyncs, few enough not to exhaust file handles. */
const TEMP_WRITE_CONCURRENCY = 32;

async function forEachLimited<T>(items: readonly T[], limit: number, f: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await f(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * One step per path: what it must hold first and what it holds at the end. Each action's `expected` is the disk
 * as the actions before it leave it (a rename chain moves b→c before a→b), so the checks are made on a running
 * view; a path that ends as it began needs no write.
 */
function netSteps(steps: readonly FileStep[]): FileStep[] {
  const first = new Map<string, ContentRef | null>();
  const last = new Map<string, FileStep>();
  for (const s of steps) {
    if (last.has(s.path) && last.get(s.path)!.after !== s.expected) throw new Error(`apply plan is inconsistent at ${s.path}`);
    if (!first.has(s.path)) first.set(s.path, s.expected);
    last.set(s.path, s);
  }
  return [...first].filter(([p, expected]) => last.get(p)!.after !== expected).map(([p, expected]) => {
    const { after, modeFrom } = last.get(p)!;
    return { path: p, expected, after, ...(modeFrom !== undefined ? { modeFrom } : {}) };
  });
}

function stepsOf(a: ApplyAction): FileStep[] {
  switch (a.kind) {
    case 'write':
      return [{ path: a.path, expected: a.expected, after: a.content, modeFrom: a.path }];
    case 'delete':
      return [{ path: a.path, expected: a.expected, after: null }];
    case 'rename':
      return [{ path: a.to, expected: a.overwrites, after: a.expected, modeFrom: a.from }, { path: a.from, expected: a.expected, after: null }];
  }
}
