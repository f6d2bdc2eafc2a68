import { GlobSet } from './globMatch';
import type { IgnoreRules } from './ignoreRules';

/** Why a path is left out of a listing or a search (undefined: it is in). */
export type FilterVerdict = 'excluded' | 'gitignored' | 'notIncluded';

export interface ViewFilterOptions {
  /** `files.exclude` (and `search.exclude`, and the caller's excludes): the path or a folder above it matches. */
  readonly excludes: readonly string[];
  /** When given and not empty, a file must match one (itself or a folder above it). */
  readonly includes?: readonly string[];
  /** `.gitignore` rules; none: gitignored paths are in. */
  readonly gitignore?: IgnoreRules;
}

/**
 * The one filter listings and searches apply to folder-relative POSIX paths, staged or on disk alike, so a staged
 * create under `node_modules/` is left out exactly as the disk's files there are.
 */
export class ViewFilter {
  private readonly excludes: GlobSet;
  private readonly includes: GlobSet;

  constructor(private readonly options: ViewFilterOptions) {
    this.excludes = new GlobSet(options.excludes);
    this.includes = new GlobSet(options.includes ?? []);
  }

  verdict(relPath: string, isFolder: boolean): FilterVerdict | undefined {
    if (this.excludes.matchesSelfOrAncestor(relPath)) return 'excluded';
    if (this.options.gitignore?.ignores(relPath, isFolder)) return 'gitignored';
    if (!isFolder && !this.includes.isEmpty && !this.includes.matchesSelfOrAncestor(relPath)) return 'notIncluded';
    return undefined;
  }
}
