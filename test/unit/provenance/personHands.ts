import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NodeDisk } from '../../../src/fs/nodeDisk';
import { FoldingDisk } from '../fs/foldingDisk';
import { MemoryDisk } from './memoryDisk';
import { memoryStoreFolder } from './memoryStoreFs';

/** Where the provenance fuzz runs: in memory, on a real temporary folder, or on one emulating a case-insensitive disk. */
export type DiskKind = 'memory' | 'folder' | 'folding';

/**
 * The disk a sequence runs on, and the person's hands on it: editing, creating, deleting and renaming files and
 * making and removing folders directly, behind the overlay's back (an editor, a shell, `git checkout`). On a
 * case-insensitive disk the person's programs reach an existing file under any spelling of its name, as the OS
 * resolves it.
 */
export interface PersonHands {
  readonly root: string;
  readonly storeDir: string;
  /** What the workspace opens with. */
  readonly disk: NodeDisk;
  /** Every file under the root (path as the disk spells it → text). */
  snapshot(): Map<string, string>;
  /** False (and nothing changed) when the path cannot hold a file (a folder in the way, or a file as a folder). */
  write(p: string, text: string): boolean;
  remove(p: string): boolean;
  move(from: string, to: string): boolean;
  mkdir(dir: string): boolean;
  rmdir(dir: string): boolean;
  dispose(): void;
}

// A view of the bytes, not a copy (`Buffer.from(array)` copies): the snapshot is taken after every step.
const dec = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8');
const enc = (s: string) => Buffer.from(s, 'utf8');

/** A scratch folder on tmpfs when there is one (this fuzz writes and fsyncs a lot). */
function scratch(): string {
  const base = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  return fs.mkdtempSync(path.join(base, 'prov-'));
}

export function handsFor(kind: DiskKind): PersonHands {
  if (kind === 'memory') return memoryHands('/w');
  const dir = scratch();
  const root = path.join(dir, 'w');
  fs.mkdirSync(root);
  if (kind === 'folder') return realHands(root, path.join(dir, 'store'), dir, new NodeDisk());
  // FoldingDisk emulates the workspace's disk; the store, which no case folding reaches, is kept in memory as for
  // the in-memory sequences (memoryStoreFs.ts): its fsyncs were a sixth of a FoldingDisk sequence.
  const store = memoryStoreFolder();
  const hands = realHands(root, store.dir, dir, new ResolvingFoldingDisk(root));
  return {
    ...hands,
    dispose: () => {
      hands.dispose();
      store.dispose();
    },
  };
}

/** The in-memory disk, and the store's folder in memory too (memoryStoreFs.ts: the store's fsyncs were most of the CPU). */
function memoryHands(root: string): PersonHands {
  const disk = new MemoryDisk([root]);
  const store = memoryStoreFolder();
  return {
    root,
    storeDir: store.dir,
    disk,
    snapshot: () => {
      const out = new Map<string, string>();
      for (const [p, b] of disk.filesIn(root)) out.set(p, dec(b));
      return out;
    },
    write: (p, text) => disk.put(p, enc(text)),
    remove: p => disk.unlink(p),
    move: (from, to) => disk.move(from, to),
    mkdir: d => disk.stat(d) === undefined && disk.mkdir(d),
    rmdir: d => disk.rmdir(d),
    dispose: () => store.dispose(),
  };
}

/** FoldingDisk, with the name lookup the person's programs go through too. */
class ResolvingFoldingDisk extends FoldingDisk {
  resolve(p: string): string {
    return this.osPath(p);
  }
}

function realHands(root: string, storeDir: string, dir: string, disk: NodeDisk): PersonHands {
  const resolve = (p: string) => (disk instanceof ResolvingFoldingDisk ? disk.resolve(p) : p);
  const attempt = (f: () => void): boolean => {
    try {
      f();
      return true;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST' || code === 'ENOTEMPTY') return false;
      throw e;
    }
  };
  return {
    root,
    storeDir,
    disk,
    snapshot: () => {
      const out = new Map<string, string>();
      const walk = (d: string) => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
          const p = path.join(d, e.name);
          if (e.isDirectory()) walk(p);
          else out.set(p, fs.readFileSync(p, 'utf8'));
        }
      };
      walk(root);
      return out;
    },
    write: (p, text) =>
      attempt(() => {
        const real = resolve(p);
        if (fs.statSync(real, { throwIfNoEntry: false })?.isDirectory()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
        fs.mkdirSync(path.dirname(real), { recursive: true });
        fs.writeFileSync(real, text);
      }),
    remove: p =>
      attempt(() => {
        const real = resolve(p);
        if (!fs.statSync(real).isFile()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
        fs.unlinkSync(real);
      }),
    move: (from, to) =>
      attempt(() => {
        const src = resolve(from);
        if (!fs.statSync(src).isFile()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
        let dst = resolve(to);
        // A rename that changes only letter case: the OS renames the file itself.
        if (dst === src) dst = path.join(path.dirname(src), path.basename(to));
        if (fs.statSync(dst, { throwIfNoEntry: false })?.isDirectory()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
        fs.mkdirSync(path.dirname(dst), { recursive: true });
        fs.renameSync(src, dst);
      }),
    mkdir: d =>
      attempt(() => {
        const real = resolve(d);
        if (fs.existsSync(real)) throw Object.assign(new Error('EEXIST'), { code: 'EEXIST' });
        fs.mkdirSync(real, { recursive: true });
      }),
    rmdir: d => attempt(() => fs.rmdirSync(resolve(d))),
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
