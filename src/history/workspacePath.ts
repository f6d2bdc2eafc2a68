import * as nodePath from 'path';
import { isNotFound, nodeHistoryFileSystem, type HistoryFileSystem } from './historyFileSystem';

/**
 * The path policy for every tool that takes a file path from an agent: a workspace-relative path becomes an
 * absolute path inside one workspace folder, or a `WorkspacePathError` whose message tells the model what is
 * allowed. Refused: non-strings, empty, NUL bytes, absolute paths (POSIX, drive, UNC, `~`, URIs), `..`
 * segments, paths into no workspace folder, and paths whose existing part resolves (realpath) outside the
 * folder through a symlink. The file itself need not exist: history of a deleted file is still wanted.
 */

export interface WorkspaceRoot {
  /** The folder's name (`WorkspaceFolder.name`), used as a prefix in multi-root workspaces: `api/src/a.ts`. */
  readonly name: string;
  /** Absolute file-system path of the folder. */
  readonly path: string;
}

export interface ResolvedWorkspacePath {
  /** Lexical absolute path (symlinks not resolved): what VS Code calls the file, so what history is keyed on. */
  readonly absolutePath: string;
  /** Where the deepest existing part of the path really is; inside `root` by construction. */
  readonly realPath: string;
  readonly root: WorkspaceRoot;
  /** `/`-separated, relative to `root`. */
  readonly relativePath: string;
  /** The path to show the agent: `relativePath`, prefixed by the folder name in a multi-root workspace. */
  readonly displayPath: string;
  readonly exists: boolean;
}

export type WorkspacePathErrorCode =
  | 'notAString'
  | 'empty'
  | 'tooLong'
  | 'nulByte'
  | 'absolute'
  | 'parentSegment'
  | 'invalidSegment'
  | 'workspaceRoot'
  | 'noWorkspace'
  | 'outsideWorkspace'
  | 'symlinkOutside';

export class WorkspacePathError extends Error {
  constructor(readonly code: WorkspacePathErrorCode, readonly input: unknown, message: string) {
    super(message);
    this.name = 'WorkspacePathError';
  }
}

export interface ResolveWorkspacePathOptions {
  readonly fs?: Pick<HistoryFileSystem, 'lstat' | 'realpath'>;
  readonly platform?: NodeJS.Platform;
}

export const MAX_WORKSPACE_PATH_LENGTH = 4096;

const ALLOWED = 'Give a path relative to the workspace folder, like "src/app.ts"';

/**
 * The lexical half of the policy (no file system): the path's segments, or a `WorkspacePathError`.
 * Backslashes count as separators on every platform, so `..\\x` is refused everywhere.
 */
