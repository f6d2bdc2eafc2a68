/**
 * The `file:` ⇄ `agent-staged:` mapping. An `agent-staged:` URI is the workspace file's URI with the scheme
 * swapped: authority, path, query and fragment are kept verbatim, so every workspace folder of a multi-root
 * workspace (and names with spaces, unicode, `#` or `?`, which live percent-encoded in the path) round-trips.
 *
 * The review editors the product opens itself (the diff of a staged change, "Open Staged File") use a second
 * shape, `agent-staged-review:`, served by the same provider: its path is relative to the workspace folder and
 * its query is the folder's path (`agent-staged-review:/src/a.ts?/home/me/proj`). VS Code builds an editor's
 * breadcrumb by walking the URI's path up to `/` (it finds no workspace folder for a scheme other than the
 * folder's own), so only a folder-relative path gives the breadcrumb `src › a.ts`. In a multi-root workspace
 * the path starts with the folder's name (`/proj/src/a.ts?/home/me`), as VS Code's breadcrumb does there.
 * Agents keep the absolute `agent-staged:` form; both name the same staged file.
 */
export const STAGED_SCHEME = 'agent-staged';
export const REVIEW_SCHEME = 'agent-staged-review';
export const FILE_SCHEME = 'file';

/** The parts of a URI this mapping reads; `vscode.Uri` satisfies it, so adapters pass their URIs straight in. */
export interface UriParts {
  readonly scheme: string;
  readonly authority: string;
  readonly path: string;
  readonly query: string;
  readonly fragment: string;
}

export class SchemeMismatchError extends Error {
  constructor(readonly expected: string, readonly actual: string) {
    super(`expected a ${expected}: URI, got ${actual}:`);
  }
}

/** A URI that does not have the shape its scheme promises (a review URI without its folder, a file outside it). */
export class UriShapeError extends Error {
  constructor(message: string) {
    super(message);
  }
}

/** The parts of the `agent-staged:` twin of a `file:` URI. */
export function toStagedParts(file: UriParts): UriParts {
  if (file.scheme !== FILE_SCHEME) throw new SchemeMismatchError(FILE_SCHEME, file.scheme);
  return { ...pick(file), scheme: STAGED_SCHEME };
}

/** The parts of the `file:` URI an `agent-staged:` or `agent-staged-review:` URI stands for. */
export function toFileParts(staged: UriParts): UriParts {
  if (staged.scheme === REVIEW_SCHEME) return reviewToFileParts(staged);
  if (staged.scheme !== STAGED_SCHEME) throw new SchemeMismatchError(STAGED_SCHEME, staged.scheme);
  return { ...pick(staged), scheme: FILE_SCHEME };
}

/**
 * The parts of the `agent-staged-review:` URI of `file`, which lies in the workspace folder `folder` (the
 * folder itself included). With `withFolderName` (a multi-root workspace) the path starts with the folder's
 * own name and the query is the folder's parent, so the breadcrumb reads `proj › src › a.ts`, as VS Code's
 * does there; either way the file is the query's path joined with the URI's path. Throws `UriShapeError` when
 * the file is not in the folder, or when the file URI has a query (the review shape keeps the folder there;
 * such a file has only the `agent-staged:` form).
 */
export function toReviewParts(file: UriParts, folder: UriParts, withFolderName = false): UriParts {
  if (file.scheme !== FILE_SCHEME) throw new SchemeMismatchError(FILE_SCHEME, file.scheme);
  if (folder.scheme !== FILE_SCHEME) throw new SchemeMismatchError(FILE_SCHEME, folder.scheme);
  const folderPath = trimTrailingSlash(folder.path);
  const parent = folderPath.slice(0, folderPath.lastIndexOf('/'));
  // A folder at the root of a drive or of the file system has no parent to stand in the query.
  const base = withFolderName && folderPath !== '' && !/^\/[A-Za-z]:$/.test(folderPath) ? parent : folderPath;
  if (relativeTo(file.path, folderPath) === undefined) {
    throw new UriShapeError(`${file.path} is not inside the workspace folder ${folder.path}`);
  }
  const rel = relativeTo(file.path, base);
  if (rel === undefined || file.query !== '' || file.authority.toLowerCase() !== folder.authority.toLowerCase()) {
    throw new UriShapeError(`${file.path} is not inside the workspace folder ${folder.path}`);
  }
  return { scheme: REVIEW_SCHEME, authority: file.authority, path: rel, query: base || '/', fragment: file.fragment };
}

function reviewToFileParts(review: UriParts): UriParts {
  if (!review.query.startsWith('/') || !review.path.startsWith('/')) {
    throw new UriShapeError(`${REVIEW_SCHEME}: URIs are "${REVIEW_SCHEME}:/<path in the folder>?<folder path>"; got path ${JSON.stringify(review.path)}, query ${JSON.stringify(review.query)}`);
  }
  const base = trimTrailingSlash(review.query);
  const path = review.path === '/' ? base || '/' : `${base}${review.path}`;
  return { scheme: FILE_SCHEME, authority: review.authority, path, query: '', fragment: review.fragment };
}

/** `path` relative to `base` as an absolute-looking `/rel` (`/` for the base itself), or undefined if outside. */
function relativeTo(path: string, base: string): string | undefined {
  if (sameFolderPath(path, base)) return '/';
  const head = path.slice(0, base.length);
  if (path.charAt(base.length) !== '/' || !sameFolderPath(head, base)) return undefined;
  return path.slice(base.length);
}

/** Folder paths compare exactly, except a Windows drive letter (`/c:` and `/C:` are one drive). */
function sameFolderPath(a: string, b: string): boolean {
  const drive = /^\/[A-Za-z]:/;
  if (drive.test(a) && drive.test(b)) return a.slice(0, 3).toLowerCase() === b.slice(0, 3).toLowerCase() && a.slice(3) === b.slice(3);
  return a === b;
}

function trimTrailingSlash(p: string): string {
  return p.replace(/\/+$/, '');
}

function pick(u: UriParts): UriParts {
  return { scheme: u.scheme, authority: u.authority, path: u.path, query: u.query, fragment: u.fragment };
}
