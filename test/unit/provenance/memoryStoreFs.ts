// The `fs` module object itself, whose functions the store calls through (`import * as` gives a read-only copy).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import fs = require('fs');
import * as path from 'path';

/**
 * The overlay store's folder, in memory, for the provenance fuzz's in-memory sequences. The store (blob files, the
 * op log, the apply journal, the undo record: `src/fs/store/*`, `lastApply.ts`) writes through Node's `fs` with a
 * temp file, an fsync and a rename per commit: on a real folder that was about two thirds of a memory sequence's
 * CPU (about 29 durable writes a sequence, each an open, write, fsync, close and rename, and a folder fsync), which
 * put the million sequences of `npm run fuzz` out of a session's reach. Here the `fs` calls the store makes are
 * answered from a map for paths under `STORE_ROOT`, with the same results and the same error codes for what the
 * store does (files, folders, renames over files, `wx`, truncation); durability is what a memory cannot give, and
 * the crash tests (test/unit/crash, test/unit/store) test it on real files. The folder and FoldingDisk sequences
 * keep the real store.
 *
 * The calls are intercepted on the `fs` module itself (the store imports it whole), only for paths under
 * `STORE_ROOT`; every other path goes to the real `fs` untouched. The root has a NUL byte in it, which no real path
 * can hold: a call this file does not answer reaches the real `fs` and fails loudly (ERR_INVALID_ARG_VALUE) instead of
 * writing anywhere.
 */
export const STORE_ROOT = '/\u0000memory-store';

interface MemFile {
  /** The content is `buf`'s first `size` bytes (room to grow: the op log is appended to frame by frame). */
  buf: Buffer;
  size: number;
  mode: number;
  mtimeMs: number;
}

/** Folders (path → child names) and files (path → content) under `STORE_ROOT`. */
const dirs = new Map<string, Set<string>>([[STORE_ROOT, new Set()]]);
const files = new Map<string, MemFile>();
let nextFolder = 0;
let installed = false;

/** A fresh store folder under `STORE_ROOT` (not made yet: the store makes it), and its removal. */
export function memoryStoreFolder(): { readonly dir: string; dispose(): void } {
  install();
  const base = path.join(STORE_ROOT, String(++nextFolder));
  mkdir(base, true);
  return { dir: path.join(base, 'store'), dispose: () => removeTree(base) };
}

function ours(p: unknown): p is string {
  return typeof p === 'string' && p.startsWith(STORE_ROOT);
}

function fail(code: string, call: string, p: string): never {
  const text: Record<string, string> = { ENOENT: 'no such file or directory', EEXIST: 'file already exists', EISDIR: 'illegal operation on a directory', ENOTDIR: 'not a directory', ENOTEMPTY: 'directory not empty', EXDEV: 'cross-device link not permitted' };
  // Without a stack, as Node's own errno errors come (the store looks only at `code`; a stack made a tenth of this file's time).
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  const e = new Error(`${code}: ${text[code] ?? code}, ${call} '${p}'`);
  Error.stackTraceLimit = limit;
  throw Object.assign(e, { code, syscall: call, path: p });
}

function parentOf(p: string, call: string): Set<string> {
  const parent = dirs.get(path.dirname(p));
  if (parent === undefined) fail(files.has(path.dirname(p)) ? 'ENOTDIR' : 'ENOENT', call, p);
  return parent;
}

function fileAt(p: string, call: string): MemFile {
  const f = files.get(p);
  if (f === undefined) fail(dirs.has(p) ? 'EISDIR' : 'ENOENT', call, p);
  return f;
}

/** Creates or replaces a file's content (keeping its mode, as a write to an existing file does). */
function putFile(p: string, data: Buffer, mode: number | undefined, call: string): MemFile {
  if (dirs.has(p)) fail('EISDIR', call, p);
  const existing = files.get(p);
  if (existing) return Object.assign(existing, { buf: data, size: data.length, mtimeMs: Date.now() });
  parentOf(p, call).add(path.basename(p));
  const f = { buf: data, size: data.length, mode: mode ?? 0o644, mtimeMs: Date.now() };
  files.set(p, f);
  return f;
}

/** `mkdir`: the first folder made (recursive), as Node answers; undefined when it was there. */
function mkdir(p: string, recursive: boolean): string | undefined {
  if (dirs.has(p)) {
    if (recursive) return undefined;
    fail('EEXIST', 'mkdir', p);
  }
  if (files.has(p)) fail('EEXIST', 'mkdir', p);
  let first: string | undefined;
  if (recursive && !dirs.has(path.dirname(p))) first = mkdir(path.dirname(p), true);
  parentOf(p, 'mkdir').add(path.basename(p));
  dirs.set(p, new Set());
  return first ?? p;
}

