/**
 * The folders of a set of '/'-separated paths, as a tree of names: which paths lie under a folder, found without
 * walking every path of the set. The overlay asks "what is staged under this folder?" on every write (is the
 * target a folder made by the files under it?) and on every listing; scanning all entries made staging N files
 * cost N² (issue 28). Here the cost is the size of the answer.
 *
 * A folder's key is its path without a trailing '/' (the root '/' is ''); its children are the paths (files or
 * folders) one level down. One string may be both a path of the set and a folder of others (a file staged where
 * staged files also sit below: a conflict the folder rules show), so membership is asked of the set itself.
 */
export class PathTree {
  private readonly children = new Map<string, Set<string>>();
  private readonly members = new Set<string>();

  add(path: string): void {
    if (this.members.has(path)) return;
    this.members.add(path);
    // Link the path into its folder, and each new folder into its own, until one was already linked.
    for (let child = path, parent = parentKey(child); parent !== undefined; child = parent, parent = parentKey(child)) {
      const set = this.children.get(parent);
      if (set) {
        set.add(child);
        return;
      }
      this.children.set(parent, new Set([child]));
    }
  }

  delete(path: string): void {
    if (!this.members.delete(path)) return;
    // Unlink upwards while a name holds neither a path of the set nor anything below it.
    for (let child = path, parent = parentKey(child); parent !== undefined; child = parent, parent = parentKey(child)) {
      if (this.members.has(child) || this.children.has(child)) return;
      const set = this.children.get(parent);
      if (!set) return;
      set.delete(child);
      if (set.size > 0) return;
      this.children.delete(parent);
    }
  }

  clear(): void {
    this.children.clear();
    this.members.clear();
  }

  /** The paths of the set strictly under `dir` (at any depth), in no particular order. */
  under(dir: string): string[] {
    const out: string[] = [];
    const top = this.children.get(dir.endsWith('/') ? dir.slice(0, -1) : dir);
    if (top) this.collect(top, out);
    return out;
  }

  private collect(set: ReadonlySet<string>, out: string[]): void {
    for (const child of set) {
      if (this.members.has(child)) out.push(child);
      const below = this.children.get(child);
      if (below) this.collect(below, out);
    }
  }
}

/** The key of the folder holding `path`; undefined for a name with no '/' (nothing above it). */
function parentKey(path: string): string | undefined {
  const i = path.lastIndexOf('/');
  return i < 0 ? undefined : path.slice(0, i);
}
