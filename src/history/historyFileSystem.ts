import { promises as fsp } from 'fs';

/**
 * The few read-only file operations the history readers use. Injected so that a test or the bench can wrap
 * them and prove which paths were touched (SPEC §8: "no scan of other files' history"), and so that nothing in
 * src/history can write: there is no write method to call.
 */
export interface HistoryFileSystem {
  /** Names of a directory's children (not recursive). */
  readdir(dir: string): Promise<string[]>;
  /** Does not follow a final symlink: readers accept regular files only, so a link never leads them elsewhere. */
  lstat(path: string): Promise<HistoryStat>;
  readFile(path: string): Promise<Uint8Array>;
  /** At most `maxBytes` from the start of a file (the `entries.json` header index reads no more). */
  readHead(path: string, maxBytes: number): Promise<Uint8Array>;
  realpath(path: string): Promise<string>;
}

export interface HistoryStat {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  readonly mtimeMs: number;
  readonly size: number;
}

/** The real file system, through `fs.promises`. */
export const nodeHistoryFileSystem: HistoryFileSystem = {
  readdir: (dir) => fsp.readdir(dir),
  lstat: (path) => fsp.lstat(path),
  readFile: (path) => fsp.readFile(path),
  async readHead(path, maxBytes) {
    const handle = await fsp.open(path, 'r');
    try {
      const buffer = Buffer.alloc(maxBytes);
      const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  },
  realpath: (path) => fsp.realpath(path),
};

/** Node's error code of a failed fs call (`ENOENT`, `EACCES`, …), if it is one. */
export function fsErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The path is absent (or a parent is not a directory): "no history", as opposed to a real read failure. */
export function isNotFound(err: unknown): boolean {
  const code = fsErrorCode(err);
  return code === 'ENOENT' || code === 'ENOTDIR';
}
