#!/usr/bin/env node
// `npm run fuzz`, in two parts.
//
// 1. The overlay model against the reference model (test/unit/model/referenceFuzz.ts) on FUZZ_COUNT seeded
//    sequences (default 1,000,000) from FUZZ_FIRST_SEED (default 1), then FUZZ_FOLDED_COUNT (default 250,000) on a
//    case-insensitive disk, with renames that change only letter case. FUZZ_DISK_OVER_CONFLICTS=1 lifts that
//    generator's one restriction (see referenceFuzz.ts).
// 2. The provenance fuzz (test/unit/provenance/provenanceFuzz.ts, issue 23): whole workspaces driven as people use
//    them, judged by the provenance oracle — FUZZ_PROV_MEMORY (default 1,000,000) sequences on an in-memory disk,
//    FUZZ_PROV_FOLDER (default 50,000) on a real temporary folder (tmpfs when there is one), FUZZ_PROV_FOLDING
//    (default 250,000) on FoldingDisk (case-insensitive), from the same first seed, spread over FUZZ_WORKERS
//    worker threads (default: one per core), FUZZ_CONCURRENCY sequences at once in each (default 4: they wait on
//    the store's fsyncs).
//
// A count of 0 skips that run. Every failure prints its seed; the first few their steps too. Replay one with
// FUZZ_REPLAY=<memory|folder|folding>:<seed> (prints its steps as they run). Ends with "N passed, N failed".
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const env = (name, fallback) => Number(process.env[name] ?? fallback);

if (!isMainThread) {
  // A worker: runs the provenance seeds of its share and reports each failure, then its tally.
  const { runProvenanceSequence } = require(path.join(root, 'out/test/unit/provenance/provenanceFuzz.js'));
  const { kind, seeds, concurrency } = workerData;
  let next = 0;
  let processed = 0;
  let passed = 0;
  let steps = 0;
  const lane = async () => {
    while (next < seeds.length) {
      const seed = seeds[next++];
      try {
        const n = await runProvenanceSequence(seed, { disk: kind });
        steps += n;
        passed++;
      } catch (e) {
        parentPort.postMessage({ failed: seed, message: e instanceof Error ? e.message : String(e) });
      }
      if (++processed % 1000 === 0) parentPort.postMessage({ progress: 1000 });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  parentPort.postMessage({ done: true, passed, steps });
} else {
  await main();
}

async function main() {
  const first = env('FUZZ_FIRST_SEED', 1);
  const replay = process.env.FUZZ_REPLAY;
  if (replay) {
    const [kind, seed] = replay.split(':');
    const { runProvenanceSequence } = require(path.join(root, 'out/test/unit/provenance/provenanceFuzz.js'));
    try {
      await runProvenanceSequence(Number(seed), { disk: kind, trace: line => console.log(`  ${line}`) });
      console.log('1 passed, 0 failed');
    } catch (e) {
      console.log(`\n${e instanceof Error ? e.message : String(e)}\n0 passed, 1 failed`);
      process.exit(1);
    }
    return;
  }
  let passed = 0;
  const failed = [];
  const t0 = Date.now();
  const seconds = () => ((Date.now() - t0) / 1000).toFixed(0);

  // 1. The reference fuzz.
  const { runSequence } = require(path.join(root, 'out/test/unit/model/referenceFuzz.js'));
  const diskOverConflicts = process.env.FUZZ_DISK_OVER_CONFLICTS === '1';
  let steps = 0;
  for (const [label, n, options] of [['', env('FUZZ_COUNT', 1_000_000), { diskOverConflicts }], ['case-insensitive ', env('FUZZ_FOLDED_COUNT', 250_000), { diskOverConflicts, caseInsensitive: true }]]) {
    if (n === 0) continue;
    const failedBefore = failed.length;
    for (let seed = first; seed < first + n; seed++) {
      try {
        steps += runSequence(seed, options);
        passed++;
      } catch (e) {
        failed.push(`reference ${label}${seed}`);
        if (failed.length <= 5) console.log(`\n${label}${e.message}\n`);
      }
      if ((seed - first + 1) % 50_000 === 0) console.log(`${label}${seed - first + 1} sequences, ${failed.length - failedBefore} failed, ${seconds()} s`);
    }
    console.log(`reference ${label}sequences ${n} (seeds ${first}–${first + n - 1}), ${failed.length - failedBefore} failed, steps ${steps}, ${seconds()} s`);
  }

  // 2. The provenance fuzz.
  const workers = Math.max(1, env('FUZZ_WORKERS', os.availableParallelism?.() ?? os.cpus().length));
  const concurrency = Math.max(1, env('FUZZ_CONCURRENCY', 4));
  for (const [kind, n] of [['memory', env('FUZZ_PROV_MEMORY', 1_000_000)], ['folder', env('FUZZ_PROV_FOLDER', 50_000)], ['folding', env('FUZZ_PROV_FOLDING', 250_000)]]) {
    if (n === 0) continue;
    const failedBefore = failed.length;
    let done = 0;
    let provSteps = 0;
    const shares = Array.from({ length: workers }, (_, i) => {
      const seeds = [];
      for (let s = first + i; s < first + n; s += workers) seeds.push(s);
      return seeds;
    });
    await Promise.all(shares.filter(s => s.length).map(seeds => new Promise((resolve, reject) => {
      const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { kind, seeds, concurrency } });
      worker.on('message', m => {
        if (m.failed !== undefined) {
          failed.push(`${kind}:${m.failed}`);
          if (failed.length - failedBefore <= 5) console.log(`\n${m.message}\n`);
          else console.log(`provenance ${kind} seed ${m.failed} failed: ${m.message.split('\n')[0]}`);
        } else if (m.progress) {
          done += m.progress;
          if (done % 10_000 < m.progress) console.log(`provenance ${kind}: about ${done} sequences, ${failed.length - failedBefore} failed, ${seconds()} s`);
        } else if (m.done) {
          passed += m.passed;
          provSteps += m.steps;
        }
      });
      worker.on('error', reject);
      worker.on('exit', code => (code === 0 ? resolve() : reject(new Error(`a fuzz worker exited with ${code}`))));
    })));
    console.log(`provenance ${kind}: sequences ${n} (seeds ${first}–${first + n - 1}), ${failed.length - failedBefore} failed, steps ${provSteps}, ${seconds()} s`);
  }

  console.log(`${seconds()} s`);
  if (failed.length) console.log(`failing seeds (replay one with FUZZ_REPLAY=<kind>:<seed>): ${failed.slice(0, 200).join(' ')}${failed.length > 200 ? ' …' : ''}`);
  console.log(`${passed} passed, ${failed.length} failed`);
  process.exit(failed.length ? 1 : 0);
}