function remove(p: string, recursive: boolean, force: boolean): void {
  if (files.has(p)) {
    files.delete(p);
    dirs.get(path.dirname(p))?.delete(path.basename(p));
    return;
  }
  const children = dirs.get(p);
  if (children === undefined) {
    if (force) return;
    fail('ENOENT', 'rm', p);
  }
  if (!recursive) throw Object.assign(new Error(`Path is a directory: rm returned EISDIR (is a directory) ${p}`), { code: 'ERR_FS_EISDIR' });
  for (const c of [...children]) remove(path.join(p, c), true, true);
  dirs.delete(p);
  dirs.get(path.dirname(p))?.delete(path.basename(p));
}

/** `remove(p, true, true)` for a whole sequence's folder, by prefix (no walk). */
function removeTree(p: string): void {
  const under = `${p}/`;
  for (const f of files.keys()) if (f.startsWith(under)) files.delete(f);
  for (const d of dirs.keys()) if (d.startsWith(under)) dirs.delete(d);
  dirs.delete(p);
  dirs.get(path.dirname(p))?.delete(path.basename(p));
}

function rename(from: string, to: string): void {
  if (!ours(to)) fail('EXDEV', 'rename', from);
  if (from === to) return;
  const f = files.get(from);
  if (f === undefined) {
    if (dirs.has(from)) fail('EISDIR', 'rename', from); // the store renames files only
    fail('ENOENT', 'rename', from);
  }
  if (dirs.has(to)) fail('EISDIR', 'rename', to);
  parentOf(to, 'rename').add(path.basename(to));
  files.delete(from);
  dirs.get(path.dirname(from))?.delete(path.basename(from));
  files.set(to, f);
}

function readdir(p: string): string[] {
  const children = dirs.get(p);
  if (children === undefined) fail(files.has(p) ? 'ENOTDIR' : 'ENOENT', 'scandir', p);
  return [...children].sort();
}

function stat(p: string): fs.Stats {
  const f = files.get(p);
  if (f === undefined && !dirs.has(p)) fail('ENOENT', 'stat', p);
  const mtimeMs = f?.mtimeMs ?? 0;
  const s = { size: f?.size ?? 0, mode: f ? 0o100000 | f.mode : 0o40755, mtimeMs, mtime: new Date(mtimeMs), isFile: () => f !== undefined, isDirectory: () => f === undefined, isSymbolicLink: () => false };
  return s as unknown as fs.Stats;
}

function readFile(p: string, encoding: unknown): Buffer | string {
  const f = fileAt(p, 'open');
  const data = Buffer.from(f.buf.subarray(0, f.size));
  const enc = typeof encoding === 'string' ? (encoding as BufferEncoding) : (encoding as { encoding?: BufferEncoding } | undefined)?.encoding;
  return enc ? data.toString(enc) : data;
}

function toBuffer(data: unknown): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  const v = data as ArrayBufferView;
  return Buffer.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
}

/** What the store does with an open file: write at a position or at the end, truncate, chmod, fsync, close. */
class MemFileHandle {
  private position = 0;
  private closed = false;

  constructor(private readonly p: string, private readonly file: MemFile | undefined) {}

  async write(buffer: Uint8Array, offset = 0, length = buffer.byteLength - offset, position: number | null = null): Promise<{ bytesWritten: number; buffer: Uint8Array }> {
    const f = this.usable('write');
    const at = position ?? this.position;
    const end = at + length;
    if (end > f.buf.length) {
      const grown = Buffer.alloc(Math.max(end, 2 * f.buf.length));
      f.buf.copy(grown, 0, 0, f.size);
      f.buf = grown;
    }
    // A write past the end leaves zeros between, as a file's hole reads.
    if (at > f.size) f.buf.fill(0, f.size, at);
    f.buf.set(buffer.subarray(offset, offset + length), at);
    f.size = Math.max(f.size, end);
    f.mtimeMs = Date.now();
    if (position === null) this.position = end;
    return { bytesWritten: length, buffer };
  }

  async truncate(length = 0): Promise<void> {
    const f = this.usable('ftruncate');
    if (length > f.buf.length) {
      const grown = Buffer.alloc(length);
      f.buf.copy(grown, 0, 0, f.size);
      f.buf = grown;
    } else if (length > f.size) {
      f.buf.fill(0, f.size, length);
    }
    f.size = length;
  }

