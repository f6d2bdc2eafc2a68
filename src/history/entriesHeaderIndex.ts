import * as path from 'path';
import { isNotFound, nodeHistoryFileSystem, type HistoryFileSystem } from './historyFileSystem';
import { HistoryReadError } from './historyVersion';
import { LOCAL_HISTORY_FOLDER_PATTERN } from './localHistoryHash';
import type { LocalHistoryLocation } from './localHistoryReader';
import { parseResourceUri } from './resourceUri';

/**
 * Fallback for when the exact resource URI string cannot be derived, so the folder hash cannot be computed:
 * in a remote window or code-server VS Code hashes `vscode-remote://<authority>/<path>`, and an extension
 * cannot learn `<authority>` (for code-server it is whatever Host header the browser used; formats.md §A2).
 *
 * It maps a file's path to history folders by reading ONLY the first `headerBytes` of each folder's
 * `entries.json` — VS Code writes `{"version":1,"resource":"…",` first, so the header carries the resource —
 * and never opens an entry content file. Bounded: at most `maxFolders` folders are read (the most recently
 * modified when there are more) and at most `maxMemoryBytes` of index are kept. What it holds is file paths,
 * not history content, and it is never shown to an agent; it only tells the reader which folder to open.
 *
 * It is a snapshot: build it on demand when a direct lookup found nothing, and drop it afterwards (or keep it
 * briefly). Once it has revealed the remote authority (`authorities()`), use `historyResourceCandidates` with
 * that authority so later lookups go straight to the hashed folder again.
 */

export interface EntriesHeaderIndexOptions {
  readonly fs?: HistoryFileSystem;
  /** Folders read at most (default 20,000). */
  readonly maxFolders?: number;
  /** Bytes read from the start of each entries.json (default 4,096: the resource of any sane path fits). */
  readonly headerBytes?: number;
  /** Approximate memory the index may hold (default 8 MiB). */
  readonly maxMemoryBytes?: number;
  /** entries.json headers read in parallel (default 16). */
  readonly concurrency?: number;
  /** Fold path case for lookups (Windows and default macOS file systems are case-insensitive). */
  readonly caseInsensitivePaths?: boolean;
}

export interface IndexedHistoryFolder extends LocalHistoryLocation {
  readonly scheme: string;
  readonly authority: string;
  /** The decoded URI path, e.g. `/home/u/a.ts` or `/c:/Users/a.ts`. */
  readonly path: string;
}

export interface EntriesHeaderIndexStats {
  /** History folder names found under History/. */
  readonly foldersSeen: number;
  /** entries.json headers actually read. */
  readonly headersRead: number;
  readonly indexed: number;
  /** Folders with no entries.json, an unreadable one, or no resource within `headerBytes`. */
  readonly withoutHeader: number;
  /** True when `maxFolders` or `maxMemoryBytes` stopped the index short. */
  readonly truncated: boolean;
  readonly approxBytes: number;
}

/** Only schemes of workspace files: `file` (desktop) and `vscode-remote` (remote windows, code-server). */
const INDEXED_SCHEMES = new Set(['file', 'vscode-remote']);
const RESOURCE_FIELD = /"resource"\s*:\s*"((?:[^"\\]|\\.)*)"/;
/** Per-entry overhead of Map slots and object headers, so the memory bound is honest for short paths too. */
const ENTRY_OVERHEAD_BYTES = 96;

export class EntriesHeaderIndex {
  private constructor(
    private readonly byPath: ReadonlyMap<string, readonly IndexedHistoryFolder[]>,
    private readonly caseInsensitive: boolean,
    readonly stats: EntriesHeaderIndexStats,
  ) {}

