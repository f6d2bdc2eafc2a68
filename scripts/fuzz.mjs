#!/usr/bin/env node
// `npm run fuzz`: the overlay model against the reference model (test/unit/model/referenceFuzz.ts) on
// FUZZ_COUNT seeded sequences (default 1,000,000) from FUZZ_FIRST_SEED (default 1). Prints progress, the seed
// and steps of every failure (replay one with FUZZ_FIRST_SEED=<seed> FUZZ_COUNT=1), and ends with
// "N passed, N failed". Then FUZZ_FOLDED_COUNT (default 250,000) sequences from the same first seed on a
// case-insensitive disk, with renames that change only letter case (FUZZ_FOLDED_COUNT=0 skips them).
// FUZZ_DISK_OVER_CONFLICTS=1 lifts the generator's one restriction (see referenceFuzz.ts).
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { runSequence } = createRequire(import.meta.url)(path.join(root, 'out/test/unit/model/referenceFuzz.js'));
const first = Number(process.env.FUZZ_FIRST_SEED ?? 1);
const count = Number(process.env.FUZZ_COUNT ?? 1_000_000);
const folded = Number(process.env.FUZZ_FOLDED_COUNT ?? 250_000);
const diskOverConflicts = process.env.FUZZ_DISK_OVER_CONFLICTS === '1';
let passed = 0;
let steps = 0;
const failed = [];
const t0 = Date.now();
for (const [label, n, options] of [['', count, { diskOverConflicts }], ['case-insensitive ', folded, { diskOverConflicts, caseInsensitive: true }]]) {
  if (n === 0) continue;
  const failedBefore = failed.length;
  for (let seed = first; seed < first + n; seed++) {
    try {
      steps += runSequence(seed, options);
      passed++;
    } catch (e) {
      failed.push(`${label}${seed}`);
      if (failed.length <= 5) console.log(`\n${label}${e.message}\n`);
    }
    if ((seed - first + 1) % 50_000 === 0) console.log(`${label}${seed - first + 1} sequences, ${failed.length - failedBefore} failed, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  console.log(`${label}sequences ${n} (seeds ${first}–${first + n - 1}), ${failed.length - failedBefore} failed`);
}
console.log(`steps ${steps}, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
if (failed.length) console.log(`failing seeds: ${failed.slice(0, 100).join(' ')}${failed.length > 100 ? ' …' : ''}`);
console.log(`${passed} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
