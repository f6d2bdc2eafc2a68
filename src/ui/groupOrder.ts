/**
 * Keeps the Source Control view's session groups in one order. VS Code shows groups in the order they were
 * created and has no way to move one, so a session whose group went away (all applied) and came back (Undo Last
 * Apply, Undo Discard) would reappear last. The plan says which groups to drop and which to create, in order, so
 * that the groups read in rank order: the groups already in that order stay, the ones after the first that is
 * out of place are created again after it.
 */
export interface GroupPlan {
  readonly dispose: readonly string[];
  readonly create: readonly string[];
}

export function planGroups(existing: readonly string[], wanted: Iterable<string>, rank: (key: string) => number): GroupPlan {
  const want = new Set(wanted);
  const desired = [...want].sort((a, b) => rank(a) - rank(b));
  const kept = existing.filter(k => want.has(k));
  let i = 0;
  while (i < kept.length && kept[i] === desired[i]) i++;
  return {
    dispose: [...existing.filter(k => !want.has(k)), ...kept.slice(i)],
    create: desired.slice(i),
  };
}

/** Ranks by first sight in this window: a session keeps its place for the window's life. */
export class FirstSeenRank {
  private readonly ranks = new Map<string, number>();

  /** Ranks keys not seen before, in the order given (e.g. by their oldest change). */
  see(keys: Iterable<string>): void {
    for (const k of keys) if (!this.ranks.has(k)) this.ranks.set(k, this.ranks.size);
  }

  has(key: string): boolean {
    return this.ranks.has(key);
  }

  rank(key: string): number {
    return this.ranks.get(key) ?? Number.MAX_SAFE_INTEGER;
  }
}
