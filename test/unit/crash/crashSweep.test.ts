/**
 * The crash sweep in the unit suite: a quick stride over every kind of crash point (`npm run crash` runs them
 * all), and regression tests for the failures issue 14 found, each a real child process killed with SIGKILL at
 * the points where the failure showed, checked by a fresh open (crashSweep.ts `checkAfterCrash`).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { STEPS } from './crashScenario';
import { checkAfterCrash, reference, runChild, summary, sweep, type ChildRun, type Reference } from './crashSweep';

describe('crash sweep (kill -9 before disk calls)', function () {
  this.timeout(300_000);
  let dir: string;
  let root: string;
  let counted: ChildRun;
  let ref: Reference;
  /** Call numbers (1-based) of the counting run that match. */
  const points = (match: (api: string, step: number, index: number) => boolean) =>
    counted.calls.flatMap((c, i) => (match(c.api, c.step, i) ? [i + 1] : []));
  /** The calls that put an apply step's temps at their targets (those after its first temp was written). */
  // Apply renames its temps synchronously (`NodeDisk.commitTemp`), after they are all written, and links a new
  // file's temp to its name first (`NodeDisk.placeNew`: a link from a temp, where moving a file links from the
  // file); the store's own renames are asynchronous (its blobs' are synchronous, but an apply stores no new content).
  const tempRenames = (step: number) =>
    points((api, s, i) => s === step && (api === 'renameSync' || (api === 'linkSync' && counted.calls[i].target.endsWith('.agent-overlay.tmp'))));
  const stepNamed = (name: string) => STEPS.findIndex(s => s.name === name);

  /** Kills the scenario before call `k` (torn: after half of it), then maybe the recovery before its call `k2`. */
  async function crashAndCheck(k: number, options: { torn?: boolean; recoveryKillAt?: number } = {}): Promise<string[]> {
    const run = await runChild('run', root, k, options.torn);
    assert.ok(run.killed, `the scenario reached call ${k}`);
    if (options.recoveryKillAt !== undefined) await runChild('recover', root, options.recoveryKillAt);
    return (await checkAfterCrash(root, run, ref)).map(f => `call ${k}${options.recoveryKillAt ? ` then recovery call ${options.recoveryKillAt}` : ''}: ${f}`);
  }

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-sweep-'));
    root = path.join(dir, 'run');
    counted = await runChild('run', root, 0);
    ref = reference(counted.records);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('counts the disk calls of every phase of the scenario', () => {
    for (const phase of ['stage1', 'applyPart', 'stage2', 'applyAll', 'undo']) {
      assert.ok(counted.calls.some(c => c.step >= 0 && STEPS[c.step].phase === phase), `${phase} makes disk calls`);
    }
    for (const api of ['promises.rename', 'renameSync', 'linkSync', 'handle.sync', 'handle.datasync', 'handle.chmod', 'writeFileSync', 'rmdirSync', 'rmSync', 'promises.rm', 'promises.mkdir']) {
      assert.ok(counted.calls.some(c => c.api === api), `${api} is counted`);
    }
  });

  it('a quick stride of single crashes, torn writes and second crashes during recovery all pass', async () => {
    const outcomes = await sweep(root, { stride: 60, doubleSamples: 1 });
    const failed = outcomes.filter(o => o.failures.length > 0);
    assert.deepStrictEqual(failed.map(o => `${o.kind} ${o.phase} ${o.label}: ${o.failures.join('; ')}`), [], summary(outcomes).join('\n'));
    for (const kind of ['single', 'torn', 'double']) assert.ok(outcomes.some(o => o.kind === kind), `some ${kind} crashes ran`);
  });

  it('a crash during recovery does not leave the finished changes of the apply pending (rename chain)', async () => {
    // First crash: the files of "apply all" are in place (its rename chain included), the overlay has not yet
    // recorded the apply durably. Then the recovery is killed at each of its points.
    const applyAll = stepNamed('apply all');
    // Killed before the log's write (the last write before its first `fdatasync`; the undo record's move into place
    // is issued beside it).
    const datasync = points((api, step) => step === applyAll && api === 'handle.datasync')[0];
    const k = points((api, step, i) => step === applyAll && api === 'handle.write' && i + 1 < datasync).slice(-1)[0];
    assert.ok(k !== undefined, 'the apply records itself in the log');
    await runChild('run', root, k);
    const recovery = await runChild('recover', root, 0);
    // The recovery's last calls: pruning folders, recording the apply, forgetting the journal entry (`npm run
    // crash` kills it at every point).
    const failures: string[] = [];
    for (let k2 = Math.max(1, recovery.calls.length - 9); k2 <= recovery.calls.length; k2++) failures.push(...await crashAndCheck(k, { recoveryKillAt: k2 }));
    assert.deepStrictEqual(failures, []);
  });

  it('a crash during Apply or Undo does not drop a file\'s executable bit', async () => {
    // Killed before each chmod of a temp: with the mode applied only after the content, recovery used to roll
    // forward a temp that had its content but not yet its mode.
    const chmods = (name: string) => points((api, step) => step === stepNamed(name) && api === 'handle.chmod');
    const failures: string[] = [];
    for (const k of [...chmods('apply part'), ...chmods('undo').slice(-3)]) failures.push(...await crashAndCheck(k));
    assert.deepStrictEqual(failures, []);
  });

  it('after a crash, Undo Last Apply reverts the apply that really happened', async () => {
    // From the first rename of "apply all" on, recovery rolls it forward: its undo record must be the last one.
    const applyAll = stepNamed('apply all');
    const renames = tempRenames(applyAll);
    const tail = points((_, step) => step === applyAll);
    const failures: string[] = [];
    for (const k of [renames[0], renames[renames.length - 1] + 1, tail[tail.length - 1]]) failures.push(...await crashAndCheck(k));
    assert.deepStrictEqual(failures, []);
  });

  it('a crash while new files are linked into place, or their temps dropped, is finished on the next open', async () => {
    // New files are linked from their temps first (`NodeDisk.placeNew`), their temps unlinked once all are placed:
    // killed before the first and last of each, in "apply all" and the undo, and the recovery after the first link of
    // "apply all" killed before the first and last of its own (`npm run crash` kills at every point).
    const linksOf = (name: string) => points((api, step, i) => step === stepNamed(name) && api === 'linkSync' && counted.calls[i].target.endsWith('.agent-overlay.tmp'));
    const dropsOf = (name: string) => points((api, step, i) => step === stepNamed(name) && api === 'unlinkSync' && counted.calls[i].target.endsWith('.agent-overlay.tmp'));
    const ends = (ks: number[]) => (ks.length > 0 ? [...new Set([ks[0], ks[ks.length - 1]])] : []);
    const ks = ['apply all', 'undo'].flatMap(n => [...ends(linksOf(n)), ...ends(dropsOf(n))]);
    assert.ok(linksOf('apply all').length > 1 && dropsOf('apply all').length > 1 && linksOf('undo').length > 0, 'the applies and the undo link new files');
    const failures: string[] = [];
    for (const k of ks) failures.push(...await crashAndCheck(k));
    const first = linksOf('apply all')[0];
    await runChild('run', root, first);
    const recovery = await runChild('recover', root, 0);
    const placing = (api: string) => recovery.calls.flatMap((c, i) => (c.api === api && c.target.endsWith('.agent-overlay.tmp') ? [i + 1] : []));
    assert.ok(placing('linkSync').length > 0, 'the recovery links new files into place');
    for (const k2 of [...ends(placing('linkSync')), ...ends(placing('unlinkSync'))]) failures.push(...await crashAndCheck(first, { recoveryKillAt: k2 }));
    assert.deepStrictEqual(failures, []);
  });

  it('folders an interrupted apply empties are gone after recovery, and Undo brings them back', async () => {
    // "apply part" deletes every file of gone/ (gone/x too); killed after its first rename, it rolls forward.
    const renames = tempRenames(stepNamed('apply part'));
    assert.deepStrictEqual(await crashAndCheck(renames[renames.length - 1]), []);
  });

  it('empty folders an apply makes or removes are there exactly when the apply happened, and Undo turns them back', async () => {
    // "apply part" makes made/ and made/empty/ (an empty folder inside a new one); "apply all" makes later/ and
    // removes vacant/; "undo" turns both back. Killed before each of their folder calls, and the recovery once.
    const folderCalls = (name: string) => points((api, step) => step === stepNamed(name) && /mkdir|rmdir|rm$/i.test(api));
    const ks = [...folderCalls('apply part'), ...folderCalls('apply all'), ...folderCalls('undo')];
    assert.ok(folderCalls('apply part').length > 0 && folderCalls('apply all').length > 0 && folderCalls('undo').length > 0, 'every apply and the undo touch folders');
    const failures: string[] = [];
    for (const k of ks) failures.push(...await crashAndCheck(k));
    failures.push(...await crashAndCheck(ks[ks.length - 1], { recoveryKillAt: 1 }));
    assert.deepStrictEqual(failures, []);
  });

  it('a folder moved whole (one rename) is there exactly when the apply happened, and Undo moves it back', async () => {
    // "apply all" moves move/ to moved/ with one rename(2) of the folder (every file in it moves unchanged), "undo"
    // moves it back: killed before and right after each folder rename, and the recovery at each of its points.
    const folderRename = (name: string, from: string) =>
      points((api, step, i) => step === stepNamed(name) && api === 'renameSync' && counted.calls[i].target.endsWith(`${path.sep}${from}`));
    const ks = [...folderRename('apply all', 'move'), ...folderRename('undo', 'moved')];
    assert.strictEqual(ks.length, 2, 'the apply and the undo each move the folder with one rename');
    const failures: string[] = [];
    for (const k of ks) failures.push(...await crashAndCheck(k), ...await crashAndCheck(k + 1));
    // Killed before the apply's folder rename, then its recovery killed before and right after its own folder rename
    // and before its last call (`npm run crash` kills it at every point).
    await runChild('run', root, ks[0]);
    const recovery = await runChild('recover', root, 0);
    const again = recovery.calls.findIndex(c => c.api === 'renameSync' && c.target.endsWith(`${path.sep}move`)) + 1;
    assert.ok(again > 0, 'the recovery moves the folder');
    for (const k2 of [again, again + 1, recovery.calls.length]) failures.push(...await crashAndCheck(ks[0], { recoveryKillAt: k2 }));
    assert.deepStrictEqual(failures, []);
  });

  it('a folder delete staged with a torn log write comes back whole or not at all', async () => {
    const del = stepNamed('delete gone');
    const writes = points((api, step) => step === del && api === 'handle.write');
    assert.ok(writes.length > 0, 'the delete is written to the log');
    const failures: string[] = [];
    for (const k of writes) failures.push(...await crashAndCheck(k, { torn: true }));
    assert.deepStrictEqual(failures, []);
  });
});
