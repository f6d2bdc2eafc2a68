/**
 * Fuzzing the open path: a store of seeded staged changes (writes, deletes, renames, units, discardAll over a few
 * files), its log damaged once — one op rewritten with valid framing (made invalid, a duplicate record id, a field
 * dropped, not an op at all) or one byte flipped — then opened. Open never throws anything but a typed StoreError;
 * never loses an op it could apply (every file no damaged op reaches, by the oracle's own path closure over the
 * undamaged ops, shows what the undamaged store shows); whenever it dropped something a copy holding the damaged
 * log's bytes is kept; and a second open finds the same state with nothing more to report.
 *
 * `AGENT_OVERLAY_LOGFUZZ_SEEDS` (default 40) seeds from `AGENT_OVERLAY_LOGFUZZ_FROM` (default 1); one seed alone:
 * `AGENT_OVERLAY_LOGFUZZ_FROM=<seed> AGENT_OVERLAY_LOGFUZZ_SEEDS=1`.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PersistentOverlay } from '../../../src/fs/persistentOverlay';
import { decodeFrames, encodeFrame, encodeJsonFrame } from '../../../src/fs/store/frameCodec';
import { StoreError } from '../../../src/fs/store/storeError';
import { prng as rng } from '../merge/mergeCases';
import { activeLog, meta, noDisk } from './damagedLog';

const SEEDS = Number(process.env.AGENT_OVERLAY_LOGFUZZ_SEEDS ?? 40);
const FROM = Number(process.env.AGENT_OVERLAY_LOGFUZZ_FROM ?? 1);

/** Stages a seeded history over five files, one flush (one frame) per step. */
async function seedStore(store: string, ws: string, random: () => number): Promise<string[]> {
  const files = Array.from({ length: 5 }, (_, i) => path.join(ws, `f${i}.txt`));
  const pick = () => files[Math.floor(random() * files.length)];
  const p = await PersistentOverlay.open(store);
  const steps = 8 + Math.floor(random() * 10);
  for (let s = 0; s < steps; s++) {
    const r = random();
    const staged = p.model.stagedPaths();
    try {
      if (r < 0.5) p.model.write(pick(), Buffer.from(`step ${s} ${random()}\n`), meta, noDisk);
      else if (r < 0.6 && staged.length > 0) p.model.delete(staged[Math.floor(random() * staged.length)], meta, noDisk);
      else if (r < 0.75 && staged.length > 0) p.model.rename(staged[Math.floor(random() * staged.length)], pick(), meta, noDisk);
      else if (r < 0.9) {
        p.unitOfOps(() => {
          p.model.write(pick(), Buffer.from(`unit ${s} a\n`), meta, noDisk);
          p.model.write(pick(), Buffer.from(`unit ${s} b\n`), meta, noDisk);
        });
      } else if (r < 0.95) p.model.discardAll();
      else p.model.write(pick(), Buffer.from(`step ${s} late\n`), meta, noDisk);
    } catch {
      // A rename onto an existing file, a delete of a deleted one: the model refused it live; nothing was logged.
    }
    await p.flush();
  }
  await p.close();
  return files;
}

/** The op frames of a log: each a unit of ops. */
function unitsOf(log: string): unknown[][] {
  return decodeFrames(fs.readFileSync(log)).frames.slice(1).map(f => {
    const v = JSON.parse(f.payload.toString('utf8')) as unknown;
    return Array.isArray(v) ? v : [v];
  });
}

/** Paths an op names, as the oracle reads them (records' path and fromPath, entries' paths, lists of paths). */
function pathsOf(op: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key?: string) => {
    if (typeof v === 'string') {
      if (key && ['path', 'fromPath', 'diskPath', 'movedFrom', 'movedTo', 'paths', 'removedPaths'].includes(key)) out.push(v);
    } else if (Array.isArray(v)) for (const x of v) walk(x, typeof x === 'string' ? key : undefined);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(op);
  return out;
}

const typeOf = (op: unknown) => (op && typeof op === 'object' ? (op as { type?: unknown }).type : undefined);

/**
 * The files a damaged unit may reach: its paths, then those of every later unit naming one of them (a unit naming
 * nothing, or the damaged one naming nothing, reaches everything), until a discardAll. `undefined`: all files.
 */
function reached(units: unknown[][], damaged: number, damagedOps: unknown[]): Set<string> | 'all' {
  let all = damagedOps.some(op => pathsOf(op).length === 0 && typeOf(op) !== 'discardAll');
  const set = new Set(damagedOps.flatMap(pathsOf));
  let ever: Set<string> | 'all' = all ? 'all' : new Set(set);
  for (const unit of units.slice(damaged + 1)) {
    if (unit.length === 1 && typeOf(unit[0]) === 'discardAll') {
      all = false;
      set.clear();
      continue;
    }
    const paths = unit.flatMap(pathsOf);
    if (all || paths.some(p => set.has(p))) for (const p of paths) set.add(p);
    if (ever !== 'all') for (const p of set) ever.add(p);
  }
  if (all) ever = 'all';
  return ever;
}

