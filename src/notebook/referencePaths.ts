/**
 * Where a reference in a prompt points (an absolute file-system path), whether the notebook may read it
 * (inside one of its allowed roots), and how the model is shown it (workspace-relative).
 */
import * as path from 'path';
import { fileURLToPath } from 'url';

/** A workspace folder as the notebook sees it. */
export interface NotebookRoot {
  readonly name: string;
  /** Absolute file-system path. */
  readonly path: string;
  /** The folder's URI as VS Code writes it (`allowedUris` are given in this form). */
  readonly uri: string;
}

/**
 * The absolute paths a reference may mean, most likely first. Absolute paths and `file:` URIs mean themselves;
 * `folder/rest` picks that folder in a multi-root workspace; otherwise the path is tried in each folder, then
 * next to the notebook (`baseDir`). Undefined for URIs of other schemes.
 */
export function candidatePaths(ref: string, roots: readonly NotebookRoot[], baseDir?: string): string[] | undefined {
  const r = ref.trim();
  if (/^file:/i.test(r)) {
    try {
      return [path.normalize(fileURLToPath(r))];
    } catch {
      return undefined;
    }
  }
  if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(r) && !/^[A-Za-z]:[\\/]/.test(r)) return undefined;
  if (path.isAbsolute(r)) return [path.normalize(r)];
  const rel = r.replace(/^\.[\\/]/, '');
  const out: string[] = [];
  const segments = rel.split(/[\\/]+/);
  if (roots.length > 1 && segments.length > 1) {
    for (const root of roots) if (root.name === segments[0]) out.push(path.join(root.path, ...segments.slice(1)));
  }
  for (const root of roots) out.push(path.join(root.path, rel));
  if (baseDir) out.push(path.join(baseDir, rel));
  return [...new Set(out)];
}

/** True when `p` is `root` or inside it (lexically). */
export function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export function isInsideAny(roots: readonly string[], p: string): boolean {
  return roots.some(r => isInside(r, p));
}

/** How the model is shown a path: relative to its folder (prefixed by the folder name when there are several). */
export function displayPathOf(abs: string, roots: readonly NotebookRoot[]): string {
  for (const root of roots) {
    if (isInside(root.path, abs) && abs !== root.path) {
      const rel = path.relative(root.path, abs).split(path.sep).join('/');
      return roots.length > 1 ? `${root.name}/${rel}` : rel;
    }
  }
  return abs;
}

/**
 * The file-system paths of `allowedUris` (`file:` URIs only; anything else is reported in `ignored`).
 */
export function allowedPathsOf(allowedUris: readonly string[]): { paths: string[]; ignored: string[] } {
  const paths: string[] = [];
  const ignored: string[] = [];
  for (const uri of allowedUris) {
    try {
      if (!/^file:/i.test(uri)) throw new Error('not a file: URI');
      paths.push(path.normalize(fileURLToPath(uri)));
    } catch {
      ignored.push(uri);
    }
  }
  return { paths, ignored };
}
