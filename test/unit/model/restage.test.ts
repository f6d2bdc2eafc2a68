import * as assert from 'assert';
import { planUndo } from '../../../src/fs/model/applyPlan';
import { withoutForgotten, type RestageGroup, type RestageItem } from '../../../src/fs/model/restage';
import { restageItems as restage } from '../../../src/fs/model/stageAgain';
import { FakeDisk, enc, meta, newModel, readText } from './modelFixtures';
import type { CompositeChange } from '../../../src/fs/model/overlayQueries';
import type { OverlayModel } from '../../../src/fs/model/overlayModel';

/** The composites an apply is about to write, as an undo record of version 3 kept them. */
function restageItemsOf(composites: readonly CompositeChange[]): RestageItem[] {
  return composites.map(c => {
    const last = c.records[c.records.length - 1];
    const origin = { sessionId: last.sessionId, messageId: last.messageId, turn: last.turn, description: last.description };
    return { kind: c.kind, path: c.path, ...(c.fromPath !== undefined ? { fromPath: c.fromPath } : {}), after: c.after, origin };
  });
}

/** What the SCM view lists: kind, paths and contents of every composite (record ids and times aside). */
function listed(model: OverlayModel) {
  return model.composites().map(c => ({ kind: c.kind, path: c.path, fromPath: c.fromPath, before: c.before, after: c.after, sessions: c.sessions }));
}

type Stager = (model: OverlayModel, disk: FakeDisk) => void;

/**
 * The whole model state, comparable across models: records without ids and times, in staging order; entries with
 * record ids as positions in that order, without disk identities (Undo writes files anew).
 */
function state(model: OverlayModel) {
  const snapshot = model.snapshot();
  const position = new Map(snapshot.records.map((r, i) => [r.id, i]));
  const records = snapshot.records.map(({ id: _id, timestamp: _t, ...r }) => r);
  const entries = snapshot.entries
    .map(({ identity: _i, ...e }) => ({ ...e, recordIds: e.recordIds.map(id => position.get(id)), ...(e.conflict?.recordId ? { conflict: { ...e.conflict, recordId: position.get(e.conflict.recordId) } } : {}) }))
    .sort((a, b) => a.path.localeCompare(b.path));
  return { records, entries };
}

/** What the agent reads at each path. */
function reads(model: OverlayModel, disk: FakeDisk, paths: readonly string[]) {
  return Object.fromEntries(paths.map(p => [p, readText(model, disk, p)]));
}

/**
 * Stages, applies everything to the fake disk as the adapter would, undoes it as the adapter would (planUndo, then
 * the model's restage of the groups kept before `markApplied`); returns the model and its disk.
 */
function stageApplyUndo(initial: Record<string, string>, stage: Stager) {
  const disk = new FakeDisk(initial);
  const model = newModel();
  stage(model, disk);
  const plan = model.planApply(undefined, disk.read);
  assert.deepStrictEqual(plan.refused, []);
  const paths = plan.groups.flatMap(g => g.paths);
  const groups = model.restageGroupsOf(paths);
  for (const g of plan.groups) disk.execute(g.actions, model.store);
  model.markApplied(paths);
  assert.deepStrictEqual(model.composites(), []);
  const undo = planUndo(plan.undo, disk.read);
  assert.deepStrictEqual(undo.refused, []);
  disk.execute(undo.actions, model.store);
  assert.deepStrictEqual(disk.snapshot(), new FakeDisk(initial).snapshot(), 'the fake undo restored the disk');
  const outcome = model.restage(JSON.parse(JSON.stringify(groups)), disk, new Set());
  assert.deepStrictEqual(outcome.skipped, []);
  return { model, disk, groups };
}

/** The same staging on a fresh model and disk, never applied: the reference, built without the code under test. */
function neverApplied(initial: Record<string, string>, stage: Stager) {
  const disk = new FakeDisk(initial);
  const model = newModel();
  stage(model, disk);
  return { model, disk };
}

const lines = (...ls: string[]) => ls.map(l => `${l}\n`).join('');
const FILE = lines('1', '2', '3', '4', '5');

/**
 * Apply, Undo, then prune `message`: the state (records, entries), the listing and what the agent reads equal a
 * prune of `message` on the same staging never applied; returns what the agent reads then.
 */
