import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { ChangeMeta, ChangeRecord } from '../fs/model/changeRecord';
import type { OverlayWorkspace } from '../fs/overlayWorkspace';
import { planStaging, type CommandEffect, type StagingStep } from './commandEffect';
import { CopySandbox } from './copySandbox';
import { OutputTail } from './outputTail';
import { OverlayfsSandbox } from './overlayfsSandbox';
import { SandboxUnavailableError, type ProcessEnd, type SandboxMechanism } from './sandboxMechanism';
import { removeTree } from './scratchFiles';
import { StartView, stagedViewOf, type StagedView } from './stagedView';

/** The names a caller's `env` may set. */
export { ENV_NAME } from './namespaceInit';

export type MechanismChoice = 'auto' | 'overlayfs' | 'copy';

/** A command to run over the staged view, staged under `meta` when it ends. */
export interface CommandRequest {
  readonly command: string;
  /** Absolute; inside one of `roots`. */
  readonly cwd: string;
  readonly roots: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly meta: ChangeMeta;
}

export interface StagedByCommand {
  readonly operation: StagingStep['kind'];
  /** Absolute paths. */
  readonly path: string;
  readonly fromPath?: string;
}

export interface CommandResult {
  readonly mechanism: SandboxMechanism['name'];
  readonly end: ProcessEnd;
  readonly stdout: ReturnType<OutputTail['result']>;
  readonly stderr: ReturnType<OutputTail['result']>;
  /** What was staged (nothing when the command was stopped). */
  readonly staged: readonly StagedByCommand[];
  /** Changes that became conflicts: the disk changed under them while the command ran. */
  readonly conflicts: readonly string[];
  /** Time to collect and stage what the command wrote (in memory, one unit of the log). */
  readonly stageMs: number;
  /** Time until those changes were durable (their contents and the log written and synced). */
  readonly flushMs: number;
}

/** Bad input or a missing piece, worded for the model; `code` is stable. */
export class CommandSandboxError extends Error {
  constructor(readonly code: 'ShellMissing' | 'SandboxUnavailable' | 'StagingFailed' | 'ChangedWhileRunning', message: string) {
    super(message);
    this.name = 'CommandSandboxError';
  }
}

/** Bytes of each stream kept for the answer (the tail: where failures and summaries are). */
const OUTPUT_TAIL_BYTES = 16_000;

const EMPTY = new Uint8Array(0);
/** The staging options of a command's written file, whose bytes are handed over (see `stage`). */
const HANDED_OVER = { create: true, overwrite: true, handOver: true } as const;

/**
 * Runs commands over the staged view and stages what they wrote (capability C7). One scratch folder per session
 * (its upper layer or copy: ignored folders such as `node_modules` live there between commands); a session's
 * commands run one at a time. The mechanism is chosen per run: the overlay mount where it works, else the copy
 * (`auto`), or the one asked for (tests force each).
 */
