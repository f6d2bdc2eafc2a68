import { RipgrepSearcher, findRipgrep, ripgrepCandidates } from '../../search/ripgrep';
import type { DiskSearcher } from '../../search/viewSearch';

/**
 * What `overlay_listDirectory` and `overlay_search` need beyond the overlay: the workspace's exclude settings
 * (per folder, as VS Code reads them) and a disk searcher. The VS Code adapter reads `files.exclude` and
 * `search.exclude` and finds VS Code's own ripgrep.
 */
export interface ViewToolServices {
  /** `files.exclude` globs turned on for the workspace folder at `rootPath`. */
  filesExclude(rootPath: string): readonly string[];
  /** `search.exclude` globs turned on for it. */
  searchExclude(rootPath: string): readonly string[];
  readonly disk: DiskSearcher;
}

/** Outside VS Code (the notebook's unit tests, scripts): no exclude settings, ripgrep from the PATH. */
export function plainViewToolServices(): ViewToolServices {
  return {
    filesExclude: () => [],
    searchExclude: () => [],
    disk: new RipgrepSearcher(() => findRipgrep(ripgrepCandidates(undefined, process.env.PATH))),
  };
}
