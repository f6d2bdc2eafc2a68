/**
 * The crash sweep (issue 14; after SQLite's crash-test harness and the ALICE study): a child process runs the
 * scenario (crashScenario.ts) and is killed right before its K-th disk-changing fs call, for every K, or after half
 * of write K landed (a torn write), or is killed again during the recovery that follows a first crash. After each
 * crash this process opens the store afresh and checks (`checkAfterCrash`):
 *   - before the store is opened, every project file is fully old or fully new (content and mode);
 *   - after opening (the recovery), the disk is exactly the state before or after the step that was running
 *     (an apply or undo is all or nothing, its folders included: an empty folder is there exactly when that state
 *     has it), no temp file is left, no journal entry either;
 *   - every acknowledged staged change is either on disk or still pending, never both (no conflict, no orphan),
 *     never lost: the effective view is the one after the last acknowledged step, or after the one in flight;
 *   - the undo record is that of the last apply that really happened (byte for byte what an uncrashed run wrote);
 *   - applying what is pending yields exactly the intended tree (content, modes, the empty folders the agent
 *     made and no other), and when
 *     nothing was pending, Undo brings back the disk as it was before that last apply.
 */
import { isFolderOperation } from '../../../src/fs/model/changeRecord';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { hashBytes } from '../../../src/fs/store/blobStore';
import { EMPTY_FOLDER, STEPS, folderKey, isFolderKey, lastApplyStep, worlds, type Phase, type Tree, type TreeFile, type World } from './crashScenario';
import { isWriteCall } from './fsFaults';

const CHILD = path.join(__dirname, 'crashChild.js');

/** A child that neither dies nor finishes in this time is hung: killed and reported as a failure, not waited for. */
const CHILD_TIMEOUT_MS = 120_000;

export interface ChildRun {
  /** Step running when the child died (-1: while opening, before the first step; STEPS.length: after the last). */
  readonly step: number;
  /** Last step whose promise resolved (-1: none). */
  readonly acked: number;
  readonly killed: boolean;
  /** Counted calls (count mode only): api, the step they belong to and the path (or fd) they name. */
  readonly calls: readonly { readonly api: string; readonly step: number; readonly target: string }[];
  /** last-apply.json after each step (count mode only); null when absent. */
  readonly records: ReadonlyMap<number, string | null>;
}

/** Runs the child: `run` (the scenario) or `recover` (open only), killed before call `killAt` (0: counting). */
export function runChild(mode: 'run' | 'recover', root: string, killAt: number, torn = false): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [CHILD, mode, root, String(killAt), torn ? '1' : '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      proc.kill('SIGKILL');
    }, CHILD_TIMEOUT_MS);
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('error', reject);
    proc.on('exit', (code, signal) => {
      clearTimeout(timer);
      const last = out.trimEnd().split('\n').pop();
      if (hung) return reject(new Error(`crash child hung: no exit after ${CHILD_TIMEOUT_MS / 1000} s (${mode}, kill at ${killAt}; last line "${last}")`));
      let step = -1;
      let acked = -1;
      let done = false;
      const calls: { api: string; step: number; target: string }[] = [];
      const records = new Map<number, string | null>();
      for (const line of out.split('\n')) {
        const [word, a, b] = line.split(' ');
        if (word === 'step') step = Number(a);
        else if (word === 'acked') acked = Number(a);
        else if (word === 'call') calls.push({ api: b, step, target: line.split(' ').slice(3).join(' ') });
        else if (word === 'record') {
          const json = line.slice(`record ${a} `.length);
          records.set(Number(a), json === 'null' ? null : json);
        } else if (word === 'done') done = true;
        else if (word === 'error') return reject(new Error(`crash child failed: ${line}`));
      }
      const killed = signal === 'SIGKILL';
      if (!killed && !(code === 0 && done)) return reject(new Error(`crash child exited with ${code ?? signal}: ${err}`));
      resolve({ step: done && mode === 'run' ? STEPS.length : step, acked, killed, calls, records });
    });
  });
}

// ── reading and comparing trees ────────────────────────────────────────────────────────────────────────────

interface DiskScan {
  /** Files and empty folders. */
  readonly files: Map<string, TreeFile>;
  readonly temps: string[];
}