function pruneAfterUndo(initial: Record<string, string>, stage: Stager, message: string, paths: readonly string[]) {
  const undone = stageApplyUndo(initial, stage);
  const reference = neverApplied(initial, stage);
  assert.deepStrictEqual(state(undone.model), state(reference.model), 'Undo gave back the records and the state of before the apply');
  undone.model.prune(message, 's1');
  reference.model.prune(message, 's1');
  assert.deepStrictEqual(state(undone.model), state(reference.model));
  assert.deepStrictEqual(listed(undone.model), listed(reference.model));
  const view = reads(undone.model, undone.disk, paths);
  assert.deepStrictEqual(view, reads(reference.model, reference.disk, paths));
  return view;
}

describe('restage (Undo Last Apply stages the applied records again)', () => {
  describe('a prune after Undo equals the prune with no Apply and no Undo', () => {
    const oneFile: Stager = (model, disk) => {
      model.write('/w/a.txt', enc(lines('ONE', '2', '3', '4', '5')), meta('m1'), disk);
      model.write('/w/a.txt', enc(lines('ONE', '2', '3', '4', 'FIVE')), meta('m2'), disk);
    };
    const renameThenEdit: Stager = (model, disk) => {
      model.rename('/w/c.txt', '/w/d.txt', meta('m1'), disk);
      model.write('/w/d.txt', enc(lines('1', '2', '3', '4', 'FIVE')), meta('m2'), disk);
    };
    const twoFiles: Stager = (model, disk) => {
      model.write('/w/a.txt', enc(lines('ONE', '2', '3', '4', '5')), meta('m1'), disk);
      model.write('/w/b.txt', enc(lines('B1', '2', '3', '4', '5')), meta('m1'), disk);
      model.write('/w/b.txt', enc(lines('B1', '2', '3', '4', 'B5')), meta('m2'), disk);
    };

    it('m1 and m2 edit one file: prune m1 keeps m2\'s edit alone', () => {
      const view = pruneAfterUndo({ '/w/a.txt': FILE }, oneFile, 'm1', ['/w/a.txt']);
      assert.deepStrictEqual(view, { '/w/a.txt': lines('1', '2', '3', '4', 'FIVE') });
    });

    it('m1 and m2 edit one file: prune m2 keeps m1\'s edit alone', () => {
      const view = pruneAfterUndo({ '/w/a.txt': FILE }, oneFile, 'm2', ['/w/a.txt']);
      assert.deepStrictEqual(view, { '/w/a.txt': lines('ONE', '2', '3', '4', '5') });
      // The same as a fresh model given only m1's write.
      const only = neverApplied({ '/w/a.txt': FILE }, (model, disk) => model.write('/w/a.txt', enc(lines('ONE', '2', '3', '4', '5')), meta('m1'), disk));
      assert.deepStrictEqual(view, reads(only.model, only.disk, ['/w/a.txt']));
    });

    it('m1 renames, m2 edits the moved file: prune m1 puts the edit back at the old name', () => {
      const view = pruneAfterUndo({ '/w/c.txt': FILE }, renameThenEdit, 'm1', ['/w/c.txt', '/w/d.txt']);
      assert.deepStrictEqual(view, { '/w/c.txt': lines('1', '2', '3', '4', 'FIVE'), '/w/d.txt': undefined });
    });

    it('m1 renames, m2 edits the moved file: prune m2 keeps the rename of the unedited file', () => {
      const undone = stageApplyUndo({ '/w/c.txt': FILE }, renameThenEdit);
      assert.deepStrictEqual(undone.model.composites().map(c => [c.kind, c.path, c.fromPath, c.records.map(r => r.messageId)]), [['rename', '/w/d.txt', '/w/c.txt', ['m1', 'm2']]]);
      const view = pruneAfterUndo({ '/w/c.txt': FILE }, renameThenEdit, 'm2', ['/w/c.txt', '/w/d.txt']);
      assert.deepStrictEqual(view, { '/w/c.txt': undefined, '/w/d.txt': FILE });
    });

    it('m1 writes two files, m2 edits one of them: prune m1 takes m1\'s part out of both', () => {
      const initial = { '/w/a.txt': FILE, '/w/b.txt': FILE };
      const view = pruneAfterUndo(initial, twoFiles, 'm1', ['/w/a.txt', '/w/b.txt']);
      assert.deepStrictEqual(view, { '/w/a.txt': FILE, '/w/b.txt': lines('1', '2', '3', '4', 'B5') });
    });

    it('m1 writes two files, m2 edits one of them: prune m2 leaves both as m1 wrote them', () => {
      const initial = { '/w/a.txt': FILE, '/w/b.txt': FILE };
      const view = pruneAfterUndo(initial, twoFiles, 'm2', ['/w/a.txt', '/w/b.txt']);
      assert.deepStrictEqual(view, { '/w/a.txt': lines('ONE', '2', '3', '4', '5'), '/w/b.txt': lines('B1', '2', '3', '4', '5') });
    });
  });

  it('stages a write, a create, a delete and an edited rename again exactly as before the apply', () => {
    const initial = { '/w/a.txt': 'one\n', '/w/b.txt': 'bee\n', '/w/c.txt': 'sea\n', '/w/t.txt': 'taken\n' };
    const stage: Stager = (model, disk) => {
      model.write('/w/a.txt', enc('ONE\n'), meta('m1', 's1'), disk);
      model.write('/w/new.md', enc('# new\n'), meta('m2', 's2'), disk);
      model.delete('/w/b.txt', meta('m1', 's1'), disk);
      model.rename('/w/c.txt', '/w/t.txt', meta('m3', 's1'), disk, { overwrite: true });
      model.write('/w/t.txt', enc('sea, edited\n'), meta('m3', 's1'), disk);
    };
    const { model, disk } = stageApplyUndo(initial, stage);
    const reference = neverApplied(initial, stage);
    assert.deepStrictEqual(listed(model), listed(reference.model));
    assert.deepStrictEqual(state(model), state(reference.model));
    assert.strictEqual(readText(model, disk, '/w/t.txt'), 'sea, edited\n');
    assert.deepStrictEqual(model.planApply(undefined, disk.read).refused, []);
  });

  it('provenance seed 2239 (class c): an overwriting rename onto the agent\'s own new file comes back in staging order, no conflict', () => {
    // The rename stages the destination's delete, then the move: with the create before them, three records in one
    // restaging op, whose staging orders must stay distinct (they once rounded to one number and the move replayed
    // before the delete, a rename conflict over the agent's own file that a hand merge then turned into a loss).
    const initial = { '/w/b.txt': 'bee\n' };
    const stage: Stager = (model, disk) => {
      model.write('/w/h.txt', enc('agent\n'), meta('m1'), disk);
      model.rename('/w/b.txt', '/w/h.txt', meta('m1'), disk, { overwrite: true });
    };
    const { model, disk } = stageApplyUndo(initial, stage);
    assert.deepStrictEqual(model.conflicts(), []);
    assert.deepStrictEqual(state(model), state(neverApplied(initial, stage).model));
    assert.deepStrictEqual(reads(model, disk, ['/w/b.txt', '/w/h.txt']), { '/w/b.txt': undefined, '/w/h.txt': 'bee\n' });
  });

  it('a rename chain (c1→c1b, then c2→c1) and a swap come back as the same renames', () => {
    const initial = { '/w/c1.txt': 'C1\n', '/w/c2.txt': 'C2\n', '/w/a.txt': 'A\n', '/w/b.txt': 'B\n' };
    const stage: Stager = (model, disk) => {
      model.rename('/w/c1.txt', '/w/c1b.txt', meta(), disk);
      model.rename('/w/c2.txt', '/w/c1.txt', meta(), disk);
      model.rename('/w/a.txt', '/w/tmp.txt', meta(), disk);
      model.rename('/w/b.txt', '/w/a.txt', meta(), disk);
      model.rename('/w/tmp.txt', '/w/b.txt', meta(), disk);
    };
    const { model, disk } = stageApplyUndo(initial, stage);
    assert.deepStrictEqual(state(model), state(neverApplied(initial, stage).model));
    assert.deepStrictEqual(reads(model, disk, ['/w/c1b.txt', '/w/c1.txt', '/w/c2.txt', '/w/a.txt', '/w/b.txt', '/w/tmp.txt']),
      { '/w/c1b.txt': 'C1\n', '/w/c1.txt': 'C2\n', '/w/c2.txt': undefined, '/w/a.txt': 'B\n', '/w/b.txt': 'A\n', '/w/tmp.txt': undefined });
  });

  it('does not stage again a component whose file Undo left alone (the person edited it after the apply)', () => {
    const disk = new FakeDisk({ '/w/a.txt': 'one\n', '/w/b.txt': 'bee\n' });
    const model = newModel();
    model.write('/w/a.txt', enc('ONE\n'), meta(), disk);
    model.write('/w/b.txt', enc('BEE\n'), meta(), disk);
    const { plan, groups } = applyKeepingGroups(model, disk);
    disk.put('/w/a.txt', 'ONE, and my edit\n');
    const undo = planUndo(plan.undo, disk.read);
    assert.deepStrictEqual(undo.refused, ['/w/a.txt']);
    disk.execute(undo.actions, model.store);
    const outcome = model.restage(groups, disk, new Set(undo.refused));
    assert.deepStrictEqual([outcome.restaged, outcome.skipped], [['/w/b.txt'], ['/w/a.txt']]);
    assert.strictEqual(readText(model, disk, '/w/a.txt'), 'ONE, and my edit\n', 'the person\'s edit is what the view shows');
    assert.deepStrictEqual(model.composites().map(c => c.path), ['/w/b.txt']);
  });

  it('does not stage twice: a component staged already (a restage before a crash) is skipped whole', () => {
    const { model, disk, groups } = stageApplyUndo({ '/w/c.txt': FILE }, (model, disk) => {
      model.rename('/w/c.txt', '/w/d.txt', meta('m1'), disk);
      model.write('/w/d.txt', enc('edited\n'), meta('m2'), disk);
    });
    const before = state(model);
    assert.deepStrictEqual(model.restage(groups, disk, new Set()), { restaged: [], skipped: ['/w/d.txt'] });
    assert.deepStrictEqual(state(model), before);
  });

  it('a component whose origin vanished before the restaging comes back, and reconciliation makes it a conflict', () => {
    const disk = new FakeDisk({ '/w/c.txt': 'sea\n' });
    const model = newModel();
    model.rename('/w/c.txt', '/w/d.txt', meta(), disk);
    const { plan, groups } = applyKeepingGroups(model, disk);
    disk.execute(planUndo(plan.undo, disk.read).actions, model.store);
    disk.remove('/w/c.txt');
    assert.deepStrictEqual(model.restage(groups, disk, new Set()).restaged, ['/w/d.txt']);
    model.reconcileAll(disk);
    assert.ok(model.composite('/w/d.txt')?.conflict, 'the proposal is kept as a conflict, never lost or applied blind');
  });

  it('provenance seed 16344: a change staged since the apply comes back on top of the applied records, keeps its id, and is not staged twice', () => {
    const disk = new FakeDisk({ '/w/a.txt': 'one\n' });
    const model = newModel();
    model.write('/w/a.txt', enc('one\nm1\n'), meta('m1'), disk);
    const { plan, groups } = applyKeepingGroups(model, disk);
    const later = model.write('/w/a.txt', enc('one\nm1\nm2\n'), meta('m2'), disk);
    disk.execute(planUndo(plan.undo, disk.read).actions, model.store);
    assert.strictEqual(disk.text('/w/a.txt'), 'one\n');
    assert.deepStrictEqual(model.restage(groups, disk, new Set()), { restaged: ['/w/a.txt'], skipped: [] });
    const c = model.composite('/w/a.txt');
    assert.deepStrictEqual(c?.records.map(r => r.messageId), ['m1', 'm2']);
    assert.strictEqual(c?.records[1].id, later?.id, 'the later change keeps its id');
    assert.strictEqual(c?.conflict, undefined);
    assert.strictEqual(readText(model, disk, '/w/a.txt'), 'one\nm1\nm2\n');
    // Recovery plans the same restaging again after a crash: nothing is staged twice.
    const before = state(model);
    assert.deepStrictEqual(model.restage(groups, disk, new Set()), { restaged: [], skipped: ['/w/a.txt'] });
    assert.deepStrictEqual(state(model), before);
    model.prune('m1');
    assert.strictEqual(readText(model, disk, '/w/a.txt'), 'one\nm2\n', 'a prune of the applied message takes its line out');
  });

  it('provenance seed 16344: the applied message deleted since, a change that edited its file finds the file gone (only its own line is the agent\'s side)', () => {
    const disk = new FakeDisk({ '/w/a.txt': 'one\n' });
    const model = newModel();
    model.write('/w/n.txt', enc('m1 one\nm1 two\n'), meta('m1'), disk);
    const { plan, groups } = applyKeepingGroups(model, disk);
    model.write('/w/n.txt', enc('m2\nm1 one\nm1 two\n'), meta('m2'), disk);
    disk.execute(planUndo(plan.undo, disk.read).actions, model.store);
    assert.strictEqual(disk.text('/w/n.txt'), undefined);
    const kept = withoutForgotten({ restageGroups: groups }, [{ messageId: 'm1' }], model.store).restageGroups ?? [];
    model.restage(kept, disk, new Set());
    assert.strictEqual(model.composite('/w/n.txt')?.conflict?.kind, 'deletion', 'an edit of a file that is gone: modify/delete');
    model.resolve('/w/n.txt', { kind: 'acceptAgent' });
    assert.strictEqual(readText(model, disk, '/w/n.txt'), 'm2\n', 'no line of the deleted message');
  });

  it('provenance memory seed 436977 (MOVE): the applied create\'s message deleted since, the rename that saw its file moves nothing of the person\'s file Undo puts back there', () => {
    // The person's b was on disk under the apply (the agent's create at b passed by it, moved on to g by m2). With m1
    // deleted, Undo restages m2's rename alone: it saw m1's file, which is gone, so it moves nothing. Dropped without
    // a take-out's replay, it moved the person's b to g.
    const disk = new FakeDisk({ '/w/b': 'person\n' });
    const model = newModel();
    const person = model.store.put(enc('person\n'));
    const agent = model.store.put(enc('agent\n'));
    const at = { turn: 1, description: 'edit' };
    const group: RestageGroup = {
      baselines: [{ path: '/w/b', base: person }, { path: '/w/g', base: null }],
      records: [
        { operation: 'create', path: '/w/b', before: null, after: agent, sessionId: 's1', messageId: 'm1', ...at },
        { operation: 'rename', path: '/w/g', fromPath: '/w/b', before: agent, after: agent, sessionId: 's1', messageId: 'm2', ...at },
      ],
    };
    const kept = withoutForgotten({ restageGroups: [group] }, [{ messageId: 'm1' }], model.store).restageGroups ?? [];
    assert.deepStrictEqual(kept[0].records.map(r => [r.operation, r.messageId, r.vacated]), [['rename', 'm2', true]]);
    model.restage(kept, disk, new Set());
    assert.strictEqual(readText(model, disk, '/w/b'), 'person\n', 'the person\'s b stays');
    assert.strictEqual(readText(model, disk, '/w/g'), undefined, 'nothing moved to g');
  });

  it('Undo Discard leaves a component to a change staged there since (it saw the disk, not the discarded proposal)', () => {
    const disk = new FakeDisk({ '/w/a.txt': 'one\n' });
    const model = newModel();
    model.write('/w/a.txt', enc('one\nm1\n'), meta('m1'), disk);
    const groups = model.restageGroupsOf(['/w/a.txt']);
    model.discardPaths(['/w/a.txt']);
    model.write('/w/a.txt', enc('one\nm2\n'), meta('m2'), disk);
    const before = state(model);
    assert.deepStrictEqual(model.restage(groups, disk, new Set(), 'leave'), { restaged: [], skipped: ['/w/a.txt'] });
    assert.deepStrictEqual(state(model), before);
  });

  it('the groups hold no record ids or clock times (the undo record is the same bytes in every run)', () => {
    const disk = new FakeDisk({ '/w/a.txt': 'one\n' });
    const model = newModel();
    model.write('/w/a.txt', enc('ONE\n'), meta('m1'), disk);
    model.write('/w/a.txt', enc('ONE!\n'), meta('m2'), disk);
    const groups = model.restageGroupsOf(['/w/a.txt']);
    const json = JSON.stringify(groups);
    assert.doesNotMatch(json, /"id"|timestamp|1700000000000|"r1"/);
    assert.deepStrictEqual(groups[0].records.map(r => [r.operation, r.messageId]), [['modify', 'm1'], ['modify', 'm2']]);
  });
});

