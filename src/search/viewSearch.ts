import type { IgnoreRules } from './ignoreRules';
import type { CompiledQuery } from './searchQuery';
import { ViewFilter } from './viewFilter';
import { comparePaths } from './viewListing';

export interface SearchRoot {
  readonly name: string;
  readonly path: string;
}

/** A file whose disk content staging replaces (modified, created, renamed here) or hides (deleted, renamed away). */
export interface StagedFile {
  readonly root: number;
  /** Folder-relative, POSIX. */
  readonly rel: string;
  readonly hasContent: boolean;
}

/** The effective view as the search reads it (the overlay's adapter: `overlayView.ts`). */
export interface SearchView {
  readonly roots: readonly SearchRoot[];
  stagedFiles(): readonly StagedFile[];
  /** A staged file's effective bytes. */
  read(root: number, rel: string): Uint8Array;
  /** `files.exclude` and `search.exclude` globs turned on for the folder. */
  settingsExcludes(root: number): readonly string[];
  gitignore(root: number): IgnoreRules;
}

export interface DiskHit {
  /** Folder-relative, POSIX. */
  readonly rel: string;
  readonly line: number;
  readonly text: string;
}

/** Searches the disk under one folder (ripgrep: `ripgrep.ts`), `.gitignore` and binary files skipped. */
export interface DiskSearcher {
  /** Calls `onHit` per matching line, in path order; stops when it returns false. */
  search(root: SearchRoot, query: CompiledQuery, globs: { readonly includes: readonly string[]; readonly excludes: readonly string[] }, onHit: (hit: DiskHit) => boolean, signal?: AbortSignal): Promise<void>;
}

export interface SearchOptions {
  readonly includes: readonly string[];
  readonly excludes: readonly string[];
  readonly maxResults: number;
}

export interface SearchHit {
  readonly root: number;
  readonly rel: string;
  readonly line: number;
  /** The line, trimmed, cut around the match when long. */
  readonly text: string;
  /** From staged content (not on disk yet). */
  readonly staged: boolean;
}

export interface SearchOutcome {
  readonly hits: readonly SearchHit[];
  readonly truncated: boolean;
  /** Staged files whose content was searched (in memory). */
  readonly stagedFilesSearched: number;
}

/** Longest line text a hit carries. */
export const MAX_LINE_CHARS = 240;

/**
 * Searches the effective view: the disk through `disk`, skipping every path staging touches, and the staged
 * contents in memory with the same query, under the same filter; then one list, sorted by folder, path and line,
 * capped at `maxResults`. The disk search stops as soon as it has more than `maxResults` hits (so `truncated`
 * is known without reading the rest).
 */
export async function searchView(view: SearchView, disk: DiskSearcher, query: CompiledQuery, options: SearchOptions, signal?: AbortSignal): Promise<SearchOutcome> {
  const staged = view.stagedFiles();
  const filters = view.roots.map((_, i) => new ViewFilter({ excludes: [...view.settingsExcludes(i), ...options.excludes], includes: options.includes, gitignore: view.gitignore(i) }));
  const diskHits: SearchHit[] = [];
  let diskTruncated = false;
  for (let i = 0; i < view.roots.length && !diskTruncated; i++) {
    const touched = new Set(staged.filter(f => f.root === i).map(f => f.rel));
    // ripgrep applies the globs for speed (it skips excluded folders); the filter decides, in one dialect.
    const globs = { includes: options.includes, excludes: [...view.settingsExcludes(i), ...options.excludes] };
    // Hits come file by file: one verdict per file.
    let last: { rel: string; out: boolean } | undefined;
    await disk.search(view.roots[i], query, globs, hit => {
      if (last?.rel !== hit.rel) last = { rel: hit.rel, out: touched.has(hit.rel) || filters[i].verdict(hit.rel, false) !== undefined };
      if (last.out) return true;
      if (diskHits.length >= options.maxResults) {
        diskTruncated = true;
        return false;
      }
      diskHits.push({ root: i, rel: hit.rel, line: hit.line, text: excerpt(hit.text, query), staged: false });
      return true;
    }, signal);
  }
  const stagedHits: SearchHit[] = [];
  let searched = 0;
  for (const f of staged) {
    if (!f.hasContent || filters[f.root].verdict(f.rel, false) !== undefined) continue;
    signal?.throwIfAborted();
    const text = textOf(view.read(f.root, f.rel));
    if (text === undefined) continue;
    searched++;
    text.split(/\r?\n/).forEach((line, n) => {
      if (query.test(line)) stagedHits.push({ root: f.root, rel: f.rel, line: n + 1, text: excerpt(line, query), staged: true });
    });
  }
  return { ...mergeHits(diskHits, stagedHits, options.maxResults, diskTruncated), stagedFilesSearched: searched };
}

/** Both lists as one, in folder, path and line order, at most `max` long. */
export function mergeHits(disk: readonly SearchHit[], staged: readonly SearchHit[], max: number, diskTruncated: boolean): { hits: SearchHit[]; truncated: boolean } {
  const all = [...disk, ...staged].sort((a, b) => a.root - b.root || comparePaths(a.rel, b.rel) || a.line - b.line);
  return { hits: all.slice(0, max), truncated: diskTruncated || all.length > max };
}

/** A line as a hit shows it: trimmed, and when long, the part around the first match. */
export function excerpt(line: string, query: CompiledQuery, max = MAX_LINE_CHARS): string {
  const text = line.replace(/\r?\n$/, '').trim();
  if (text.length <= max) return text;
  const at = Math.max(0, query.indexIn(text));
  const start = Math.max(0, Math.min(at - 40, text.length - max));
  return `${start > 0 ? '…' : ''}${text.slice(start, start + max)}${start + max < text.length ? '…' : ''}`;
}

/** The text, or undefined for a binary file (a NUL byte: ripgrep's test, which skips those on disk too). */
function textOf(bytes: Uint8Array): string | undefined {
  return bytes.includes(0) ? undefined : new TextDecoder('utf-8').decode(bytes);
}