const EMPTY: TreeFile = { data: Buffer.alloc(0), mode: EMPTY_FOLDER };

function scan(dir: string, rel = '', out: DiskScan = { files: new Map(), temps: [] }): DiskScan {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  if (entries.length === 0 && rel !== '') out.files.set(folderKey(rel), EMPTY);
  for (const e of entries) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) scan(p, r, out);
    else if (e.name.endsWith('.tmp')) out.temps.push(r);
    else out.files.set(r, { data: fs.readFileSync(p), mode: fs.statSync(p).mode & 0o7777 });
  }
  return out;
}

const sameFile = (a: TreeFile | undefined, b: TreeFile | undefined, modes = true) =>
  a === undefined || b === undefined ? a === b : a.data.equals(b.data) && (!modes || a.mode === b.mode);

function sameTree(a: Tree, b: Tree, modes = true): boolean {
  if (a.size !== b.size) return false;
  for (const [k, f] of a) if (!sameFile(f, b.get(k), modes)) return false;
  return true;
}

/** The first difference between two trees, for a failure message. */
function diff(actual: Tree, expected: Tree): string {
  for (const k of new Set([...actual.keys(), ...expected.keys()])) {
    const a = actual.get(k);
    const e = expected.get(k);
    if (!sameFile(a, e)) {
      const show = (f: TreeFile | undefined) => (f?.mode === EMPTY_FOLDER ? 'an empty folder' : f ? `${f.data.length} bytes ${JSON.stringify(f.data.subarray(0, 16).toString('latin1'))} mode ${f.mode.toString(8)}` : 'absent');
      return `${k}: ${show(a)}, expected ${show(e)}`;
    }
  }
  return 'no difference';
}

/** The tree with only `k` (if it has it). */
function only(t: Tree, k: string): Tree {
  const f = t.get(k);
  return new Map(f ? [[k, f]] : []);
}

/** The tree without the empty folders no world has (folders the view still shows after their files were deleted). */
function tracked(t: Tree, ref: Reference): Tree {
  return new Map([...t].filter(([k]) => !isFolderKey(k) || ref.folders.has(k)));
}

/** The effective view through the overlay (contents only: the view has no modes). */
function effectiveView(ws: OverlayWorkspace, dir: string, rel = '', out = new Map<string, TreeFile>()): Map<string, TreeFile> {
  const entries = ws.readDirectory(dir);
  if (entries.length === 0 && rel !== '') out.set(folderKey(rel), { ...EMPTY, mode: 0 });
  for (const [name, type] of entries) {
    const r = rel ? `${rel}/${name}` : name;
    const p = path.join(dir, name);
    if (type === 'directory') effectiveView(ws, p, r, out);
    else out.set(r, { data: Buffer.from(ws.readFile(p)), mode: 0 });
  }
  return out;
}

// ── the check ──────────────────────────────────────────────────────────────────────────────────────────────

export interface Reference {
  readonly worlds: readonly World[];
  /** last-apply.json after each step of an uncrashed run. */
  readonly records: ReadonlyMap<number, string | null>;
  /** The empty folders any world has (made or removed by the scenario). */
  readonly folders: ReadonlySet<string>;
}

export function reference(records: ReadonlyMap<number, string | null>): Reference {
  const all = worlds();
  return { worlds: all, records, folders: new Set(all.flatMap(w => [...w.disk.keys(), ...w.view.keys()]).filter(isFolderKey)) };
}

