/**
 * The durable-write primitives the store is built from. The order matters and is the whole point:
 * write a temp file, fsync it, rename it over the target, fsync the directory. A crash at any step leaves
 * either the old file or the new one under the target name, never a mix, and once this resolves the new
 * name survives a power loss too.
 */
import * as fs from 'fs';
import * as path from 'path';

/** Suffix of in-progress files; anything ending in it after a crash was never committed and may be deleted. */
export const TEMP_SUFFIX = '.tmp';

export interface DurableWriteOptions {
  /** Permission bits of the new file (default: a new file's, after the umask). */
  readonly mode?: number;
}

export async function writeDurable(file: string, data: Uint8Array | readonly Uint8Array[], options: DurableWriteOptions = {}): Promise<void> {
  await writeSyncedAndRename(file, data, options);
  await syncDir(path.dirname(file));
}

/**
 * The first three steps of `writeDurable`, for a caller that renames several files into one directory and
 * fsyncs it once at the end.
 */
export async function writeSyncedAndRename(file: string, data: Uint8Array | readonly Uint8Array[], options: DurableWriteOptions = {}): Promise<void> {
  const temp = file + TEMP_SUFFIX;
  const handle = await fs.promises.open(temp, 'w', options.mode);
  try {
    // Before any content: `open` applies the mode only to a file it creates, and through the umask.
    if (options.mode !== undefined) await handle.chmod(options.mode);
    for (const chunk of isChunkList(data) ? data : [data]) await writeAll(handle, chunk);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(temp, file);
}

/**
 * Replaces a file that belongs to the person (an agent's configuration), as `writeDurable` does, keeping what the
 * file is: a symbolic link stays a link and the file it leads to gets the content (a dotfiles repository links
 * `~/.codex/config.toml` and the like), with that file's permission bits. The temp file lies beside the real file,
 * so the rename never crosses file systems; a failure removes it and leaves the file as it was, byte for byte.
 */
export async function replaceFileDurably(file: string, data: Uint8Array): Promise<void> {
  const target = await linkTarget(file);
  const mode = await fs.promises.stat(target).then(s => s.mode & 0o7777, (e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw e;
  });
  try {
    await writeDurable(target, data, mode === undefined ? {} : { mode });
  } catch (e) {
    await fs.promises.rm(target + TEMP_SUFFIX, { force: true }).catch(() => undefined);
    throw e;
  }
}

/** Where a chain of symbolic links ends (the path itself when it is none); the end need not exist yet. */
async function linkTarget(file: string): Promise<string> {
  let p = path.resolve(file);
  for (let hops = 0; hops < 40; hops++) {
    let link: string;
    try {
      link = await fs.promises.readlink(p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EINVAL' || code === 'ENOENT' || code === 'UNKNOWN') return p; // not a link, or nothing there yet
      throw e;
    }
    p = path.resolve(path.dirname(p), link);
  }
  throw Object.assign(new Error(`too many levels of symbolic links: ${file}`), { code: 'ELOOP' });
}

/** `FileHandle.write` may write less than asked (large buffers, some file systems); loop until all is out. */
export async function writeAll(handle: fs.promises.FileHandle, data: Uint8Array, position?: number): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await handle.write(data, done, data.length - done, position === undefined ? null : position + done);
    done += bytesWritten;
  }
}

/**
 * fsync a directory so a rename or a new entry in it is durable. Windows cannot open a directory for fsync
 * (and NTFS journals its metadata), so there it is a no-op.
 */
export async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Keeps a copy of a file that failed verification next to it, as `<name>.<label>-<time>` (`corrupt` unless
 * told otherwise), durably (`copyAside`), so whatever recovery
 * does next cannot destroy the evidence (or the data a person might still rescue by hand). A byte-identical copy
 * kept by an earlier open is reused, so reopening a store that stays broken does not pile up copies. Returns the
 * copy's path, or undefined when even copying failed (the caller reports the original path then).
 */
export async function keepAside(file: string, now = Date.now(), label = 'corrupt'): Promise<string | undefined> {
  try {
    return await copyAside(file, label, now);
  } catch {
    // Keeping a copy is a courtesy on the way to a typed error; failing to make one must not hide that error.
    return undefined;
  }
}

/**
 * `keepAside` for a caller that must not go on without the copy (it is about to rewrite what the file holds):
 * `<name>.<label>-<time>`, reusing a byte-identical one, and throws when the copy cannot be made. Durable like
 * `writeDurable` (temp, fsync, rename, fsync of the folder): a crash leaves either no copy or a whole one under
 * the name, never part of one, and once this resolves the copy survives a power loss too.
 */
export async function copyAside(file: string, label: string, now = Date.now()): Promise<string> {
  const bytes = await fs.promises.readFile(file);
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.${label}-`;
  for (const name of await fs.promises.readdir(dir)) {
    if (!name.startsWith(prefix) || name.endsWith(TEMP_SUFFIX)) continue;
    const other = path.join(dir, name);
    if ((await fs.promises.stat(other)).size === bytes.length && bytes.equals(await fs.promises.readFile(other))) {
      return other;
    }
  }
  for (let stamp = now; ; stamp++) {
    const copy = `${file}.${label}-${stamp}`;
    if (fs.existsSync(copy)) continue;
    await writeDurable(copy, bytes);
    return copy;
  }
}

function isChunkList(data: Uint8Array | readonly Uint8Array[]): data is readonly Uint8Array[] {
  return Array.isArray(data);
}
