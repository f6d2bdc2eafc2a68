import * as path from 'path';

/** Folders whose names on disk are read per batch: a refresh must stay cheap when thousands of folders change. */
const FOLDERS_LOOKED_AT = 200;

/**
 * Staged names with a twin that reads the same (another Unicode normalization of the name, issue 24), kept path
 * by path: among the staged names themselves, and against the names beside each one on disk (read when the
 * staged name changes). No `vscode` here.
 */
export class TwinIndex {
  /** Staged paths by their NFC form. */
  private readonly byForm = new Map<string, Set<string>>();
  /** Names on disk beside a staged path that read the same as it. */
  private readonly onDisk = new Map<string, string[]>();

  /**
   * Takes in the paths that changed (`isStaged` says whether each is listed now; `list` gives a folder's names on
   * disk) and answers the other staged paths whose twins changed with them.
   */
  update(changed: Iterable<string>, isStaged: (p: string) => boolean, list: (dir: string) => readonly string[]): string[] {
    const partners = new Set<string>();
    const listings = new Map<string, readonly string[]>();
    const changedSet = new Set(changed);
    for (const p of changedSet) {
      const form = p.normalize('NFC');
      const group = this.byForm.get(form);
      const was = group?.has(p) ?? false;
      const now = isStaged(p);
      if (was !== now) {
        for (const q of group ?? []) if (q !== p) partners.add(q);
        if (now) {
          if (group) group.add(p);
          else this.byForm.set(form, new Set([p]));
        } else {
          group!.delete(p);
          if (group!.size === 0) this.byForm.delete(form);
        }
      }
      this.onDisk.delete(p);
      if (!now) continue;
      const dir = path.dirname(p);
      let names = listings.get(dir);
      if (names === undefined) {
        names = listings.size < FOLDERS_LOOKED_AT ? list(dir) : [];
        listings.set(dir, names);
      }
      const base = path.basename(p);
      const baseForm = base.normalize('NFC');
      const twins = names.filter(n => n !== base && n.normalize('NFC') === baseForm).map(n => path.join(dir, n));
      if (twins.length > 0) this.onDisk.set(p, twins);
    }
    for (const p of changedSet) partners.delete(p);
    return [...partners];
  }

  /** The names reading the same as staged `p`, staged or on disk (undefined: none). */
  twinsOf(p: string): string[] | undefined {
    const staged = [...(this.byForm.get(p.normalize('NFC')) ?? [])].filter(q => q !== p);
    const all = [...new Set([...staged, ...(this.onDisk.get(p) ?? [])])];
    return all.length > 0 ? all : undefined;
  }

  clear(): void {
    this.byForm.clear();
    this.onDisk.clear();
  }
}