/** Checks the store and workspace under `root` after a crash during `run`; returns the failures (none: passed). */
export async function checkAfterCrash(root: string, run: ChildRun, ref: Reference): Promise<string[]> {
  const wsDir = path.join(root, 'ws');
  const storeDir = path.join(root, 'store');
  const failures: string[] = [];
  // The worlds the crash may have left: before or after the step in flight, never before an acknowledged one.
  const candidates = [run.step, run.step + 1].map(s => Math.max(0, Math.min(s, STEPS.length))).filter(j => j >= run.acked + 1);
  const states = [...new Set(candidates)];

  // (An apply empties a folder before it removes it: only the empty folders of the scenario are judged here.)
  const before = scan(wsDir);
  for (const k of new Set([...tracked(before.files, ref).keys(), ...states.flatMap(j => [...ref.worlds[j].disk.keys()])])) {
    if (!states.some(j => sameFile(before.files.get(k), ref.worlds[j].disk.get(k)))) {
      failures.push(`before recovery, ${k} is neither old nor new: ${diff(only(before.files, k), only(ref.worlds[states[0]].disk, k))}`);
    }
  }

  const ws = await OverlayWorkspace.open(storeDir);
  try {
    const after = scan(wsDir);
    if (after.temps.length > 0) failures.push(`temp files left: ${after.temps.join(', ')}`);
    const journal = path.join(storeDir, 'journal');
    if (fs.existsSync(journal) && fs.readdirSync(journal).length > 0) failures.push(`journal entries left: ${fs.readdirSync(journal).join(', ')}`);
    const onDisk = states.filter(j => sameTree(after.files, ref.worlds[j].disk));
    if (onDisk.length === 0) {
      failures.push(`after recovery the disk is neither before nor after step ${run.step}: ${diff(after.files, ref.worlds[states[states.length - 1]].disk)}`);
      return failures;
    }
    const view = tracked(effectiveView(ws, wsDir), ref);
    const j = onDisk.find(s => sameTree(view, ref.worlds[s].view, false));
    if (j === undefined) {
      failures.push(`the effective view is not that of an acknowledged state (step ${run.step}, acked ${run.acked}): ${diff(view, new Map([...ref.worlds[onDisk[onDisk.length - 1]].view].map(([k, f]) => [k, { ...f, mode: 0 }])))}`);
      return failures;
    }
    const conflicts = ws.composites().filter(c => c.conflict).map(c => path.relative(wsDir, c.path));
    if (conflicts.length > 0) failures.push(`conflicts after recovery: ${conflicts.join(', ')}`);
    if (ws.orphans.length > 0) failures.push(`orphans after recovery: ${ws.orphans.join(', ')}`);
    // Never both: a change already on disk (its path holds the staged content, its origin is gone) is not pending.
    const diskRef = (p: string) => (fs.existsSync(p) ? hashBytes(fs.readFileSync(p)) : null);
    // (A folder's change has no content: a folder to make or remove is listed only while the disk differs.)
    const both = ws.composites().filter(c => !isFolderOperation(c.kind) && diskRef(c.path) === c.after && (c.fromPath === undefined || diskRef(c.fromPath) === null));
    if (both.length > 0) failures.push(`changes both on disk and still pending: ${both.map(c => path.relative(wsDir, c.path)).join(', ')}`);

    const lastApply = lastApplyStep(j);
    const expectedRecord = lastApply === undefined ? null : ref.records.get(lastApply) ?? null;
    const recordFile = path.join(storeDir, 'last-apply.json');
    const record = fs.existsSync(recordFile) ? fs.readFileSync(recordFile, 'utf8') : null;
    if (record !== expectedRecord) {
      failures.push(`the undo record is not that of the last apply that happened (${lastApply === undefined ? 'none' : STEPS[lastApply].name}): ${record === null ? 'absent' : record.slice(0, 80)}`);
    }
    if (ws.canUndo !== (lastApply !== undefined)) failures.push(`Undo is ${ws.canUndo ? '' : 'not '}offered`);

    const result = await ws.apply({ roots: [wsDir] });
    if (result.refused.length > 0) failures.push(`applying what is pending refused ${result.refused.map(r => r.path).join(', ')}`);
    const applied = scan(wsDir);
    if (!sameTree(applied.files, ref.worlds[j].view)) failures.push(`applying what is pending does not give the intended tree: ${diff(applied.files, ref.worlds[j].view)}`);
    if (applied.temps.length > 0) failures.push(`after applying what is pending, temps are left: ${applied.temps.join(', ')}`);
    if (result.applied.length === 0 && lastApply !== undefined) {
      await ws.undoLastApply();
      const undone = scan(wsDir);
      if (!sameTree(undone.files, ref.worlds[lastApply].disk)) failures.push(`Undo does not restore the disk before ${STEPS[lastApply].name}: ${diff(undone.files, ref.worlds[lastApply].disk)}`);
    }
  } finally {
    await ws.close();
  }
  return failures;
}

// ── the sweep ──────────────────────────────────────────────────────────────────────────────────────────────

export type Kind = 'single' | 'torn' | 'double';

