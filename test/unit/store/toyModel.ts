/** A small deterministic model standing in for the overlay model: a snapshot plus ops replay to a state. */
export interface ToySnapshot {
  readonly entries: Record<string, string>;
  readonly applied: number;
}

export type ToyOp = { readonly kind: 'set'; readonly key: string; readonly value: string } | { readonly kind: 'delete'; readonly key: string };

export function replay(snapshot: ToySnapshot | undefined, ops: readonly ToyOp[]): ToySnapshot {
  const entries = { ...(snapshot?.entries ?? {}) };
  for (const op of ops) {
    switch (op.kind) {
      case 'set':
        entries[op.key] = op.value;
        break;
      case 'delete':
        delete entries[op.key];
        break;
    }
  }
  return { entries, applied: (snapshot?.applied ?? 0) + ops.length };
}

/** The i-th op of a reproducible stream: mostly sets, some deletes, over a small key space. */
export function toyOp(i: number): ToyOp {
  const key = `src/file${i % 37}.ts`;
  return i % 7 === 6 ? { kind: 'delete', key } : { kind: 'set', key, value: `v${i}` };
}
