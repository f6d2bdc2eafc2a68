import { diffLines } from './merge/diffLines';
import { internLines } from './merge/internLines';

/** Lines added and removed between two texts, by the same line diff the merge uses. */
export function lineStats(before: string, after: string): { readonly added: number; readonly removed: number } {
  const [a, b] = internLines([before, after]);
  let added = 0;
  let removed = 0;
  for (const h of diffLines(a, b)) {
    removed += h.chg1;
    added += h.chg2;
  }
  return { added, removed };
}
