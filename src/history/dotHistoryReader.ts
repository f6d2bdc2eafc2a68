import * as path from 'path';
import { isNotFound, nodeHistoryFileSystem, type HistoryFileSystem } from './historyFileSystem';
import { compareNewestFirst, HistoryReadError, type HistoryVersion } from './historyVersion';
import { DEFAULT_MAX_CONTENT_BYTES, readVersionContent } from './readVersionContent';

/**
 * Reader for the "Local History" extension's (`xyz.local-history`) tree, default layout
 * `<workspace>/.history/<rel dir>/<name>_YYYYMMDDHHmmss<ext>` (research/formats.md §B), where name/ext come from
 * `path.parse` (`.gitignore` → name `.gitignore`, ext ``; `a.tar.gz` → `a.tar` + `.gz`) and the stamp is the
 * save time in LOCAL time. To list one file it reads only that file's own `.history/<rel dir>` folder and
 * keeps the names matching the file's pattern — never the rest of `.history` (seed 000, data minimisation).
 */

export const DOT_HISTORY_DIR = '.history';
export const DOT_HISTORY_LABEL = 'File Saved (.history)';

/**
 * Whether a folder-relative `/`-separated path lies in a workspace folder's `.history` (the store itself included):
 * the person's past versions, which reach an agent only version by version with their consent (SPEC §9 invariant
 * 4), never through the overlay's file tools or a sandboxed command. Any letter case: on a case-insensitive disk
 * `.History` is the same folder.
 */
export function inDotHistory(relativePath: string): boolean {
  return relativePath.split('/', 1)[0].toLowerCase() === DOT_HISTORY_DIR;
}

export interface DotHistoryListing {
  /** The one folder that was read. */
  readonly folder: string;
  readonly exists: boolean;
  /** Newest first. */
  readonly versions: readonly HistoryVersion[];
}

/** Where one file's `.history` versions live and what their names look like. */
export interface DotHistoryTarget {
  readonly folder: string;
  readonly name: string;
  readonly ext: string;
}

export interface DotHistoryReaderOptions {
  readonly fs?: HistoryFileSystem;
}

export class DotHistoryReader {
  private readonly fs: HistoryFileSystem;

  constructor(options: DotHistoryReaderOptions = {}) {
    this.fs = options.fs ?? nodeHistoryFileSystem;
  }

  /**
   * @param workspaceRoot absolute path of the workspace folder holding `.history/`.
   * @param relativePath the file's path relative to that folder, `/`-separated (from workspacePath.ts).
   * @throws HistoryReadError `badLocation` for an absolute or `..` path; `unreadable` for an unlistable folder.
   */
  async listVersions(workspaceRoot: string, relativePath: string): Promise<DotHistoryListing> {
    const target = dotHistoryTarget(workspaceRoot, relativePath);
    let names: string[];
    try {
      names = await this.fs.readdir(target.folder);
    } catch (err) {
      if (isNotFound(err)) return { folder: target.folder, exists: false, versions: [] };
      throw new HistoryReadError('unreadable', 'could not list the .history folder', target.folder, err);
    }
    const matches = names
      .map((n) => ({ n, timestamp: parseDotHistoryName(n, target.name, target.ext) }))
      .filter((m): m is { n: string; timestamp: number } => m.timestamp !== undefined);
    const stats = await Promise.all(matches.map(async (m) => {
      const contentPath = path.join(target.folder, m.n);
      try {
        return { ...m, contentPath, stat: await this.fs.lstat(contentPath) };
      } catch (err) {
        if (isNotFound(err)) return undefined; // purged (daysLimit) between readdir and lstat
        throw new HistoryReadError('unreadable', 'could not read a .history entry', contentPath, err);
      }
    }));
    const versions: HistoryVersion[] = [];
    for (const s of stats) {
      // Regular files only: a symlink inside .history is not followed anywhere.
      if (!s || !s.stat.isFile()) continue;
      versions.push({
        store: 'dotHistory',
        sourceId: s.n,
        timestamp: s.timestamp,
        label: DOT_HISTORY_LABEL,
        source: undefined,
        contentPath: s.contentPath,
        size: s.stat.size,
      });
    }
    versions.sort(compareNewestFirst);
    return { folder: target.folder, exists: true, versions };
  }

  /** @throws HistoryReadError `contentMissing` | `contentTooLarge` | `unreadable` | `foreignVersion`. */
  readContent(version: HistoryVersion, maxBytes: number = DEFAULT_MAX_CONTENT_BYTES): Promise<Uint8Array> {
    const base = path.basename(version.contentPath);
    const segments = path.normalize(version.contentPath).split(path.sep);
    if (version.store !== 'dotHistory' || base !== version.sourceId || !segments.includes(DOT_HISTORY_DIR)
      || !/_\d{14}(\.[^.]*)?$/.test(base)) {
      return Promise.reject(new HistoryReadError('foreignVersion', 'this version does not come from a .history folder', version.contentPath));
    }
    return readVersionContent(this.fs, version, maxBytes);
  }
}

/** The folder and name parts for `relativePath` under `<workspaceRoot>/.history`. */
export function dotHistoryTarget(workspaceRoot: string, relativePath: string): DotHistoryTarget {
  const segments = relativePath.split(/[/\\]/).filter((s) => s !== '' && s !== '.');
  if (!path.isAbsolute(workspaceRoot) || path.isAbsolute(relativePath) || /^[A-Za-z]:/.test(relativePath)
    || segments.length === 0 || segments.includes('..') || relativePath.includes('\0')) {
    throw new HistoryReadError('badLocation', `not a workspace-relative file path: ${JSON.stringify(relativePath)}`);
  }
  const fileName = segments[segments.length - 1];
  const parsed = path.posix.parse(fileName);
  return {
    folder: path.join(workspaceRoot, DOT_HISTORY_DIR, ...segments.slice(0, -1)),
    name: parsed.name,
    ext: parsed.ext,
  };
}

/**
 * The local-time timestamp (ms) of `<name>_YYYYMMDDHHmmss<ext>`, or undefined when `fileName` is not a version
 * of that name (another file, a malformed stamp, or an impossible date like month 13).
 */
export function parseDotHistoryName(fileName: string, name: string, ext: string): number | undefined {
  if (fileName.length !== name.length + 15 + ext.length || !fileName.startsWith(`${name}_`) || !fileName.endsWith(ext)) {
    return undefined;
  }
  const stamp = fileName.substring(name.length + 1, name.length + 15);
  if (!/^\d{14}$/.test(stamp)) return undefined;
  const [y, mo, d, h, mi, s] = [
    stamp.substring(0, 4), stamp.substring(4, 6), stamp.substring(6, 8),
    stamp.substring(8, 10), stamp.substring(10, 12), stamp.substring(12, 14),
  ].map(Number);
  const daysInMonth = new Date(y, mo, 0).getDate();
  if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth || h > 23 || mi > 59 || s > 59) return undefined;
  // The extension writes local wall-clock time (toISOString of a date shifted by the zone offset), so read it
  // back as local time. (In a DST gap hour the Date shifts by an hour; the order of versions is still right.)
  const date = new Date(y, mo - 1, d, h, mi, s);
  return date.getTime();
}
