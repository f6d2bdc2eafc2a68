import { execFile } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type { DiskProbe } from './model/diskProbe';
import { pathWithinRoots } from './workspaceScope';
import { syncDir } from './store/writeDurable';
import { tempBeside } from './store/applyJournal';
import type { FileIdentity } from './model/pathEntry';
import { contentRefOf, type ContentRef } from './model/contentStore';

/** What `stat` on the disk says, in the shape the provider needs. */
export interface DiskStat {
  readonly type: 'file' | 'directory' | 'other';
  readonly size: number;
  readonly mtime: number;
  readonly ctime: number;
  readonly identity: FileIdentity;
}

/** Folders whose case sensitivity is remembered at once (a few hundred bytes each). */
const FOLDERS_REMEMBERED = 10_000;

/** Files whose verified content is remembered at once (a few hundred bytes each). */
const CONTENTS_REMEMBERED = 200_000;

/**
 * A file's content as hashed once: valid while `stat` shows the very same file (device, inode, size, mtime,
 * ctime), as git's index trusts a file whose stat data are unchanged.
 */
interface VerifiedContent {
  readonly stat: DiskStat;
  readonly ref: ContentRef;
  /** The clock (ms) just before the file was read. */
  readonly readAt: number;
}

/** What a held look remembers (see `NodeDisk.lookOnce`), by path. */
interface Glance {
  readonly stats: Map<string, fs.Stats | undefined>;
  readonly lstats: Map<string, fs.Stats | undefined>;
  /** A racy file's hash, with the stat data it was read under. */
  readonly refs: Map<string, { readonly stat: DiskStat; readonly ref: ContentRef | null }>;
}

/**
 * Git's "racy" rule: a file changed within the last tick of the moment it was read may change again without its
 * mtime moving, so its stat data prove nothing and it is read again. A tick is the clock's granularity for the
 * file's timestamps: whole seconds (FAT has 2 s, HFS+ and old ext3 1 s) when its mtime has no fraction, else the
 * kernel's coarse clock, which lags the real one by a scheduler tick (at most 10 ms) — 100 ms leaves room.
 */
function isRacy(v: VerifiedContent): boolean {
  const tick = v.stat.mtime % 1000 === 0 ? 2000 : 100;
  // mtime only, as git: a change of content moves it; ctime (in the identity) also moves when Apply links the file.
  return v.stat.mtime >= v.readAt - tick;
}

function sameFile(a: DiskStat, b: DiskStat): boolean {
  return a.type === b.type && a.size === b.size && a.mtime === b.mtime && a.ctime === b.ctime && a.identity.dev === b.identity.dev && a.identity.ino === b.identity.ino;
}

const ABSENT = new Set(['ENOENT', 'ENOTDIR']);

function isAbsent(e: unknown): boolean {
  return ABSENT.has((e as NodeJS.ErrnoException)?.code ?? '');
}

/**
 * The real disk, through Node's fs: reads for the model (synchronous, like the model), and the atomic writes
 * Apply performs. Paths are absolute. Read errors other than "no such file" propagate: an unreadable file must
 * never look empty or absent (an Apply over it would lose it).
 *
 * Names are exact. On a case-insensitive disk (macOS, Windows) the OS finds `README.md` when the folder holds
 * `readme.md`; here it does not: `read`, `stat` and `identity` answer for a path only when every name in it is
 * spelled as on disk, and `caseTwin` says which differently-cased name the OS would reach instead. So the model
 * sees two names, and a rename that changes only letter case is a rename like any other.
 */
export class NodeDisk implements DiskProbe {
  /** Case sensitivity by device: one probe per volume. */
  private readonly foldsByDevice = new Map<number, boolean>();
  /** …and by folder, so a read costs no extra system call once its folder is known. */
  private readonly foldsByFolder = new Map<string, boolean>();
  /** Each file's content as last hashed, by path: Apply reads and hashes a file once (issue 28). */
  private readonly verified = new Map<string, VerifiedContent>();
  /** While a look is held (`lookOnce`): what the OS said of each path in this synchronous stretch. */
  private glance: Glance | undefined;

  /**
   * Until the current synchronous stretch of JavaScript ends (the next `await`), asks the OS about each path at most
   * once: `stat`, `lstat`, existence, mode and a racy file's hash are remembered and answered again. Apply's planning
   * and checks ask the same few things of every file three or four times in one stretch (reconcile, the plan, each
   * group's check, the run's check, where each file lands); nothing JavaScript does can change the disk in between,
   * so one look is as much "the moment of checking" as four. Every call here that changes the disk forgets the look,
   * and it ends by itself at the next turn of the microtask queue: the check right before the renames, after the
   * temps were written, is a look of its own. Idempotent within a stretch.
   */
  lookOnce(): void {
    if (this.glance !== undefined) return;
    const glance: Glance = { stats: new Map(), lstats: new Map(), refs: new Map() };
    this.glance = glance;
    queueMicrotask(() => {
      if (this.glance === glance) this.glance = undefined;
    });
  }

