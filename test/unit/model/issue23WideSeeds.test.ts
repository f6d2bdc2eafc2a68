import * as assert from 'assert';
import { OverlayError } from '../../../src/fs/model/overlayError';
import { parseOverlaySnapshot } from '../../../src/fs/model/overlaySchema';
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

  it('provenance seeds 46520, 51460: a hand merge over a rename onto the person\'s file stays when the rename\'s source changes on disk', () => {
    const disk = new FakeDisk({ '/c': 'p4\n' });
    const model = newModel();
    model.rename('/c', '/h', meta('m0', 's2'), disk);
    disk.put('/h', 'p11\np12\n');
    assert.strictEqual(model.reconcile('/h', disk).kind, 'conflict', 'the person created /h where the agent moved /c');
    model.resolveManually('/h', undefined);
    assert.strictEqual(readText(model, disk, '/h'), undefined, 'the person\'s merge: no file at /h');
    // What the person accepted the rename replacing is kept on its record, through a reopen too.
    const json = JSON.parse(JSON.stringify(model.snapshot()));
    assert.ok(json.records.some((r: { operation: string; replaces?: string }) => r.operation === 'rename' && r.replaces !== undefined));
    model.restore(json);
    // The person edits the rename's source: a conflict there, which replays the component.
    disk.put('/c', 'p10\n');
    model.reconcile('/c', disk);
    model.reconcile('/h', disk);
    assert.strictEqual(readText(model, disk, '/h'), undefined, 'the person\'s resolution is not undone: /h shows no file');
    assert.strictEqual(model.composite('/h')?.conflict, undefined, 'nor is the settled rename conflict found again');
  });

  it('provenance seed 53959: a hand merge over a rename conflict carried from elsewhere stays when the person writes a new file there', () => {
    const disk = new FakeDisk({ '/a': 'a0\n', '/c': 'c0\n' });
    const model = newModel();
    const [overwrite] = model.rename('/c', '/a', meta('m0'), disk, { overwrite: true });
    model.rename('/a', '/b', meta('m0'), disk);
    // Without the overwrite's delete, the move lands on a's file: a rename conflict, carried on to /b.
    model.discardChange(overwrite.id);
    assert.strictEqual(model.composite('/b')?.conflict?.kind, 'rename');
    model.resolveManually('/b', undefined);
    assert.strictEqual(readText(model, disk, '/b'), undefined);
    // The person then makes a new /b on disk; reading it rebases /b onto it, which replays the component.
    disk.put('/b', 'p21\n');
    model.reconcile('/b', disk);
    assert.notStrictEqual(readText(model, disk, '/b'), 'a0\n', 'a\'s old file, which the person accepted replacing, never comes back at /b');
    applyAll(model, disk);
    assert.strictEqual(disk.text('/b'), 'p21\n', 'Apply never replaces the person\'s new /b');
  });

  it('provenance seed 15398: the agent\'s settlement of a conflict handed back to it goes with its message (no lasting replaces)', () => {
    const disk = new FakeDisk({ '/c': 'p3\np4\n' });
    const model = newModel();
    model.rename('/c', '/e', meta('m1', 's2'), disk);
    disk.put('/e', 'p12\n');
    assert.strictEqual(model.reconcile('/e', disk).kind, 'conflict', 'the person created /e where the agent moved /c');
    model.resolve('/e', { kind: 'delegate' });
    // The agent's next write there settles the conflict (it was told of the person's p12) ...
    model.write('/e', enc('r13\np3\np4\n'), meta('m0', 's1'), disk);
    assert.strictEqual(model.composite('/e')?.conflict, undefined);
    // ... and its message is deleted: nothing that saw the person's p12 wants it replaced any more.
    model.prune('m0', 's1');
    assert.ok(model.composite('/e')?.conflict, 'the rename lands on the person\'s file again: a conflict');
    applyAll(model, disk);
    assert.strictEqual(disk.text('/e'), 'p12\n', 'Apply never replaces the person\'s /e');
  });

  it('a stored record\'s replaces is a content ref, and only a rename has one (CorruptState otherwise)', () => {
    const disk = new FakeDisk({ '/a': 'a\n' });
    const model = newModel();
    model.write('/a', enc('b\n'), meta('m1'), disk);
    const json = JSON.parse(JSON.stringify(model.snapshot()));
    json.records[0].replaces = json.records[0].before;
    assert.throws(() => parseOverlaySnapshot(json), (e: unknown) => e instanceof OverlayError && e.code === 'CorruptState' && /replaces/.test(e.message));
  });
});

describe('issue 23: FoldingDisk and folder-move seeds (prov-folding)', () => {
  it('provenance folding seed 6184: a hand merge at a folder move\'s destination keeps the new file at its origin as the view showed it', () => {
    const disk = new FakeDisk({ '/d/c': 'p3\n', '/d/e': 'p6\np7\np8\np9\n' });
    const model = newModel();
    // s2/m0 moves folder d to k/l (as the workspace stages it: each file, then the folder).
    model.rename('/d/c', '/k/l/c', meta('m0', 's2'), disk);
    model.rename('/d/e', '/k/l/e', meta('m0', 's2'), disk);
    model.rmdir('/d', meta('m0', 's2'));
    // A new d/e, edited by two more messages; the middle one (r13) is then deleted in the chat.
    model.write('/d/e', enc('r11\nr12\n'), meta('m1', 's2'), disk);
    model.write('/d/e', enc('r11\nr13\nr12\n'), meta('m1', 's1'), disk);
    model.write('/d/e', enc('r14\nr11\nr13\nr12\n'), meta('m2', 's1'), disk);
    model.prune('m1', 's1');
    assert.strictEqual(readText(model, disk, '/d/e'), 'r14\nr11\nr12\n');
    // The person deletes the moved file on disk: the move's destination is a conflict.
    disk.remove('/d/e');
    model.reconcileAll(disk);
    assert.ok(model.composite('/k/l/e')?.conflict);
    model.resolveManually('/k/l/e', enc('p8\np9\n'));
    assert.strictEqual(readText(model, disk, '/d/e'), 'r14\nr11\nr12\n', 'the new d/e never gets the deleted message\'s r13 back');
    applyAll(model, disk);
    assert.strictEqual(disk.text('/d/e'), 'r14\nr11\nr12\n');
    assert.strictEqual(disk.text('/k/l/e'), 'p8\np9\n');
  });
});
