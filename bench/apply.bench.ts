import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../src/fs/overlayWorkspace';
import { formatMs, formatRatio, median, type BenchRow } from './benchRow';

/**
 * Issue 28's Apply rows (real disk, real fsyncs), each against a reference measured in the same run:
 * - apply 1,000 staged files of 10 KB ≤ 1.0x `cp -r; sync` (the copy made as durable as Apply makes its files:
 *   Apply journals, makes the temps durable together and each folder once, and renames the temps into place);
 * - apply a folder rename of 100 files of 1 MB ≤ 0.25x `cp -r` (a move copies nothing: the folder is moved with one
 *   `rename(2)`, a journal step of its own; each file's content is known from the hash taken when it was staged,
 *   checked by `stat`, not re-read).
 * `APPLY_BENCH_RUNS` sets the number of runs of each (default 5; the median is shown).
 */
const meta = { sessionId: 'bench', messageId: 'm', turn: 1, description: 'bench' };
const RUNS = Number(process.env.APPLY_BENCH_RUNS ?? 5);

function tmp(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`));
}

async function applyFilesRow(): Promise<BenchRow> {
  const N = 1000;
  const content = (i: number) => Buffer.from(`line ${i} `.repeat(1024).slice(0, 10 * 1024));
  const ours: number[] = [];
  const refs: number[] = [];
  const floors: number[] = [];
  const inPlace: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const root = tmp('apply');
    const ws = path.join(root, 'ws');
    const src = path.join(root, 'src');
    fs.mkdirSync(ws);
    fs.mkdirSync(src);
    for (let i = 0; i < N; i++) fs.writeFileSync(path.join(src, `f${i}.txt`), content(i));
    // Both sides start with no dirty pages pending (creating the sources left plenty): `sync` first.
    spawnSync('sync');
    // The reference: the same files copied by one cp process, then made durable (Apply's files are when it returns).
    const t0 = performance.now();
    spawnSync('cp', ['-r', src, path.join(root, 'copy')]);
    spawnSync('sync');
    refs.push(performance.now() - t0);
    // The two floors alternate which goes first, so neither always meets the other's write-back.
    if (run % 2 === 0) {
      floors.push(bareApply(root, N, content));
      inPlace.push(bareCreate(root, N, content));
    } else {
      inPlace.push(bareCreate(root, N, content));
      floors.push(bareApply(root, N, content));
    }
    const overlay = await OverlayWorkspace.open(path.join(root, 'store'));
    for (let i = 0; i < N; i++) overlay.write(path.join(ws, `f${i}.txt`), content(i), meta);
    await overlay.flush();
    spawnSync('sync');
    const t1 = performance.now();
    const result = await overlay.apply({ roots: [ws] });
    ours.push(performance.now() - t1);
    if (result.applied.length !== N) throw new Error(`applied ${result.applied.length} of ${N}`);
    await overlay.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
  const m = median(ours);
  const r = median(refs);
  const f = median(floors);
  const c = median(inPlace);
  return {
    name: 'apply 1,000 files of 10 KB', measured: formatMs(m), reference: `${formatMs(r)} (cp -r; sync)`, ratio: formatRatio(m, r),
    budget: '≤ 1.0x cp -r; sync', ok: m <= r,
    note: `journaled; temps synced together (syncfs), each folder once; renamed into place. Floor (bare temps, syncfs, renames, folder fsync): ${formatMs(f)} (${formatRatio(f, r)}); created in place (open wx, syncfs): ${formatMs(c)} (${formatRatio(c, r)})`,
  };
}

/**
 * The floor of the same apply without the overlay: each file written to a temp beside its target by one process,
 * the temps made durable with one `syncfs` (coreutils' `sync -f`), renamed into place, the folder fsynced. No
 * journal, no check, no record: what the kernel and the disk cost for Apply's durable steps on these files.
 */
function bareApply(root: string, n: number, content: (i: number) => Buffer): number {
  const ws = path.join(root, 'bare');
  fs.mkdirSync(ws);
  const bytes = Array.from({ length: n }, (_, i) => content(i));
  spawnSync('sync');
  const t = performance.now();
  for (let i = 0; i < n; i++) fs.writeFileSync(path.join(ws, `.f${i}.txt.tmp`), bytes[i]);
  spawnSync('sync', ['-f', ws]);
  for (let i = 0; i < n; i++) fs.renameSync(path.join(ws, `.f${i}.txt.tmp`), path.join(ws, `f${i}.txt`));
  const dir = fs.openSync(ws, 'r');
  fs.fsyncSync(dir);
  fs.closeSync(dir);
  return performance.now() - t;
}

/**
 * What the same files cost created in place, with no temp and no rename: `open(O_CREAT|O_EXCL)`, write, close per
 * file, then one `syncfs`. Not what Apply does — a crash between a file's creation and its last write would leave a
 * half-written file at its path until recovery, which SPEC §2 and invariant 3 forbid (the crash sweep checks every
 * file is fully old or fully new before recovery) — but the lower bound of any design that names the new file at
 * once, kept beside the temp-and-rename floor so the difference is measured on every run (session 17).
 */
function bareCreate(root: string, n: number, content: (i: number) => Buffer): number {
  const ws = path.join(root, 'bare-in-place');
  fs.mkdirSync(ws);
  const bytes = Array.from({ length: n }, (_, i) => content(i));
  spawnSync('sync');
  const t = performance.now();
  for (let i = 0; i < n; i++) fs.writeFileSync(path.join(ws, `f${i}.txt`), bytes[i], { flag: 'wx' });
  spawnSync('sync', ['-f', ws]);
  return performance.now() - t;
}

async function applyRenameRow(): Promise<BenchRow> {
  const N = 100;
  const ours: number[] = [];
  const refs: number[] = [];
  const floors: number[] = [];
  for (let run = 0; run < Math.max(3, RUNS); run++) {
    const root = tmp('rename');
    const ws = path.join(root, 'ws');
    fs.mkdirSync(path.join(ws, 'old'), { recursive: true });
    for (let i = 0; i < N; i++) fs.writeFileSync(path.join(ws, 'old', `f${i}.bin`), Buffer.alloc(1024 * 1024, i));
    spawnSync('sync');
    const t0 = performance.now();
    spawnSync('cp', ['-r', path.join(ws, 'old'), path.join(root, 'copy')]);
    refs.push(performance.now() - t0);
    floors.push(bareMove(path.join(root, 'copy'), path.join(root, 'moved')));
    const overlay = await OverlayWorkspace.open(path.join(root, 'store'));
    overlay.rename(path.join(ws, 'old'), path.join(ws, 'new'), meta);
    await overlay.flush();
    spawnSync('sync');
    const t1 = performance.now();
    const result = await overlay.apply({ roots: [ws] });
    ours.push(performance.now() - t1);
    if (result.refused.length > 0 || fs.readdirSync(path.join(ws, 'new')).length !== N) throw new Error('the rename was not applied');
    await overlay.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
  const m = median(ours);
  const r = median(refs);
  const f = median(floors);
  return {
    name: 'apply a folder rename: 100 files of 1 MB', measured: formatMs(m), reference: `${formatMs(r)} (cp -r)`, ratio: formatRatio(m, r),
    budget: '≤ 0.25x cp -r', ok: m <= 0.25 * r,
    note: `the folder moved with one rename(2) (a journal step), its files checked by stat against the staged hash. Floor (bare rename, folder fsync): ${formatMs(f)} (${formatRatio(f, r)})`,
  };
}

/**
 * The floor of a folder move without the overlay: one `rename(2)` and its folder's fsync (both places are in one
 * folder). No journal, no check, no record: what the kernel and the disk cost for the move itself.
 */
function bareMove(from: string, to: string): number {
  spawnSync('sync');
  const t = performance.now();
  fs.renameSync(from, to);
  const dir = fs.openSync(path.dirname(to), 'r');
  fs.fsyncSync(dir);
  fs.closeSync(dir);
  return performance.now() - t;
}

export async function run(): Promise<BenchRow[]> {
  return [await applyFilesRow(), await applyRenameRow()];
}
