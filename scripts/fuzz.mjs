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
//    worker threads (default: one per core), FUZZ_CONCURRENCY sequences at once in each (default 4: the folder
//    ones wait on the store's fsyncs; the memory and FoldingDisk ones keep the store in memory, memoryStoreFs.ts).
//    The reference fuzz is spread over the same workers (its sequences are synchronous).
//
// `npm run fuzz -- --estimate` (or FUZZ_ESTIMATE=1) runs 1 % of each run's count (FUZZ_ESTIMATE_SHARE, a fraction,
// changes it) with the same workers and prints, by run and in all, the wall and CPU time the full counts would take
// on this machine under its present load (the load average is printed with it).
//
// A count of 0 skips that run. Progress lines give the rate, the time left for that run (ETA) and how many cores
// the process kept busy (about FUZZ_WORKERS on an idle machine). Every failure prints its seed; the first few their
// steps too. Replay one with FUZZ_REPLAY=<kind>:<seed>, kind one of reference, reference-folded, memory, folder,
// folding (a provenance seed prints its steps as they run, a reference seed when it fails). Ends with "N passed, N
// failed".
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const env = (name, fallback) => Number(process.env[name] ?? fallback);

if (!isMainThread) {
  // A worker: runs its share of one kind's seeds (every `stride`-th from `from`) and reports each failure, progress
  // every 1,000 sequences, then its tally.
  const { kind, from, to, stride, concurrency, options } = workerData;
  const run = kind === 'reference' || kind === 'reference-folded'
    ? (() => { const { runSequence } = require(path.join(root, 'out/test/unit/model/referenceFuzz.js')); return async seed => runSequence(seed, options); })()
    : (() => { const { runProvenanceSequence } = require(path.join(root, 'out/test/unit/provenance/provenanceFuzz.js')); return seed => runProvenanceSequence(seed, { disk: kind }); })();
  let next = from;
  let processed = 0;
  let passed = 0;
  let steps = 0;
  const lane = async () => {
    while (next < to) {
      const seed = next;
      next += stride;
      try {
        // Not `steps += await run(seed)`: that reads `steps` before the await, and the other lanes' steps were lost.
        const n = await run(seed);
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
    try {
      if (kind === 'reference' || kind === 'reference-folded') {
        // A failure's message carries its steps; a pass prints nothing more.
        const { runSequence } = require(path.join(root, 'out/test/unit/model/referenceFuzz.js'));
        runSequence(Number(seed), { diskOverConflicts: process.env.FUZZ_DISK_OVER_CONFLICTS === '1', caseInsensitive: kind === 'reference-folded' });
      } else {
        const { runProvenanceSequence } = require(path.join(root, 'out/test/unit/provenance/provenanceFuzz.js'));
        await runProvenanceSequence(Number(seed), { disk: kind, trace: line => console.log(`  ${line}`) });
      }
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
  const clock = (s) => (s >= 3600 ? `${Math.floor(s / 3600)} h ${String(Math.round((s % 3600) / 60)).padStart(2, '0')} min` : s >= 60 ? `${Math.round(s / 60)} min` : `${Math.round(s)} s`);
  const workers = Math.max(1, env('FUZZ_WORKERS', os.availableParallelism?.() ?? os.cpus().length));
  const concurrency = Math.max(1, env('FUZZ_CONCURRENCY', 4));
  const diskOverConflicts = process.env.FUZZ_DISK_OVER_CONFLICTS === '1';
  const estimate = process.env.FUZZ_ESTIMATE === '1' || process.argv.includes('--estimate');
  const share = estimate ? Math.min(1, Math.max(1e-6, env('FUZZ_ESTIMATE_SHARE', 0.01))) : 1;
  /** What each run took (sequences, wall seconds, CPU seconds of all threads): the estimate's projection. */
  const took = [];

  /** Runs seeds first… first+n-1 of one kind over the workers; prints failures as they come and a summary line. */
  const runKind = async (kind, label, n, options) => {
    const failedBefore = failed.length;
    let done = 0;
    let kindSteps = 0;
    const kindStart = Date.now();
    const kindCpu = process.cpuUsage();
    let cpuMark = process.cpuUsage();
    let wallMark = Date.now();
    /** Sequences a second, the time left for this kind, and how many cores the process kept busy since the last line. */
    const pace = () => {
      const rate = done / Math.max(0.001, (Date.now() - kindStart) / 1000);
      const cpu = process.cpuUsage(cpuMark);
      const cores = (cpu.user + cpu.system) / 1000 / Math.max(1, Date.now() - wallMark);
      cpuMark = process.cpuUsage();
      wallMark = Date.now();
      return `${rate.toFixed(0)}/s, ETA ${clock((n - done) / Math.max(rate, 1e-9))}, ${cores.toFixed(1)} cores busy`;
    };
    const every = kind.startsWith('reference') ? 50_000 : 10_000;
    const shares = Array.from({ length: Math.min(workers, n) }, (_, i) => ({ kind, from: first + i, to: first + n, stride: workers, options,
      // The reference sequences are synchronous: more than one lane would only interleave nothing.
      concurrency: kind.startsWith('reference') ? 1 : concurrency }));
    await Promise.all(shares.map(share => new Promise((resolve, reject) => {
      const worker = new Worker(fileURLToPath(import.meta.url), { workerData: share });
      worker.on('message', m => {
        if (m.failed !== undefined) {
          failed.push(`${kind}:${m.failed}`);
          if (failed.length - failedBefore <= 5) console.log(`\n${label} seed ${m.failed}:\n${m.message}\n`);
          else console.log(`${label} seed ${m.failed} failed: ${m.message.split('\n')[0]}`);
        } else if (m.progress) {
          done += m.progress;
          if (done % every < m.progress) console.log(`${label}: about ${done} of ${n} sequences, ${failed.length - failedBefore} failed, ${seconds()} s, ${pace()}`);
        } else if (m.done) {
          passed += m.passed;
          kindSteps += m.steps;
        }
      });
      worker.on('error', reject);
      worker.on('exit', code => (code === 0 ? resolve() : reject(new Error(`a fuzz worker exited with ${code}`))));
    })));
    const wall = (Date.now() - kindStart) / 1000;
    const cpu = process.cpuUsage(kindCpu);
    took.push({ label, n, wall, cpu: (cpu.user + cpu.system) / 1e6 });
    console.log(`${label}: sequences ${n} (seeds ${first}–${first + n - 1}), ${failed.length - failedBefore} failed, steps ${kindSteps}, ${seconds()} s (${(n / Math.max(wall, 0.001)).toFixed(0)}/s, CPU ${(((cpu.user + cpu.system) / 1000) / n).toFixed(1)} ms a sequence)`);
  };

  // 1. The reference fuzz, then 2. the provenance fuzz.
  const runs = [
    ['reference', 'reference', env('FUZZ_COUNT', 1_000_000), { diskOverConflicts }],
    ['reference-folded', 'reference case-insensitive', env('FUZZ_FOLDED_COUNT', 250_000), { diskOverConflicts, caseInsensitive: true }],
    ['memory', 'provenance memory', env('FUZZ_PROV_MEMORY', 1_000_000)],
    ['folder', 'provenance folder', env('FUZZ_PROV_FOLDER', 50_000)],
    ['folding', 'provenance folding', env('FUZZ_PROV_FOLDING', 250_000)],
  ];
  if (estimate) console.log(`estimating a full run from ${(share * 100).toFixed(2)} % of each count, ${workers} workers, load average ${os.loadavg().map(l => l.toFixed(1)).join(' ')} on ${os.availableParallelism?.() ?? os.cpus().length} cores`);
  for (const [kind, label, n, options] of runs) if (n > 0) await runKind(kind, label, estimate ? Math.max(1, Math.ceil(n * share)) : n, options);
  if (estimate) {
    // Each run's sample scaled to its full count: CPU is what the machine must give, wall what it gave this time.
    let wall = 0;
    let cpu = 0;
    for (const [, label, full] of runs.filter(([, , n]) => n > 0)) {
      const t = took.find(x => x.label === label);
      const k = full / t.n;
      wall += t.wall * k;
      cpu += t.cpu * k;
      console.log(`estimate ${label}: ${full} sequences, CPU ${((t.cpu * 1000) / t.n).toFixed(1)} ms a sequence, ${clock(t.cpu * k)} CPU, ${clock(t.wall * k)} wall`);
    }
    console.log(`estimate of the full run: ${clock(cpu)} CPU (${cpu.toFixed(0)} s), ${clock(wall)} wall with ${workers} workers at load average ${os.loadavg()[0].toFixed(1)}`);
  }

  console.log(`${seconds()} s`);
  if (failed.length) console.log(`failing seeds (replay one with FUZZ_REPLAY=<kind>:<seed>): ${failed.slice(0, 200).join(' ')}${failed.length > 200 ? ' …' : ''}`);
  console.log(`${passed} passed, ${failed.length} failed`);
  process.exit(failed.length ? 1 : 0);
}