  /** The disk is about to change (or changed): what a look remembered may be stale. */
  private changing(): void {
    this.glance = undefined;
  }

  /** `fs.statSync(p, { throwIfNoEntry: false })`, through the look when one is held. */
  private osStat(p: string): fs.Stats | undefined {
    const g = this.glance;
    if (g === undefined) return fs.statSync(this.osPath(p), { throwIfNoEntry: false });
    if (g.stats.has(p)) return g.stats.get(p);
    // Asked as `lstat` (which the containment check asks of the same path): for a name that is no link, or is not
    // there at all, it says what `stat` would; only a link costs a second call.
    const l = this.osLstat(p);
    const s = !l?.isSymbolicLink() ? l : fs.statSync(this.osPath(p), { throwIfNoEntry: false });
    g.stats.set(p, s);
    return s;
  }

  /** `fs.lstatSync(p, { throwIfNoEntry: false })`, through the look when one is held. */
  private osLstat(p: string): fs.Stats | undefined {
    const g = this.glance;
    if (g === undefined) return fs.lstatSync(this.osPath(p), { throwIfNoEntry: false });
    if (g.lstats.has(p)) return g.lstats.get(p);
    const s = fs.lstatSync(this.osPath(p), { throwIfNoEntry: false });
    g.lstats.set(p, s);
    return s;
  }

  /** `fs.existsSync(p)`, through the look when one is held. */
  private exists(p: string): boolean {
    if (this.glance === undefined) return fs.existsSync(this.osPath(p));
    try {
      return this.osStat(p) !== undefined;
    } catch {
      return false;
    }
  }

