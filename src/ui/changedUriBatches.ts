/**
 * Paths whose decorations changed, gathered between two announcements and handed out in events VS Code passes on
 * whole: its extension host keeps at most 250 URIs of a decoration event and drops the rest ("[Decorations]
 * CAPPING events"), which left marks stale. No `vscode` here: `expand` turns a path into its URIs.
 */
export const MAX_EVENT_URIS = 250;

export class ChangedUriBatches {
  private readonly paths = new Set<string>();

  add(p: string): void {
    this.paths.add(p);
  }

  get size(): number {
    return this.paths.size;
  }

  /** The gathered paths' URIs (each path once), in events of at most `max`; the gathering starts over. */
  take<U>(expand: (p: string) => readonly U[], max = MAX_EVENT_URIS): U[][] {
    const out: U[][] = [];
    let current: U[] = [];
    for (const p of this.paths) {
      const uris = expand(p);
      if (current.length + uris.length > max && current.length > 0) {
        out.push(current);
        current = [];
      }
      current.push(...uris);
    }
    if (current.length > 0) out.push(current);
    this.paths.clear();
    return out;
  }
}
