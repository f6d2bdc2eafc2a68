import * as assert from 'assert';
import { MemoryContentStore } from '../../../src/fs/model/contentStore';
import { OverlayModel } from '../../../src/fs/model/overlayModel';
import { diskProbeOf } from '../../../src/fs/model/diskProbe';
import { FakeDisk, counterIds, dec, enc } from './modelFixtures';
import { ReferenceOverlay, sortedAsText } from './referenceOverlay';
import { prng } from '../merge/mergeCases';
import type { DiskProbe } from '../../../src/fs/model/diskProbe';

/**
 * Model-based fuzzing of the overlay model against `ReferenceOverlay` (issue 13). One seed makes one sequence of
 * 4–30 steps over six paths in nested folders, two sessions with three messages each (so message ids repeat across
 * sessions), and every operation: writes that create or edit one of six lines (edits of different steps often hit
 * the same line, so merges both succeed and conflict), deletes, renames onto free and onto staged paths (with
 * overwrite), chains and cycles (they fall out of random renames), prune by message, discard by record, by session
 * and by path, partial and whole applies, disk edits, deletes and creates, and snapshot/restore round trips. After
 * every step the two must agree on every path's content, the listing and its kinds, the records per path and the
 * conflicts; at the end pruning every message must leave nothing staged and the disk showing through.
 *
 * Folders (issue 13 item 11): with `folders` (the default), a step is a folder step one time in eight: mkdir of a
 * folder the view lacks (its parent shown), rmdir of an empty one, the disk gaining or losing an empty folder, or
 * Apply of a listed folder change; the two must agree on every folder's kind, the listings and the folder changes.
 * The seeds pinned in referenceFuzz.test.ts replay their original sequences with `folders: false`.
 *
 * The disk probe gives no file identities, so an external rename reads as a delete plus a create: identity-based
 * rename detection has its own tests (reconcile.test.ts); the reference models content only. Resolutions are left
 * to overlayInvariants.test.ts.
 */
export const PATHS = ['/w/a', '/w/b', '/w/d/c', '/w/d/e', '/w/d/f/g', '/w/h'];
/**
 * On a case-insensitive disk: two pairs of spellings of one name. The disk never holds both of a pair; the view
 * refuses a new name whose other spelling holds a file; renames within a pair change only letter case.
 */
export const FOLDED_PATHS = ['/w/a', '/w/A', '/w/b', '/w/d/c', '/w/d/e', '/w/d/E', '/w/h'];
/** Folder paths: the files' folders and folders of their own (never a file path). */
export const FOLDERS = ['/w/d', '/w/d/f', '/w/d/m', '/w/k', '/w/k/l'];
const LISTED_DIRS = ['/w', ...FOLDERS];
const SESSIONS = ['s1', 's2'];
const MESSAGES = ['m0', 'm1', 'm2'];
const LINES = 6;


const initial = (name: string): string => Array.from({ length: LINES }, (_, i) => `${name}${i}\n`).join('');
const setLine = (text: string, line: number, to: string): string => {
  const ls = text.split('\n');
  ls[line % (ls.length - 1 || 1)] = to;
  return ls.join('\n');
};

/** The other spelling of `path` among `names` (a case-insensitive disk's lookup), if any. */
function spellingOn(names: readonly string[], path: string): string | undefined {
  return names.find((q) => q !== path && q.toLowerCase() === path.toLowerCase());
}

interface World {
  disk: FakeDisk;
  readonly paths: readonly string[];
  model: OverlayModel;
  ref: ReferenceOverlay;
  probe: DiskProbe;
  /** Shared by every model of the sequence (a restored one goes on counting), as the reference counts. */
  readonly newId: () => string;
  readonly log: string[];
}

/** Runs one seeded sequence; throws (with the steps so far) on the first disagreement. */
export interface SequenceOptions {
  /** Disk changes at all (default true). */
  readonly disk?: boolean;
  /** Disk changes also while a conflict is pending (default false: see the restriction in `step`). */
  readonly diskOverConflicts?: boolean;
  /** A case-insensitive disk (macOS, Windows), with `FOLDED_PATHS`. */
  readonly caseInsensitive?: boolean;
  /** Folder steps (default true); false replays the sequences seeds made before folders were records. */
  readonly folders?: boolean;
  /** Called after every step (before the comparison): a debugging aid for tracing a failing seed. */
  readonly trace?: (model: OverlayModel, ref: ReferenceOverlay, log: readonly string[]) => void;
}

