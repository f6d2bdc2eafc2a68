import * as cp from 'child_process';
import type { ProcessEnd } from './sandboxMechanism';

export interface GroupOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly onOutput?: (stream: 'stdout' | 'stderr', chunk: Buffer) => void;
  /** Extra pipes after stdout and stderr (fd 3…), for a mechanism to talk to its first process. */
  readonly extraPipes?: number;
  /** Give the process a stdin pipe (else /dev/null). */
  readonly stdinPipe?: boolean;
}

/** A process in its own group, with its end and a way to kill the whole group. */
export interface ProcessGroup {
  readonly child: cp.ChildProcess;
  /** How it ended: exit, signal, or the timeout / abort that killed it. */
  readonly ended: Promise<ProcessEnd>;
  /** Set when the timeout or the abort signal fired. */
  stoppedBy(): ProcessEnd | undefined;
  kill(): void;
}

/**
 * Starts a program in its own process group. The timeout and the abort signal kill the whole group with SIGKILL
 * (a test runner's workers and a server it started go with it); a mechanism that runs the command in a PID
 * namespace gets all of the namespace's processes killed with its first one.
 */
export function spawnGroup(file: string, args: readonly string[], options: GroupOptions): ProcessGroup {
  const stdio: cp.StdioOptions = [options.stdinPipe ? 'pipe' : 'ignore', 'pipe', 'pipe', ...Array<'pipe'>(options.extraPipes ?? 0).fill('pipe')];
  const child = cp.spawn(file, args, { cwd: options.cwd, env: options.env, detached: true, stdio });
  let stopped: ProcessEnd | undefined;
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const stop = (why: ProcessEnd) => {
    stopped ??= why;
    killGroup();
  };
  const timer = setTimeout(() => stop({ kind: 'timedOut' }), options.timeoutMs);
  const onAbort = () => stop({ kind: 'cancelled' });
  if (options.signal?.aborted) stop({ kind: 'cancelled' });
  options.signal?.addEventListener('abort', onAbort);
  child.stdout?.on('data', (b: Buffer) => options.onOutput?.('stdout', b));
  child.stderr?.on('data', (b: Buffer) => options.onOutput?.('stderr', b));
  const ended = new Promise<ProcessEnd>((resolve, reject) => {
    child.on('error', e => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(e);
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      // Whatever the leader left behind in its group goes too: nothing the command started outlives it.
      killGroup();
      if (stopped) resolve(stopped);
      else if (code !== null) resolve({ kind: 'exited', exitCode: code });
      else resolve({ kind: 'signalled', signal: sig ?? 'unknown' });
    });
  });
  return { child, ended, stoppedBy: () => stopped, kill: killGroup };
}

/** Runs a program in its own group and waits for its end (see `spawnGroup`). */
export function runProcessGroup(file: string, args: readonly string[], options: GroupOptions): Promise<ProcessEnd> {
  return spawnGroup(file, args, options).ended;
}
