/**
 * `npm run bench`: runs every bench module in this process and prints one table of SPEC §8's budgets. Ratios
 * are against references measured in the same run (git merge-file, file: reads, cp), so a busy machine moves
 * both sides. Exits non-zero when a budget fails, so a regression is visible, but `npm test` does not run it:
 * timings on shared machines are no test.
 */
import * as apply from './apply.bench';
import type { BenchModule, BenchRow } from './benchRow';
import * as edits from './edits.bench';
import * as history from './history.bench';
import * as hostRead from './hostRead.bench';
import * as merge from './merge.bench';
import * as model from './model.bench';
import * as overlay from './overlay.bench';
import * as sandbox from './sandbox.bench';
import * as scm from './scm.bench';
import * as store from './store.bench';

/** The bench modules, listed explicitly (no discovery by side effect). */
const MODULES: readonly [string, BenchModule][] = [
  ['merge', merge],
  ['model', model],
  ['store', store],
  ['overlay', overlay],
  ['apply', apply],
  ['sandbox', sandbox],
  ['history', history],
  ['edits', edits],
  ['host', hostRead],
  ['scm', scm],
];

async function main(): Promise<void> {
  const only = process.argv[2];
  const rows: BenchRow[] = [];
  for (const [name, bench] of MODULES) {
    if (only && only !== name) continue;
    process.stderr.write(`bench ${name}…\n`);
    rows.push(...(await bench.run()));
  }
  printTable(rows);
  process.exitCode = rows.every(r => r.ok) ? 0 : 1;
}

function printTable(rows: readonly BenchRow[]): void {
  const header = ['what', 'measured', 'reference', 'ratio', 'budget', 'ok', 'note'];
  const cells = rows.map(r => [r.name, r.measured, r.reference ?? '', r.ratio ?? '', r.budget, r.ok ? 'yes' : 'NO', r.note ?? '']);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map(c => c[i].length)));
  const line = (c: readonly string[]) => `| ${c.map((x, i) => x.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map(w => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

main().catch(e => { console.error(e); process.exit(2); });