export function runSequence(seed: number, options: SequenceOptions = {}): number {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const folds = options.caseInsensitive === true;
  const paths = folds ? FOLDED_PATHS : PATHS;
  const files: Record<string, string> = {};
  for (const p of paths) if (rand() < 0.6 && spellingOn(Object.keys(files), p) === undefined) files[p] = initial(p.slice(-1));
  const disk = new FakeDisk(files);
  disk.dirs.add('/w');
  if (options.folders !== false) for (const d of FOLDERS) if (rand() < 0.3) disk.dirs.add(d);
  const newId = counterIds('r');
  const w: World = {
    disk,
    paths,
    newId,
    model: new OverlayModel(new MemoryContentStore(), { now: () => 1, newId }),
    ref: new ReferenceOverlay(new Map(Object.entries(files)), new Set(disk.dirs), folds),
    // As NodeDisk answers on such a disk: names are exact, and another spelling of an existing file is reported.
    probe: folds ? { read: disk.read, foldsCase: () => true, caseTwin: (p) => spellingOn(disk.paths(), p) } : diskProbeOf(disk.read),
    log: [],
  };
  const steps = 4 + Math.floor(rand() * 27);
  try {
    for (let i = 0; i < steps; i++) {
      step(w, rand, pick, options);
      options.trace?.(w.model, w.ref, w.log);
      compare(w);
    }
    for (const s of SESSIONS) {
      for (const m of MESSAGES) {
        w.log.push(`final prune ${s}/${m}`);
        w.model.prune(m, s);
        w.ref.prune(m, s);
        compare(w);
      }
    }
    assert.deepStrictEqual(w.model.snapshot().entries, [], 'pruning every message leaves entries');
    assert.deepStrictEqual(w.model.snapshot().records, [], 'pruning every message leaves records');
    for (const p of paths) assert.strictEqual(dec(w.model.read(p, disk.read)), disk.text(p), `${p} does not show the disk`);
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    err.message = `seed ${seed}: ${err.message}\nsteps:\n  ${w.log.join('\n  ')}`;
    throw err;
  }
  return steps;
}

