import { runSequence } from './referenceFuzz';

/**
 * The overlay model against the naive reference on seeded random sequences (issue 13). `npm run fuzz` runs a
 * million; a failure prints its seed and steps, and `FUZZ_SEED=<n> npm run fuzz` replays it.
 */
describe('overlay model vs the reference model (seeded sequences)', () => {
  it('agrees after every step on content, listing, records and conflicts over 20,000 sequences', function () {
    this.timeout(600_000);
    const first = Number(process.env.FUZZ_FIRST_SEED ?? 1);
    for (let seed = first; seed < first + 20_000; seed++) runSequence(seed);
  });
});
