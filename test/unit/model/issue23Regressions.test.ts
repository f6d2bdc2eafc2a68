import * as assert from 'assert';
import { FakeDisk, applyAsAdapter as applyAll, dec, enc, meta, newModel, readText } from './modelFixtures';

/**
 * The model-level reproductions of issue 23: nothing a person wrote is removed by a change that never saw it. A
 * record replays only over what it saw; over anything else it is a conflict, never a silent success.
 */

describe('issue 23: a record replays only over what it saw', () => {
  it('1. create then delete leaves nothing that acts on a file the person creates later (read, or prune of the create)', () => {
    for (const then of ['read', 'prune'] as const) {
      const disk = new FakeDisk({ '/a': 'a\n' });
      const model = newModel();
      model.write('/x', enc('agent\n'), meta('m1'), disk);
      model.delete('/x', meta('m2'), disk);
      disk.put('/x', 'precious\n');
      if (then === 'read') {
        model.reconcile('/x', disk);
        assert.strictEqual(readText(model, disk, '/x'), 'precious\n');
      } else {
        model.prune('m1');
      }
      assert.strictEqual(model.composite('/x'), undefined, `${then}: nothing is listed at /x`);
      applyAll(model, disk);
      assert.strictEqual(disk.text('/x'), 'precious\n', `${then}: Apply left the person's file alone`);
    }
  });

  it('2. create, the person creates too, the agent deletes its own version: the person\'s file is never deleted', () => {
    const disk = new FakeDisk({ '/a': 'a\n' });
    const model = newModel();
    model.write('/x', enc('agent\n'), meta('m1'), disk);
    disk.put('/x', 'precious\n');
    assert.strictEqual(model.reconcile('/x', disk).kind, 'conflict');
    assert.strictEqual(readText(model, disk, '/x'), 'agent\n');
    model.delete('/x', meta('m2'), disk);
    applyAll(model, disk);
    assert.strictEqual(disk.text('/x'), 'precious\n');
  });

  it('provenance seeds 13820, 13026 (classes e, f): a delete over a creation conflict settles it at once: the view shows the person\'s file before any Apply looks', () => {
    const disk = new FakeDisk({ '/a': 'a\n' });
    const model = newModel();
    model.write('/d/x', enc('agent\n'), meta('m1'), disk);
    disk.put('/d/x', 'precious\n');
    assert.strictEqual(model.reconcile('/d/x', disk).kind, 'conflict');
    // The agent deletes its own version (or the folder holding it): create then delete is nothing.
    model.delete('/d/x', meta('m2'), disk);
    assert.strictEqual(model.composite('/d/x'), undefined, 'no conflict is left to hide the person\'s file');
    assert.strictEqual(readText(model, disk, '/d/x'), 'precious\n');
    applyAll(model, disk);
    assert.strictEqual(disk.text('/d/x'), 'precious\n');
  });

  it('provenance seed 12588 (class e): a folder move carried a file whose creating message is deleted: the view shows the person\'s file there as Apply will write it', () => {
    const disk = new FakeDisk({ '/d/c': 'c\n' });
    const model = newModel();
    model.write('/d/e', enc('agent\n'), meta('m0', 's2'), disk);
    model.rename('/d/e', '/k/e', meta('m2'), disk);
    disk.put('/d/e', 'precious\n');
    // The person created /d/e too. (Session 13, prov-nodir: no add/add any more — the agent's /d/e moved on, so it
    // passes by the person's file, which stays: replayRules.ts `leftAt`.)
    assert.strictEqual(model.reconcile('/d/e', disk).kind, 'rebased');
    assert.deepStrictEqual({ from: readText(model, disk, '/d/e'), to: readText(model, disk, '/k/e') }, { from: 'precious\n', to: 'agent\n' });
    model.prune('m0', 's2');
    // What the view shows now, without another look at the disk, is what Apply (which looks first) writes. The
    // surviving move saw m0's new file, now gone: the person's file at its source is not its to move, so it stays
    // (session 16, prov-hide6: `ChangeRecord.vacated`, provenance seed 970167; before, the move carried it to /k/e,
    // which the view showed and Apply did — what this test is about, the view agreeing with Apply, still holds).
    const shown = { from: readText(model, disk, '/d/e'), to: readText(model, disk, '/k/e') };
    assert.deepStrictEqual(shown, { from: 'precious\n', to: undefined });
    assert.strictEqual(model.composite('/k/e')?.conflict, undefined);
    applyAll(model, disk);
    assert.deepStrictEqual({ from: disk.text('/d/e'), to: disk.text('/k/e') }, shown);
  });

  it('3. a delete that saw a rewrite, the rewrite pruned: a modify/delete conflict, not a delete of the original', () => {
    const disk = new FakeDisk({ '/x': 'original\n' });
    const model = newModel();
    model.write('/x', enc('rewritten\n'), meta('m1'), disk);
    model.delete('/x', meta('m3'), disk);
    model.prune('m1');
    const c = model.composite('/x');
    assert.strictEqual(c?.conflict?.kind, 'deletion', 'the surviving delete never saw the original: a conflict');
    applyAll(model, disk);
    assert.strictEqual(disk.text('/x'), 'original\n');
  });

  it('4. the agent deletes, the person deletes, any reconcile, the person writes anew: Apply keeps the new file', () => {
    // Every order of the person's second write against the reconciles around it.
    for (const order of ['reconcile-between', 'reconcile-both', 'reconcile-after-only']) {
      const disk = new FakeDisk({ '/x': 'old\n' });
      const model = newModel();
      model.delete('/x', meta('m1'), disk);
      disk.remove('/x');
      if (order !== 'reconcile-after-only') model.reconcile('/x', disk);
      disk.put('/x', 'new\n');
      if (order !== 'reconcile-between') model.reconcile('/x', disk);
      applyAll(model, disk);
      assert.strictEqual(disk.text('/x'), 'new\n', order);
    }
  });

  it('5. a manual merge is the person\'s: pruning the message it was stored on never takes it away', () => {
    const disk = new FakeDisk({ '/x': '1\n2\n3\n4\n5\n6\n' });
    const model = newModel();
    model.write('/x', enc('1\n3\n4\n5\n6\n'), meta('m1'), disk);
    disk.put('/x', '1\n2\nU\n3\n4\n5\n6\n');
    assert.strictEqual(model.reconcile('/x', disk).kind, 'conflict');
    model.write('/x', enc('1\n3\n4\n5\n6\nm2\n'), meta('m2'), disk);
    model.resolveManually('/x', enc('1\nU\n3\n4\n5\n6\nm2\n'));
    assert.strictEqual(model.composite('/x')?.conflict, undefined);
    model.prune('m2');
    const after = readText(model, disk, '/x');
    assert.ok(after?.includes('U'), `the person's U stays (got ${JSON.stringify(after)})`);
    assert.ok(!after?.includes('m2'), 'm2\'s line is taken out');
    applyAll(model, disk);
    assert.ok(disk.text('/x')?.includes('U'), 'Apply keeps the person\'s U');
  });

  it('7. Accept agent version accepts only the surviving records: a pruned edit of a renamed file never reaches the disk', () => {
    for (const person of ['delete', 'move'] as const) {
      const disk = new FakeDisk({ '/x': 'one\ntwo\n' });
      const model = newModel();
      model.write('/x', enc('one\ntwo\nm3\n'), meta('m3'), disk);
      model.rename('/x', '/y', meta('m1'), disk);
      if (person === 'delete') disk.remove('/x');
      else disk.move('/x', '/z');
      model.reconcileAll(disk);
      assert.ok(model.composite('/y')?.conflict, `${person}: a conflict is pending at /y`);
      model.prune('m3');
      model.resolve('/y', { kind: 'acceptAgent' });
      applyAll(model, disk);
      assert.strictEqual(disk.text('/y'), 'one\ntwo\n', `${person}: the disk gets only the surviving records`);
    }
  });

  it('provenance seeds 531, 478, 1965: Accept disk over a prune conflict takes out every later record there too, so the file stays the disk\'s', () => {
    const disk = new FakeDisk({ '/x': 'a\nb\nc\n' });
    const model = newModel();
    model.write('/x', enc('A\nb\nc\n'), meta('m1'), disk);
    model.write('/x', enc('A2\nb\nc\n'), meta('m2'), disk);
    model.write('/x', enc('A2\nb\nC\n'), meta('m3'), disk);
    model.prune('m1');
    assert.strictEqual(model.composite('/x')?.conflict?.origin, 'prune', 'm2 no longer applies');
    model.resolve('/x', { kind: 'acceptDisk' });
    assert.strictEqual(readText(model, disk, '/x'), 'a\nb\nc\n', 'the view is the disk\'s version the person chose');
    applyAll(model, disk);
    assert.strictEqual(disk.text('/x'), 'a\nb\nc\n', 'Apply writes no line of m3, shown beside m2\'s and rejected with it');
  });
  it('provenance seeds 911, 1608, 3694 (class a): Accept agent over a prune conflict writes no line of the message taken out', () => {
    // An edit beside a line of a pruned message: the agent's side shows the edit without that line.
    const disk = new FakeDisk({ '/x': 'p4\np5\np6\np7\n' });
    const model = newModel();
    model.write('/x', enc('p4\nr1\np5\np6\np7\n'), meta('m1'), disk);
    model.write('/x', enc('p4\nr1\nr4\np6\np7\n'), meta('m2'), disk);
    model.prune('m1');
    assert.strictEqual(model.composite('/x')?.conflict?.origin, 'prune', 'm2 no longer applies as it stands');
    assert.strictEqual(dec(model.conflictDetails('/x').ours), 'p4\nr4\np6\np7\n', 'the agent\'s side has no line of m1');
    model.resolve('/x', { kind: 'acceptAgent' });
    applyAll(model, disk);
    assert.strictEqual(disk.text('/x'), 'p4\nr4\np6\np7\n');

    // A file the pruned message created, edited by a later one: only the later message's own lines survive.
    for (const [edit, left] of [['c\na\nb\n', 'c\n'], ['b\n', undefined]] as const) {
      const d2 = new FakeDisk({ '/a': 'a\n' });
      const m2 = newModel();
      m2.write('/y', enc('a\nb\n'), meta('m1'), d2);
      m2.write('/y', enc(edit), meta('m2'), d2);
      m2.prune('m1');
      if (left === undefined) {
        assert.strictEqual(m2.composite('/y'), undefined, 'an edit of only what is gone leaves nothing');
      } else {
        assert.strictEqual(m2.composite('/y')?.conflict?.kind, 'deletion');
        assert.strictEqual(dec(m2.conflictDetails('/y').ours), left);
        m2.resolve('/y', { kind: 'acceptAgent' });
      }
      applyAll(m2, d2);
      assert.strictEqual(d2.text('/y'), left, `after ${JSON.stringify(edit)}: no line of m1 is written`);
    }
  });
});

