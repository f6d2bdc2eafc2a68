import { withRoomMade } from './acceptDisk';
import { planRevert, recordsShownBy } from './planRevert';
import { renameFieldsDropped } from './replay';
import { PERSON_SESSION_ID } from './changeRecord';
import type { ChangeRecord } from './changeRecord';
import type { ContentRef, ContentStore } from './contentStore';
import type { TextMerge } from './mergeContent';
import type { OverlayView } from './overlayDraft';
import type { RecordSelector } from './overlayOp';
import type { FileIdentity } from './pathEntry';
import type { RevertPlan } from './planRevert';

type Baselines = ReadonlyMap<string, { readonly base: ContentRef | null; readonly identity?: FileIdentity }>;

/**
 * "Discard" of composites, and "Accept disk" over a disk conflict: the records that made what the paths show are
 * taken out (planRevert.ts `recordsShownBy`, with the room each move made: acceptDisk.ts `withRoomMade`) and the rest
 * of their components is replayed. The person chose the disk's version of each path, so Apply must leave the file
 * the disk has there where it is, as it is.
 *
 * The records that survive at a discarded path are those another path still shows: a file the agent made there and
 * moved on (its create, and the rename out, which the destination shows). Mostly that file passes by the disk's file
 * (replay.ts `passesThrough`). But where the disk's file there is the very bytes the agent made — the person made the
 * agent's move themselves, on disk — the rename out reads as moving it (replay.ts: `already`, seed 1052158), and
 * Apply takes the person's file away from the path they just chose:
 *
 *   a discarded path with a disk conflict about its own file   | the survivors there, replayed from that file
 *   ------------------------------------------------------------+-------------------------------------------------
 *   leave it where it is                                       | as the Discard plans them (nothing more)
 *   move it away (a rename out that a record at its            | each rename out is rewritten as a create, at its
 *   destination built on)                                      | destination, of what it moved; the other records
 *                                                              | there (what made the moved file) are taken out
 *
 * The rename's destination keeps what the person decided there (their hand merge was made over what it moved); the
 * path keeps the disk's file. Issue 23, provenance seed 265398: the agent moved `h` → `a` → `d/f/g`; the person moved
 * `h` → `a` on disk and merged `d/f/g` by hand, which settled `h` → `a` into a create of `a`; "Accept disk" at `a`
 * kept that create and the move on over `a`'s old baseline, and Apply of `d/f/g` removed the person's `a`.
 * Left as the Discard plans them: a rename into the path among the survivors (a file passing through it), and
 * records there of another message than the rename's (not the person's) when what it moved is not the disk's file
 * itself: the create would carry what they made under the rename's message, and deleting theirs would no longer
 * take it out.
 */
export function planDiscard(view: OverlayView, paths: readonly string[], selector: RecordSelector, store: ContentStore, merge?: TextMerge): RevertPlan {
  const records = withRoomMade(view, recordsShownBy(view, paths, store));
  const plan = planRevert(view, records, selector, store, merge);
  const chosen = disksChosen(view, paths);
  if (chosen.size === 0) return plan;
  const replayed = planRevert(view, records, selector, store, merge, { baselines: chosen });
  const { taken, rewrites } = movedOff(view, replayed, chosen);
  if (rewrites.size === 0) return plan;
  return planRevert(view, [...records, ...taken], selector, store, merge, { baselines: chosen, rewrites });
}

/**
 * The disk files a Discard of `paths` chooses where a disk conflict there is about the path's own file: what the
 * disk has now (the conflict's `theirs`), from which the records that survive the Discard replay.
 */
function disksChosen(view: OverlayView, paths: readonly string[]): Baselines {
  const out = new Map<string, { readonly base: ContentRef | null; readonly identity?: FileIdentity }>();
  for (const p of paths) {
    const c = view.entry(p)?.conflict;
    if (c?.origin !== 'disk' || (c.diskPath ?? p) !== p) continue;
    out.set(p, { base: c.theirs, ...(c.theirsIdentity ? { identity: c.theirsIdentity } : {}) });
  }
  return out;
}

/** The table's second row: where the replay from the chosen file moves it away, the renames out rewritten and the rest taken. */
function movedOff(view: OverlayView, replayed: RevertPlan, chosen: Baselines): { taken: ChangeRecord[]; rewrites: Map<string, ChangeRecord> } {
  const taken: ChangeRecord[] = [];
  const rewrites = new Map<string, ChangeRecord>();
  for (const p of chosen.keys()) {
    const e = replayed.op.entries.find((x) => x.path === p);
    if (e?.movedTo === undefined) continue;
    const here = e.recordIds.map((id) => replayed.op.rewritten?.find((r) => r.id === id) ?? view.record(id)).filter((r): r is ChangeRecord => r !== undefined);
    if (here.some((r) => r.operation === 'rename' && r.path === p && r.fromPath !== p)) continue;
    const out = here.filter((r) => r.operation === 'rename' && r.fromPath === p && r.path !== p && replayed.movedBy.has(r.id));
    if (out.length === 0) continue;
    const rest = here.filter((r) => !(r.operation === 'rename' && r.fromPath === p));
    // Only where the disk's file is the very bytes the agent's records there made or moved (the person made the
    // agent's move themselves): a file the person edited on disk is theirs, and the rename out passes it by (it
    // moves what it saw; reference seed 141309).
    const base = chosen.get(p)?.base;
    if (!here.some((r) => r.after === base || (out.includes(r) && r.before === base))) continue;
    // The create carries what they made under the rename's message: only the disk's file itself (what the person
    // chose, already on disk), or what the rename's own message (or the person) made there.
    const carriesDisk = out.every((o) => replayed.movedBy.get(o.id) === chosen.get(p)?.base);
    const sameAct = (r: ChangeRecord) => r.sessionId === PERSON_SESSION_ID || out.some((o) => o.sessionId === r.sessionId && o.messageId === r.messageId);
    if (!carriesDisk && !rest.every(sameAct)) continue;
    for (const r of out) rewrites.set(r.id, { ...renameFieldsDropped(r), operation: 'create', before: null, after: replayed.movedBy.get(r.id) as ContentRef });
    for (const r of rest) taken.push(view.record(r.id) as ChangeRecord);
  }
  return { taken, rewrites };
}
