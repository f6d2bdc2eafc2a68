import * as fs from 'fs';
import * as path from 'path';

/**
 * The normalized form of `fsPath` when it lies in one of `roots` (a root itself included), else undefined:
 * `agent-staged:` mirrors the workspace, not the machine. `..` segments are resolved before the check, so
 * `/ws/../etc/passwd` is outside `/ws`. Lexical only: see `resolveInWorkspace` for symlinks.
 */
export function pathWithinRoots(fsPath: string, roots: readonly string[]): string | undefined {
  const resolved = path.resolve(fsPath);
  for (const root of roots) {
    const rel = path.relative(path.resolve(root), resolved);
    if (rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel))) return resolved;
  }
  return undefined;
}

/**
 * `pathWithinRoots`, and also where the path really leads: the existing part of it is resolved through symlinks
 * (one `realpath` call), so a link inside the workspace to a folder outside it does not open that folder.
 * Returns the normalized path as given (not the real one: the overlay keys changes by the path the user sees).
 */
export function resolveInWorkspace(fsPath: string, roots: readonly string[]): string | undefined {
  const lexical = pathWithinRoots(fsPath, roots);
  if (lexical === undefined) return undefined;
  return pathWithinRoots(realPathOfDeepest(lexical), roots.map(realPathOfDeepest)) === undefined ? undefined : lexical;
}

/** The real path of `p`, or of its deepest existing ancestor with the rest appended (for files yet to exist). */
function realPathOfDeepest(p: string): string {
  const rest: string[] = [];
  let probe = p;
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(probe), ...rest);
    } catch {
      const parent = path.dirname(probe);
      if (parent === probe) return p;
      rest.unshift(path.basename(probe));
      probe = parent;
    }
  }
}