  readonly read = (p: string): Uint8Array | undefined => {
    try {
      const bytes = fs.readFileSync(this.osPath(p));
      return this.isExact(p) ? bytes : undefined;
    } catch (e) {
      if (isAbsent(e) || (e as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
      throw e;
    }
  };

  /**
   * The content ref of the file at `p` (null: no file), as `contentRefOf(read(p))` would say, without reading it
   * when it was hashed before and `stat` shows the very same file since (not racily: see `isRacy`). A file read
   * here is remembered when its stat data did not move while it was read.
   */
  refOf(p: string): ContentRef | null {
    const before = this.stat(p);
    if (before?.type === 'file') {
      const known = this.verified.get(p);
      if (known !== undefined && sameFile(known.stat, before) && !isRacy(known)) return known.ref;
    }
    // No file there (or not spelled so, on a case-insensitive disk): `read` would say so too.
    if (before === undefined) return null;
    // A racy file is read once per look (see `lookOnce`), not once per question.
    const looked = this.glance?.refs.get(p);
    if (looked !== undefined && sameFile(looked.stat, before)) return looked.ref;
    const ref = this.readAndRemember(p, before)?.ref ?? null;
    if (before.type === 'file') this.glance?.refs.set(p, { stat: before, ref });
    return ref;
  }

  /**
   * `read`, remembering the hash of what was read (for `refOf`): what staging reads, so the Apply of a change
   * whose file did not move since need not read it again (a moved file is never read in full).
   */
  readonly readRemembered = (p: string): Uint8Array | undefined => this.readAndRemember(p, this.stat(p))?.bytes;

  private readAndRemember(p: string, before: DiskStat | undefined): { bytes: Uint8Array; ref: ContentRef } | undefined {
    const readAt = Date.now();
    const bytes = this.read(p);
    if (bytes === undefined) {
      this.verified.delete(p);
      return undefined;
    }
    const ref = contentRefOf(bytes);
    // Asked of the OS again, never of a look: a change made while the file was read must show.
    const after = before?.type === 'file' ? this.freshStat(p) : undefined;
    if (before !== undefined && after !== undefined && sameFile(before, after)) {
      if (this.verified.size >= CONTENTS_REMEMBERED) this.verified.clear();
      this.verified.set(p, { stat: before, ref, readAt });
    } else {
      this.verified.delete(p);
    }
    return { bytes, ref };
  }

  /**
   * After Apply hard-linked `p`'s file to a temp: the link moved its ctime (and nothing else), so what was verified
   * of it still holds; remembered with its new stat data. Anything else moved: forgotten (read again if asked).
   */
  private relinked(p: string): void {
    const known = this.verified.get(p);
    if (known === undefined) return;
    const now = this.stat(p);
    const same = now !== undefined && now.size === known.stat.size && now.mtime === known.stat.mtime && now.identity.dev === known.stat.identity.dev && now.identity.ino === known.stat.identity.ino;
    if (same) this.verified.set(p, { ...known, stat: now });
    else this.verified.delete(p);
  }

  /**
   * True when the disk holding `p` (or its nearest existing folder) ignores letter case. Probed once per volume by
   * looking up an existing name with its letters' case swapped: the same file answering means case is ignored.
   */
  foldsCase(p: string): boolean {
    const folder = path.dirname(p);
    const known = this.foldsByFolder.get(folder);
    if (known !== undefined) return known;
    let probe = p;
    while (!this.exists(probe) && path.dirname(probe) !== probe) probe = path.dirname(probe);
    const dev = (this.osStat(probe) ?? fs.statSync(this.osPath(probe))).dev;
    let folds = this.foldsByDevice.get(dev);
    if (folds === undefined) {
      folds = this.probeFolding(probe);
      this.foldsByDevice.set(dev, folds);
    }
    if (this.foldsByFolder.size >= FOLDERS_REMEMBERED) this.foldsByFolder.clear();
    if (probe === p || probe === folder) this.foldsByFolder.set(folder, folds);
    return folds;
  }

  /**
   * On a case-insensitive disk, the path the OS would reach for `p` when it is spelled differently there (e.g.
   * `/w/readme.md` for `/w/README.md`); undefined when `p` is spelled as on disk, or reaches nothing.
   */
  caseTwin(p: string): string | undefined {
    if (!this.exists(p) || !this.foldsCase(p)) return undefined;
    const actual = this.spelledOnDisk(p);
    return actual === p ? undefined : actual;
  }

  /** How the OS resolves a path's names: the path itself on a real disk (the OS does the folding). */
  protected osPath(p: string): string {
    return p;
  }

  private probeFolding(existing: string): boolean {
    for (let q = existing; path.dirname(q) !== q; q = path.dirname(q)) {
      const name = path.basename(q);
      const swapped = swapCase(name);
      if (swapped === name) continue;
      const twin = path.join(path.dirname(q), swapped);
      const a = fs.statSync(this.osPath(q));
      const b = fs.statSync(this.osPath(twin), { throwIfNoEntry: false });
      return b !== undefined && a.dev === b.dev && a.ino === b.ino;
    }
    return false;
  }

  /** True when `p` is spelled as on disk (always, on a case-sensitive disk). Only asked of an existing path. */
  private isExact(p: string): boolean {
    return !this.foldsCase(p) || this.spelledOnDisk(p) === p;
  }

  /** `p` with every name as the disk spells it (each folder's listing says). */
  private spelledOnDisk(p: string): string {
    const parent = path.dirname(p);
    if (parent === p) return p;
    const dir = this.spelledOnDisk(parent);
    return path.join(dir, this.spelledIn(dir, path.basename(p)));
  }

  /** How the listing of `dir` (spelled as on disk) spells `name`: `name` itself when it holds no such name. */
  protected spelledIn(dir: string, name: string): string {
    let names: string[];
    try {
      names = fs.readdirSync(this.osPath(dir));
    } catch {
      return name;
    }
    if (names.includes(name)) return name;
    const folded = name.toLowerCase();
    return names.find(n => n.toLowerCase() === folded) ?? name;
  }

  identity(p: string): FileIdentity | undefined {
    const s = this.stat(p);
    return s?.type === 'file' ? s.identity : undefined;
  }

  stat(p: string): DiskStat | undefined {
    return this.statThrough(p, q => this.osStat(q));
  }

  /** `stat`, asked of the OS whether or not a look is held. */
  private freshStat(p: string): DiskStat | undefined {
    return this.statThrough(p, q => fs.statSync(this.osPath(q), { throwIfNoEntry: false }));
  }

  private statThrough(p: string, statOf: (p: string) => fs.Stats | undefined): DiskStat | undefined {
    let s: fs.Stats | undefined;
    try {
      s = statOf(p);
    } catch (e) {
      if (isAbsent(e)) return undefined;
      throw e;
    }
    if (!s || !this.isExact(p)) return undefined;
    return {
      type: s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other',
      size: s.size,
      mtime: s.mtimeMs,
      ctime: s.ctimeMs,
      identity: { dev: s.dev, ino: s.ino },
    };
  }

  /** Directory entries; undefined when `dir` is not a directory on disk. */
  readDirectory(dir: string): [string, 'file' | 'directory' | 'other'][] | undefined {
    let entries: fs.Dirent[];
    try {
      if (!this.isExact(dir)) return undefined;
      entries = fs.readdirSync(this.osPath(dir), { withFileTypes: true });
    } catch (e) {
      if (isAbsent(e)) return undefined;
      throw e;
    }
    return entries.map(d => [d.name, d.isFile() ? 'file' : d.isDirectory() ? 'directory' : 'other']);
  }

  /** Where Apply stages the new content of `target` (beside it: a rename within one directory is atomic). */
  tempPathFor(target: string, tag: string): string {
    return tempBeside(target, tag);
  }

  /**
   * Where a write to `target` lands: through a symlink to the file it points at (renaming a temp over the link
   * would turn it into a plain file), else `target` itself (also for a dangling link, which is replaced).
   * No containment check: Apply asks `containedTarget`, which checks it at the moment of writing.
   */
  writeTargetOf(target: string): string {
    try {
      return fs.lstatSync(this.osPath(target)).isSymbolicLink() ? fs.realpathSync(this.osPath(target)) : target;
    } catch {
      return target;
    }
  }

  /**
   * Where Apply's step on `target` lands, checked now against the workspace folders `roots` (SPEC §9 invariant 9):
   * every existing name on the way from its workspace folder down is looked at (`lstat`); a symlink among them must
   * lead (fully resolved) inside a workspace folder, else `OutsideWorkspaceError` — the link is never followed and
   * no folder is made through it. For a write (`follow`), a symlink at `target` itself is written through, as
   * `writeTargetOf`, only when the file it leads to lies inside a workspace folder; a dangling one is replaced. A
   * removal (or a rename over the path, which replaces a link rather than following it) checks the folders only.
   * Links that stay inside the workspace are followed: staging admits them too (`resolveInWorkspace`).
   */
  containedTarget(target: string, roots: readonly string[], follow: boolean, memo?: PlaceMemo): string {
    const realRoots = memo?.realRoots ?? roots.map(r => this.realOrUndefined(path.resolve(r)) ?? path.resolve(r));
    if (memo) memo.realRoots = realRoots;
    const inside = (real: string) => pathWithinRoots(real, realRoots) !== undefined;
    // A folder this pass already walked down to from its workspace folder: only the target's own name is left to
    // look at (or nothing, below a missing folder). Apply asks this of every file, several times. (A workspace
    // folder itself is never looked at: it is where the walk starts.)
    const folder = memo === undefined ? undefined : checkedFolderOf(target, memo);
    if (memo !== undefined && folder !== undefined && !(memo.allRoots ??= [...roots, ...realRoots].map(r => path.resolve(r))).includes(target)) {
      return folder === 'checked' ? this.placeOfName(target, target, follow, inside) : target;
    }
    // A target may be named by its real path (a link at it, resolved when the apply was journaled).
    const root = deepestRootOf(target, memo === undefined ? [...roots, ...realRoots] : (memo.allRoots ??= [...roots, ...realRoots].map(r => path.resolve(r))));
    if (root === undefined) throw new OutsideWorkspaceError(target);
    const names = path.relative(root, path.resolve(target)).split(path.sep).filter(n => n !== '');
    let current = root;
    for (const [i, name] of names.entries()) {
      const last = i === names.length - 1;
      // Every folder on the way exists and stays inside: remembered for the pass (a missing one is not: it may be made).
      if (last && memo !== undefined) memo.checked.set(current, 'checked');
      current = path.join(current, name);
      if (last) return this.placeOfName(target, current, follow, inside);
      const s = memo === undefined ? this.lstatOf(current) : memo.folders.get(current) ?? memoized(memo, current, this.lstatOf(current));
      if (s === undefined) {
        // The rest is made below a folder checked to be inside; a missing folder is not remembered as such (it may be
        // made), only that the walk to the target's folder stops below it in this pass.
        if (memo !== undefined) memo.checked.set(path.dirname(path.join(root, ...names)), 'missing');
        return target;
      }
      if (!s.isSymbolicLink()) continue;
      const real = this.realOrUndefined(current);
      // As a folder on the way, nothing is made through a dangling link.
      if (real === undefined) throw new OutsideWorkspaceError(target, current, fs.readlinkSync(this.osPath(current)), true);
      if (!inside(real)) throw new OutsideWorkspaceError(target, current, real);
    }
    return target;
  }

  /**
   * `containedTarget`'s last step: the target's own name `current` (the folders above it checked). A symlink there is
   * written through (`follow`) when it leads inside; a dangling one is replaced by the write.
   */
  private placeOfName(target: string, current: string, follow: boolean, inside: (real: string) => boolean): string {
    const s = this.lstatOf(current);
    if (s === undefined || !s.isSymbolicLink() || !follow) return target;
    const real = this.realOrUndefined(current);
    if (real === undefined) return target;
    if (!inside(real)) throw new OutsideWorkspaceError(target, current, real);
    return real;
  }

  private lstatOf(p: string): fs.Stats | undefined {
    return this.osLstat(p);
  }

  private realOrUndefined(p: string): string | undefined {
    try {
      return fs.realpathSync.native(this.osPath(p));
    } catch {
      return undefined;
    }
  }

  /** Permission bits of `p` (e.g. 0o755); undefined when there is no file. */
  modeOf(p: string): number | undefined {
    const mode = this.osStat(p)?.mode;
    return mode === undefined ? undefined : mode & 0o7777;
  }

  /**
   * Writes `bytes` to a temp file, with `mode` when given (an executable script stays executable), fsynced unless
   * `unsynced` (the caller makes many durable at once: `syncFiles`). Nothing at the target changes yet. The folder
   * is created if needed.
   */
  async writeTemp(temp: string, bytes: Uint8Array, mode?: number, unsynced = false): Promise<void> {
    this.changing();
    if (unsynced) return this.writeTempNow(temp, bytes, mode);
    await fs.promises.mkdir(this.osPath(path.dirname(temp)), { recursive: true });
    const handle = await fs.promises.open(this.osPath(temp), 'w', mode ?? 0o666);
    try {
      await handle.writeFile(bytes);
      // The umask may have cleared bits of `mode` at creation.
      if (mode !== undefined) await handle.chmod(mode);
      if (!unsynced) await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /**
   * An unsynced temp, written synchronously: with no fsync to wait for, one call costs microseconds, less than the
   * four round trips through the thread pool (mkdir, open, write, close) it replaces; the folder is made only when
   * missing.
   */
  private writeTempNow(temp: string, bytes: Uint8Array, mode?: number): void {
    inFolderMadeOnDemand(this.osPath(temp), file => fs.writeFileSync(file, bytes, { mode: mode ?? 0o666 }));
    // The umask may have cleared bits of `mode` at creation.
    if (mode !== undefined) fs.chmodSync(this.osPath(temp), mode);
  }

  /**
   * Makes these files written with `writeTemp(…, unsynced)` or `linkTemp` durable, content and names: on Linux one
   * `syncfs(2)` per file system holding them (coreutils' `sync --file-system`: one flush, as `cp -r; sync` makes,
   * instead of an fsync per file), else — or when that fails to run or reports an error — an fsync of each file
   * (in parallel) and of each of their folders once, which reports the error itself.
   */
  async syncFiles(files: readonly string[]): Promise<void> {
    if (files.length === 0) return;
    const dirs = [...new Set(files.map(f => path.dirname(f)))];
    if (process.platform === 'linux' && (await syncFileSystemsOf(dirs.map(d => this.osPath(d))))) return;
    await inParallel(files, f => this.syncFile(f));
    await inParallel(dirs, d => this.syncFolder(d));
  }

  private async syncFile(file: string): Promise<void> {
    const handle = await fs.promises.open(this.osPath(file), 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /**
   * Makes `temp` a second name of the regular file `source` (a hard link): a rename's file is then moved, not
   * copied, keeping its inode (mode, owner, extended attributes, other hard links) and costing no copy of its
   * bytes. The caller makes the link durable by syncing the temp's folder (its content already is). False, with
   * nothing made, where the file system cannot (no hard links, another device, `source` not a plain file): the
   * caller writes the temp instead.
   */
  async linkTemp(source: string, temp: string): Promise<boolean> {
    this.changing();
    const s = fs.lstatSync(this.osPath(source), { throwIfNoEntry: false });
    if (!s?.isFile()) return false;
    // Synchronous inside, as `commitTemp`: a link costs microseconds, and a folder rename makes thousands.
    try {
      inFolderMadeOnDemand(this.osPath(temp), file => fs.linkSync(this.osPath(source), file));
    } catch (e) {
      if (NO_HARD_LINK.has((e as NodeJS.ErrnoException).code ?? '')) return false;
      throw e;
    }
    this.relinked(source);
    return true;
  }

  /**
   * Every file under `dir`, by its path relative to `dir`, sorted; undefined when `dir` is not a plain folder (a
   * link, a file, nothing) or holds anything but plain files and folders with something in them (a link, an empty
   * folder, a device…). Apply moves a folder whole only when it knows everything that would move with it: an empty
   * folder or a link a person left there would move too.
   */
  filesUnder(dir: string): string[] | undefined {
    const top = fs.lstatSync(this.osPath(dir), { throwIfNoEntry: false });
    if (!top?.isDirectory() || !this.isExact(dir)) return undefined;
    const out: string[] = [];
    const walk = (osDir: string, rel: string): boolean => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(osDir, { withFileTypes: true });
      } catch (e) {
        if (isAbsent(e) || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
        throw e;
      }
      if (entries.length === 0) return false;
      for (const d of entries) {
        const r = rel === '' ? d.name : path.join(rel, d.name);
        if (d.isFile()) out.push(r);
        else if (!d.isDirectory() || !walk(path.join(osDir, d.name), r)) return false;
      }
      return true;
    };
    return walk(this.osPath(dir), '') ? out.sort() : undefined;
  }

  /** True when anything (a file, a folder, a link, dangling or not) is at `p`, through the look when one is held. */
  occupied(p: string): boolean {
    try {
      return this.osLstat(p) !== undefined;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
      throw e;
    }
  }

  /**
   * Moves the folder `from` to `to` with one `rename(2)` (atomic; the caller fsyncs both parents); false, with
   * nothing changed, when something is at `to` already (a rename would replace an empty folder there) or `from` is
   * no folder. What was verified of the files inside moves with them: a rename of their folder changes none of
   * their stat data.
   */
  moveFolder(from: string, to: string): boolean {
    this.changing();
    if (fs.lstatSync(this.osPath(to), { throwIfNoEntry: false }) !== undefined) return false;
    if (!fs.lstatSync(this.osPath(from), { throwIfNoEntry: false })?.isDirectory()) return false;
    fs.renameSync(this.osPath(from), this.osPath(to));
    const prefix = from + path.sep;
    for (const [p, known] of [...this.verified]) {
      if (!p.startsWith(prefix)) continue;
      this.verified.delete(p);
      this.verified.set(path.join(to, p.slice(prefix.length)), known);
    }
    return true;
  }

  /** Gives a temp its mode again (recovery: the crash may have come between its content and its chmod). */
  async setMode(temp: string, mode: number): Promise<void> {
    this.changing();
    await fs.promises.chmod(this.osPath(temp), mode);
  }

  /** The folders writing these files would create (none of them exists now), deepest first. */
  missingFolders(files: readonly string[]): string[] {
    const out = new Set<string>();
    const present = new Set<string>();
    for (const file of files) {
      for (let dir = path.dirname(file); path.dirname(dir) !== dir && !out.has(dir) && !present.has(dir); dir = path.dirname(dir)) {
        if (this.stat(dir) !== undefined) {
          present.add(dir);
          break;
        }
        out.add(dir);
      }
    }
    return deepestFirst(out);
  }

  /** Removes `dir` if it is empty; true when it did (or was gone already). */
  removeEmptyFolder(dir: string): boolean {
    this.changing();
    try {
      fs.rmdirSync(this.osPath(dir));
      return true;
    } catch (e) {
      return isAbsent(e);
    }
  }

  /**
   * Makes `dir` and its missing parents; true when it is a folder now. False, and nothing changed, when a file
   * (or anything but a folder) is in the way. The caller fsyncs the parent.
   */
  async makeFolder(dir: string): Promise<boolean> {
    this.changing();
    try {
      await fs.promises.mkdir(this.osPath(dir), { recursive: true });
      return true;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' || code === 'ENOTDIR') return false;
      throw e;
    }
  }

  /**
   * Renames `temp` over `target` (atomic on one file system). The caller fsyncs the directory. Synchronous inside:
   * a rename costs microseconds, less than a round trip through the thread pool, and Apply makes thousands.
   */
  async commitTemp(temp: string, target: string): Promise<void> {
    this.changing();
    fs.renameSync(this.osPath(temp), this.osPath(target));
  }

  /**
   * Puts a modified file's temp over `target`, keeping the file it replaces as `stash` (a hard link made right
   * before the rename), then tells whether that file is still the one Apply verified there as `expected`: by `lstat`
   * (inode, size, mtime; the link itself moves the ctime), by its hash when it was verified racily or not at all.
   * So a person's write to the file after the last check — before the rename, or after it through a handle still
   * open on the file — is seen, not renamed over unseen (issue 28).
   * `swapped`: the temp is in place and the stash holds the verified file (dropped once the apply stands);
   * `changed`: the temp is in place and the stash holds a file someone wrote to (the caller puts it back);
   * `gone`: nothing is at `target` any more, nothing done; `plain`: no hard links here, the temp renamed over the
   * target as before, with no stash.
   * Left: a file replaced whole (an atomic save: a new inode) between the link and the rename is still replaced.
   */
  async swapIn(temp: string, target: string, stash: string, expected: ContentRef): Promise<'swapped' | 'changed' | 'gone' | 'plain'> {
    this.changing();
    const known = this.verified.get(target);
    try {
      fs.linkSync(this.osPath(target), this.osPath(stash));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? '';
      if (code === 'ENOENT') return 'gone';
      if (!NO_HARD_LINK.has(code)) throw e;
      fs.renameSync(this.osPath(temp), this.osPath(target));
      this.verified.delete(target);
      return 'plain';
    }
    fs.renameSync(this.osPath(temp), this.osPath(target));
    this.verified.delete(target);
    return this.stillVerified(stash, known, expected) ? 'swapped' : 'changed';
  }

  /** The file at `stash` is the one `known` verified as `expected` (see `swapIn`). */
  private stillVerified(stash: string, known: VerifiedContent | undefined, expected: ContentRef): boolean {
    const s = fs.lstatSync(this.osPath(stash), { throwIfNoEntry: false });
    if (!s?.isFile()) return false;
    if (known !== undefined && known.ref === expected && !isRacy(known)) {
      const v = known.stat;
      return s.ino === v.identity.ino && s.dev === v.identity.dev && s.size === v.size && s.mtimeMs === v.mtime;
    }
    return this.hashOf(stash) === expected;
  }

  /** The content ref of the plain file at `p`, read now (no memory of it); null when there is none. */
  hashOf(p: string): ContentRef | null {
    const bytes = this.read(p);
    return bytes === undefined ? null : contentRefOf(bytes);
  }

  /** `a` and `b` are names of one file (a hard link), as `swapIn` leaves a stash before its rename. */
  sameInode(a: string, b: string): boolean {
    const x = fs.lstatSync(this.osPath(a), { throwIfNoEntry: false });
    const y = fs.lstatSync(this.osPath(b), { throwIfNoEntry: false });
    return x !== undefined && y !== undefined && x.ino === y.ino && x.dev === y.dev;
  }

  /** A stash goes back to its target's name (rename over whatever `swapIn` put there). The caller fsyncs the folder. */
  async putBack(stash: string, target: string): Promise<void> {
    this.changing();
    fs.renameSync(this.osPath(stash), this.osPath(target));
    this.verified.delete(target);
  }

  /**
   * Puts the temp at `target` only where nothing is: `link(2)` never replaces a name (a rename would), so a file a
   * person made there since the moment-of-writing check is refused atomically (`taken`) and left as it is (SPEC §9
   * invariant 2). `linked`: the temp is still there too (the caller drops it, or `unplaceNew` takes the new name
   * back). A dangling link at `target` is replaced, as a write through it replaces one (`containedTarget`); a disk
   * without hard links gets the rename (`moved`: no temp left), with the window as before.
   */
  async placeNew(temp: string, target: string): Promise<'linked' | 'moved' | 'taken'> {
    this.changing();
    try {
      fs.linkSync(this.osPath(temp), this.osPath(target));
      return 'linked';
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') {
        if (!fs.lstatSync(this.osPath(target), { throwIfNoEntry: false })?.isSymbolicLink()) return 'taken';
      } else if (!NO_HARD_LINK.has(code)) {
        throw e;
      }
      fs.renameSync(this.osPath(temp), this.osPath(target));
      return 'moved';
    }
  }

  /**
   * Takes back a name `placeNew` linked: `target` is removed only while it is still the temp's file (one inode), so
   * a file that replaced it meanwhile is never removed.
   */
  async unplaceNew(temp: string, target: string): Promise<void> {
    this.changing();
    const t = fs.lstatSync(this.osPath(temp), { throwIfNoEntry: false });
    const p = fs.lstatSync(this.osPath(target), { throwIfNoEntry: false });
    if (t !== undefined && p !== undefined && t.ino === p.ino && t.dev === p.dev) fs.unlinkSync(this.osPath(target));
  }

  /** Makes a folder's entries durable (fsync), the folder reached as every other call reaches its path. */
  syncFolder(dir: string): Promise<void> {
    return syncDir(this.osPath(dir));
  }

  /** Removes `target`. The caller fsyncs the directory. Synchronous inside, as `commitTemp`. */
  async remove(target: string): Promise<void> {
    this.changing();
    // `unlink` first: one system call for a file or a link (`rm` looks at the path twice before it unlinks).
    try {
      fs.unlinkSync(this.osPath(target));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (code !== 'EISDIR' && code !== 'EPERM') throw e;
      fs.rmSync(this.osPath(target), { force: true });
    }
  }

  async discardTemp(temp: string): Promise<void> {
    this.changing();
    await fs.promises.rm(this.osPath(temp), { force: true });
  }
}

/**
 * What one pass of `containedTarget` over an apply's paths shares (made for the pass, dropped after it): the
 * workspace folders' real paths and each folder's `lstat` on the way, so a thousand files in one folder cost a
 * thousand `lstat`s of the files, not of every folder above each. A pass is as much "the moment of writing" as
 * one path's check: a link made after a folder was looked at is met by the next pass, as one made after a check.
 */
export interface PlaceMemo {
  realRoots?: string[];
  readonly folders: Map<string, fs.Stats>;
  /** The workspace folders, as given and real, resolved. */
  allRoots?: string[];
  /**
   * Folders walked down to from their workspace folder in this pass: `checked`, each name there exists and stays
   * inside; `missing`, a folder on the way does not exist (the ones above it checked). A pass runs synchronously
   * (nothing of the apply is made during it); the check right before the renames is a pass of its own.
   */
  readonly checked: Map<string, 'checked' | 'missing'>;
}

export function newPlaceMemo(): PlaceMemo {
  return { folders: new Map(), checked: new Map() };
}

/**
 * The folder holding `target` when the pass checked it already, else undefined. Folders are remembered by their
 * normalized path, so a hit also says `target` is spelled normalized (no `.`, `..` or trailing separator in its
 * last name).
 */
function checkedFolderOf(target: string, memo: PlaceMemo): 'checked' | 'missing' | undefined {
  const i = target.lastIndexOf(path.sep);
  if (i < 0) return undefined;
  const name = target.slice(i + 1);
  if (name === '' || name === '.' || name === '..') return undefined;
  return memo.checked.get(i === 0 ? path.sep : target.slice(0, i));
}

/** An existing folder's lstat, kept for the pass (a missing one is not: the walk to another folder below it looks again). */
function memoized(memo: PlaceMemo, p: string, s: fs.Stats | undefined): fs.Stats | undefined {
  if (s !== undefined) memo.folders.set(p, s);
  return s;
}

/**
 * A step of Apply (or of a recovery) that would land outside the workspace folders: the path itself lies outside
 * them (a forged or stale record), or a symlink on the way leads out. Refused; nothing is written or made there.
 */
export class OutsideWorkspaceError extends Error {
  readonly code = 'OutsideWorkspace';
  /** `dangling`: the link leads nowhere (a folder on the way that a write would have to make through it). */
  constructor(readonly path: string, readonly link?: string, readonly leadsTo?: string, readonly dangling = false) {
    super(link === undefined
      ? `${path} is outside the workspace folders: not written`
      : `${path} is not written: ${link === path ? 'it' : link} is a symbolic link to ${leadsTo}, ${dangling ? 'which does not exist' : 'outside the workspace folders'}`);
  }
}

/** The workspace folder `p` lies in (the deepest, for nested folders), resolved; undefined when none. */
function deepestRootOf(p: string, roots: readonly string[]): string | undefined {
  const resolved = path.resolve(p);
  let deepest: string | undefined;
  for (const r of roots) {
    const root = path.resolve(r);
    if ((deepest === undefined || root.length > deepest.length) && pathWithinRoots(resolved, [root]) !== undefined) deepest = root;
  }
  return deepest;
}

/** Files (or folders) synced at once when each gets its own fsync: enough to overlap them, few enough for file handles. */
const SYNC_CONCURRENCY = 32;

async function inParallel<T>(items: readonly T[], f: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await f(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(SYNC_CONCURRENCY, items.length) }, worker));
}

/**
 * `syncfs(2)` on the file system of each of `dirs` (one folder per device), through coreutils' `sync -f`. False
 * when it cannot be run or fails (an I/O error is reported by the fsyncs the caller makes instead).
 */
async function syncFileSystemsOf(dirs: readonly string[]): Promise<boolean> {
  const byDevice = new Map<number, string>();
  for (const d of dirs) {
    const dev = fs.statSync(d, { throwIfNoEntry: false })?.dev;
    if (dev === undefined) return false;
    if (!byDevice.has(dev)) byDevice.set(dev, d);
  }
  return new Promise(resolve => execFile('sync', ['--file-system', ...byDevice.values()], { timeout: 120_000 }, e => resolve(e === null)));
}

/** Errors of `link` that mean "not here" (the file system, the device, the link count), not a failing disk. */
const NO_HARD_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS', 'EEXIST']);

/**
 * The folders holding `removedFiles` and their parents, inside `roots` and never a root itself, deepest first:
 * the folders an apply removes when it leaves them empty, as `git rm` does.
 */
export function foldersAbove(removedFiles: readonly string[], roots: readonly string[]): string[] {
  const rootSet = new Set(roots.map(r => path.resolve(r)));
  const inside = (dir: string) => !rootSet.has(path.resolve(dir)) && pathWithinRoots(dir, roots) !== undefined;
  const out = new Set<string>();
  for (const file of removedFiles) {
    // A folder met before was found inside then (and so were its parents): a hundred files in one folder ask once.
    for (let dir = path.dirname(file); !out.has(dir) && inside(dir); dir = path.dirname(dir)) out.add(dir);
  }
  return deepestFirst(out);
}

function swapCase(name: string): string {
  return [...name].map(c => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
}

function deepestFirst(dirs: Iterable<string>): string[] {
  return [...dirs].sort((a, b) => b.split(path.sep).length - a.split(path.sep).length || a.localeCompare(b));
}

/**
 * Makes `file` with `make`, creating its folder first only when `make` finds it missing: the common case (the
 * folder exists) costs one system call, not a `mkdir` too.
 */
function inFolderMadeOnDemand(file: string, make: (file: string) => void): void {
  try {
    make(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    make(file);
  }
}

