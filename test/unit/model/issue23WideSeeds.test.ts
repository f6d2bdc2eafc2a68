import * as assert from 'assert';
import { FakeDisk, applyAsAdapter as applyAll, enc, meta, newModel, readText } from './modelFixtures';

/**
 * Issue 23, the replay / resolve side: seeds of the provenance fuzz beyond the unit suite's window (memory seeds
 * 16,501 and up), each cut down to the few steps that matter.
 */

describe('issue 23: replay regressions beyond the unit window (provenance seeds)', () => {
  it('provenance seed 20988: Accept agent over a prune conflict never makes a rename that moved nothing create a deleted message\'s file', () => {
    const disk = new FakeDisk({ '/c': 'p2\np3\np4\np5\n' });
    const model = newModel();
    model.write('/c', enc('p2\np3\np5\n'), meta('m0', 's2'), disk);
    model.write('/e', enc('r7\nr8\nr9\n'), meta('m0', 's2'), disk);
    // s1/m1 moves the new file over /c (the overwrite deletes what it saw there: m0's edit of /c).
    model.rename('/e', '/c', meta('m1', 's1'), disk, { overwrite: true });
    // m0 deleted: its file /e is gone, so the rename has nothing to move; the delete finds p4 back (delete/modify).
    model.prune('m0', 's2');
    assert.strictEqual(model.composite('/c')?.conflict?.origin, 'prune');
    assert.strictEqual(readText(model, disk, '/c'), undefined, 'the agent\'s side shown: the delete, with nothing moved there');
    model.resolve('/c', { kind: 'acceptAgent' });
    assert.strictEqual(readText(model, disk, '/c'), undefined, 'the person accepted what was shown: no file');
    applyAll(model, disk);
    assert.strictEqual(disk.text('/c'), undefined, 'Apply never writes m0\'s deleted lines r7 r8 r9');
  });

  it('provenance seed 43091: a rename chain taken out sends home only what it moved, not a file written later where it passed', () => {
    const disk = new FakeDisk({ '/b': 'p0\n', '/g': 'p1\np8\n' });
    const model = newModel();
    model.rename('/b', '/g', meta('m0', 's2'), disk, { overwrite: true });
    model.rename('/g', '/a', meta('m0', 's2'), disk);
    // A new file at /g once the move left it (in the seed, the person's hand merge of a conflict there).
    model.write('/g', enc('new\n'), meta('m1', 's1'), disk);
    // The person discards the move (in the seed, "Accept disk" over the disk conflict at /a): b's file stays home.
    model.discardPaths(['/a']);
    assert.strictEqual(readText(model, disk, '/b'), 'p0\n', 'b keeps its own file; the file written at /g is not b\'s');
    assert.strictEqual(model.composite('/b'), undefined, 'nothing is staged at /b');
    assert.strictEqual(readText(model, disk, '/g'), 'new\n', 'the file written at /g stays there');
    applyAll(model, disk);
    assert.strictEqual(disk.text('/g'), 'new\n');
    assert.strictEqual(disk.text('/b'), 'p0\n');
  });
});
