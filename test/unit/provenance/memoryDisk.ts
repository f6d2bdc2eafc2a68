import * as path from 'path';
import { NodeDisk, OutsideWorkspaceError, type DiskStat } from '../../../src/fs/nodeDisk';
import { pathWithinRoots } from '../../../src/fs/workspaceScope';

interface MemoryFile {
  bytes: Uint8Array;
  mode: number;
  readonly ino: number;
  mtime: number;
}

/**
 * A case-sensitive disk held in memory, answering every call `NodeDisk` answers (what the workspace, Apply and
 * Undo use), so the provenance fuzz can run a million workspace-level sequences without a file system. Renames
 * keep the file (its inode and mode), as `rename(2)` does; a temp written with a mode keeps it. The person's own
 * edits go through `put`, `remove`, `move`, `mkdir` and `rmdir`, which change the files directly, as an editor or
 * a shell would.
 */
export class MemoryDisk extends NodeDisk {
  private readonly files = new Map<string, MemoryFile>();
  private readonly dirs = new Set<string>(['/']);
  private nextIno = 1;
  private clock = 1;

  constructor(roots: readonly string[]) {
    super();
    for (const r of roots) this.addFolders(r);
  }

  // ── what the person does ──────────────────────────────────────────────────────────────────────────────

  /** Writes a file (making its folders), keeping its inode when it exists; false when a folder is in the way. */
  put(p: string, bytes: Uint8Array, mode = 0o644): boolean {
    if (this.dirs.has(p) || !this.canHold(p)) return false;
    this.addFolders(path.dirname(p));
    const f = this.files.get(p);
    if (f) Object.assign(f, { bytes, mtime: ++this.clock });
    else this.files.set(p, { bytes, mode, ino: this.nextIno++, mtime: ++this.clock });
    return true;
  }

  /** Moves a file onto a free path or over a file (as `mv`); false when it cannot. */
  move(from: string, to: string): boolean {
    const f = this.files.get(from);
    if (!f || this.dirs.has(to) || !this.canHold(to)) return false;
    this.addFolders(path.dirname(to));
    this.files.delete(from);
    this.files.set(to, f);
    f.mtime = ++this.clock;
    return true;
  }

  /** Deletes a file; false when there is none. */
  unlink(p: string): boolean {
    return this.files.delete(p);
  }

  mkdir(dir: string): boolean {
    if (this.files.has(dir) || !this.canHold(dir)) return false;
    this.addFolders(dir);
    return true;
  }

  /** Removes an empty folder; false when it is not one. */
  rmdir(dir: string): boolean {
    if (!this.dirs.has(dir) || this.childrenOf(dir).length > 0) return false;
    this.dirs.delete(dir);
    return true;
  }

  /** Every file under `root`, path → bytes. */
  filesIn(root: string): Map<string, Uint8Array> {
    const under = `${root}/`;
    const out = new Map<string, Uint8Array>();
    for (const [p, f] of this.files) if (p.startsWith(under)) out.set(p, f.bytes);
    return out;
  }

  allFolders(): string[] {
    return [...this.dirs];
  }

  // ── NodeDisk ──────────────────────────────────────────────────────────────────────────────────────────

  override readonly read = (p: string): Uint8Array | undefined => this.files.get(p)?.bytes;

  override foldsCase(): boolean {
    return false;
  }

  override caseTwin(): string | undefined {
    return undefined;
  }

  override identity(p: string): { dev: number; ino: number } | undefined {
    const f = this.files.get(p);
    return f ? { dev: 1, ino: f.ino } : undefined;
  }

  override stat(p: string): DiskStat | undefined {
    const f = this.files.get(p);
    if (f) return { type: 'file', size: f.bytes.byteLength, mtime: f.mtime, ctime: f.mtime, identity: { dev: 1, ino: f.ino } };
    if (this.dirs.has(p)) return { type: 'directory', size: 0, mtime: 1, ctime: 1, identity: { dev: 1, ino: 0 } };
    return undefined;
  }

  override readDirectory(dir: string): [string, 'file' | 'directory' | 'other'][] | undefined {
    if (!this.dirs.has(dir)) return undefined;
    return this.childrenOf(dir).map(c => [path.basename(c), this.dirs.has(c) ? 'directory' : 'file']);
  }

  override writeTargetOf(target: string): string {
    return target;
  }

  /**
   * This disk has no links: a target inside a workspace folder lands where it is named, one outside is refused, as
   * `NodeDisk` says of a disk without links (it asked the real file system, `realpath` and `lstat`, of these paths,
   * which are not there: a fifth of this disk's time, for the same answer).
   */
  override containedTarget(target: string, roots: readonly string[]): string {
    if (pathWithinRoots(target, roots) === undefined) throw new OutsideWorkspaceError(target);
    return target;
  }

