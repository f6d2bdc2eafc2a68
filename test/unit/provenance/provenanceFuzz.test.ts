import * as assert from 'assert';
import { ProvenanceFailure, runProvenanceSequence } from './provenanceFuzz';
import type { DiskKind } from './personHands';
import { KNOWN_OPEN } from './knownOpenSeeds';

/**
 * The provenance fuzz (issue 23) in the unit suite: 21,000 seeded workspace-level sequences judged by the
 * provenance oracle — most on an in-memory disk, some on a real temporary folder (tmpfs when there is one), some
 * on FoldingDisk (case-insensitive, emulated over real files: much the slowest). `npm run fuzz` runs 1,300,000
 * more (see scripts/fuzz.mjs). A failure names its seeds; `FUZZ_REPLAY=<kind>:<seed> node scripts/fuzz.mjs`
 * replays one and prints its steps. FUZZ_FIRST_SEED moves the window.
 */
async function runMany(kind: DiskKind, count: number): Promise<void> {
  const first = Number(process.env.FUZZ_FIRST_SEED ?? 1);
  const failures: ProvenanceFailure[] = [];
  let next = first;
  // Sequences wait on the store's fsyncs: a few at once keep the processor busy.
  const lane = async () => {
    while (next < first + count) {
      const seed = next++;
      try {
        await runProvenanceSequence(seed, { disk: kind });
      } catch (e) {
        if (!(e instanceof ProvenanceFailure)) throw e;
        failures.push(e);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, lane));
  failures.sort((a, b) => a.seed - b.seed);
  // Issue 23's open seeds (knownOpenSeeds.ts) are judged apart: any other failure fails the test, and so does a
  // listed seed that passes, so the list only shrinks. Outside the default window nothing is excused.
  const known = new Set(first === 1 ? KNOWN_OPEN[kind].filter(s => s < first + count) : []);
  const fresh = failures.filter(f => !known.has(f.seed));
  assert.deepStrictEqual(fresh.map(f => f.seed), [], `${fresh.length} of ${count} sequences failed that are not known open bugs; the first:\n${fresh[0]?.message ?? ''}`);
  const fixed = [...known].filter(s => !failures.some(f => f.seed === s));
  assert.deepStrictEqual(fixed, [], `these known-open seeds pass now: take them off KNOWN_OPEN in knownOpenSeeds.ts`);
}

describe('provenance fuzz: nothing a person wrote is lost, nothing taken out leaks (seeded workspace sequences)', () => {
  it('16,500 sequences on an in-memory disk', async function () {
    this.timeout(3_600_000);
    await runMany('memory', 16_500);
  });

  it('3,000 sequences on a real temporary folder', async function () {
    this.timeout(3_600_000);
    await runMany('folder', 3_000);
  });

  it('1,500 sequences on FoldingDisk (case-insensitive)', async function () {
    this.timeout(3_600_000);
    await runMany('folding', 1_500);
  });

  // The issue's cases as the fuzz first found them, each kept by its seed. Each failed on the code before issue 23's
  // fix (checked with the generator as it was then, which deleted messages through the model's `prune`; the
  // adapters now call `forgetMessage`, and so does the generator). Seeds 1333 and 292 failed after that fix, until Undo
  // refused a rename's paths together; 531, 478 and 1965 until Accept disk over a prune conflict took out every record
  // there that made the view differ from the side the person chose. Seeds that still fail are in knownOpenSeeds.ts.
  const found: [DiskKind, number, string][] = [
    ['memory', 327, 'case 1: a file the agent created and deleted, then the person created, is deleted by Apply (LOSS)'],
    ['memory', 1054, 'case 1 with the creating session discarded: Apply deletes the person\'s new file (LOSS)'],
    ['memory', 1135, 'case 3: a rewrite pruned, the delete that saw it deletes the original it never saw (LOSS)'],
    ['memory', 1013, 'case 3 by session: a line removal discarded with its session, a later delete removes the line (LOSS)'],
    ['memory', 2875, 'case 4: the agent deletes, the person deletes, the watcher reacts, the person writes anew: Apply deletes it (LOSS)'],
    ['memory', 3848, 'case 5: the person\'s hand merge, kept on the agent\'s record, goes with its discarded session, and Apply removes the person\'s lines (LOSS)'],
    ['memory', 500, 'case 6: Undo stages again the change of a message deleted after the Apply, and a second Apply writes it (LEAK)'],
    ['memory', 57, 'case 6: Undo restages a deleted message\'s line removal, and the next Apply removes the person\'s line (LOSS)'],
    ['memory', 96, 'case 6 by session: Undo restages a discarded session\'s change (LOSS)'],
    ['memory', 1333, 'Undo of an overwriting rename whose origin the person wrote anew restores the destination and drops the moved text (LOSS)'],
    ['memory', 531, 'Accept disk over a prune conflict leaves a later record there: Apply writes a rejected line over a disk line (LOSS, LEAK)'],
    ['memory', 478, 'Accept disk over a prune conflict leaves the delete of an overwriting rename: Apply deletes the person\'s lines (LOSS)'],
    ['memory', 1965, 'Accept disk over a prune conflict leaves the person\'s own earlier "no file" resolution: Apply removes the file (LOSS)'],
    ['memory', 1712, 'an agent resolving a conflict handed back to it keeps a line of a discarded message it was shown: its own line now (the oracle\'s bookkeeping, not a LEAK)'],
    ['memory', 1248, 'a session discarded after a partial Apply: Undo stages its applied delete again and the next Apply deletes the restored file (LOSS)'],
    ['memory', 292, 'the same loss in Undo of an overwriting rename, the source refused and the destination restored (LOSS)'],
    ['folding', 18, 'case 8: Undo on a case-insensitive disk throws instead of refusing the one path (THROW)'],
    ['memory', 911, 'class a: Accept agent over a prune conflict whose file\'s creating message was deleted writes that message\'s line (LEAK)'],
    ['memory', 1608, 'class a: Accept agent over a prune text conflict keeps a deleted message\'s line beside the surviving edit (LEAK)'],
    ['memory', 12588, 'class e: a folder move carried a file whose creating message is deleted; the person\'s file there stays hidden under a moot creation conflict until Apply moves it (SIDE)'],
    ['memory', 13820, 'class e: a folder deleted over a creation conflict (create then delete: nothing) hides the person\'s file until Apply looks (SIDE)'],
    ['folding', 2590, 'two spellings of one file, one applied and the other\'s group refused: the file shows what the review showed (the oracle\'s bookkeeping, not a WYSIWYG breach)'],
    ['folding', 1984, 'a delete of one spelling applied alone, its other spelling\'s rename in another group: the file the review showed there is gone (SIDE)'],
    ['folding', 8632, 'a name a rename chain only passed through is applied with it while its other spelling\'s create is refused: the file keeps the disk\'s text (the oracle\'s bookkeeping, not a WYSIWYG breach)'],
    ['folding', 9359, 'the same beside a delete refused for a conflict: the disk keeps the person\'s file (the oracle\'s bookkeeping, not a SIDE breach)'],
    ['memory', 14327, 'class g: a line adopted at one path and rejected at another (the person\'s disk move copied it) is written where it was adopted (the oracle\'s bookkeeping, not a LEAK)'],
  ];
  for (const [kind, seed, what] of found) {
    it(`seed ${seed} (${kind}): ${what}`, async function () {
      this.timeout(120_000);
      await runProvenanceSequence(seed, { disk: kind });
    });
  }
});
