/**
 * `npm run crash`: the full crash sweep — every crash point, every torn write, and a second crash at every point
 * of the recovery after a sample of first crashes. Prints each failure as it happens, the totals by kind and
 * phase, and ends with "N passed, N failed" (exit code 1 when anything failed).
 * Options: `--stride N` (every N-th point), `--doubles N` (first crashes sampled for second crashes).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { summary, sweep } from './crashSweep';

async function main(): Promise<void> {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-overlay-crash-'));
  const t0 = Date.now();
  let n = 0;
  try {
    const outcomes = await sweep(path.join(root, 'run'), {
      stride: arg('--stride', 1),
      doubleSamples: arg('--doubles', 12),
      onOutcome: o => {
        n++;
        if (o.failures.length > 0) console.log(`FAIL ${o.kind} ${o.phase}: ${o.label}\n  ${o.failures.join('\n  ')}`);
        else if (n % 100 === 0) console.log(`… ${n} crashes checked (${Math.round((Date.now() - t0) / 1000)} s)`);
      },
    });
    const lines = summary(outcomes);
    console.log(`\ncrash sweep (${Math.round((Date.now() - t0) / 1000)} s):`);
    for (const line of lines) console.log(line);
    process.exitCode = outcomes.some(o => o.failures.length > 0) ? 1 : 0;
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

void main();
