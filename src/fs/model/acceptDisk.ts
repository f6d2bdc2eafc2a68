import { PERSON_SESSION_ID } from './changeRecord';
import { replayComponent } from './replay';
import type { ChangeRecord } from './changeRecord';
import type { ContentRef, ContentStore } from './contentStore';
import type { TextMerge } from './mergeContent';
import type { OverlayView } from './overlayDraft';
import type { ConflictState } from './pathEntry';

/**
 * "Accept the disk's version" of a prune conflict at `path`: the records it takes out (issue 23). The person was
 * shown two sides, the agent's (what the records make of the path) and theirs (what the path shows without the
 * record that no longer applied), and chose theirs.
 *
 *   taken out                                                    | why
 *   -------------------------------------------------------------+------------------------------------------------
 *   the record the conflict names                                | it no longer applied: the conflict's cause
 *   every record at `path` after the one that left their side    | shown against theirs and turned down: none may
 *   (all of them if none did)                                    | still change the file (seeds 531, 478, 1965)
 *   with a rename into `path` among those: every agent record    | the move is turned down whole: the person kept
 *   whose content `path` shows (the moved file's writes before   | their file, not what the agent brought there, so
 *   it moved, the renames that carried it there)                 | the source is left as the disk has it (36187)
 *   … and that `path` showed before a person's resolution there  | the resolution goes too, and what it hid (the
 *   taken out with them                                          | lines turned down) must not show again (174397)
 *
 * The last row: an agent renames `x` → `y`, perhaps after editing `x`; the person's own file is at `y`; "Accept
 * disk" there. Taking out only the rename sends the moved file home to `x` with the lines the person just turned
 * down at `y`, and Apply writes them there (provenance seeds 24062, 36187, 57388, 78920: LEAK). Turned down as a
 * whole, nothing is staged at `x` (no delete: the file stays; none of the lines the conflict showed at `y`), and
 * nothing of the person's is lost: their `x` and `y` stay as the disk has them. Only agent records go: a person's
 * own resolution at `x` before the move stays theirs and is rebased without the agent lines taken out (a
 * resolution is the person's act, issue 23 case 5). The records are taken out, so the choice is as durable as any
 * other revert (the store persists the op; a reopen replays it).
 */
export function recordsTurnedDown(view: OverlayView, path: string, conflict: ConflictState, recordId: string, store: ContentStore, merge?: TextMerge): ChangeRecord[] {
  const order = (id: string) => view.order(id);
  const here = [...(view.entry(path)?.recordIds ?? [])].sort((a, b) => order(a) - order(b));
  const theirs = [...here].reverse().find((id) => order(id) < order(recordId) && view.record(id)?.after === conflict.theirs);
  const from = theirs !== undefined ? order(theirs) : -Infinity;
  const made = theirsMadeAfter(view, here, conflict, recordId);
  const ids = new Set([recordId, ...here.filter((id) => order(id) > from && !made.has(id))]);
  const movedIn = [...ids].some((id) => {
    const r = view.record(id);
    return r?.operation === 'rename' && r.path === path && r.fromPath !== path;
  });
  if (movedIn) {
    const shown = replayComponent(view, [path], store, { origin: 'prune' }, merge).provenance.get(path) ?? [];
    for (const id of shown) if (view.record(id)?.sessionId !== PERSON_SESSION_ID) ids.add(id);
    // A person's resolution there taken out with them (a hand merge to "no file", say) hid what the path showed
    // before it: without it those records would show again where they came from, the lines the person turned down
    // there back at the move's source (provenance seed 174397: restaged by an Undo, then "Accept disk" over the
    // agent's next create there). They are what the path showed, so they go too (as a Discard's `recordsShownBy`).
    const resolutions = new Set([...ids].filter((id) => view.record(id)?.sessionId === PERSON_SESSION_ID));
    if (resolutions.size > 0) {
      const before = replayComponent(view, [path], store, { removed: resolutions, origin: 'prune' }, merge).provenance.get(path) ?? [];
      for (const id of before) if (view.record(id)?.sessionId !== PERSON_SESSION_ID) ids.add(id);
    }
  }
  return withRoomMade(view, [...ids].map((id) => view.record(id)).filter((r): r is ChangeRecord => r !== undefined));
}

/**
 * The writes after a rename that made a rename conflict's other side: they changed the file the rename landed on
 * (replay.ts, provenance seed 475706), each from the one before, the last leaving `theirs`. They are that side, which
 * the person keeps: taken out, the file the person chose would lose them.
 */
function theirsMadeAfter(view: OverlayView, here: readonly string[], conflict: ConflictState, recordId: string): Set<string> {
  const made = new Set<string>();
  if (conflict.kind !== 'rename' || conflict.theirs === null) return made;
  let want: ContentRef | null = conflict.theirs;
  for (const id of [...here].reverse()) {
    if (view.order(id) <= view.order(recordId)) break;
    const r = view.record(id);
    if (r === undefined || r.operation !== 'modify' || r.before === null || r.after !== want) continue;
    made.add(id);
    want = r.before;
  }
  return made;
}

/**
 * The records taken out, with the delete that made room for each move among them: an overwriting rename is staged
 * as a delete of the destination's file, then the move (the same message, one after the other there). They are one
 * act of the agent's — the file at the destination was to be replaced by the moved one, never removed for nothing —
 * so the move turned down takes the delete with it, unless a later record at the destination, still staged, was
 * made over the room it made (then that record's base is the delete: seed 43091, a new file written there once a
 * chain had moved on, stays as written).
 *
 *   taken out                | at `to`, a later record still staged | also taken out                        | why
 *   -------------------------+--------------------------------------+---------------------------------------+-----------------
 *   a rename `from` → `to`   | none                                 | the record staged at `to` just before | alone it removes
 *                            |                                      | the move, if a delete by its message  | `to`'s file
 *   a rename `from` → `to`   | some                                 | nothing more                          | it built on it
 *
 * Provenance seed 164474: the agent edited `h`; the person renamed `h` → `b` on disk (a conflict at `h`); the agent,
 * shown the person's `b`, moved `h` onto it; "Accept disk" at `h` took out the move, and Apply deleted the person's
 * `b` (LOSS). Any way of taking a move out (a Discard of its source, "Accept disk" there) goes through this.
 */
export function withRoomMade(view: OverlayView, records: readonly ChangeRecord[]): ChangeRecord[] {
  const out = [...records];
  const taken = new Set(records.map((r) => r.id));
  for (const r of records) {
    if (r.operation !== 'rename' || r.fromPath === undefined || r.fromPath === r.path) continue;
    const at = view.order(r.id);
    let before: ChangeRecord | undefined;
    let builtOn = false;
    for (const id of view.entry(r.path)?.recordIds ?? []) {
      const o = view.order(id);
      if (o > at && !taken.has(id)) builtOn = true;
      if (o < at && (before === undefined || o > view.order(before.id))) before = view.record(id);
    }
    if (builtOn || before === undefined || taken.has(before.id)) continue;
    if (before.operation !== 'delete' || before.sessionId !== r.sessionId || before.messageId !== r.messageId) continue;
    taken.add(before.id);
    out.push(before);
  }
  return out;
}
