import { afterOf, baseOf } from './mergeRules';
import { planReconcile } from './reconcile';
import type { ContentRef, ContentStore } from './contentStore';
import type { DiskProbe } from './diskProbe';
import type { TextMerge } from './mergeContent';
import type { OverlayView } from './overlayDraft';
import type { ConflictState } from './pathEntry';
import type { RebaseOp } from './reconcile';

/**
 * A disk conflict whose agent side no longer changes the file it is about is moot (issue 23, provenance seeds
 * 12588 and 13820). It happens when the records there are taken out or cancel out after the conflict was found:
 * the agent creates `d/e`, the person creates `d/e` on disk (a creation conflict, the agent's version shown), then
 * the agent deletes its folder (create then delete: nothing), or its creating message is deleted while a folder
 * move that carried the file survives. The conflict, kept "while its baseline stays", would go on hiding the
 * person's file — and the next look at the disk (which Apply takes first) settles it and shows that file, so an
 * Apply writes what the review never showed. The model already holds what the disk has there (the conflict's
 * `theirs`): it settles such a conflict right away, as that reconcile would, without reading the disk.
 *
 * Only a conflict whose agent side equals its base is settled here: the records make no change to that file, so
 * there is nothing to choose between. A conflict whose agent side still changes the file stays the person's to
 * settle, and so does one the known disk content would turn into another conflict. A conflict handed back to the
 * agent is settled so too: with nothing of the agent's left there, there is nothing for it to settle, and the view
 * showed its side — no file, where a prune left only a line delete of a deleted message's create — over the
 * person's file until an Apply's look at the disk settled it (provenance seed 605109, SIDE).
 */
/** The rebase that settles the moot disk conflict at `path`; undefined when there is none to settle. */
export function settleOne(view: OverlayView, path: string, store: ContentStore, merge?: TextMerge): RebaseOp | undefined {
  const e = view.entry(path);
  const c = e?.conflict;
  if (!e || !c || c.origin !== 'disk' || c.diskPath === undefined || c.theirsPath !== undefined) return undefined;
  const holder = view.entry(e.movedTo ?? path);
  if (!holder || (afterOf(holder.state) ?? null) !== c.base) return undefined;
  const outcome = planReconcile(view, path, knownDisk(view, store, c), store, merge);
  if (outcome.kind !== 'rebased') return undefined;
  // Settled, the disk's file stays where it is: the agent side equals the base, but a live rename out of the path
  // would move the person's file, which no record saw (`leavesInPlace`).
  return leavesInPlace(outcome.op, c) ? outcome.op : undefined;
}

/**
 * The rebase leaves the disk's file at the conflict's disk path as it is. The agent side can equal the base only
 * because a rename took the path's file away (the holder is its destination), and then settling made that rename move
 * the person's new file there, which no surviving record saw: the agent edited `d/f/g`, renamed it away and deleted it
 * there; the person deleted `d/f/g` and made a new one; a prune elsewhere in the component left the destination with
 * no file, and the settled rename carried the new file onto the agent's delete (reference seed 160111, which session
 * 10 pinned for the same move reached through an unrelated write; with prov-c7's second-look rule the model kept the
 * conflict and the reference settled it).
 */
function leavesInPlace(op: RebaseOp, c: ConflictState): boolean {
  if (op.type !== 'replace') return true;
  const at = op.entries.find((x) => x.path === c.diskPath);
  return at === undefined || ((afterOf(at.state) ?? null) === c.theirs && at.movedTo === undefined);
}

/**
 * The disk as the model knows it: the conflict's `theirs` at its disk path, every other path as its baseline
 * (nothing known to have changed there, so a reconcile leaves it alone).
 */
function knownDisk(view: OverlayView, store: ContentStore, conflict: ConflictState): DiskProbe {
  const refOf = (p: string): ContentRef | null => {
    if (p === conflict.diskPath) return conflict.theirs;
    const e = view.entry(p);
    return e ? (baseOf(e.state) ?? null) : null;
  };
  return {
    refOf,
    read: (p) => {
      const ref = refOf(p);
      return ref === null ? undefined : store.get(ref);
    },
    identity: (p) => (p === conflict.diskPath ? conflict.theirsIdentity : view.entry(p)?.identity),
  };
}
