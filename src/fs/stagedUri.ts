/**
 * The `file:` ⇄ `agent-staged:` mapping. An `agent-staged:` URI is the workspace file's URI with the scheme
 * swapped: authority, path, query and fragment are kept verbatim, so every workspace folder of a multi-root
 * workspace (and names with spaces, unicode, `#` or `?`, which live percent-encoded in the path) round-trips.
 */
export const STAGED_SCHEME = 'agent-staged';
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

/** The parts of the `agent-staged:` twin of a `file:` URI. */
export function toStagedParts(file: UriParts): UriParts {
  if (file.scheme !== FILE_SCHEME) throw new SchemeMismatchError(FILE_SCHEME, file.scheme);
  return { ...pick(file), scheme: STAGED_SCHEME };
}

/** The parts of the `file:` URI an `agent-staged:` URI stands for. */
export function toFileParts(staged: UriParts): UriParts {
  if (staged.scheme !== STAGED_SCHEME) throw new SchemeMismatchError(STAGED_SCHEME, staged.scheme);
  return { ...pick(staged), scheme: FILE_SCHEME };
}

function pick(u: UriParts): UriParts {
  return { scheme: u.scheme, authority: u.authority, path: u.path, query: u.query, fragment: u.fragment };
}

