import * as path from 'path';
import type { ViewFilter } from './viewFilter';

export type EntryType = 'file' | 'folder' | 'symlink';

/** How an entry differs from the disk because of staged changes (deleted entries are not listed at all). */
export type StagedMark = 'created' | 'modified' | 'renamed';

/** The effective view as the listing reads it (the overlay's adapter: `overlayView.ts`). */
export interface ListingView {
  /** A folder's entries in the effective view; throws when `dir` is not a folder there. */
  entries(dir: string): readonly (readonly [string, EntryType])[];
  /** What staging did to the entry at `absolute`, if anything. */
  mark(absolute: string, type: EntryType): StagedMark | undefined;
}

export interface ListingRequest {
  /** Absolute path of the folder to list. */
  readonly dir: string;
  /** `dir` relative to its workspace folder, POSIX ('' for the workspace folder itself). */
  readonly relDir: string;
  readonly recursive: boolean;
  readonly maxEntries: number;
  readonly filter: ViewFilter;
}

export interface ListedEntry {
  /** Relative to the listed folder, POSIX (`src/app.ts` under a recursive listing of the root). */
  readonly name: string;
  readonly type: EntryType;
  readonly staged?: StagedMark;
  /** One-level listings show gitignored entries, marked; recursive ones leave them out. */
  readonly gitignored?: true;
}

export interface Listing {
  readonly entries: readonly ListedEntry[];
  readonly truncated: boolean;
  /** Entries left out: by `files.exclude`, and (recursive listings) by `.gitignore`. */
  readonly excluded: number;
  readonly gitignored: number;
}

/**
 * Lists a folder of the effective view, breadth first, so a listing cut short at `maxEntries` still shows the
 * shallow structure; the result is sorted by path. Symlinks are listed, never followed.
 */
export function listView(view: ListingView, req: ListingRequest): Listing {
  const out: ListedEntry[] = [];
  let excluded = 0;
  let gitignored = 0;
  let truncated = false;
  const queue: string[] = [''];
  walk: for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const entries = [...view.entries(next === '' ? req.dir : path.join(req.dir, ...next.split('/')))].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [name, type] of entries) {
      const rel = next === '' ? name : `${next}/${name}`;
      const verdict = req.filter.verdict(req.relDir === '' ? rel : `${req.relDir}/${rel}`, type === 'folder');
      if (verdict === 'excluded') {
        excluded++;
        continue;
      }
      if (verdict === 'gitignored' && req.recursive) {
        gitignored++;
        continue;
      }
      if (out.length >= req.maxEntries) {
        truncated = true;
        break walk;
      }
      const staged = view.mark(path.join(req.dir, ...rel.split('/')), type);
      out.push({ name: rel, type, ...(staged ? { staged } : {}), ...(verdict === 'gitignored' ? { gitignored: true as const } : {}) });
      if (type === 'folder' && req.recursive) queue.push(rel);
    }
  }
  out.sort((a, b) => comparePaths(a.name, b.name));
  return { entries: out, truncated, excluded, gitignored };
}

/** Segment by segment, so `a/b` sorts before `a-c` (as a tree reads). */
export function comparePaths(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return x.length - y.length;
}
