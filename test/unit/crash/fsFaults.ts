/**
 * Crash injection for the crash sweep, in the manner of SQLite's crash-test harness: every disk-changing call of
 * Node's fs (sync, promise and FileHandle APIs) is numbered, and the process kills itself with SIGKILL right
 * before call K, or lets half of write K land first (a torn write). Only this process is affected; the parent
 * process that checks the result is untouched.
 */
import * as fsStar from 'fs';

/** The fs module itself (the namespace import's properties are read-only getters onto it). */
const fs = (fsStar as unknown as { default?: typeof fsStar }).default ?? fsStar;

export interface FaultPlan {
  /** Kill before this call (1-based); 0: never, count only. */
  readonly killAt: number;
  /** At `killAt`, when the call writes data: let half of it land, then kill. */
  readonly torn: boolean;
  /** Called for every counted call (count mode logs them). */
  readonly onCall?: (n: number, api: string, target: string) => void;
}

/** Calls that write data: a torn write applies to them. */
const WRITES = new Set(['writeFileSync', 'writeSync', 'appendFileSync', 'promises.writeFile', 'promises.appendFile', 'handle.write', 'handle.writeFile', 'handle.appendFile']);

const SYNC_APIS = [
  'writeFileSync', 'appendFileSync', 'writeSync', 'renameSync', 'unlinkSync', 'rmSync', 'rmdirSync', 'mkdirSync', 'chmodSync',
  'fchmodSync', 'fsyncSync', 'fdatasyncSync', 'truncateSync', 'ftruncateSync', 'copyFileSync', 'symlinkSync', 'linkSync',
  'utimesSync', 'futimesSync', 'openSync', 'cpSync',
] as const;
const PROMISE_APIS = [
  'writeFile', 'appendFile', 'rename', 'unlink', 'rm', 'rmdir', 'mkdir', 'chmod', 'truncate', 'copyFile', 'symlink', 'link',
  'utimes', 'open', 'cp',
] as const;
const HANDLE_APIS = ['write', 'writev', 'writeFile', 'appendFile', 'sync', 'datasync', 'truncate', 'chmod', 'utimes'] as const;
/** Callback APIs: the overlay does not use them; counted anyway so a future use cannot escape the sweep. */
const CALLBACK_APIS = ['writeFile', 'appendFile', 'write', 'rename', 'unlink', 'rm', 'rmdir', 'mkdir', 'chmod', 'fsync', 'fdatasync', 'truncate', 'ftruncate', 'copyFile', 'symlink'] as const;

/** An `open` that can create or change a file (any flag but plain read). */
function opensForWrite(flags: unknown): boolean {
  if (flags === undefined || flags === null) return false;
  if (typeof flags === 'number') return (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_APPEND)) !== 0;
  return String(flags) !== 'r' && String(flags) !== 'rs';
}

function describe(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (typeof arg === 'number') return `fd ${arg}`;
  return '';
}

function dataOf(args: unknown[], index: number): Uint8Array | undefined {
  const d = args[index];
  if (typeof d === 'string') return Buffer.from(d);
  return d instanceof Uint8Array ? d : undefined;
}

function die(): never {
  process.kill(process.pid, 'SIGKILL');
  // SIGKILL to oneself is delivered before `kill` returns; never go on if it somehow was not.
  for (;;) { /* wait for the signal */ }
}

/**
 * Patches fs so every disk-changing call is counted and the plan's crash happens. Async because the FileHandle
 * prototype is only reachable through an open handle.
 */
export async function installFaults(plan: FaultPlan): Promise<void> {
  let n = 0;
  const before = (api: string, target: string, torn?: () => void): void => {
    n++;
    plan.onCall?.(n, api, target);
    if (n !== plan.killAt) return;
    if (plan.torn && torn) torn();
    die();
  };
  const real = { writeSync: fs.writeSync, writeFileSync: fs.writeFileSync };
  const halfWrite = (fd: number, data: Uint8Array, position?: number | null) => () => {
    real.writeSync(fd, data, 0, Math.floor(data.length / 2), position ?? null);
  };
  const halfFile = (file: unknown, data: Uint8Array | undefined, flag = 'w') => () => {
    if (data && (typeof file === 'string' || typeof file === 'number')) real.writeFileSync(file, data.subarray(0, Math.floor(data.length / 2)), { flag });
  };

  const mod = fs as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const api of SYNC_APIS) {
    const orig = mod[api];
    mod[api] = function (this: unknown, ...args: unknown[]) {
      if (api === 'openSync' && !opensForWrite(args[1])) return orig.apply(this, args);
      let torn: (() => void) | undefined;
      if (api === 'writeSync' && typeof args[0] === 'number') {
        const data = dataOf(args, 1);
        const offset = typeof args[2] === 'number' ? args[2] : 0;
        const length = typeof args[3] === 'number' ? args[3] : (data?.length ?? 0) - offset;
        if (data) torn = halfWrite(args[0], data.subarray(offset, offset + length), typeof args[4] === 'number' ? args[4] : null);
      } else if (api === 'writeFileSync' || api === 'appendFileSync') {
        torn = halfFile(args[0], dataOf(args, 1), api === 'appendFileSync' ? 'a' : 'w');
      }
      before(api, describe(args[0]), WRITES.has(api) ? torn : undefined);
      return orig.apply(this, args);
    };
  }
  for (const api of CALLBACK_APIS) {
    const orig = mod[api];
    mod[api] = function (this: unknown, ...args: unknown[]) {
      before(`callback.${api}`, describe(args[0]));
      return orig.apply(this, args);
    };
  }
  const promises = fs.promises as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  for (const api of PROMISE_APIS) {
    const orig = promises[api];
    promises[api] = function (this: unknown, ...args: unknown[]) {
      if (api === 'open' && !opensForWrite(args[1])) return orig.apply(this, args);
      const torn = api === 'writeFile' || api === 'appendFile' ? halfFile(args[0], dataOf(args, 1), api === 'appendFile' ? 'a' : 'w') : undefined;
      before(`promises.${api}`, describe(args[0]), torn);
      return orig.apply(this, args);
    };
  }
  const probe = await fs.promises.open(__filename, 'r');
  const proto = Object.getPrototypeOf(probe) as Record<string, (...a: unknown[]) => Promise<unknown>>;
  await probe.close();
  for (const api of HANDLE_APIS) {
    const orig = proto[api];
    proto[api] = function (this: fsStar.promises.FileHandle, ...args: unknown[]) {
      let torn: (() => void) | undefined;
      if (api === 'write') {
        const data = dataOf(args, 0);
        const offset = typeof args[1] === 'number' ? args[1] : 0;
        const length = typeof args[2] === 'number' ? args[2] : (data?.length ?? 0) - offset;
        if (data) torn = halfWrite(this.fd, data.subarray(offset, offset + length), typeof args[3] === 'number' ? args[3] : null);
      } else if (api === 'writeFile' || api === 'appendFile') {
        const data = dataOf(args, 0);
        if (data) torn = halfWrite(this.fd, data, null);
      }
      before(`handle.${api}`, `fd ${this.fd}`, torn);
      return orig.apply(this, args);
    };
  }
}

/** True when a call of this api writes data (a torn write can be injected there). */
export function isWriteCall(api: string): boolean {
  return WRITES.has(api);
}
