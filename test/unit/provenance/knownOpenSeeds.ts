import type { DiskKind } from './personHands';

/**
 * Seeds of the unit suite's provenance windows (memory 1–16,500, folder 1–3,000, folding 1–1,500) that still fail on
 * the current model: open bugs of issue 23, listed so that the suite catches every NEW failure while these are
 * being fixed. This is not a pass: issue 23 stays open until this list is empty. The test fails when a seed off
 * this list fails, and also when a listed seed passes (take it off the list then), so the list can only shrink.
 * Classified (issue 23, helper prov-fix2; class (a), "Accept agent over a prune conflict writes a deleted message's
 * line", is fixed: agentSide.ts):
 * - (b) discarding a path leaves the rename that moved its disk file, and Apply removes it (LOSS): fixed (a discard
 *   takes out every record that acted on the path's disk file wherever it went, planRevert.ts);
 * - (c) Undo restages an overwriting rename with the destination's delete after it (LOSS): fixed (the staging
 *   orders of an op's added records rounded to one number, overlayDraft.ts);
 * - (a') the disk-conflict side of (a): an apply undone after its message was deleted, a later record's agent side
 *   still holds the deleted message's lines (LEAK): memory 16344, fixed (Undo stages a change made since the apply
 *   again on top of the applied records it saw, replayed from the restored disk, restage.ts);
 * - (d) "Accept disk" over a prune conflict: the oracle counted the disk's lines as chosen too, though their side
 *   there is the surviving records' result, not the disk (the oracle's reading, fixed in provenanceFuzz.ts
 *   `resolve`): memory 11434 and 13459 (fixed);
 * - (e) and (f), fixed (mootConflicts.ts: a disk conflict the records no longer make a change to is settled at once,
 *   not at Apply's look at the disk): memory 12588, 13820, 13026; (g), the oracle's (a rejection is per path): 14327;
 * - 6596 (Accept agent over a disk conflict accepted a record's own after instead of the side shown) is fixed:
 *   overlayModel.acceptedReplay.
 * `FUZZ_REPLAY=memory:<seed> node scripts/fuzz.mjs` prints a seed's steps.
 */
export const KNOWN_OPEN: Readonly<Record<DiskKind, readonly number[]>> = {
  memory: [
  ],
  folder: [
  ],
  folding: [
  ],
};
