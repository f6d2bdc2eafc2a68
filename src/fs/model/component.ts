import type { OverlayView } from './overlayDraft';

/**
 * The paths linked to the seeds through records (a rename links its two paths) and rename links: what one
 * replay, one Apply or one Discard must treat together.
 */
export function componentOf(view: Pick<OverlayView, 'entry' | 'record'>, seeds: Iterable<string>): { paths: string[]; recordIds: Set<string> } {
  const paths = new Set<string>();
  const recordIds = new Set<string>();
  const stack = [...seeds];
  while (stack.length) {
    const p = stack.pop() as string;
    if (paths.has(p)) continue;
    const e = view.entry(p);
    if (!e) continue;
    paths.add(p);
    if (e.movedFrom !== undefined) stack.push(e.movedFrom);
    if (e.movedTo !== undefined) stack.push(e.movedTo);
    for (const id of e.recordIds) {
      if (recordIds.has(id)) continue;
      const r = view.record(id);
      if (!r) continue;
      recordIds.add(id);
      stack.push(r.path);
      if (r.fromPath !== undefined) stack.push(r.fromPath);
    }
  }
  return { paths: [...paths], recordIds };
}