export interface Outcome {
  readonly kind: Kind;
  readonly phase: Phase | 'open';
  readonly label: string;
  readonly failures: readonly string[];
}

export interface SweepOptions {
  /** Every `stride`-th crash point (1: every point). */
  readonly stride: number;
  /** First crashes after which the recovery is crashed at every point. */
  readonly doubleSamples: number;
  readonly onOutcome?: (o: Outcome) => void;
}

const phaseOf = (step: number): Phase | 'open' => (step < 0 ? 'open' : STEPS[Math.min(step, STEPS.length - 1)].phase);

/** Counts the scenario's calls, then crashes it at every `stride`-th point, single, torn and double. */
export async function sweep(root: string, options: SweepOptions): Promise<Outcome[]> {
  const counted = await runChild('run', root, 0);
  const ref = reference(counted.records);
  const outcomes: Outcome[] = [];
  const record = (o: Outcome) => {
    outcomes.push(o);
    options.onOutcome?.(o);
  };
  const attempt = async (kind: Kind, label: string, crash: () => Promise<ChildRun>, phase: (run: ChildRun) => Phase | 'open') => {
    let failures: string[];
    let run: ChildRun | undefined;
    try {
      run = await crash();
      failures = await checkAfterCrash(root, run, ref);
    } catch (e) {
      failures = [`threw: ${e instanceof Error ? e.message : String(e)}`];
    }
    record({ kind, phase: run ? phase(run) : 'open', label, failures });
  };

  const points = counted.calls.map((c, i) => ({ k: i + 1, ...c })).filter(p => (p.k - 1) % options.stride === 0);
  for (const p of points) {
    await attempt('single', `kill before call ${p.k} (${p.api})`, () => runChild('run', root, p.k), r => phaseOf(r.step));
  }
  const writes = counted.calls.map((c, i) => ({ k: i + 1, ...c })).filter(p => isWriteCall(p.api)).filter((_, i) => i % options.stride === 0);
  for (const p of writes) {
    await attempt('torn', `half of write ${p.k} (${p.api}) lands`, () => runChild('run', root, p.k, true), r => phaseOf(r.step));
  }
  // Second crashes: after first crashes spread over the applies and the undo (where recovery has work to do)
  // and one during staging, kill the recovery at each of its points.
  const inApply = counted.calls.map((c, i) => ({ k: i + 1, ...c })).filter(p => p.step >= 0 && STEPS[p.step].phase !== 'stage1' && STEPS[p.step].phase !== 'stage2');
  const firsts = spread(inApply, options.doubleSamples);
  for (const first of firsts) {
    await runChild('run', root, first.k);
    const recovery = await runChild('recover', root, 0);
    for (let k2 = 1; k2 <= recovery.calls.length; k2 += options.stride) {
      await attempt('double', `kill before call ${first.k} (${first.api}), then before recovery call ${k2} (${recovery.calls[k2 - 1].api})`, async () => {
        const run = await runChild('run', root, first.k);
        await runChild('recover', root, k2);
        return run;
      }, r => phaseOf(r.step));
    }
  }
  return outcomes;
}

/** `n` items spread evenly over `items`. */
function spread<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.floor(((i + 0.5) * items.length) / n)]);
}

/** Totals by kind and phase, and the last line: "N passed, N failed". */
export function summary(outcomes: readonly Outcome[]): string[] {
  const rows = new Map<string, { passed: number; failed: number }>();
  for (const o of outcomes) {
    const key = `${o.kind.padEnd(7)} ${o.phase}`;
    const row = rows.get(key) ?? { passed: 0, failed: 0 };
    if (o.failures.length === 0) row.passed++;
    else row.failed++;
    rows.set(key, row);
  }
  const lines = [...rows].map(([k, r]) => `${k.padEnd(20)} ${String(r.passed + r.failed).padStart(5)} crashes, ${r.failed} failed`);
  for (const kind of ['single', 'torn', 'double'] as const) {
    const of = outcomes.filter(o => o.kind === kind);
    lines.push(`${kind} total: ${of.length} crashes, ${of.filter(o => o.failures.length > 0).length} failed`);
  }
  const failed = outcomes.filter(o => o.failures.length > 0).length;
  lines.push(`${outcomes.length - failed} passed, ${failed} failed`);
  return lines;
}
