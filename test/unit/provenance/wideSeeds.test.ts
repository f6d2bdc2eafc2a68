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
  [6184, 'a hand merge at a folder move\'s destination replayed the new file at its origin with a deleted message\'s line (overlayModel.acceptedReplay)', 'folding'],
];

describe('issue 23: provenance seeds beyond the unit window, fixed', () => {
  for (const [seed, what, disk = 'memory'] of FIXED) {
    it(`${disk} seed ${seed}: ${what}`, async () => {
      await runProvenanceSequence(seed, { disk });
    });
  }
});
