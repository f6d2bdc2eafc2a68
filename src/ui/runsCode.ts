/**
 * Targets that run code when a tool opens the folder or a command runs (issue 24): VS Code tasks that run on
 * folder open, settings and launch configurations, git hooks and config, husky hooks, direnv files, and any file
 * staged with an executable bit. Marked in Source Control and listed apart in the Apply confirmation, so a
 * reviewer does not approve them as just another line. A setting names more patterns. No `vscode` here.
 */

/** The built-in patterns (workspace-relative, `/`-separated; `*` within a name, `**` across folders). */
export const RUNS_CODE_PATTERNS: readonly string[] = [
  '.vscode/tasks.json',
  '.vscode/settings.json',
  '.vscode/launch.json',
  '.git/hooks/**',
  '.git/config',
  '.husky/**',
  '.envrc',
  '**/.envrc',
];

/** True when a staged file at `relPath` (workspace-relative) can run code: a pattern matches it, or it is executable. */
export function canRunCode(relPath: string, options: { readonly mode?: number; readonly extraPatterns?: readonly string[] } = {}): boolean {
  if (options.mode !== undefined && (options.mode & 0o111) !== 0) return true;
  const p = relPath.split('\\').join('/');
  return [...RUNS_CODE_PATTERNS, ...(options.extraPatterns ?? [])].some(g => globToRegExp(g).test(p));
}

const cache = new Map<string, RegExp>();

/** A glob as a regular expression over a whole `/`-separated path: `**` any folders, `*` and `?` within a name. */
export function globToRegExp(glob: string): RegExp {
  let re = cache.get(glob);
  if (re) return re;
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` matches zero or more folders; a trailing `**` anything below.
      if (glob[i + 2] === '/') {
        out += '(?:.*/)?';
        i += 2;
      } else {
        out += '.*';
        i += 1;
      }
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  re = new RegExp(`^${out}$`);
  cache.set(glob, re);
  return re;
}