describe('issue 23: a move that saw only what is gone moves nothing of the person\'s', () => {
  // Provenance seeds 278657 and 592320: the agent deletes the person's file and creates its own there; a later
  // message only removes lines of it (empties or trims it) and a third moves it away. Taking out the create brings
  // the person's file back; the write, which saw the create's file, is marked `vacated`, and what it left (none of
  // its own lines) is gone too, so the move, which saw only that, must not carry the person's file.
  for (const [what, created, left] of [['emptied', 'agent\n', ''], ['trimmed', 'x\ny\n', 'x\n']] as const) {
    it(`the agent's file ${what} then moved, its create taken out: the person's file stays where it is`, () => {
      const disk = new FakeDisk({ '/d/e': 'p1\np2\n', '/c': 'c\n' });
      const model = newModel();
      model.delete('/d/e', meta('mA', 's1'), disk);
      model.write('/d/e', enc(created), meta('mA', 's1'), disk);
      model.write('/d/e', enc(left), meta('mB', 's2'), disk);
      model.rename('/d/e', '/b', meta('mC', 's2'), disk);
      model.prune('mA', 's1');
      assert.strictEqual(readText(model, disk, '/d/e'), 'p1\np2\n', 'the view shows the person\'s file at home');
      assert.strictEqual(readText(model, disk, '/b'), undefined, 'and nothing moved to b');
      applyAll(model, disk);
      assert.strictEqual(disk.text('/d/e'), 'p1\np2\n');
      assert.strictEqual(disk.text('/b'), undefined);
    });
  }

  it('provenance seed 666538: a round trip over a file whose delete is taken out, the first move\'s source gone from disk, moves nothing of the person\'s', () => {
    const disk = new FakeDisk({ '/a': 'a0\na1\n', '/g': 'p\n' });
    const model = newModel();
    model.delete('/g', meta('m0', 's1'), disk);
    model.rename('/a', '/g', meta('m1', 's2'), disk, { overwrite: true });
    disk.put('/a', 'a0\nedit\na1\n');
    model.reconcile('/a', disk);
    assert.strictEqual(readText(model, disk, '/g'), 'a0\nedit\na1\n', 'the move carries the person\'s edit');
    disk.remove('/a');
    // The rename back saw the edited file; staged, its destination is looked at (overlayWorkspace `reconcileLanded`).
    model.rename('/g', '/a', meta('m4', 's2'), disk);
    model.reconcile('/a', disk);
    model.prune('m0', 's1');
    assert.strictEqual(readText(model, disk, '/g'), 'p\n', 'the person\'s g is back and stays');
    assert.strictEqual(readText(model, disk, '/a'), undefined);
    applyAll(model, disk);
    assert.strictEqual(disk.text('/g'), 'p\n');
    assert.strictEqual(disk.text('/a'), undefined);
  });
});
