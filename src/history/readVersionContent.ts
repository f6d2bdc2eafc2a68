import type { HistoryFileSystem } from './historyFileSystem';
import { isNotFound } from './historyFileSystem';
import { HistoryReadError, type HistoryVersion } from './historyVersion';

/** Default cap on one version's bytes; VS Code itself only keeps files ≤ 256 KB unless the user raised it. */
export const DEFAULT_MAX_CONTENT_BYTES = 16 * 1024 * 1024;

/**
 * The bytes of one listed version. Regular files only (a symlink planted in a history folder is refused, not
 * followed), bounded by `maxBytes` so a huge entry becomes a clear error instead of an out-of-memory.
 */
export async function readVersionContent(
  fs: HistoryFileSystem,
  version: HistoryVersion,
  maxBytes: number = DEFAULT_MAX_CONTENT_BYTES,
): Promise<Uint8Array> {
  const path = version.contentPath;
  let stat;
  try {
    stat = await fs.lstat(path);
  } catch (err) {
    if (isNotFound(err)) throw new HistoryReadError('contentMissing', 'this historical version no longer exists on disk', path, err);
    throw new HistoryReadError('unreadable', 'could not read this historical version', path, err);
  }
  if (!stat.isFile()) throw new HistoryReadError('contentMissing', 'this historical version is no longer a regular file', path);
  if (stat.size > maxBytes) throw tooLarge(path, stat.size, maxBytes);
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(path);
  } catch (err) {
    if (isNotFound(err)) throw new HistoryReadError('contentMissing', 'this historical version no longer exists on disk', path, err);
    throw new HistoryReadError('unreadable', 'could not read this historical version', path, err);
  }
  // The file can grow between lstat and read (VS Code rewrites the newest entry in place within mergeWindow).
  if (bytes.byteLength > maxBytes) throw tooLarge(path, bytes.byteLength, maxBytes);
  return bytes;
}

function tooLarge(path: string, size: number, maxBytes: number): HistoryReadError {
  return new HistoryReadError('contentTooLarge', `this historical version is ${size} bytes, more than the ${maxBytes}-byte limit`, path);
}
