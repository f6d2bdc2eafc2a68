import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { writeAll } from '../fs/store/writeDurable';

/**
 * How the Connect commands (and Disconnect, and Copy MCP Client Configuration's env file) write files, safely
 * against two traps a repository or another program can set:
 * - a project-level file or folder (`.mcp.json`, `.gemini/`) committed as a symbolic link that leaves the
 *   project: following it would write wherever the repository's author chose (`~/.bashrc`). Refused, nothing
 *   written; a link that stays inside the project is followed;
 * - a file planted at the temporary name a write goes through (the old `<name>.tmp`), such as a link to a file
 *   the planter reads: it would receive the content (the token, for the env file). Temporary files get random
 *   names and are created exclusively (`O_CREAT | O_EXCL`: never through anything already there), with their
 *   final permission bits from the first byte.
 * What is left: a folder swapped for a link between the check and the write (a race the planter must win at the
 * right millisecond on the person's own machine) is not prevented.
 */

export type ConnectPathErrorCode = 'LinkLeavesProject' | 'OutsideProject' | 'LinkLoop';

export class ConnectPathError extends Error {
  constructor(readonly code: ConnectPathErrorCode, message: string, readonly file: string) {
    super(message);
    this.name = 'ConnectPathError';
  }
}

/**
 * Refuses (`ConnectPathError`) a project-level `file` that is not inside `project`, or that a symbolic link on its
 * way (the file itself or any folder above it) leads out of the project. Missing parts are fine: they will be
 * made as plain folders and files. Call it before reading the file too: its content is none of our business
 * when it lies elsewhere.
 */
export async function assertStaysInProject(project: string, file: string): Promise<void> {
  const rel = path.relative(path.resolve(project), path.resolve(file));
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new ConnectPathError('OutsideProject', `${file} is not inside the project folder ${project}.`, file);
  }
  const realProject = await fs.promises.realpath(project);
  const resolved = await resolveLinks(path.join(realProject, rel));
  if (!isInside(realProject, resolved.path)) {
    const via = resolved.firstLink ? ` (${resolved.firstLink} is a symbolic link)` : '';
    throw new ConnectPathError('LinkLeavesProject', `Refused to write ${file}: it leads out of the project to ${resolved.path}${via}. A project file that is a link to elsewhere (it may have come with the repository) is never written through; remove the link, or write the configuration there yourself.`, file);
  }
}

export interface ConnectWriteOptions {
  /** The project folder, for a project-level file: written only when it stays inside (`assertStaysInProject`). */
  readonly project?: string;
  /** Permission bits of a new file (default 0o644 for configuration, before the umask). */
  readonly mode?: number;
}

/**
 * Replaces `file` whole (a crash leaves the old or the new content, never a mix) through an exclusively created
 * temporary file. A link is followed to the file it leads to, which keeps its permission bits (a dotfiles
 * repository links `~/.codex/config.toml`), except that a project-level file's link must stay in the project.
 * Makes missing folders. Returns the path actually written.
 */
export async function writeConnectFile(file: string, data: Uint8Array, options: ConnectWriteOptions = {}): Promise<string> {
  if (options.project !== undefined) await assertStaysInProject(options.project, file);
  const target = (await resolveLinks(path.resolve(file))).path;
  const mode = await fs.promises.stat(target).then(s => s.mode & 0o7777, (e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw e;
  });
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  await replaceExclusively(target, data, mode ?? options.mode ?? 0o644, mode === undefined);
  return target;
}

/**
 * Replaces `file` itself (a link at its name is replaced, never followed) with a file readable by the user only
 * (0600 from its creation: the token is never readable by anyone else, not even for a moment). For the env file.
 */
export async function writePrivateFile(file: string, data: Uint8Array): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await replaceExclusively(path.resolve(file), data, 0o600, true);
}

/** Temp beside `target` (random name, `wx`), content, fsync, rename over `target`, fsync the folder. */
async function replaceExclusively(target: string, data: Uint8Array, mode: number, exactMode: boolean): Promise<void> {
  const dir = path.dirname(target);
  let temp = '';
  let handle: fs.promises.FileHandle | undefined;
  for (let attempt = 0; !handle; attempt++) {
    temp = path.join(dir, `.${path.basename(target)}.${randomBytes(8).toString('hex')}.tmp`);
    try {
      handle = await fs.promises.open(temp, 'wx', mode);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw e;
    }
  }
  try {
    try {
      // `open` applies the mode through the umask; a private file must be exactly 0600, a kept mode exactly kept.
      if (exactMode || process.platform !== 'win32') await handle.chmod(mode);
      await writeAll(handle, data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, target);
  } catch (e) {
    await fs.promises.rm(temp, { force: true }).catch(() => undefined);
    throw e;
  }
  if (process.platform !== 'win32') {
    const d = await fs.promises.open(dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  }
}

/**
 * Where `p` really leads: every symbolic link on the way resolved (the path's own and its folders'), missing
 * parts appended as they are. `firstLink` names the first link met, for the message.
 */
async function resolveLinks(p: string): Promise<{ readonly path: string; readonly firstLink?: string }> {
  let firstLink: string | undefined;
  let pending = path.resolve(p).split(path.sep).filter(Boolean);
  let current = path.parse(path.resolve(p)).root;
  for (let hops = 0; pending.length > 0;) {
    const next = path.join(current, pending[0]);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.lstat(next);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' && (e as NodeJS.ErrnoException).code !== 'ENOTDIR') throw e;
      return { path: path.join(current, ...pending), ...(firstLink ? { firstLink } : {}) };
    }
    if (!stat.isSymbolicLink()) {
      current = next;
      pending = pending.slice(1);
      continue;
    }
    if (++hops > 40) throw new ConnectPathError('LinkLoop', `Too many symbolic links on the way to ${p}.`, p);
    firstLink ??= next;
    const target = path.resolve(current, await fs.promises.readlink(next));
    pending = [...target.split(path.sep).filter(Boolean), ...pending.slice(1)];
    current = path.parse(target).root;
  }
  return { path: current, ...(firstLink ? { firstLink } : {}) };
}

function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
