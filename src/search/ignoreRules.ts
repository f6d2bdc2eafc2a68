import ignore, { type Ignore } from 'ignore';

/**
 * `.gitignore` rules over one workspace folder, read through whatever view the caller gives (the overlay's
 * effective view, so a staged `.gitignore` counts): each folder's file applies to the paths below it, a deeper
 * file's rule wins over a shallower one's, the last matching line of a file wins, and nothing below an ignored
 * folder can be taken back (git's rules). Only `.gitignore` files inside the folder are read: not
 * `.git/info/exclude`, the global excludes file, or a `.gitignore` above the workspace folder.
 */
export class IgnoreRules {
  private readonly perFolder = new Map<string, Ignore | null>();
  private readonly verdicts = new Map<string, boolean>();

  /** `read(folderRelPath)`: the text of that folder's `.gitignore` ('' = the workspace folder), or undefined. */
  constructor(private readonly read: (folderRel: string) => string | undefined) {}

  /** Whether git would ignore the path (folder-relative, POSIX); `isFolder` for folder-only rules (`build/`). */
  ignores(relPath: string, isFolder: boolean): boolean {
    const parent = relPath.includes('/') ? relPath.slice(0, relPath.lastIndexOf('/')) : '';
    if (parent !== '' && this.ignoresFolder(parent)) return true;
    return this.decide(relPath, isFolder);
  }

  private ignoresFolder(rel: string): boolean {
    const known = this.verdicts.get(rel);
    if (known !== undefined) return known;
    const verdict = this.ignores(rel, true);
    this.verdicts.set(rel, verdict);
    return verdict;
  }

  /** The deepest `.gitignore` with a rule about the path decides (`test` tells "ignored" from "taken back"). */
  private decide(relPath: string, isFolder: boolean): boolean {
    const folders = ancestors(relPath);
    for (let i = folders.length - 1; i >= 0; i--) {
      const rules = this.rulesOf(folders[i]);
      if (!rules) continue;
      const rel = folders[i] === '' ? relPath : relPath.slice(folders[i].length + 1);
      const r = rules.test(isFolder ? `${rel}/` : rel);
      if (r.ignored) return true;
      if (r.unignored) return false;
    }
    return false;
  }

  private rulesOf(folder: string): Ignore | null {
    let rules = this.perFolder.get(folder);
    if (rules === undefined) {
      const text = this.read(folder);
      rules = text === undefined ? null : ignore().add(text);
      this.perFolder.set(folder, rules);
    }
    return rules;
  }
}

/** '' and every folder above a path, shallowest first: `a/b/c` → ['', 'a', 'a/b']. */
function ancestors(relPath: string): string[] {
  const parts = relPath.split('/');
  const out = [''];
  for (let i = 1; i < parts.length; i++) out.push(parts.slice(0, i).join('/'));
  return out;
}