function step(w: World, rand: () => number, pick: <T>(xs: readonly T[]) => T, options: SequenceOptions): void {
  const { model, ref, disk } = w;
  const PATHS = w.paths;
  const s = pick(SESSIONS);
  const m = pick(MESSAGES);
  const meta = { sessionId: s, messageId: m, turn: 1, description: m, timestamp: 1 };
  if (options.folders !== false && rand() < 0.125) {
    folderStep(w, rand, pick, s, m);
    return;
  }
  const roll = rand();
  if (roll < 0.3) {
    const p = pick(PATHS);
    const cur = ref.read(p);
    const token = `${m}.${Math.floor(rand() * 1000)}`;
    const text = cur === null ? `new ${token}\n${initial('n')}` : setLine(cur, Math.floor(rand() * LINES), token);
    w.log.push(`write ${p} ${JSON.stringify(text.slice(0, 24))} ${s}/${m}`);
    if (ref.write(p, text, s, m)) model.write(p, enc(text), meta, w.probe);
    else assert.throws(() => model.write(p, enc(text), meta, w.probe), /already exists as/);
  } else if (roll < 0.4) {
    const p = pick(PATHS);
    w.log.push(`delete ${p} ${s}/${m}`);
    if (ref.delete(p, s, m)) model.delete(p, meta, w.probe);
    else assert.throws(() => model.delete(p, meta, w.probe));
  } else if (roll < 0.52) {
    const from = pick(PATHS);
    // On a case-insensitive disk, a third of the renames change only letter case (when the name has a pair).
    const to = (options.caseInsensitive && rand() < 0.3 ? spellingOn(PATHS, from) : undefined) ?? pick(PATHS);
    const overwrite = rand() < 0.5;
    w.log.push(`rename ${from} ${to}${overwrite ? ' overwrite' : ''} ${s}/${m}`);
    if (ref.rename(from, to, s, m, overwrite)) model.rename(from, to, meta, w.probe, { overwrite });
    else assert.throws(() => model.rename(from, to, meta, w.probe, { overwrite }));
  } else if (roll < 0.62) {
    w.log.push(`prune ${s}/${m}`);
    model.prune(m, s);
    ref.prune(m, s);
  } else if (roll < 0.66) {
    const r = ref.records.length ? pick(ref.records) : undefined;
    if (!r) return;
    w.log.push(`discard record ${r.id}`);
    model.discardChange(r.id);
    ref.discardRecord(r.id);
  } else if (roll < 0.68) {
    w.log.push(`discard session ${s}`);
    model.discardSession(s);
    ref.discardSession(s);
  } else if (roll < 0.73) {
    const c = ref.composites();
    if (!c.length) return;
    const p = pick(c).path;
    w.log.push(`discard path ${p}`);
    model.discardPaths([p]);
    ref.discardPaths([p]);
  } else if (roll < 0.8) {
    const c = ref.composites();
    if (!c.length) return;
    const all = rand() < 0.3;
    const chosen = all ? c.map((x) => x.path) : [pick(c).path];
    for (const p of chosen) {
      if (!model.composite(p)) continue;
      w.log.push(`apply ${p}`);
      const plan = model.planApply([p], w.probe);
      const ok = ref.apply(p);
      assert.strictEqual(plan.refused.length === 0, ok, `apply ${p}: model refused ${JSON.stringify(plan.refused)}, reference ${ok ? 'applied' : 'refused'}`);
      for (const g of plan.groups) {
        disk.execute(g.actions, model.store);
        model.markApplied(g.paths);
      }
    }
  } else if (roll < 0.93) {
    // Restricted: no disk change while a conflict is pending. A disk change on top of a pending conflict (and
    // then renames that move the conflicted content) is where the model, which shows one conflict per path, and
    // the reference, which keeps every divergence, still disagree in about 1 sequence in 1,000 (issue 13's note
    // lists the seeds); every failure found there showed a conflict on a different path, never lost content
    // applied to disk.
    if (options.disk === false || (!options.diskOverConflicts && ref.conflicts().size > 0)) return;
    // A person's program writes a name the disk has under another spelling: the OS writes that file.
    const picked = pick(PATHS);
    const p = options.caseInsensitive ? spellingOn(disk.paths(), picked) ?? picked : picked;
    const cur = disk.text(p);
    const what = rand();
    if (cur !== undefined && what < 0.6) {
      const text = setLine(cur, Math.floor(rand() * LINES), `user.${Math.floor(rand() * 1000)}`);
      w.log.push(`disk edit ${p} ${JSON.stringify(text.slice(0, 24))}`);
      disk.put(p, text);
      ref.disk.set(p, text);
    } else if (cur !== undefined) {
      w.log.push(`disk delete ${p}`);
      disk.remove(p);
      ref.disk.delete(p);
    } else {
      const text = initial(`u${Math.floor(rand() * 1000)}.`);
      w.log.push(`disk create ${p}`);
      disk.put(p, text);
      ref.disk.set(p, text);
    }
    model.reconcileAll(w.probe);
    ref.reconcileAll();
  } else {
    w.log.push('snapshot and restore');
    const restored = new OverlayModel(model.store, { now: () => 1, newId: w.newId });
    restored.restore(JSON.parse(JSON.stringify(model.snapshot())));
    w.model = restored;
  }
}

function folderStep(w: World, rand: () => number, pick: <T>(xs: readonly T[]) => T, s: string, m: string): void {
  const { model, ref, disk } = w;
  const meta = { sessionId: s, messageId: m, turn: 1, description: m, timestamp: 1 };
  const d = pick(FOLDERS);
  const tree = ref.tree(w.paths);
  const { files, folders } = tree;
  const parent = d.slice(0, d.lastIndexOf('/'));
  const roll = rand();
  if (roll < 0.35) {
    // The workspace's rule: nothing there, and the parent shown.
    if (files.has(d) || folders.has(d) || !folders.has(parent)) return;
    w.log.push(`mkdir ${d} ${s}/${m}`);
    model.mkdir(d, meta);
    ref.mkdir(d, s, m);
  } else if (roll < 0.6) {
    if (!folders.has(d) || ref.listing(d, tree).length > 0) return;
    w.log.push(`rmdir ${d} ${s}/${m}`);
    model.rmdir(d, meta);
    ref.rmdir(d, s, m);
  } else if (roll < 0.8) {
    if (disk.list(d)?.length) return;
    if (disk.dirs.has(d)) {
      w.log.push(`disk rmdir ${d}`);
      disk.dirs.delete(d);
      ref.diskDirs.delete(d);
    } else {
      w.log.push(`disk mkdir ${d}`);
      disk.dirs.add(d);
      ref.diskDirs.add(d);
    }
  } else {
    const listed = ref.folderChanges(tree).filter((c) => !c.endsWith('conflict'));
    if (!listed.length) return;
    const [p, kind] = pick(listed).split(' ');
    // Apply removes a folder only when nothing is left in it on disk (its files' deletes go along in the workspace).
    if (kind === 'rmdir' && disk.list(p)?.length) return;
    w.log.push(`apply folder ${p} (${kind})`);
    assert.strictEqual(model.folderStatus(p, disk), kind, `apply folder ${p}: model status`);
    if (kind === 'mkdir') disk.dirs.add(p);
    else disk.dirs.delete(p);
    model.markApplied([p]);
    ref.applyFolder(p);
  }
}

