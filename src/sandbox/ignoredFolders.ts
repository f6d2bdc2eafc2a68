/**
 * Folders a command fills with what it can make again (dependencies, build output, caches, the repository's own
 * database). What a command writes under them is not staged: it stays in the session's scratch layer, so
 * `npm install` then `npm test` work, and is dropped with the scratch.
 */
export const IGNORED_FOLDER_NAMES: ReadonlySet<string> = new Set([
  '.git',
  'node_modules',
  'dist',
  'target',
  '.venv',
  'venv',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '.tox',
  '.cache',
  '.gradle',
  '.next',
  '.nuxt',
  '.turbo',
  '.parcel-cache',
  '.nyc_output',
  'coverage',
  // Not a cache: the Local History extension's store of the person's past versions. Commands never see the
  // person's (stagedView.ts hides it); what one writes there is not a change to review.
  '.history',
]);

/**
 * True when a workspace-relative path ('/'-separated) lies under an ignored folder, or is one. A file merely named
 * like one (a file called `dist`) is not: only a folder of that name is ignored, so the last segment counts only
 * for a directory.
 */
export function isIgnoredPath(relative: string, isDirectory = false): boolean {
  const parts = relative.split('/').filter(p => p.length > 0);
  const folders = isDirectory ? parts : parts.slice(0, -1);
  return folders.some(p => IGNORED_FOLDER_NAMES.has(p));
}
