import * as fs from 'fs';
import * as path from 'path';
import { runInHost } from '../test/harness/runIntegration';
import { REPO_ROOT, freePort, newRunDir } from '../test/harness/vscodeHost';
import { formatMs, formatRatio, type BenchRow } from './benchRow';

/**
 * SPEC §8: activation < 150 ms, and an `agent-staged:` read of an unchanged file, in the real extension host, ≤ 1.5x the same read
 * through `file:`. Both go through `vscode.workspace.fs` in the same host, interleaved, 64 KB, 400 reads each.
 */
export async function run(): Promise<BenchRow[]> {
  const runDir = newRunDir('bench-host');
  const out = path.join(runDir, 'bench.json');
  await runInHost(runDir, {
    fixture: path.join(REPO_ROOT, 'test', 'fixtures', 'workspace'),
    testsPath: path.join(REPO_ROOT, 'out', 'bench', 'host', 'readBenchRunner.js'),
  }, { AGENT_OVERLAY_BENCH_OUT: out }, await freePort());
  const { staged, file, activationMs } = JSON.parse(fs.readFileSync(out, 'utf8')) as { staged: number; file: number; activationMs: number };
  return [{
    name: 'activation (real host)', measured: formatMs(activationMs), budget: '< 150 ms', ok: activationMs >= 0 && activationMs < 150,
    note: 'activate() from its first line to its return, measured by the extension (opens the overlay store, registers everything)',
  }, {
    name: 'agent-staged: read of an unchanged file (real host)', measured: formatMs(staged), reference: `${formatMs(file)} (file:)`,
    ratio: formatRatio(staged, file), budget: '≤ 1.5x file:', ok: staged <= 1.5 * file, note: '64 KB, median of 400 interleaved reads via vscode.workspace.fs',
  }];
}