export class CommandSandbox {
  private readonly mechanisms: Record<SandboxMechanism['name'], SandboxMechanism>;
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly overlay: OverlayWorkspace,
    private readonly scratchRoot: string,
    private readonly options: { readonly mechanism: () => MechanismChoice; readonly shell: () => string; readonly privateDirs?: () => readonly string[] },
    mechanisms?: Partial<Record<SandboxMechanism['name'], SandboxMechanism>>,
  ) {
    this.mechanisms = { overlayfs: mechanisms?.overlayfs ?? new OverlayfsSandbox(), copy: mechanisms?.copy ?? new CopySandbox() };
  }

  /** The session's scratch folder. */
  scratchOf(sessionId: string, mechanism: SandboxMechanism['name']): string {
    return path.join(this.scratchRoot, `${mechanism}-${createHash('sha256').update(sessionId).digest('hex').slice(0, 16)}`);
  }

  /** Drops a session's scratch (its `node_modules` and the like); every session's without an id. */
  async dropScratch(sessionId?: string): Promise<void> {
    if (sessionId === undefined) return removeTree(this.scratchRoot);
    for (const m of ['overlayfs', 'copy'] as const) removeTree(this.scratchOf(sessionId, m));
  }

  run(request: CommandRequest, onOutput?: (stream: 'stdout' | 'stderr', chunk: Buffer) => void): Promise<CommandResult> {
    const key = request.meta.sessionId;
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.runNow(request, onOutput));
    this.queues.set(key, next);
    void next.finally(() => {
      if (this.queues.get(key) === next) this.queues.delete(key);
    }).catch(() => undefined);
    return next;
  }

  /** The mechanism to use now: the one asked for, or the first that works. */
  async mechanismFor(sessionId: string): Promise<SandboxMechanism> {
    const choice = this.options.mechanism();
    const order: SandboxMechanism['name'][] = choice === 'auto' ? ['overlayfs', 'copy'] : [choice];
    const reasons: string[] = [];
    for (const name of order) {
      try {
        await this.mechanisms[name].probe(this.scratchOf(sessionId, name));
        return this.mechanisms[name];
      } catch (e) {
        if (!(e instanceof SandboxUnavailableError)) throw e;
        reasons.push(`${name}: ${e.message}`);
      }
    }
    throw new CommandSandboxError('SandboxUnavailable', `No sandbox can be made here (${reasons.join('; ')}), so the command was not run: it never runs on the real disk.`);
  }

  private async runNow(request: CommandRequest, onOutput?: (stream: 'stdout' | 'stderr', chunk: Buffer) => void): Promise<CommandResult> {
    const shell = this.options.shell();
    try {
      fs.accessSync(shell, fs.constants.X_OK);
    } catch {
      throw new CommandSandboxError('ShellMissing', `The shell ${shell} does not exist or cannot be run; set agentOverlay.sandbox.shell to a shell that does.`);
    }
    const mechanism = await this.mechanismFor(request.meta.sessionId);
    const scratch = this.scratchOf(request.meta.sessionId, mechanism.name);
    fs.mkdirSync(scratch, { recursive: true });
    const views = request.roots.map(r => stagedViewOf(this.overlay, r));
    const stagedAtStart = stagedStates(this.overlay);
    const startedAt = Date.now();
    const stdout = new OutputTail(OUTPUT_TAIL_BYTES);
    const stderr = new OutputTail(OUTPUT_TAIL_BYTES);
    const outcome = await (async () => {
      try {
        return await mechanism.run({
          command: request.command,
          cwd: request.cwd,
          shell,
          env: request.env ?? {},
          privateDirs: this.options.privateDirs?.() ?? [],
          timeoutMs: request.timeoutMs,
          signal: request.signal,
          views,
          scratch,
          onOutput: (stream, chunk) => {
            (stream === 'stdout' ? stdout : stderr).push(chunk);
            onOutput?.(stream, chunk);
          },
        });
      } catch (e) {
        await mechanism.settle(scratch, views).catch(() => undefined);
        if (e instanceof SandboxUnavailableError) throw new CommandSandboxError('SandboxUnavailable', `The sandbox (${e.mechanism}) could not be made: ${e.message}. The command was not run.`);
        throw e;
      }
    })();
    const stagingStarted = performance.now();
    let staged: StagedByCommand[] = [];
    let conflicts: string[] = [];
    try {
      if (outcome.results) ({ staged, conflicts } = this.stage(outcome.results.map((r, i) => ({ view: views[i], result: r })), request.meta, startedAt, stagedAtStart));
    } finally {
      await mechanism.settle(scratch, views);
    }
    const stageMs = performance.now() - stagingStarted;
    if (staged.length > 0) await this.overlay.flush();
    const flushMs = performance.now() - stagingStarted - stageMs;
    return { mechanism: mechanism.name, end: outcome.end, stdout: stdout.result(), stderr: stderr.result(), staged, conflicts, stageMs, flushMs };
  }

  /** Stages every folder's effect as one unit: all of it, or (a step refused) none of it. */
  private stage(
    folders: readonly { view: StagedView; result: { written: readonly { path: string; source: string }[]; removed: readonly string[] } }[],
    meta: ChangeMeta,
    startedAt: number,
    stagedAtStart: ReadonlyMap<string, string>,
  ): { staged: StagedByCommand[]; conflicts: string[] } {
    const plans = folders.map(({ view, result }) => {
      const start = new StartView(view);
      const bytesOf = new Map<string, Uint8Array>();
      const written: CommandEffect['written'][number][] = [];
      for (const w of result.written) {
        const after = fs.readFileSync(w.source);
        const before = start.read(w.path);
        if (before && Buffer.from(before).equals(after)) continue;
        bytesOf.set(w.path, after);
        written.push({ path: w.path, hash: hashOf(after), existed: before !== undefined });
      }
      const removed = result.removed.map(p => ({ path: p, hash: hashOf(start.read(p) ?? EMPTY) }));
      return { view, steps: planStaging({ written, removed }), bytesOf };
    });
    const ws = this.overlay;
    // A path the command changed whose staged state moved on while it ran (the person saved in a staged editor, an
    // agent wrote): the command's version was made from what it saw, so staging it would replace that change
    // unseen. Nothing is staged then (whole or nothing, SPEC §9.10), and the answer says why.
    const stagedNow = stagedStates(ws);
    const movedOn = new Set<string>();
    for (const { view, steps } of plans) {
      for (const step of steps) {
        for (const rel of step.kind === 'rename' ? [step.from, step.to] : [step.path]) {
          const p = path.join(view.root, ...rel.split('/'));
          if (stagedNow.get(p) !== stagedAtStart.get(p)) movedOn.add(p);
        }
      }
    }
    if (movedOn.size > 0) {
      throw new CommandSandboxError('ChangedWhileRunning', `Nothing the command changed was staged: while it ran, ${[...movedOn].join(', ')} changed in the staged view (a person's edit or another write), and staging the command's version would have replaced that change unseen. Run the command again: it will see the current version.`);
    }
    const records: ChangeRecord[] = [];
    const staged: StagedByCommand[] = [];
    const conflicts: string[] = [];
    try {
      // One unit: one log append and fsync, one change event for all the files (not one per file).
      ws.stageAsOneUnit(() => {
        for (const { view, steps, bytesOf } of plans) {
          const abs = (rel: string) => path.join(view.root, ...rel.split('/'));
          // A file the person changed on disk while the command ran: the command may have seen either version, so
          // its result is staged over an empty base; the merge then keeps both sides apart (a conflict) unless
          // they agree. Staged files need no such care: the command saw exactly the staged content.
          const changedDuringRun = (rel: string) => !view.files.has(rel) && (ws.disk.stat(abs(rel))?.ctime ?? 0) >= startedAt;
          for (const step of steps) {
            switch (step.kind) {
              case 'rename':
                records.push(...ws.rename(abs(step.from), abs(step.to), meta));
                staged.push({ operation: 'rename', path: abs(step.to), fromPath: abs(step.from) });
                break;
              case 'delete':
                records.push(...ws.delete(abs(step.path), meta));
                staged.push({ operation: 'delete', path: abs(step.path) });
                break;
              case 'create':
              case 'modify': {
                const target = abs(step.path);
                // Read from the scratch folder for this staging alone and only read after (`readFileSync` gives a new
                // array per file; a small one from Node's pool is copied by the store): handed over, not copied.
                const bytes = bytesOf.get(step.path)!;
                if (step.kind === 'modify' && changedDuringRun(step.path)) {
                  const probe = { read: (p: string) => (p === target ? EMPTY : ws.disk.read(p)) };
                  const r = ws.model.write(target, bytes, meta, probe, HANDED_OVER);
                  if (r) records.push(r);
                  const outcome = ws.model.reconcile(target, ws.disk);
                  if (outcome.kind === 'conflict') conflicts.push(target);
                } else {
                  const r = ws.write(target, bytes, meta, HANDED_OVER);
                  if (r) records.push(r);
                }
                staged.push({ operation: step.kind, path: target });
                break;
              }
            }
          }
        }
      });
    } catch (e) {
      // Whole or nothing (SPEC §9.10): take back what this command staged before the refused step.
      ws.stageAsOneUnit(() => {
        for (const r of [...records].reverse()) {
          if (ws.model.record(r.id)) ws.model.discardChange(r.id);
        }
      });
      throw new CommandSandboxError('StagingFailed', `The command's changes could not be staged, so none were: ${(e as Error).message}`);
    }
    return { staged, conflicts };
  }
}

/**
 * Each staged path's state, as a word that changes whenever what a command would see there changes: its kind and
 * staged content at the path, and `moved` at a rename's source (which the view shows as gone).
 */
function stagedStates(ws: OverlayWorkspace): Map<string, string> {
  const states = new Map<string, string>();
  const add = (p: string, part: string) => states.set(p, states.has(p) ? [states.get(p)!, part].sort().join(' ') : part);
  for (const c of ws.composites()) {
    add(c.path, `${c.kind}:${c.after ?? 'none'}${c.conflict ? ':conflict' : ''}`);
    if (c.fromPath !== undefined) add(c.fromPath, `moved:${c.path}`);
  }
  return states;
}

function hashOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
