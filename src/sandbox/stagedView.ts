import * as fs from 'fs';
import * as path from 'path';
import type { OverlayWorkspace } from '../fs/overlayWorkspace';
import { inDotHistory } from '../history/dotHistoryReader';
import { isIgnoredPath } from './ignoredFolders';

/**
 * What the overlay stages inside one workspace folder, fixed at the moment a command starts: the files whose
 * effective content differs from the disk, and the paths it hides (staged deletes, rename sources, removed
 * folders, and the folder's `.history`: the person's past versions, which reach an agent only with their consent).
 * Relative paths, '/'-separated. A command runs over this and the disk below it.
 */
export interface StagedView {
  readonly root: string;
  readonly files: ReadonlyMap<string, Uint8Array>;
  readonly hidden: ReadonlySet<string>;
  /** Staged empty folders (`mkdir`). */
  readonly folders: ReadonlySet<string>;
}

/** The staged view of `root` now: cost in proportion to the staged changes, not to the folder's size. */
export function stagedViewOf(overlay: OverlayWorkspace, root: string): StagedView {
  const files = new Map<string, Uint8Array>();
  const hidden = new Set<string>();
  const folders = new Set<string>();
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const inside = (p: string) => p.startsWith(`${root}${path.sep}`);
  for (const c of overlay.composites()) {
    if (c.fromPath && inside(c.fromPath)) hidden.add(rel(c.fromPath));
    if (!inside(c.path)) continue;
    switch (c.kind) {
      case 'mkdir':
        folders.add(rel(c.path));
        break;
      case 'rmdir':
      case 'delete':
        hidden.add(rel(c.path));
        break;
      default: {
        // The effective content, reconciled with the disk as a read through the overlay would be.
        try {
          files.set(rel(c.path), overlay.readFile(c.path));
        } catch {
          hidden.add(rel(c.path));
        }
      }
    }
  }
  for (const f of files.keys()) hidden.delete(f);
  for (const name of dotHistoryNames(root)) hidden.add(name);
  return { root, files, hidden, folders };
}

/** The folder's `.history` as the disk spells it (any letter case; none when there is none). */
function dotHistoryNames(root: string): string[] {
  try {
    return fs.readdirSync(root).filter(name => inDotHistory(name));
  } catch {
    return [];
  }
}

export type EntryKind = 'file' | 'directory';

/**
 * The view a command starts with in one folder: the staged view over the disk. Reads the disk lazily, so only
 * what a comparison asks costs anything.
 */
export class StartView {
  constructor(readonly staged: StagedView) {}

  private isHidden(rel: string): boolean {
    if (this.staged.files.has(rel)) return false;
    for (let p = rel; p.length > 0; p = parentOf(p)) {
      if (this.staged.hidden.has(p)) return true;
      if (this.staged.files.has(p) && p !== rel) return true;
    }
    return false;
  }

  read(rel: string): Uint8Array | undefined {
    const staged = this.staged.files.get(rel);
    if (staged) return staged;
    if (this.isHidden(rel)) return undefined;
    try {
      const full = path.join(this.staged.root, rel);
      if (!fs.lstatSync(full).isFile()) return undefined;
      return fs.readFileSync(full);
    } catch (e) {
      if (['ENOENT', 'ENOTDIR', 'EISDIR'].includes((e as NodeJS.ErrnoException).code ?? '')) return undefined;
      throw e;
    }
  }

  kind(rel: string): EntryKind | undefined {
    if (rel === '') return 'directory';
    if (this.staged.files.has(rel)) return 'file';
    if (this.isHidden(rel)) return undefined;
    if (this.staged.folders.has(rel) || [...this.staged.files.keys()].some(f => f.startsWith(`${rel}/`))) return 'directory';
    const s = fs.lstatSync(path.join(this.staged.root, rel), { throwIfNoEntry: false });
    return s?.isFile() ? 'file' : s?.isDirectory() ? 'directory' : undefined;
  }

  /** The names in a folder of the view, with their kinds (symlinks and other specials are left out). */
  list(relDir: string): Map<string, EntryKind> {
    const out = new Map<string, EntryKind>();
    if (this.isHidden(relDir)) return out;
    const join = (n: string) => (relDir ? `${relDir}/${n}` : n);
    let entries: fs.Dirent[] = [];
    try {
      entries = fs.readdirSync(path.join(this.staged.root, relDir), { withFileTypes: true });
    } catch (e) {
      if (!['ENOENT', 'ENOTDIR'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
    }
    for (const d of entries) {
      if (this.staged.hidden.has(join(d.name)) && !this.staged.files.has(join(d.name))) continue;
      if (d.isFile()) out.set(d.name, 'file');
      else if (d.isDirectory()) out.set(d.name, 'directory');
    }
    const prefix = relDir ? `${relDir}/` : '';
    for (const f of [...this.staged.files.keys(), ...this.staged.folders]) {
      if (!f.startsWith(prefix)) continue;
      const rest = f.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash < 0) out.set(rest, this.staged.files.has(f) ? 'file' : 'directory');
      else out.set(rest.slice(0, slash), 'directory');
    }
    return out;
  }

  /** Every file under a folder of the view (relative paths), ignored folders left out. */
  filesUnder(relDir: string): string[] {
    const out: string[] = [];
    const stack = [relDir];
    while (stack.length) {
      const d = stack.pop() as string;
      for (const [name, kind] of this.list(d)) {
        const child = d ? `${d}/${name}` : name;
        if (kind === 'file') out.push(child);
        else if (!isIgnoredPath(child, true)) stack.push(child);
      }
    }
    return out;
  }
}

export function parentOf(rel: string): string {
  const i = rel.lastIndexOf('/');
  return i < 0 ? '' : rel.slice(0, i);
}