export function parseWorkspaceRelativePath(input: unknown, platform: NodeJS.Platform = process.platform): string[] {
  if (typeof input !== 'string') {
    throw new WorkspacePathError('notAString', input, `filePath must be a string. ${ALLOWED}.`);
  }
  if (input.includes('\0')) {
    throw new WorkspacePathError('nulByte', input, `filePath contains a NUL byte, which no file name can contain. ${ALLOWED}.`);
  }
  const trimmed = input.trim();
  if (trimmed === '') throw new WorkspacePathError('empty', input, `filePath is empty. ${ALLOWED}.`);
  if (input.length > MAX_WORKSPACE_PATH_LENGTH) {
    throw new WorkspacePathError('tooLong', input, `filePath is longer than ${MAX_WORKSPACE_PATH_LENGTH} characters. ${ALLOWED}.`);
  }
  if (/^[/\\]/.test(trimmed) || /^[A-Za-z]:/.test(trimmed) || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(trimmed) || /^~(?:[/\\]|$)/.test(trimmed)) {
    throw new WorkspacePathError(
      'absolute', input,
      `Absolute paths are not accepted (got ${JSON.stringify(input)}). ${ALLOWED}, without a leading "/", drive letter, "~" or URI scheme.`,
    );
  }
  const segments = trimmed.split(/[/\\]+/).filter((s) => s !== '' && s !== '.');
  for (const s of segments) {
    // `...` is refused too: Windows strips trailing dots, so it can act like `..`.
    if (/^\.{2,}\s*$/.test(s)) {
      throw new WorkspacePathError(
        'parentSegment', input,
        `filePath must not contain ".." segments (got ${JSON.stringify(input)}): only files inside the workspace are reachable. ${ALLOWED}.`,
      );
    }
    if (platform === 'win32' && /[:*?"<>|]/.test(s)) {
      throw new WorkspacePathError('invalidSegment', input, `filePath contains a character Windows does not allow in file names (got ${JSON.stringify(input)}). ${ALLOWED}.`);
    }
  }
  if (segments.length === 0) {
    throw new WorkspacePathError('workspaceRoot', input, `filePath names the workspace folder itself, not a file. ${ALLOWED}.`);
  }
  return segments;
}

/** Resolves an agent's `filePath` against the workspace folders; see the module comment for what is refused. */
export async function resolveWorkspacePath(
  input: unknown,
  roots: readonly WorkspaceRoot[],
  options: ResolveWorkspacePathOptions = {},
): Promise<ResolvedWorkspacePath> {
  const platform = options.platform ?? process.platform;
  const fs = options.fs ?? nodeHistoryFileSystem;
  const p = platform === 'win32' ? nodePath.win32 : nodePath.posix;
  const segments = parseWorkspaceRelativePath(input, platform);
  if (roots.length === 0) {
    throw new WorkspacePathError('noWorkspace', input, 'No workspace folder is open, so there is no file this path can name. Ask the user to open a folder.');
  }

  // Multi-root: `<folder name>/rest` picks that folder (VS Code's asRelativePath writes paths that way).
  const named = roots.length > 1 && segments.length > 1 ? roots.filter((r) => r.name === segments[0]) : [];
  const choices = named.length > 0
    ? named.map((root) => ({ root, rel: segments.slice(1) }))
    : roots.map((root) => ({ root, rel: segments }));

  let chosen: ResolvedWorkspacePath | undefined;
  let firstError: WorkspacePathError | undefined;
  for (const { root, rel } of choices) {
    try {
      const resolved = await resolveIn(input, root, rel, roots.length > 1, fs, p);
      if (resolved.exists) return resolved;
      chosen ??= resolved; // no folder has it yet: the first folder is where it would be
    } catch (err) {
      if (!(err instanceof WorkspacePathError)) throw err;
      firstError ??= err;
    }
  }
  if (chosen) return chosen;
  throw firstError ?? new WorkspacePathError('outsideWorkspace', input, `${JSON.stringify(input)} is not inside a workspace folder. ${ALLOWED}.`);
}

async function resolveIn(
  input: unknown,
  root: WorkspaceRoot,
  rel: readonly string[],
  multiRoot: boolean,
  fs: Pick<HistoryFileSystem, 'lstat' | 'realpath'>,
  p: typeof nodePath.posix,
): Promise<ResolvedWorkspacePath> {
  const rootPath = p.resolve(root.path);
  const absolutePath = p.join(rootPath, ...rel);
  if (!isInside(p, rootPath, absolutePath) || absolutePath === rootPath) {
    throw new WorkspacePathError('outsideWorkspace', input, `${JSON.stringify(input)} is not inside the workspace folder "${root.name}". ${ALLOWED}.`);
  }
  let rootReal: string;
  try {
    rootReal = await fs.realpath(rootPath);
  } catch {
    throw new WorkspacePathError('noWorkspace', input, `The workspace folder "${root.name}" cannot be read. Ask the user to check the workspace.`);
  }

  // Realpath the deepest part that exists: a symlinked file, or a symlinked directory above a file that does
  // not exist yet, must not lead outside the folder.
  let probe = absolutePath;
  let exists = true;
  let realPath: string | undefined;
  for (;;) {
    try {
      realPath = await fs.realpath(probe);
      break;
    } catch (err) {
      if (!isNotFound(err)) {
        const code = (err as { code?: unknown }).code;
        if (code === 'ELOOP') {
          throw new WorkspacePathError('symlinkOutside', input, `${JSON.stringify(input)} is a symlink loop. ${ALLOWED}.`);
        }
        throw err;
      }
      // A dangling symlink: lstat sees it, realpath does not. Where it points is unknown, so refuse it.
      if (probe === absolutePath && await isSymlink(fs, probe)) {
        throw new WorkspacePathError('symlinkOutside', input, `${JSON.stringify(input)} is a symlink to a missing target. ${ALLOWED}.`);
      }
      exists = false;
      const parent = p.dirname(probe);
      if (parent === probe || !isInside(p, rootPath, parent)) {
        realPath = rootReal;
        break;
      }
      probe = parent;
    }
  }
  if (!isInside(p, rootReal, realPath) || (exists && realPath === rootReal)) {
    throw new WorkspacePathError(
      'symlinkOutside', input,
      `${JSON.stringify(input)} leads outside the workspace folder "${root.name}" through a symbolic link; only files inside the workspace are reachable.`,
    );
  }
  const relativePath = rel.join('/');
  return {
    absolutePath,
    realPath,
    root,
    relativePath,
    displayPath: multiRoot ? `${root.name}/${relativePath}` : relativePath,
    exists,
  };
}

async function isSymlink(fs: Pick<HistoryFileSystem, 'lstat'>, path: string): Promise<boolean> {
  try {
    return (await fs.lstat(path)).isSymbolicLink();
  } catch {
    return false;
  }
}

function isInside(p: typeof nodePath.posix, root: string, candidate: string): boolean {
  const rel = p.relative(root, candidate);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${p.sep}`) && !p.isAbsolute(rel));
}
