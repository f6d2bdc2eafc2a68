/**
 * Which paths the renames seen so far link (one file moved between them, maybe through others): a union-find over
 * paths, grown one rename at a time as a replay walks its records in staging order. What links two paths at a
 * record is the renames staged before it, never one staged after it (see replay.ts `peekStack`).
 */
export class PathLinks {
  private readonly parent = new Map<string, string>();

  /** A rename from `from` to `to` links the two paths. */
  link(from: string, to: string): void {
    const a = this.root(from);
    const b = this.root(to);
    if (a !== b) this.parent.set(a, b);
  }

  linked(a: string, b: string): boolean {
    return a === b || this.root(a) === this.root(b);
  }

  private root(p: string): string {
    let top = p;
    for (let up = this.parent.get(top); up !== undefined; up = this.parent.get(top)) top = up;
    // Path compression: every path walked now points at the root.
    for (let q = p, up = this.parent.get(q); up !== undefined && up !== top; q = up, up = this.parent.get(q)) this.parent.set(q, top);
    return top;
  }
}
