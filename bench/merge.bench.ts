import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { threeWayMerge } from '../src/fs/merge/threeWayMerge';
import { formatMs, formatRatio, median } from './benchRow';
import type { BenchRow } from './benchRow';
// Deterministic input, so every run of the bench measures the same files.
import { prng } from '../test/unit/merge/mergeCases';

/** SPEC §8: per side, 40 scattered edits; the two sides never touch the same lines, so the merge is clean. */
const EDITS_PER_SIDE = 40;
const OURS_RUNS = 15;
const GIT_RUNS = 15;

/** Code-like lines, with the blank lines and closing braces real files repeat thousands of times. */
function sourceLine(i: number, rnd: () => number): string {
  const r = rnd();
  if (r < 0.08) return '\n';
  if (r < 0.16) return '  }\n';
  if (r < 0.2) return '}\n';
  return `  const value${i} = compute(${Math.floor(rnd() * 1000)}, "item ${i}");\n`;
}

interface Files {
  readonly base: string;
  readonly ours: string;
  readonly theirs: string;
}

function makeFiles(lines: number): Files {
  const rnd = prng(lines);
  const base: string[] = [];
  for (let i = 0; i < lines; i++) base.push(sourceLine(i, rnd));
  // 80 edit sites spread evenly (with jitter) and dealt alternately to the sides, far enough apart not to touch.
  const sites = 2 * EDITS_PER_SIDE;
  const stride = Math.floor(lines / sites);
  const ours = [...base];
  const theirs = [...base];
  // Apply from the end so earlier indices stay valid.
  for (let s = sites - 1; s >= 0; s--) {
    const at = s * stride + 1 + Math.floor(rnd() * Math.max(1, stride - 4));
    const side = s % 2 === 0 ? ours : theirs;
    const kind = s % 3;
    const fresh = `  const edited${s} = patch(${s}); // side ${s % 2}\n`;
    if (kind === 0) side.splice(at, 1, fresh);
    else if (kind === 1) side.splice(at, 0, fresh);
    else side.splice(at, 1);
  }
  return { base: base.join(''), ours: ours.join(''), theirs: theirs.join('') };
}

function timeMs(fn: () => void): number {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

async function benchSize(lines: number, name: string): Promise<BenchRow> {
  const files = makeFiles(lines);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merge-bench-'));
  try {
    for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
    const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull };
    let gitOut = '';
    let gitStatus: number | null = null;
    const gitSamples: number[] = [];
    for (let r = 0; r < GIT_RUNS; r++) {
      gitSamples.push(
        timeMs(() => {
          const p = spawnSync('git', ['merge-file', '-p', 'ours', 'base', 'theirs'], { cwd: dir, env, maxBuffer: 1 << 30 });
          gitOut = p.stdout.toString('utf8');
          gitStatus = p.status;
        }),
      );
    }

    let ourOut = '';
    let clean = false;
    const ourSamples: number[] = [];
    // The first run warms the JIT, as any long-lived extension host would be; it is not counted.
    for (let r = 0; r <= OURS_RUNS; r++) {
      const ms = timeMs(() => {
        const result = threeWayMerge(files.base, files.ours, files.theirs);
        clean = result.kind === 'clean';
        ourOut = result.kind === 'clean' ? result.text : result.markedUp;
      });
      if (r > 0) ourSamples.push(ms);
    }

    const ours = median(ourSamples);
    const git = median(gitSamples);
    const identical = clean && gitStatus === 0 && ourOut === gitOut;
    const withinRatio = ours <= 2 * git;
    const absolute = lines === 10_000 ? ours <= 20 : true;
    return {
      name,
      measured: formatMs(ours),
      reference: `${formatMs(git)} (git merge-file)`,
      ratio: formatRatio(ours, git),
      budget: lines === 10_000 ? '≤ 2x git merge-file and ≤ 20 ms' : '≤ 2x git merge-file',
      ok: identical && withinRatio && absolute,
      note: identical ? `${EDITS_PER_SIDE} edits per side, clean, output identical to git` : 'OUTPUT DIFFERS from git merge-file',
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  return [
    await benchSize(1_000, 'merge 1k lines'),
    await benchSize(10_000, 'merge 10k lines'),
    await benchSize(100_000, 'merge 100k lines'),
  ];
}