  /** Reads History/ once. A missing History/ gives an empty index (no local history yet), not an error. */
  static async build(historyRoot: string, options: EntriesHeaderIndexOptions = {}): Promise<EntriesHeaderIndex> {
    const fs = options.fs ?? nodeHistoryFileSystem;
    const maxFolders = Math.max(0, Math.floor(options.maxFolders ?? 20_000));
    const headerBytes = Math.max(64, Math.floor(options.headerBytes ?? 4096));
    const maxMemoryBytes = Math.max(0, options.maxMemoryBytes ?? 8 * 1024 * 1024);
    const concurrency = Math.max(1, Math.floor(options.concurrency ?? 16));
    const caseInsensitive = options.caseInsensitivePaths ?? false;

    let names: string[];
    try {
      names = (await fs.readdir(historyRoot)).filter((n) => LOCAL_HISTORY_FOLDER_PATTERN.test(n));
    } catch (err) {
      if (isNotFound(err)) {
        return new EntriesHeaderIndex(new Map(), caseInsensitive, {
          foldersSeen: 0, headersRead: 0, indexed: 0, withoutHeader: 0, truncated: false, approxBytes: 0,
        });
      }
      throw new HistoryReadError('unreadable', 'could not list the local history store', historyRoot, err);
    }
    const foldersSeen = names.length;
    let truncated = false;
    if (names.length > maxFolders) {
      // Keep the most recently touched folders: the file the user asks about was most likely saved lately.
      names = await newestFirst(fs, historyRoot, names, concurrency);
      names = names.slice(0, maxFolders);
      truncated = true;
    }

    const byPath = new Map<string, IndexedHistoryFolder[]>();
    let headersRead = 0;
    let indexed = 0;
    let withoutHeader = 0;
    let approxBytes = 0;
    let memoryFull = false;
    const decoder = new TextDecoder('utf-8');
    for (let i = 0; i < names.length && !memoryFull; i += concurrency) {
      const batch = names.slice(i, i + concurrency);
      const headers = await Promise.all(batch.map(async (folderName) => {
        try {
          return await fs.readHead(path.join(historyRoot, folderName, 'entries.json'), headerBytes);
        } catch {
          return undefined; // no entries.json yet, or unreadable: this folder cannot be matched by path
        }
      }));
      for (let j = 0; j < batch.length; j++) {
        const head = headers[j];
        if (head) headersRead++;
        const hit = head ? toIndexed(batch[j], decoder.decode(head)) : undefined;
        if (!hit) {
          withoutHeader++;
          continue;
        }
        const cost = ENTRY_OVERHEAD_BYTES + 2 * (hit.folderName.length + hit.resource.length + hit.authority.length + 2 * hit.path.length);
        if (approxBytes + cost > maxMemoryBytes) {
          memoryFull = true;
          break;
        }
        approxBytes += cost;
        indexed++;
        const key = pathKey(hit.path, caseInsensitive);
        const list = byPath.get(key);
        if (list) list.push(hit);
        else byPath.set(key, [hit]);
      }
    }
    return new EntriesHeaderIndex(byPath, caseInsensitive, {
      foldersSeen, headersRead, indexed, withoutHeader, truncated: truncated || memoryFull, approxBytes,
    });
  }

  /**
   * History folders whose resource has this decoded URI path (`/home/u/a.ts`; for Windows `/C:/x/a.ts` —
   * `fileUriParts(fsPath).path` gives it). Several hits are normal: one file reached through two authorities.
   */
  lookup(uriPath: string): readonly IndexedHistoryFolder[] {
    return this.byPath.get(pathKey(uriPath, this.caseInsensitive)) ?? [];
  }

  /** Distinct `vscode-remote` authorities seen, most frequent first: the one to hash with from now on. */
  authorities(): string[] {
    const counts = new Map<string, number>();
    for (const list of this.byPath.values()) {
      for (const hit of list) {
        if (hit.scheme === 'vscode-remote') counts.set(hit.authority, (counts.get(hit.authority) ?? 0) + 1);
      }
    }
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([a]) => a);
  }
}

function toIndexed(folderName: string, head: string): IndexedHistoryFolder | undefined {
  const m = RESOURCE_FIELD.exec(head);
  if (!m) return undefined;
  let resource: string;
  try {
    resource = JSON.parse(`"${m[1]}"`) as string;
  } catch {
    return undefined;
  }
  try {
    const parts = parseResourceUri(resource);
    if (!INDEXED_SCHEMES.has(parts.scheme)) return undefined;
    return { folderName, resource, scheme: parts.scheme, authority: parts.authority, path: parts.path };
  } catch {
    return undefined;
  }
}

/** Drive letters are lower-cased by VS Code's formatter but not by `Uri.file`, so fold them on both sides. */
function pathKey(uriPath: string, caseInsensitive: boolean): string {
  if (caseInsensitive) return uriPath.toLowerCase();
  return uriPath.replace(/^\/([A-Z]):/, (_m, d: string) => `/${d.toLowerCase()}:`);
}

async function newestFirst(fs: HistoryFileSystem, root: string, names: string[], concurrency: number): Promise<string[]> {
  const mtimes = new Map<string, number>();
  for (let i = 0; i < names.length; i += concurrency) {
    const batch = names.slice(i, i + concurrency);
    const stats = await Promise.all(batch.map((n) => fs.lstat(path.join(root, n)).then((s) => s.mtimeMs, () => 0)));
    batch.forEach((n, j) => mtimes.set(n, stats[j]));
  }
  return [...names].sort((a, b) => (mtimes.get(b) ?? 0) - (mtimes.get(a) ?? 0));
}
