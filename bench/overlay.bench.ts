import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../src/fs/overlayWorkspace';
import { formatMs, median, type BenchRow } from './benchRow';

/**
 * SPEC §8 for the overlay as a whole (real disk): restart recovery of 10,000 pending changes < 1 s
 * (OverlayWorkspace.open: replay + reconcile with the disk). Apply's rows are in apply.bench.ts.
 */
const meta = { sessionId: 'bench', messageId: 'm', turn: 1, description: 'bench' };

function tmp(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`));
}

async function recoveryRow(): Promise<BenchRow> {
  const N = 10_000;
  const root = tmp('recover');
  const ws = path.join(root, 'ws');
  fs.mkdirSync(ws);
  for (let i = 0; i < N; i++) fs.writeFileSync(path.join(ws, `f${i}.txt`), `disk ${i}\n`);
  const store = path.join(root, 'store');
  const overlay = await OverlayWorkspace.open(store);
  for (let i = 0; i < N; i++) overlay.write(path.join(ws, `f${i}.txt`), Buffer.from(`staged ${i}\n`), meta);
  await overlay.flush();
  await overlay.close();
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    const reopened = await OverlayWorkspace.open(store);
    times.push(performance.now() - t0);
    if (reopened.model.stagedPaths().length !== N) throw new Error('recovery lost changes');
    await reopened.close();
  }
  fs.rmSync(root, { recursive: true, force: true });
  const m = median(times);
  return { name: 'restart recovery of 10,000 pending changes', measured: formatMs(m), budget: '< 1 s', ok: m < 1000, note: 'open: replay snapshot + log, reconcile every change with the disk' };
}

export async function run(): Promise<BenchRow[]> {
  return [await recoveryRow()];
}