  async chmod(mode: number): Promise<void> {
    this.usable('fchmod').mode = mode & 0o7777;
  }

  async sync(): Promise<void> {
    this.open('fsync');
  }

  async datasync(): Promise<void> {
    this.open('fdatasync');
  }

  async close(): Promise<void> {
    this.open('close');
    this.closed = true;
  }

  private open(call: string): void {
    if (this.closed) throw Object.assign(new Error(`EBADF: bad file descriptor, ${call}`), { code: 'EBADF' });
  }

  private usable(call: string): MemFile {
    this.open(call);
    if (this.file === undefined) fail('EISDIR', call, this.p);
    return this.file;
  }
}

function open(p: string, flags: string | number = 'r', mode?: number): MemFileHandle {
  if (flags === 'w') return new MemFileHandle(p, putFile(p, Buffer.alloc(0), mode, 'open'));
  if (flags === 'r') {
    if (dirs.has(p)) return new MemFileHandle(p, undefined);
    return new MemFileHandle(p, fileAt(p, 'open'));
  }
  if (flags === 'r+') return new MemFileHandle(p, fileAt(p, 'open'));
  throw new Error(`memoryStoreFs: open flags ${String(flags)} are not emulated (${p})`);
}

type Fn = (...args: never[]) => unknown;

/** Puts `fake` in front of `target[name]` for paths under `STORE_ROOT` (the first argument). */
function intercept(target: object, name: string, fake: (p: string, ...rest: unknown[]) => unknown): void {
  const t = target as Record<string, Fn>;
  const real = t[name];
  t[name] = function (this: unknown, p: unknown, ...rest: unknown[]) {
    return ours(p) ? fake(p, ...rest) : (real as (...a: unknown[]) => unknown).call(this, p, ...rest);
  } as Fn;
}

function install(): void {
  if (installed) return;
  installed = true;
  const recursive = (o: unknown) => (o as { recursive?: boolean } | undefined)?.recursive === true;
  const force = (o: unknown) => (o as { force?: boolean } | undefined)?.force === true;
  const async = <T>(f: () => T): Promise<T> => {
    try {
      return Promise.resolve(f());
    } catch (e) {
      return Promise.reject(e);
    }
  };
  intercept(fs, 'existsSync', p => files.has(p) || dirs.has(p));
  intercept(fs, 'mkdirSync', (p, o) => mkdir(p, recursive(o)));
  intercept(fs, 'rmSync', (p, o) => remove(p, recursive(o), force(o)));
  intercept(fs, 'renameSync', (p, to) => rename(p, to as string));
  intercept(fs, 'writeFileSync', (p, data, o) => {
    const mode = (o as { mode?: number } | undefined)?.mode;
    putFile(p, toBuffer(data), mode, 'open');
  });
  intercept(fs, 'readFileSync', (p, o) => readFile(p, o));
  intercept(fs, 'statSync', p => stat(p));
  intercept(fs, 'readdirSync', (p, o) => {
    if ((o as { withFileTypes?: boolean } | undefined)?.withFileTypes) throw new Error('memoryStoreFs: readdir withFileTypes is not emulated');
    return readdir(p);
  });
  const fp = fs.promises;
  intercept(fp, 'open', (p, flags, mode) => async(() => open(p, flags as string, mode as number | undefined)));
  intercept(fp, 'mkdir', (p, o) => async(() => mkdir(p, recursive(o))));
  intercept(fp, 'rm', (p, o) => async(() => remove(p, recursive(o), force(o))));
  intercept(fp, 'rename', (p, to) => async(() => rename(p, to as string)));
  intercept(fp, 'readdir', (p, o) => async(() => {
    if ((o as { withFileTypes?: boolean } | undefined)?.withFileTypes) throw new Error('memoryStoreFs: readdir withFileTypes is not emulated');
    return readdir(p);
  }));
  intercept(fp, 'readFile', (p, o) => async(() => readFile(p, o)));
  intercept(fp, 'stat', p => async(() => stat(p)));
  intercept(fp, 'writeFile', (p, data, o) => async(() => {
    const flag = (o as { flag?: string } | undefined)?.flag;
    if (flag === 'wx' && (files.has(p) || dirs.has(p))) fail('EEXIST', 'open', p);
    putFile(p, toBuffer(data), (o as { mode?: number } | undefined)?.mode, 'open');
  }));
}
