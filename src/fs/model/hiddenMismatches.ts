import type { OverlayView } from './overlayDraft';
import type { ConflictState } from './pathEntry';
import type { ReplayResult } from './replayOptions';

/**
 * The records "Accept agent" at a conflict must not force (issue 23, provenance seeds 92905, 581835, 1885957): those
 * whose replay, in the view the person accepted (`view`: the component replayed as it stands), met a mismatch the
 * view did not show. A path shows one conflict: the first one found there, or a disk conflict held there, which wins
 * over any found (replay.ts). A mismatch met behind it — a delete that never saw the person's edit the file now
 * carries, a create that meets a file a rename brought — was never put to the person, so accepting the conflict
 * shown does not settle it: left unforced, the record replays by the replay table and its mismatch comes back as a
 * conflict of its own. Forced, it was rewritten to have seen what it met, and a later Apply removed the person's
 * lines no surviving record that saw them removed.
 *
 *   record met a conflict in the view | it is the accepted conflict's record, or  | forced?
 *                                     | one the view shows at its path            |
 *   ----------------------------------+-------------------------------------------+--------------------------
 *   no                                | —                                         | as before (by path)
 *   yes                               | yes (at any path of the component)        | as before: it was shown
 *   yes                               | no                                        | no: hidden, asked again
 */
export function hiddenMismatches(state: OverlayView, c: ConflictState, view: ReplayResult): ReadonlySet<string> {
  const hidden = new Set<string>();
  if (!view.met || view.met.size === 0) return hidden;
  const shown = new Set<string>();
  if (c.recordId !== undefined) shown.add(c.recordId);
  // Any path of the component: a conflict shown at another path was put to the person there.
  for (const e of view.entries) {
    const id = state.entry(e.path)?.conflict?.recordId;
    if (id !== undefined) shown.add(id);
  }
  for (const [id, named] of view.met) if (!shown.has(named)) hidden.add(id);
  return hidden;
}
