/**
 * A staged-change log holding an op the model refuses (damaged, foreign, written under another schema) loses
 * nothing: the ops after it that still apply are kept, the ones that depend on it are refused too, and the log
 * generation holding what was refused is kept aside (with the contents it names) before the state is rewritten.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { openOverlayStore } from '../../../src/fs/openOverlayStore';
import { PersistentOverlay } from '../../../src/fs/persistentOverlay';
import { decodeFrames } from '../../../src/fs/store/frameCodec';
import { activeLog, keptCopies, meta, noDisk, opsIn, rewriteOp, stageFiles } from './damagedLog';

describe('PersistentOverlay: an op the model refuses loses nothing', () => {
  let root: string;
  let store: string;
  let ws: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'refused-ops-'));
    store = path.join(root, 'store');
    ws = path.join(root, 'ws');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /**
   * The common checks: the files listed in `kept` are staged with their content, `refused` are not, the
   * problem names a copy holding the refused op, and the copy (with the contents it names) outlives the next
   * compactions and reopenings.
   */
  async function checkReopen(files: string[], damaged: unknown, kept: number[], refused: number[]): Promise<void> {
    const p = await PersistentOverlay.open(store);
    const staged = p.model.stagedPaths();
    for (const i of kept) assert.ok(staged.includes(files[i]), `${files[i]} is still staged (it does not depend on the refused op)`);
    for (const i of refused) assert.ok(!staged.includes(files[i]), `${files[i]} depends on the refused op: not staged`);
    const problem = p.problems.find(x => x.code === 'LOG_CORRUPT');
    assert.ok(problem, `a LOG_CORRUPT problem: ${JSON.stringify(p.problems)}`);
    assert.ok(problem.copy, `the problem names the copy: ${problem.detail}`);
    assert.ok(problem.detail.includes(problem.copy), `the detail names the copy too: ${problem.detail}`);
    assert.deepStrictEqual(keptCopies(store), [problem.copy]);
    assert.ok(opsIn(problem.copy).some(op => JSON.stringify(op) === JSON.stringify(damaged)), 'the copy holds the refused op as it was');
    // Two more compactions (the original log is gone after them) and old blobs: the copy and its contents stay.
    await p.compact();
    await p.compact();
    await p.close();
    const blobs = path.join(store, 'blobs');
    const old = new Date(Date.now() - 3_600_000);
    for (const f of fs.readdirSync(blobs, { recursive: true, encoding: 'utf8' })) fs.utimesSync(path.join(blobs, f), old, old);
    const again = await PersistentOverlay.open(store);
    await again.compact();
    assert.ok(fs.existsSync(problem.copy), 'the copy outlives later compactions');
    for (const op of opsIn(problem.copy)) {
      for (const ref of JSON.stringify(op).match(/\b[0-9a-f]{64}\b/g) ?? []) {
        assert.ok(again.blobs.has(ref), `content ${ref} named by the kept copy is still in the blob store`);
      }
    }
    assert.deepStrictEqual(again.problems.filter(x => x.code === 'LOG_CORRUPT'), [], 'reported once, not at every start');
    await again.close();
  }

  it('an op that parses but the model refuses: later ops on other files are kept, later ops on its file refused, a copy kept', async () => {
    const files = await stageFiles(store, ws, 6, [3]);
    const log = activeLog(store);
    const first = opsIn(log)[0] as { record: { id: string } };
    // Op 3 (file 3's first write) reuses file 0's record id: well-formed, but "already staged".
    rewriteOp(log, 3, op => ({ ...op, record: { ...(op.record as object), id: first.record.id } }));
    await checkReopen(files, opsIn(log)[3], [0, 1, 2, 4, 5], [3]);
  });

  it('an op that fails validation: later ops on other files are kept, a copy kept', async () => {
    const files = await stageFiles(store, ws, 6, [2]);
    const log = activeLog(store);
    rewriteOp(log, 2, op => ({ ...op, record: { ...(op.record as object), operation: 'explode' } }));
    await checkReopen(files, opsIn(log)[2], [0, 1, 3, 4, 5], [2]);
  });

  it('an op that is not an op at all: what it touched is unknown, so the replay stops there and keeps a copy', async () => {
    const files = await stageFiles(store, ws, 5);
    const log = activeLog(store);
    rewriteOp(log, 2, () => 'not an op');
    await checkReopen(files, 'not an op', [0, 1], [2, 3, 4]);
  });

  it('an op refused inside a unit (ops logged together) refuses the whole unit, as a crash would have', async () => {
    const files = Array.from({ length: 4 }, (_, i) => path.join(ws, `u${i}.txt`));
    const p = await PersistentOverlay.open(store);
    p.model.write(files[0], Buffer.from('before the unit\n'), meta, noDisk);
    p.unitOfOps(() => {
      p.model.write(files[1], Buffer.from('first of the unit\n'), meta, noDisk);
      p.model.write(files[2], Buffer.from('second of the unit\n'), meta, noDisk);
    });
    p.model.write(files[3], Buffer.from('after the unit\n'), meta, noDisk);
    await p.flush();
    await p.close();
    const log = activeLog(store);
    // Frame 1 is the unit: damage its second op, after the first one already applied.
    const { frames } = decodeFrames(fs.readFileSync(log));
    const unit = JSON.parse(frames[2].payload.toString('utf8')) as Record<string, unknown>[];
    assert.strictEqual(unit.length, 2, 'the two writes were logged as one unit');
    rewriteOp(log, 1, () => [unit[0], { ...unit[1], record: { ...(unit[1].record as object), operation: 'explode' } }]);
    const reopened = await PersistentOverlay.open(store);
    assert.deepStrictEqual(reopened.model.stagedPaths().sort(), [files[0], files[3]].sort(), 'the unit went whole; the ops around it stayed');
    const problem = reopened.problems.find(x => x.code === 'LOG_CORRUPT');
    assert.ok(problem?.copy && fs.existsSync(problem.copy), 'a copy was kept');
    assert.match(problem.detail, /2 of the 4 staged-change op\(s\)/);
    await reopened.close();
  });

  it('the notice a person gets says what was refused, what was kept and where the copy is', async () => {
    const files = await stageFiles(store, ws, 4);
    const log = activeLog(store);
    rewriteOp(log, 1, op => ({ ...op, record: { ...(op.record as object), operation: 'explode' } }));
    const { workspace, notices } = await openOverlayStore(store);
    const problem = workspace.overlay.problems.find(x => x.code === 'LOG_CORRUPT');
    assert.ok(problem?.copy);
    const notice = notices.find(n => n.keptAt === problem.copy);
    assert.ok(notice, `a notice offers the copy: ${JSON.stringify(notices)}`);
    assert.strictEqual(notice.severity, 'warning');
    assert.ok(notice.message.includes(`a copy of the log holding them was kept at ${problem.copy}`), notice.message);
    assert.ok(notice.message.includes(`stage ${files[1]}`), `names the refused op: ${notice.message}`);
    assert.match(notice.message, /1 of the 4 staged-change op\(s\) in its log could not be replayed and are not staged: .*the other 3 op\(s\) were kept/);
    assert.strictEqual(notice.message.split(problem.copy).length, 2, 'the copy is named once');
    await workspace.close();
  });

  it('a byte flipped in the last frame (an acknowledged op, indistinguishable from a torn write): a copy is kept, silently', async () => {
    const files = await stageFiles(store, ws, 3);
    const log = activeLog(store);
    const bytes = fs.readFileSync(log);
    bytes[bytes.length - 5] ^= 0x04;
    fs.writeFileSync(log, bytes);
    const { workspace, notices } = await openOverlayStore(store);
    assert.deepStrictEqual(workspace.model.stagedPaths().sort(), [files[0], files[1]].sort(), 'the last frame fails its checksum: dropped as a torn tail');
    const torn = workspace.overlay.problems.find(x => x.code === 'LOG_TORN_TAIL');
    assert.ok(torn?.copy, `the torn tail's bytes are kept: ${JSON.stringify(workspace.overlay.problems)}`);
    assert.ok(fs.readFileSync(torn.copy).equals(bytes), 'the copy is the log as it was found');
    assert.deepStrictEqual(notices, [], 'no alarm: a torn tail is the normal trace of a crash');
    await workspace.close();
  });
});

