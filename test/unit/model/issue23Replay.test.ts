import * as assert from 'assert';
import { FakeDisk, applyAsAdapter as applyAll, dec, enc, meta, newModel, readText } from './modelFixtures';

/**
 * Issue 23, the replay side: seeds the provenance fuzz (`memory:<seed>`) and the reference fuzz (`reference
 * <seed>`) found after the first round of fixes, each cut down to the few steps that matter.
 */

describe('issue 23: replay regressions (provenance and reference fuzz seeds)', () => {
  it('reference seed 84500: a conflict found where a disk conflict is held leaves with the content a rename moves away', () => {
    const disk = new FakeDisk({ '/h': 'h0\n' });
    const model = newModel();
    const [gone] = [model.delete('/h', meta('m1'), disk)];
    model.write('/h', enc('new\n'), meta('m2'), disk);
    model.rename('/h', '/a', meta('m2'), disk);
    disk.put('/h', 'person\n');
    assert.strictEqual(model.reconcile('/h', disk).kind, 'conflict', 'the person edited the file the agent deleted');
    // Without the delete, the create at /h finds the old file there (a creation conflict the disk conflict hides);
    // the rename takes that content to /a.
    model.discardChange(gone.id);
    // Session 13 (prov-nodir): without the delete, the records at /h create a file there and move it on, so /h's
    // file passes by the one there (replayRules.ts `leftAt`): they change nothing at /h, the disk conflict the
    // delete had is moot and settled, and /h shows the person's file (it showed no file before, the create's
    // conflict hidden behind the move's "absent").
    assert.strictEqual(readText(model, disk, '/h'), 'person\n', 'the view shows the person\'s file, which no surviving record saw');
    assert.strictEqual(model.composite('/h'), undefined);
    model.write('/h', enc('again\n'), meta('m3'), disk);
    model.delete('/h', meta('m3'), disk);
    // A create then a delete at /h, after the content left: nothing of /h's old baseline comes back.
    assert.strictEqual(readText(model, disk, '/h'), undefined, 'the view never shows the old baseline the person replaced');
    const [rewrite] = model.recordsByMessage('m3');
    assert.strictEqual(dec(model.store.get(rewrite.before as string)), 'person\n', 'the agent\'s write there saw the person\'s file');
    assert.strictEqual(readText(model, disk, '/a'), 'new\n');
  });

  it('reference seed 46569: a disk conflict found at a rename\'s source replays the component (the conflict found there stays behind it)', () => {
    const disk = new FakeDisk({ '/a': 'a\n', '/b': 'b\n', '/c': 'c\n' });
    const model = newModel();
    const overB = model.rename('/c', '/b', meta('m1'), disk, { overwrite: true });
    const overA = model.rename('/b', '/a', meta('m2'), disk, { overwrite: true });
    const deletesOf = (rs: readonly { operation: string; id: string }[]) => rs.filter((r) => r.operation === 'delete').map((r) => r.id);
    for (const id of deletesOf(overA)) model.discardChange(id);
    model.delete('/a', meta('m3'), disk);
    for (const id of deletesOf(overB)) model.discardChange(id);
    const shownAtA = readText(model, disk, '/a');
    disk.put('/b', 'b2\n');
    // Session 13 (prov-nodir): the move c → b → a only passes through /b (its overwrite's delete discarded), so b's
    // file stays there untouched (replayRules.ts `leftAt`) and the person's edit of it is no conflict: /b is rebased.
    assert.strictEqual(model.reconcile('/b', disk).kind, 'rebased');
    assert.strictEqual(readText(model, disk, '/b'), 'b2\n');
    // The state is a replay of its records with the disk conflict held at /b: /a shows the person's own file
    // again (the agent moved c's content onto it, then deleted that), not /b's old content.
    assert.strictEqual(readText(model, disk, '/a'), 'a\n', `before the disk edit /a showed ${JSON.stringify(shownAtA)}`);
  });

  it('provenance seed 6596: Accept agent over a disk conflict accepts the agent side the view showed, not a record\'s own after', () => {
    // The record was made against 1 2 3 4; the person's edits (removing 4, adding P) merged into the view; an Apply
    // and its Undo restage the record over the person's text; the person edits again next to the agent's edit.
    const disk = new FakeDisk({ '/x': '1\n2\n3\n4\n' });
    const model = newModel();
    model.write('/x', enc('2\n3\n4\n'), meta('m1'), disk);
    disk.put('/x', '1\n2\n3\nP\n');
    model.reconcile('/x', disk);
    assert.strictEqual(readText(model, disk, '/x'), '2\n3\nP\n', 'the person\'s edit merged into the view');
    disk.put('/x', '1\nQ\n2\n3\nP\n');
    assert.strictEqual(model.reconcile('/x', disk).kind, 'conflict', 'the agent removed 1, the person wrote beside it');
    const ours = dec(model.conflictDetails('/x').ours);
    assert.strictEqual(ours, '2\n3\nP\n');
    model.resolve('/x', { kind: 'acceptAgent' });
    assert.strictEqual(readText(model, disk, '/x'), ours, 'the accepted view is the agent side the person was shown');
    applyAll(model, disk);
    assert.strictEqual(disk.text('/x'), '2\n3\nP\n', 'Apply keeps the person\'s P and never brings back the 4 they removed');
  });
  it('provenance seeds 13459, 11434 (class d, the oracle\'s reading): Accept disk over a prune conflict keeps their side, a live record\'s removal of a disk line included', () => {
    // The model was right; the oracle counted the disk's lines as the person's choice too (provenanceFuzz.ts).
    const disk = new FakeDisk({ '/x': 'p2\np3\n' });
    const model = newModel();
    model.write('/x', enc('p3\n'), meta('m1'), disk);
    model.rename('/x', '/y', meta('m2', 's2'), disk);
    model.write('/x', enc('r4\n'), meta('m1'), disk);
    model.prune('m2', 's2');
    const c = model.conflictDetails('/x');
    assert.strictEqual(c.origin, 'prune', 'the create finds m1\'s edited file back at /x');
    assert.strictEqual(dec(c.theirs), 'p3\n', 'their side is the surviving records\' result, not the disk');
    model.resolve('/x', { kind: 'acceptDisk' });
    assert.strictEqual(readText(model, disk, '/x'), 'p3\n');
    applyAll(model, disk);
    assert.strictEqual(disk.text('/x'), 'p3\n', 'm1, alive, saw p2 and removed it; the person chose p3 over r4');
  });
});