  override modeOf(p: string): number | undefined {
    return this.files.get(p)?.mode;
  }

  override async writeTemp(temp: string, bytes: Uint8Array, mode?: number): Promise<void> {
    this.addFolders(path.dirname(temp));
    this.files.delete(temp);
    this.files.set(temp, { bytes: Uint8Array.from(bytes), mode: mode ?? 0o644, ino: this.nextIno++, mtime: ++this.clock });
  }

  override async linkTemp(source: string, temp: string): Promise<boolean> {
    // A second name of one file would need shared storage; the caller writes a copy instead, as on FAT.
    void source;
    void temp;
    return false;
  }

  override async setMode(temp: string, mode: number): Promise<void> {
    const f = this.files.get(temp);
    if (f) f.mode = mode;
  }

  override removeEmptyFolder(dir: string): boolean {
    if (this.files.has(dir)) return false;
    if (!this.dirs.has(dir)) return true;
    return this.rmdir(dir);
  }

  override async makeFolder(dir: string): Promise<boolean> {
    if (this.files.has(dir) || !this.canHold(dir)) return false;
    this.addFolders(dir);
    return true;
  }

  override async commitTemp(temp: string, target: string): Promise<void> {
    const f = this.files.get(temp);
    if (!f) throw Object.assign(new Error(`ENOENT: no such file, rename '${temp}'`), { code: 'ENOENT' });
    if (this.dirs.has(target)) throw Object.assign(new Error(`EISDIR: ${target}`), { code: 'EISDIR' });
    this.files.delete(temp);
    this.files.set(target, f);
    f.mtime = ++this.clock;
  }

  override async placeNew(temp: string, target: string): Promise<'linked' | 'moved' | 'taken'> {
    const f = this.files.get(temp);
    if (!f) throw Object.assign(new Error(`ENOENT: no such file, link '${temp}'`), { code: 'ENOENT' });
    if (this.files.has(target) || this.dirs.has(target)) return 'taken';
    // One file, two names (as a hard link): the temp's entry is shared until it is dropped.
    this.files.set(target, f);
    f.mtime = ++this.clock;
    return 'linked';
  }

  override async swapIn(temp: string, target: string, stash: string, expected: string): Promise<'swapped' | 'changed' | 'gone' | 'plain'> {
    const old = this.files.get(target);
    if (!old) return 'gone';
    // The file it replaces keeps a second name (as a hard link), then the temp is renamed over the target.
    this.files.set(stash, old);
    await this.commitTemp(temp, target);
    return this.hashOf(stash) === expected ? 'swapped' : 'changed';
  }

  override sameInode(a: string, b: string): boolean {
    const f = this.files.get(a);
    return f !== undefined && this.files.get(b) === f;
  }

  override async putBack(stash: string, target: string): Promise<void> {
    const f = this.files.get(stash);
    if (!f) throw Object.assign(new Error(`ENOENT: no such file, rename '${stash}'`), { code: 'ENOENT' });
    this.files.delete(stash);
    this.files.set(target, f);
  }

  override async unplaceNew(temp: string, target: string): Promise<void> {
    const f = this.files.get(temp);
    if (f !== undefined && this.files.get(target) === f) this.files.delete(target);
  }

  override async remove(target: string): Promise<void> {
    this.files.delete(target);
  }

  override async discardTemp(temp: string): Promise<void> {
    this.files.delete(temp);
  }

  override async syncFolder(): Promise<void> {
    // Nothing to make durable in memory.
  }

  override async syncFiles(): Promise<void> {
    // Nothing to make durable in memory.
  }

  // ── internals ─────────────────────────────────────────────────────────────────────────────────────────

  /** True when no file stands where one of `p`'s folders would be. */
  private canHold(p: string): boolean {
    for (let d = path.dirname(p); d !== path.dirname(d); d = path.dirname(d)) if (this.files.has(d)) return false;
    return true;
  }

  private addFolders(dir: string): void {
    for (let d = dir; !this.dirs.has(d); d = path.dirname(d)) this.dirs.add(d);
  }

  private childrenOf(dir: string): string[] {
    // `path.dirname(p) === dir` for these normalized absolute paths, without making a string per path.
    const under = dir === '/' ? '/' : `${dir}/`;
    const isChild = (p: string) => p.length > under.length && p.startsWith(under) && p.indexOf('/', under.length) < 0;
    const out: string[] = [];
    for (const p of this.files.keys()) if (isChild(p)) out.push(p);
    for (const p of this.dirs) if (isChild(p)) out.push(p);
    return out.sort();
  }
}