describe(`fuzz: a damaged staged-change log (${SEEDS} seeds from ${FROM})`, function () {
  this.timeout(Math.max(600_000, SEEDS * 5_000));
  let root: string;
  beforeEach(() => { root = fs.mkdtempSync(path.join(os.tmpdir(), 'log-fuzz-')); });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('open never throws untyped, never loses an op it could apply, always keeps a copy of what it dropped', async () => {
    for (let seed = FROM; seed < FROM + SEEDS; seed++) {
      const random = rng(seed);
      const base = path.join(root, `s${seed}`);
      const store = path.join(base, 'store');
      const files = await seedStore(store, path.join(base, 'ws'), random);
      const log = activeLog(store);
      const units = unitsOf(log);
      if (units.length === 0) continue;
      // The undamaged store, as the oracle.
      const clean = path.join(base, 'clean');
      fs.cpSync(store, clean, { recursive: true });
      const expected = await PersistentOverlay.open(clean);
      const want = new Map(files.map(f => [f, expected.model.stagedRef(f)]));
      await expected.close();

      const { frames } = decodeFrames(fs.readFileSync(log));
      const k = Math.floor(random() * units.length);
      const mode = Math.floor(random() * 5);
      let what: string;
      let reach: Set<string> | 'all';
      if (mode === 4) {
        // One byte flipped in frame k: its checksum fails (the store's own damage path).
        const bytes = fs.readFileSync(log);
        const f = frames[k + 1];
        const at = f.offset + Math.floor(random() * (f.payload.length + 10));
        bytes[at] ^= 1 + Math.floor(random() * 255);
        fs.writeFileSync(log, bytes);
        what = `byte ${at} of frame ${k + 1} flipped`;
        // Whatever the store drops from a damaged frame on, what came before it stays.
        reach = new Set(units.slice(k).flat().flatMap(pathsOf));
        if (units.slice(k).flat().some(op => pathsOf(op).length === 0)) reach = 'all';
      } else {
        const unit = units[k];
        const j = Math.floor(random() * unit.length);
        const op = unit[j] as Record<string, unknown>;
        const damagedOp: unknown =
          mode === 0 ? { ...op, type: 'explode' } :
          mode === 1 ? (op.record ? { ...op, record: { ...(op.record as object), id: undefined } } : { ...op, type: 7 }) :
          mode === 2 ? Object.fromEntries(Object.entries(op).filter(([key]) => key === 'type' || key === 'path' || key === 'paths')) :
          12345;
        const newUnit = unit.map((x, i) => i === j ? damagedOp : x);
        const out = frames.map((f, i) => i === k + 1 ? encodeJsonFrame(newUnit.length === 1 ? newUnit[0] : newUnit) : encodeFrame(f.payload));
        fs.writeFileSync(log, Buffer.concat(out));
        what = `op ${j} of frame ${k + 1} (${String(typeOf(op))}) made ${JSON.stringify(damagedOp).slice(0, 80)}`;
        reach = reached(units, k, newUnit);
      }
      const damagedBytes = fs.readFileSync(log);
      const ctx = `seed ${seed}: ${what}`;

      let p: PersistentOverlay;
      try {
        p = await PersistentOverlay.open(store);
      } catch (e) {
        assert.ok(e instanceof StoreError, `${ctx}: open threw an untyped error: ${String(e)}`);
        continue;
      }
      const got = new Map(files.map(f => [f, p.model.stagedRef(f)]));
      for (const f of files) {
        if (reach !== 'all' && !reach.has(f)) assert.strictEqual(got.get(f), want.get(f), `${ctx}: ${f} is reached by no damaged op, yet differs`);
      }
      const dropped = files.some(f => got.get(f) !== want.get(f)) || p.problems.some(x => x.code === 'LOG_CORRUPT');
      if (dropped) {
        const state = path.join(store, 'state');
        const copies = fs.readdirSync(state).filter(n => /\.(refused|corrupt|torn)-\d+$/.test(n)).map(n => path.join(state, n));
        assert.ok(copies.some(c => fs.readFileSync(c).equals(damagedBytes)), `${ctx}: a copy of the damaged log is kept (${copies.join(', ') || 'none'})`);
      }
      await p.close();
      const again = await PersistentOverlay.open(store);
      assert.deepStrictEqual(new Map(files.map(f => [f, again.model.stagedRef(f)])), got, `${ctx}: a second open finds the same state`);
      assert.deepStrictEqual(again.problems.filter(x => x.code !== 'LOG_TORN_TAIL'), [], `${ctx}: nothing more to report`);
      await again.close();
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
