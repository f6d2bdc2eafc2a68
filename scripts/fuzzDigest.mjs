#!/usr/bin/env node
// The fuzz's sequences as a fingerprint: for each kind of `npm run fuzz` (reference, reference-folded, memory,
// folder, folding), a sha-256 (first 16 hex digits) of the step lists of seeds FUZZ_FIRST_SEED… (default 1) for
// FUZZ_DIGEST_COUNT seeds (default 200), each failing seed's first line of finding included. Run it on the code
// before and after a change to the fuzz's harness (generator, oracles, emulated disks, workers): equal digests mean
// the same sequences and the same verdicts. The steps depend on what the model answers too (a conflict pending
// changes what the person does), so a change to the overlay's rules may change them legitimately. Needs `out/`
// (`npx tsc -p . --outDir out`). Single thread, about 25 CPU seconds for 200 seeds of each kind.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const first = Number(process.env.FUZZ_FIRST_SEED ?? 1);
const count = Number(process.env.FUZZ_DIGEST_COUNT ?? 200);
const kinds = (process.env.FUZZ_DIGEST_KINDS ?? 'reference,reference-folded,memory,folder,folding').split(',');

const { runSequence } = require(path.join(root, 'out/test/unit/model/referenceFuzz.js'));
const { runProvenanceSequence } = require(path.join(root, 'out/test/unit/provenance/provenanceFuzz.js'));

for (const kind of kinds) {
  const hash = createHash('sha256');
  let failed = 0;
  for (let seed = first; seed < first + count; seed++) {
    let lines = [];
    try {
      if (kind === 'reference' || kind === 'reference-folded') {
        // The reference fuzz's log of steps (the array it keeps appending to, the final prunes included).
        runSequence(seed, { caseInsensitive: kind === 'reference-folded', diskOverConflicts: false, trace: (_model, _ref, log) => { lines = log; } });
      } else {
        await runProvenanceSequence(seed, { disk: kind, trace: line => lines.push(line) });
      }
    } catch (e) {
      failed++;
      lines.push(`FAIL ${String(e instanceof Error ? e.message : e).split('\n')[0]}`);
    }
    hash.update(`${seed}\n${lines.join('\n')}\n`);
  }
  console.log(`${kind}: seeds ${first}–${first + count - 1}, ${failed} failed, digest ${hash.digest('hex').slice(0, 16)}`);
}
