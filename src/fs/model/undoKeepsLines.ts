import type { ContentRef } from './contentStore';
import type { UndoEntry } from './undoRecord';

/**
 * The paths an Undo must refuse besides those the disk changed at since the apply: Undo never takes a line off the
 * disk that it cannot put back. A refused path keeps the person's file, so what the apply replaced there is not
 * restored; where the apply had carried those lines to another path (a file it wrote from the lines the person had
 * moved, whose old place its folder delete then took away), restoring that other path would take them off its last
 * place on disk (issue 23, provenance seed 460060: the Undo deleted `b`, written from the person's lines at
 * `d/f/g`, while refusing `d/f/g`, where the person had created a new file). So that path is refused too, and keeps
 * what the apply left. Each refusal may strand more (what the refused path itself would have got back): repeated
 * until none is added. `close` adds the paths the apply took as one unit with a refused one.
 *
 *   a line the Undo takes off a restored path (written, not previous) | that path
 *   ---------------------------------------------------------------------+----------
 *   owed to a refused path (its previous), put back nowhere else         | refused
 *   the apply's own, or put back at a restored path                      | restored
 *   a line of whitespace only (it carries nothing to lose)               | restored
 *
 * Put back nowhere else: not in a restored path's previous, nor in a refused path's file as it is now. A line the
 * person keeps elsewhere on disk outside the apply is not looked for (the Undo then refuses more than it must, and
 * loses nothing). Binary content has no lines. `text` reads a content (undefined: binary or unknown), `now` a refused
 * path's file as the disk has it.
 */
export function refusedToKeepLines(
  entries: readonly UndoEntry[],
  refused: readonly string[],
  text: (ref: ContentRef) => string | undefined,
  now: (path: string) => string | undefined,
  close: (paths: readonly string[]) => readonly string[] = (paths) => paths,
): string[] {
  if (refused.length === 0) return [...refused];
  const lines = new Map<ContentRef, ReadonlySet<string>>();
  const linesOf = (ref: ContentRef | null): ReadonlySet<string> => {
    if (ref === null) return new Set();
    let out = lines.get(ref);
    if (out === undefined) {
      out = lineSet(text(ref));
      lines.set(ref, out);
    }
    return out;
  };
  const out = [...refused];
  for (let added = true; added; ) {
    added = false;
    const isRefused = new Set(out);
    const restored = entries.filter((u) => !isRefused.has(u.path));
    const putBack = new Set<string>();
    for (const u of restored) for (const l of linesOf(u.previous)) putBack.add(l);
    for (const p of out) for (const l of lineSet(now(p))) putBack.add(l);
    const owed = new Set<string>();
    for (const u of entries) if (isRefused.has(u.path)) for (const l of linesOf(u.previous)) if (!putBack.has(l)) owed.add(l);
    if (owed.size === 0) break;
    for (const u of restored) {
      if (u.previous === u.written || isRefused.has(u.path)) continue;
      if (![...linesOf(u.written)].some((l) => owed.has(l))) continue;
      for (const p of close([u.path])) {
        if (isRefused.has(p)) continue;
        isRefused.add(p);
        out.push(p);
      }
      added = true;
    }
  }
  return out;
}

function lineSet(text: string | undefined): Set<string> {
  const out = new Set<string>();
  if (text === undefined) return out;
  for (const l of text.split('\n')) {
    const line = l.endsWith('\r') ? l.slice(0, -1) : l;
    if (line.trim() !== '') out.add(line);
  }
  return out;
}