/** Applies everything staged to the fake disk; returns the plan and the groups Undo would restage (version 4). */
function applyKeepingGroups(model: OverlayModel, disk: FakeDisk) {
  const plan = model.planApply(undefined, disk.read);
  const groups = model.restageGroupsOf(plan.groups.flatMap(g => g.paths));
  for (const g of plan.groups) disk.execute(g.actions, model.store);
  model.markApplied(plan.groups.flatMap(g => g.paths));
  return { plan, groups };
}

/** Applies everything staged to the fake disk as the adapter would; returns the version 3 items Undo would restage. */
function applyAll(model: OverlayModel, disk: FakeDisk) {
  const items = restageItemsOf(model.composites());
  const plan = model.planApply(undefined, disk.read);
  assert.deepStrictEqual(plan.refused, []);
  for (const g of plan.groups) disk.execute(g.actions, model.store);
  model.markApplied(plan.groups.flatMap(g => g.paths));
  return { items, undo: plan.undo };
}

describe('restage of a version 3 undo record (each composite under its last message)', () => {
  it('stages a write, a create, a delete and an edited rename again exactly as before the apply', () => {
    const disk = new FakeDisk({ '/w/a.txt': 'one\n', '/w/b.txt': 'bee\n', '/w/c.txt': 'sea\n', '/w/t.txt': 'taken\n' });
    const model = newModel();
    model.write('/w/a.txt', new TextEncoder().encode('ONE\n'), meta('m1', 's1'), disk);
    model.write('/w/new.md', new TextEncoder().encode('# new\n'), meta('m2', 's2'), disk);
    model.delete('/w/b.txt', meta('m1', 's1'), disk);
    model.rename('/w/c.txt', '/w/t.txt', meta('m3', 's1'), disk, { overwrite: true });
    model.write('/w/t.txt', new TextEncoder().encode('sea, edited\n'), meta('m3', 's1'), disk);
    const before = listed(model);
    const initial = disk.snapshot();

    const { items, undo } = applyAll(model, disk);
    assert.deepStrictEqual(model.composites(), []);
    for (const a of planUndo(undo, disk.read).actions) disk.execute([a], model.store);
    assert.deepStrictEqual(disk.snapshot(), initial, 'the fake undo restored the disk');

    const outcome = restage(model, items, disk, new Set());
    assert.deepStrictEqual(outcome.skipped, []);
    assert.deepStrictEqual(listed(model), before);
    assert.strictEqual(readText(model, disk, '/w/t.txt'), 'sea, edited\n');
    assert.strictEqual(readText(model, disk, '/w/c.txt'), undefined);
    // Applying the restaged proposal again reaches the same disk as the first apply did.
    const again = model.planApply(undefined, disk.read);
    assert.deepStrictEqual(again.refused, []);
  });

  it('a rename chain (c1→c1b, then c2→c1) comes back as the same two renames', () => {
    const disk = new FakeDisk({ '/w/c1.txt': 'C1\n', '/w/c2.txt': 'C2\n' });
    const model = newModel();
    model.rename('/w/c1.txt', '/w/c1b.txt', meta(), disk);
    model.rename('/w/c2.txt', '/w/c1.txt', meta(), disk);
    const before = listed(model);
    const initial = disk.snapshot();
    const { items, undo } = applyAll(model, disk);
    for (const a of planUndo(undo, disk.read).actions) disk.execute([a], model.store);
    assert.deepStrictEqual(disk.snapshot(), initial);
    assert.deepStrictEqual(restage(model, items, disk, new Set()).skipped, []);
    assert.deepStrictEqual(listed(model).sort((a, b) => a.path.localeCompare(b.path)), before.sort((a, b) => a.path.localeCompare(b.path)));
    assert.deepStrictEqual([readText(model, disk, '/w/c1b.txt'), readText(model, disk, '/w/c1.txt'), readText(model, disk, '/w/c2.txt')], ['C1\n', 'C2\n', undefined]);
  });

  it('a swap (a cycle of renames) comes back with the same contents at every path', () => {
    const disk = new FakeDisk({ '/w/a.txt': 'A\n', '/w/b.txt': 'B\n' });
    const model = newModel();
    model.rename('/w/a.txt', '/w/tmp.txt', meta(), disk);
    model.rename('/w/b.txt', '/w/a.txt', meta(), disk);
    model.rename('/w/tmp.txt', '/w/b.txt', meta(), disk);
    const view = () => ['/w/a.txt', '/w/b.txt', '/w/tmp.txt'].map(p => readText(model, disk, p));
    assert.deepStrictEqual(view(), ['B\n', 'A\n', undefined]);
    const { items, undo } = applyAll(model, disk);
    for (const a of planUndo(undo, disk.read).actions) disk.execute([a], model.store);
    assert.deepStrictEqual([disk.text('/w/a.txt'), disk.text('/w/b.txt')], ['A\n', 'B\n']);
    restage(model, items, disk, new Set());
    assert.deepStrictEqual(view(), ['B\n', 'A\n', undefined]);
    assert.deepStrictEqual(model.planApply(undefined, disk.read).refused, []);
  });

  it('keeps who asked: the restaged records carry the last change\'s session and message (a prune still finds them)', () => {
    const disk = new FakeDisk({ '/w/a.txt': 'one\n' });
    const model = newModel();
    model.write('/w/a.txt', new TextEncoder().encode('ONE\n'), meta('m7', 's3'), disk);
    const { items, undo } = applyAll(model, disk);
    for (const a of planUndo(undo, disk.read).actions) disk.execute([a], model.store);
    restage(model, items, disk, new Set());
    assert.deepStrictEqual(model.recordsByMessage('m7', 's3').map(r => r.path), ['/w/a.txt']);
    model.prune('m7', 's3');
    assert.deepStrictEqual(model.composites(), []);
  });

  it('does not stage again a change whose file Undo left alone (the person edited it after the apply)', () => {
    const disk = new FakeDisk({ '/w/a.txt': 'one\n', '/w/b.txt': 'bee\n' });
    const model = newModel();
    model.write('/w/a.txt', new TextEncoder().encode('ONE\n'), meta(), disk);
    model.write('/w/b.txt', new TextEncoder().encode('BEE\n'), meta(), disk);
    const { items, undo } = applyAll(model, disk);
    disk.put('/w/a.txt', 'ONE, and my edit\n');
    const plan = planUndo(undo, disk.read);
    assert.deepStrictEqual(plan.refused, ['/w/a.txt']);
    disk.execute(plan.actions, model.store);
    const outcome = restage(model, items, disk, new Set(plan.refused));
    assert.deepStrictEqual([outcome.restaged, outcome.skipped], [['/w/b.txt'], ['/w/a.txt']]);
    assert.strictEqual(readText(model, disk, '/w/a.txt'), 'ONE, and my edit\n', 'the person\'s edit is what the view shows');
    assert.strictEqual(model.composite('/w/a.txt'), undefined);
  });

  it('leaves alone a rename whose destination Undo could not restore', () => {
    const disk = new FakeDisk({ '/w/c.txt': 'sea\n' });
    const model = newModel();
    model.rename('/w/c.txt', '/w/d.txt', meta(), disk);
    const { items } = applyAll(model, disk);
    const outcome = restage(model, items, disk, new Set(['/w/d.txt']));
    assert.deepStrictEqual(outcome.skipped, ['/w/d.txt']);
    assert.deepStrictEqual(model.composites(), []);
  });

  it('does not stage twice: a path staged already (a later change, or a restage before a crash) is skipped', () => {
    const disk = new FakeDisk({ '/w/a.txt': 'one\n' });
    const model = newModel();
    model.write('/w/a.txt', new TextEncoder().encode('ONE\n'), meta(), disk);
    const { items, undo } = applyAll(model, disk);
    for (const a of planUndo(undo, disk.read).actions) disk.execute([a], model.store);
    assert.deepStrictEqual(restage(model, items, disk, new Set()).restaged, ['/w/a.txt']);
    const records = model.composites()[0].records.length;
    assert.deepStrictEqual(restage(model, items, disk, new Set()).skipped, ['/w/a.txt']);
    assert.strictEqual(model.composites()[0].records.length, records);
  });

  it('an item the model refuses is skipped and the rest are staged (recovery must never fail on it)', () => {
    const disk = new FakeDisk({ '/w/a.txt': 'one\n', '/w/c.txt': 'sea\n' });
    const model = newModel();
    model.write('/w/a.txt', new TextEncoder().encode('ONE\n'), meta(), disk);
    model.rename('/w/c.txt', '/w/d.txt', meta(), disk);
    const { items, undo } = applyAll(model, disk);
    for (const a of planUndo(undo, disk.read).actions) disk.execute([a], model.store);
    disk.remove('/w/c.txt'); // the rename's origin vanished before the restaging
    const outcome = restage(model, items, disk, new Set());
    assert.deepStrictEqual([outcome.restaged, outcome.skipped], [['/w/a.txt'], ['/w/d.txt']]);
    assert.deepStrictEqual(model.composites().map(c => c.path), ['/w/a.txt']);
  });
});
