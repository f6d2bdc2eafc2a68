import { runProvenanceSequence } from './provenanceFuzz';
import type { DiskKind } from './personHands';

/**
 * Issue 23: provenance seeds beyond the unit suite's window (memory 1–16,500) that failed and are fixed, replayed
 * whole as pinned regressions (a failure throws `ProvenanceFailure` with the seed's steps). Each names its class;
 * the model fixes also have cut-down tests in test/unit/model/issue23WideSeeds.test.ts. A third element names the
 * disk when it is not the in-memory one (`folding`: FoldingDisk, case-insensitive; `folder`: a real folder).
 */
const FIXED: readonly (readonly [number, string, DiskKind?])[] = [
  [20988, 'Accept agent over a prune conflict made a rename that moved nothing create a deleted message\'s file (replay.ts)'],
  [37837, 'the same as 20988'],
  [43091, 'a rename chain taken out sent a file written later where it passed home to its source (replay.ts)'],
  [28531, 'the oracle\'s reading: a folder move settles a conflict handed back to the agent, which it was told of (provenanceFuzz.ts)'],
  [34850, 'the same as 28531'],
  [46520, 'a later replay of the component found a rename conflict the person had resolved by hand again, and undid the resolution (replay.ts `replaces`)'],
  [51460, 'the same as 46520'],
  [53959, 'the same as 46520, the conflict carried from where the rename landed (Accept agent accepts the record it names)'],
  [22411, 'a hand merge over a file the person moved away was a create on the agent\'s message: deleting it removed the person\'s lines (overlayModel.revivedReplay: a person\'s base under the agent\'s records)'],
  [54221, 'the same as 22411, Accept agent over a file moved away'],
  [74989, 'the same as 22411, Accept agent over a deleted file: a prune showed a deleted message\'s line again'],
  [82285, 'the same as 22411, the agent\'s write replacing a line of the file moved away'],
  [49982, 'one conflict a path: Accept agent over a disk conflict accepted a hidden rename onto the person\'s file (replay.ts `landsOver`)'],
  [36187, '"Accept disk" at a rename\'s destination sent the moved file home with the agent\'s lines the person turned down there (acceptDisk.ts: the move is turned down whole)'],
  [57388, 'the same as 36187 (a delete/modify conflict at the destination)'],
  [78920, 'the same as 36187 (the source\'s edit before the move)'],
  [24062, 'the same as 36187 (a file the agent created, applied and undone, then moved)'],
  [38702, 'Undo staged again a message whose staged changes were discarded after the Apply (a folder delete\'s rmdir left staged): the discard now takes it out whole, as a session\'s (OverlayWorkspace.discardMessage)'],
  [74289, 'the same as 38702 (a create cancelled by the folder delete left staged)'],
  [76173, 'a folder\'s listing changed under a walk of it: the watcher left a change that cancelled out unreconciled at a path the person wrote, and the read made it a conflict (OverlayWorkspace.reconcilePaths)'],
  [141395, 'the same as 76173'],
  [45792, 'the oracle\'s reading: Accept agent at d/e kept a line whose copy the person\'s disk move made at d/c, where an older live record removed it; a choice to keep counts where it was made (provenanceOracle.ts `keptSince`)'],
  [147408, 'the same as 45792 (Accept disk at h kept the lines whose copy the person\'s disk move put at d/e, where a live delete removed them)'],
  [166890, 'the same as 45792'],
  [90989, 'the same as 45792 (fixed by its oracle reading, b40110c: it fails on the commit before and passes on it)'],
  [94502, 'the same as 90989'],
  [130491, 'the same as 90989'],
  [61898, 'the oracle\'s reading: a live record\'s folder move carried a line of a message deleted after its Apply, seen on disk; Accept agent over the move writes it as the mover\'s (provenanceOracle.ts `agentCarries`)'],
  [35198, 'a discard after a hand merge to no file at a rename\'s destination brought back at the source a line the person had rejected there: the discard counted only what the path showed after the resolution (planRevert.recordsShownBy)'],
  [164474, '"Accept disk" at a rename\'s source the person moved on disk took out the move but left the overwrite\'s delete at its destination, which removed the person\'s moved file there (acceptDisk.withRoomMade)'],
  [135577, 'discards: the agent\'s rename settling a prune conflict handed back to it rewrote the records there for good, so discarding its session left the overwrite of the person\'s file clean (ChangeRecord.settled, planRevert.settledBy)'],
  [146520, 'the same as 135577 (a rename chain\'s overwrite settles a disk conflict handed back; the session discarded)'],
  [95650, 'SIDE: a rebase onto the disk found again a rename conflict the agent had settled (handed back to it), and showed the person\'s file: the agent\'s settlement keeps `replaces` too, taken back with its message (ChangeRecord.settled)'],
  [90286, 'the same as 135577 (a hand-back at d/f/g after an Undo; the session discarded)'],
  [240090, 'the same as 135577 (settled by the agent\'s delete; its message deleted)'],
  [243078, 'the same as 135577 (settled by the agent\'s delete)'],
  [252901, 'the same as 135577 (settled by the agent\'s insert after a reopen)'],
  [205283, 'the same as 135577 (settled by a rename chain that cancels out; its message discarded)'],
  [283864, 'the same as 135577 (settled by an overwriting rename; its message deleted)'],
  [352986, 'the same as 135577 (a disk conflict after the person\'s disk move, settled by the agent\'s edit)'],
  [93902, 'the same as 135577 (an overwriting rename chain through d/e settling a delete/modify conflict handed back; its message deleted: classified by prov-case, fixed by prov-discard\'s rule)'],
  [192404, 'the generator\'s reading: a hand merge that took effect, at a path where the model still lists a conflict, was logged "(refused)" and the person\'s choice not recorded (`resolveManually` returns nothing; provenanceFuzz.ts now counts only a throw as a refusal)'],
  [333555, 'the same as 192404 (a hand merge to no file at a rename\'s destination)'],
  [400719, 'THROW: a prune restoring a record its settlement had turned from a rename into a create (its source gone) replayed it in a component without its source path (planRevert.settledBy restores only records whose paths are unchanged)'],
  [84810, 'one conflict a path: a create\'s conflict a rename carried from the person\'s new file at its source, settled to theirs by the agent\'s delete, showed that file moved to the destination (replay.ts `home`)'],
  [87785, 'one conflict a path: a rename\'s source moved on disk under the accepted disk conflict at its destination (passes since session 11\'s fixes)'],
  [53522, 'Accept agent over a rename whose source the person moved away (passes since session 11\'s fixes)'],
  [134218, 'Accept agent over a prune conflict rewrote an earlier record as it stood, keeping a line of the message taken out; a later prune showed it again (replay.ts: a forced record keeps its own change, agentSide.ts)'],
  [125907, 'the same as 134218: Accept agent over a conflict a rename moved on kept a line an Undo had taken off the disk (a record\'s own `after`)'],
  [175677, 'the same as 134218, at a folder move\'s origin: Accept agent kept a discarded message\'s lines in the moved file'],
  [225726, 'the same as 134218, through a rename chain: Accept agent kept a record\'s own `after`, not the disk edit carried to the destination'],
  [167601, 'a later record keeping a line of a message deleted in every session (passes since session 11\'s fixes)'],
  [6184, 'a hand merge at a folder move\'s destination replayed the new file at its origin with a deleted message\'s line (overlayModel.acceptedReplay)', 'folding'],
  [11084, 'an overwrite staged at d/e and the rename chain through d/E were applied apart; the chain discarded and the Apply undone, the delete came back alone (applyPlan.ts `chainPassed`, and the reference model\'s applyGroup; the whole sequence passes on session 11\'s final code too, the cut-down model test fails without the fix)', 'folding'],
  [224554, 'the generator\'s reading: a plain (not overwriting) rename chain landing on a conflict handed back to the agent settles it, and the agent was told the person\'s file there; it counted what it was told only for an overwrite (provenanceFuzz.ts agentRename)'],
  [183123, 'the generator\'s reading: discarding a rename\'s destination rejected at its origin the lines of a change listed there of its own (the agent\'s new file at the origin), which the discard rightly keeps (provenanceFuzz.ts discardFile)'],
  [16770, 'the same as 224554 on a case-insensitive disk: an overwriting rename onto `a` replaced the handed-back `A` (one file), and the agent was told the person\'s file there (provenanceFuzz.ts agentRename)', 'folding'],
  [236627, 'REOPEN: a rename the person had merged by hand over a file, rewritten as a create when Accept agent met its source gone, kept `replaces`; the store refused the op on reopen and dropped it with every op after it (replay.ts)'],
  [173244, 'the same as 236627 (a hand merge at a path a rename chain passes through)'],
  [202200, 'the same as 236627 (Accept agent after the person moved the file on disk)'],
  [247034, 'the same as 236627 (a listing changed by the reopen)'],
  [289782, 'the same as 236627'],
  [293887, 'the same as 236627 (a listing changed by the reopen)'],
  [652729, 'Accept agent over a prune conflict: deleting the accepted record\'s message showed again the earlier create\'s line the person had turned down (overlayModel.turnedDownReplay: the person\'s part under the agent\'s records)'],
  [623314, 'the same as 652729 (a text conflict, handed back to the agent first)'],
  [611358, '"Accept disk" at a rename chain\'s source took out the person\'s hand merge at its end, and left the agent\'s delete there that the merge had rewritten onto the person\'s edit: Apply deleted the file (overlayModel.resolveAsPerson keeps the records it forces as they were, `settled`)'],
  [605109, 'SIDE: a conflict handed back to the agent that a prune made moot (only a line delete of the deleted message\'s create left over the person\'s file) showed no file until an Apply\'s look at the disk settled it (mootConflicts.ts settles a handed-back conflict too)'],
];

describe('issue 23: provenance seeds beyond the unit window, fixed', () => {
  for (const [seed, what, disk = 'memory'] of FIXED) {
    it(`${disk} seed ${seed}: ${what}`, async () => {
      await runProvenanceSequence(seed, { disk });
    });
  }
});
