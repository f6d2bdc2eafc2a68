import * as fs from 'fs';

// The module object itself (`import * as` gives a wrapper of getters): the store's modules see what is patched on it.
const nodeFs = (fs as unknown as { default: typeof fs }).default;

/** The calls of Node's fs that change a disk: the seam a full or read-only disk is simulated at. */
const PROMISE_CALLS = ['rename', 'mkdir', 'rm', 'unlink', 'writeFile', 'appendFile', 'truncate', 'link', 'copyFile'] as const;
const SYNC_CALLS = ['renameSync', 'mkdirSync', 'rmSync', 'unlinkSync', 'writeFileSync', 'appendFileSync', 'truncateSync', 'linkSync', 'copyFileSync'] as const;
const WRITE_FLAGS = /[wa+]/;

/**
 * Makes the disk refuse every change from the `failFrom`-th call on with `code` (the disk fills up, or turns
 * read-only, at that moment), for the duration of `f`. Returns how many changing calls `f` made.
 */
export async function withDiskFailing<T>(code: string, failFrom: number, f: () => Promise<T>): Promise<{ calls: number; result?: T; error?: unknown }> {
  let calls = 0;
  const refuse = () => {
    calls++;
    if (calls >= failFrom) throw Object.assign(new Error(`${code}: simulated`), { code });
  };
  const restore: (() => void)[] = [];
  const promises = nodeFs.promises as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of PROMISE_CALLS) {
    const real = promises[name];
    promises[name] = async (...a: unknown[]) => (refuse(), real.apply(nodeFs.promises, a));
    restore.push(() => (promises[name] = real));
  }
  const realOpen = promises.open;
  promises.open = async (...a: unknown[]) => {
    if (typeof a[1] === 'string' && WRITE_FLAGS.test(a[1])) refuse();
    return realOpen.apply(nodeFs.promises, a);
  };
  restore.push(() => (promises.open = realOpen));
  const sync = nodeFs as unknown as Record<string, (...a: unknown[]) => unknown>;
  for (const name of SYNC_CALLS) {
    const real = sync[name];
    sync[name] = (...a: unknown[]) => (refuse(), real.apply(nodeFs, a));
    restore.push(() => (sync[name] = real));
  }
  try {
    const result = await f();
    return { calls, result };
  } catch (error) {
    return { calls, error };
  } finally {
    for (const r of restore) r();
  }
}