function compare(w: World): void {
  w.ref.looking(() => compareNow(w));
}

function compareNow(w: World): void {
  const { model, ref, disk } = w;
  const paths = [...new Set([...w.paths, ...disk.paths()])];
  for (const p of disk.paths()) assert.strictEqual(spellingOn(disk.paths(), p), undefined, `the disk holds two spellings of ${p}`);
  const contents = new Map(paths.map((p) => [p, ref.read(p)]));
  for (const p of paths) assert.strictEqual(dec(model.read(p, disk.read)) ?? null, contents.get(p), `content of ${p}`);
  const listed = (xs: { path: string; kind: string; from?: string }[]) => xs.map((c) => `${c.path} ${c.kind}${c.from ? ` from ${c.from}` : ''}`).sort();
  deepEqual(listed(model.composites().map((c) => ({ path: c.path, kind: c.kind, ...(c.fromPath ? { from: c.fromPath } : {}) }))), listed(ref.composites()), 'listing');
  const ids = new Map(model.snapshot().entries.map((e) => [e.path, [...e.recordIds]]));
  const refIds = new Map([...ref.recordIds()].filter(([, v]) => v.length > 0));
  deepEqual(new Map(sortedAsText([...ids])), new Map(sortedAsText([...refIds])), 'records per path');
  deepEqual(model.conflicts().map((c) => c.path).sort(), [...ref.conflicts()].sort(), 'conflicts');
  deepEqual(disk.paths().map((p) => [p, disk.text(p)]), sortedAsText([...ref.disk]).map(([p, t]) => [p, t]), 'disk');
  // Folders: kinds, listings, listed folder changes, folder records.
  const { files, folders } = ref.tree(w.paths, (p) => contents.get(p) ?? null);
  for (const p of [...FOLDERS, ...w.paths]) {
    assert.strictEqual(model.effectiveKind(p, disk) ?? null, files.has(p) ? 'file' : folders.has(p) ? 'directory' : null, `kind of ${p}`);
  }
  for (const d of LISTED_DIRS) deepEqual(sortedAsText([...model.listDirectory(d, disk)]), ref.listing(d, { files, folders }), `listing of ${d}`);
  deepEqual(model.folderChanges(disk).map((c) => `${c.path} ${c.kind}${c.conflict ? ' conflict' : ''}`).sort(), ref.folderChanges({ files, folders }), 'folder changes');
  const folderRecords = (rs: readonly { id: string; operation?: string; op?: string; path: string }[]) => rs.filter((r) => (r.operation ?? r.op) === 'mkdir' || (r.operation ?? r.op) === 'rmdir').map((r) => `${r.id} ${r.operation ?? r.op} ${r.path}`);
  deepEqual(folderRecords(model.snapshot().records), folderRecords(ref.records), 'folder records');
}

/**
 * `assert.deepStrictEqual`, asked only when a plain walk of arrays, maps and primitives finds a difference: equal
 * there is equal for it too, so the verdict and the message are its own (it was a sixth of a reference sequence's CPU).
 */
function deepEqual(actual: unknown, expected: unknown, message: string): void {
  if (!plainlyEqual(actual, expected)) assert.deepStrictEqual(actual, expected, message);
}

function plainlyEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length || Object.getPrototypeOf(a) !== Array.prototype || Object.getPrototypeOf(b) !== Array.prototype) return false;
    for (let i = 0; i < a.length; i++) if (!(i in a) || !(i in b) || !plainlyEqual(a[i], b[i])) return false;
    return true;
  }
  if (a instanceof Map && b instanceof Map && Object.getPrototypeOf(a) === Map.prototype && Object.getPrototypeOf(b) === Map.prototype) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !plainlyEqual(v, b.get(k))) return false;
    return true;
  }
  return false;
}
