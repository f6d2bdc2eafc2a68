import { performance } from 'perf_hooks';
import { MemoryContentStore } from '../src/fs/model/contentStore';
import { OverlayModel } from '../src/fs/model/overlayModel';
import { formatMs, formatRatio, median } from './benchRow';
import { dataFloor } from './dataFloor';
import { layoutFloor } from './layoutFloor';
import type { BenchRow } from './benchRow';
import type { DiskProbe } from '../src/fs/model/diskProbe';

/**
 * SPEC §8 / issue 28: stage 10,000 changes, then prune one message's 1,000, under 100 ms in total, measured on the
 * model with an in-memory content store. The shape is the demanding one for pruning: 1,000 files each edited by all
 * 10 messages (message k rewrites line 3k), so pruning a middle message rebases later edits of every one of
 * its files with a three-way merge rather than just dropping records.
 */
const MESSAGES = 10;
const LINES = 32;
const PRUNED = 'm4';
const BUDGET_MS = 100;
/** Issue 28: ten times the size, where staging and a prune must cost in proportion to what they touch. */
const LARGE_BUDGET_MS = 1_000;
const HANDED_OVER = { handOver: true } as const;

interface Input {
  readonly disk: Map<string, Uint8Array>;
  /** The agent's writes in order: [path, bytes, message]. */
  readonly writes: readonly (readonly [string, Uint8Array, string])[];
}

function makeInput(FILES: number): Input {
  const enc = new TextEncoder();
  const disk = new Map<string, Uint8Array>();
  const texts: string[][] = [];
  for (let f = 0; f < FILES; f++) {
    const lines = Array.from({ length: LINES }, (_, i) => `  const v${i} = compute(${f}, ${i});\n`);
    texts.push(lines);
    disk.set(path(f), enc.encode(lines.join('')));
  }
  const writes: [string, Uint8Array, string][] = [];
  for (let m = 0; m < MESSAGES; m++) {
    for (let f = 0; f < FILES; f++) {
      texts[f][3 * m] = `  const v${3 * m} = edited(${m}, ${f});\n`;
      writes.push([path(f), enc.encode(texts[f].join('')), `m${m}`]);
    }
  }
  return { disk, writes };
}

function path(f: number): string {
  return `/workspace/src/dir${f % 37}/file${f}.ts`;
}

function once(input: Input, FILES: number): { stageMs: number; pruneMs: number; cpuMs: number } {
  const model = new OverlayModel(new MemoryContentStore());
  const probe: DiskProbe = { read: (p) => input.disk.get(p) };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const [p, bytes, messageId] of input.writes) {
    // Handed over, as the agent's write tools do (each write's bytes are encoded for it and never written again;
    // the runs share them, read-only).
    model.write(p, bytes, { sessionId: 's1', messageId, turn: 1, description: 'edit' }, probe, HANDED_OVER);
  }
  const t1 = performance.now();
  const plan = model.prune(PRUNED);
  const t2 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  if (plan.conflicts.length !== 0 || plan.op.recordIds.length !== FILES) throw new Error('bench prune did not take out the message cleanly');
  return { stageMs: t1 - t0, pruneMs: t2 - t1, cpuMs: (cpu.user + cpu.system) / 1000 };
}

export async function run(): Promise<BenchRow[]> {
  return [row(1_000, 7, BUDGET_MS), row(10_000, 3, LARGE_BUDGET_MS)];
}

/**
 * One row: `files` files × 10 messages staged, then one message pruned (exported for profiling one size). Its
 * reference is the layout's floor on the same input (layoutFloor.ts), measured after it: the budget is SPEC's
 * absolute one, and the ratio says how much of the time is the model's own. The note adds the data's floor
 * (dataFloor.ts): what no layout avoids, so how much of the budget this machine leaves to the model's rules.
 */
export function row(files: number, runs: number, budget: number): BenchRow {
  const input = makeInput(files);
  const floorInput = input.writes.map(([path, bytes, messageId]) => ({ path, bytes, messageId }));
  once(input, files); // warm-up: JIT, hash and merge code paths
  const samples = Array.from({ length: runs }, () => once(input, files));
  // After the row's runs, not between them: the floor's garbage would be collected inside the next run.
  layoutFloor(floorInput, PRUNED);
  const floors = Array.from({ length: runs }, () => {
    const f = layoutFloor(floorInput, PRUNED);
    if (f.rebased !== files) throw new Error(`the layout floor rebased ${f.rebased} files of ${files}`);
    return f.stageMs + f.pruneMs;
  });
  dataFloor(floorInput, PRUNED);
  const dataFloors = Array.from({ length: runs }, () => {
    const f = dataFloor(floorInput, PRUNED);
    if (f.rebased !== files) throw new Error(`the data floor rebased ${f.rebased} files of ${files}`);
    return f.stageMs + f.pruneMs;
  });
  const total = median(samples.map((s) => s.stageMs + s.pruneMs));
  const stage = median(samples.map((s) => s.stageMs));
  const prune = median(samples.map((s) => s.pruneMs));
  const floor = median(floors);
  const data = median(dataFloors);
  // On a shared machine the wall time includes waiting for a core; the process's CPU time says what it cost.
  const cpu = median(samples.map((s) => s.cpuMs));
  const n = (x: number) => x.toLocaleString('en-US');
  return {
    name: `stage ${n(files * MESSAGES)} + prune ${n(files)}`,
    measured: formatMs(total),
    reference: `${formatMs(floor)} (layout floor)`,
    ratio: formatRatio(total, floor),
    budget: `< ${n(budget)} ms`,
    ok: total < budget,
    note: `the data floor (bench/dataFloor.ts) ${formatMs(data)}, ${formatRatio(total, data)}; stage ${formatMs(stage)}, prune ${formatMs(prune)}, CPU ${formatMs(cpu)} (${n(files)} files × ${MESSAGES} messages, the prune rebases 5 later records of every file; median of ${runs}; the floor is the least work of the same layout, bench/layoutFloor.ts)`,
  };
}
