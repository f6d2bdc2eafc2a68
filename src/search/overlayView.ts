import * as fs from 'fs';
import * as path from 'path';
import type { OverlayWorkspace } from '../fs/overlayWorkspace';
import { IgnoreRules } from './ignoreRules';
import type { EntryType, ListingView, StagedMark } from './viewListing';
import type { SearchRoot, StagedFile } from './viewSearch';

/**
 * The overlay as listings and searches read it: folders as `agent-staged:` lists them (disk + staged creates −
 * staged deletes and renames, folders made by records included), plus the disk's symlinks, which the overlay's
 * own listing leaves out (it deals in files and folders) and which are listed, never followed.
 */
export function overlayListingView(overlay: OverlayWorkspace): ListingView {
  return {
    entries: dir => {
      const listed = overlay.readDirectory(dir).map(([name, type]): [string, EntryType] => [name, type === 'directory' ? 'folder' : 'file']);
      const names = new Set(listed.map(([n]) => n));
      for (const d of diskEntries(dir)) {
        // A staged change at the link's path (a delete, or content written there) decides instead.
        if (d.isSymbolicLink() && !names.has(d.name) && overlay.model.stagedRef(path.join(dir, d.name)) === undefined) listed.push([d.name, 'symlink']);
      }
      return listed;
    },
    mark: (absolute, type) => stagedMark(overlay, absolute, type),
  };
}

function stagedMark(overlay: OverlayWorkspace, absolute: string, type: EntryType): StagedMark | undefined {
  if (type === 'symlink') return undefined;
  if (type === 'folder') return overlay.disk.stat(absolute)?.type === 'directory' ? undefined : 'created';
  const c = overlay.model.composite(absolute);
  switch (c?.kind) {
    case 'create': return 'created';
    case 'modify': return 'modified';
    case 'rename': return 'renamed';
    default: return undefined;
  }
}

function diskEntries(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Every file staging touches under the roots: those with staged content, and those it hides from the disk. */
export function stagedFilesOf(overlay: OverlayWorkspace, roots: readonly SearchRoot[]): StagedFile[] {
  const out = new Map<string, StagedFile>();
  for (const c of overlay.model.composites()) {
    for (const p of c.fromPath === undefined ? [c.path] : [c.path, c.fromPath]) {
      const ref = overlay.model.stagedRef(p);
      if (ref === undefined || out.has(p)) continue;
      const at = rootOf(roots, p);
      if (at) out.set(p, { root: at.index, rel: at.rel, hasContent: typeof ref === 'string' });
    }
  }
  return [...out.values()];
}

/** Which root a path lies in, and the path relative to it (POSIX). */
export function rootOf(roots: readonly SearchRoot[], absolute: string): { index: number; rel: string } | undefined {
  for (let i = 0; i < roots.length; i++) {
    const rel = path.relative(roots[i].path, absolute);
    if (rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel)) return { index: i, rel: rel.split(path.sep).join('/') };
  }
  return undefined;
}

/** `.gitignore` rules of a workspace folder, read from the effective view (a staged `.gitignore` counts). */
export function overlayGitignore(overlay: OverlayWorkspace, root: string): IgnoreRules {
  return new IgnoreRules(folderRel => {
    try {
      return new TextDecoder().decode(overlay.readFile(path.join(root, ...folderRel.split('/').filter(s => s !== ''), '.gitignore')));
    } catch {
      return undefined;
    }
  });
}
