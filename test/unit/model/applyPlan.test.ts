import * as assert from 'assert';
import { planUndo } from '../../../src/fs/model/applyPlan';
import { FakeDisk, enc, meta, newModel, readText } from './modelFixtures';

function setup() {
  const disk = new FakeDisk({ '/w/a.txt': 'A\n', '/w/b.txt': 'B\n', '/w/c.txt': 'C\n' });
  return { disk, model: newModel() };
}

describe('apply plan', () => {
  it('writes, deletes and renames make the disk equal the staged view', () => {
    const { disk, model } = setup();
    model.write('/w/a.txt', enc('A1\n'), meta(), disk);
    model.delete('/w/b.txt', meta(), disk);
    model.rename('/w/c.txt', '/w/d/c.txt', meta(), disk);
    model.write('/w/n.txt', enc('N\n'), meta(), disk);
    const plan = model.planApply(undefined, disk.read);
    assert.deepStrictEqual(plan.refused, []);
    const actions = plan.groups.flatMap((g) => g.actions);
    assert.deepStrictEqual(actions.map((a) => a.kind).sort(), ['delete', 'rename', 'write', 'write']);
    const view = new Map(['/w/a.txt', '/w/b.txt', '/w/c.txt', '/w/d/c.txt', '/w/n.txt'].map((p) => [p, readText(model, disk, p)]));
    const identityOfC = disk.identity('/w/c.txt');
    disk.execute(actions, model.store);
    for (const [p, t] of view) assert.strictEqual(disk.text(p), t, p);
    assert.deepStrictEqual(disk.identity('/w/d/c.txt'), identityOfC); // a real rename, not a copy
    for (const g of plan.groups) model.markApplied(g.paths);
    assert.deepStrictEqual(model.stagedPaths(), []);
    assert.deepStrictEqual(model.snapshot().records, []);
  });

  it('plans nothing and changes nothing until the adapter executes it', () => {
    const { disk, model } = setup();
    model.write('/w/a.txt', enc('A1\n'), meta(), disk);
    model.planApply(undefined, disk.read);
    assert.strictEqual(disk.mutations, 0);
    assert.deepStrictEqual(model.stagedPaths(), ['/w/a.txt']);
  });

  it('selection: only the selected composites, with their rename partners', () => {
    const { disk, model } = setup();
    model.write('/w/a.txt', enc('A1\n'), meta(), disk);
    model.rename('/w/b.txt', '/w/x.txt', meta(), disk);
    model.write('/w/b.txt', enc('new b\n'), meta(), disk);
    const plan = model.planApply(['/w/x.txt'], disk.read);
    assert.deepStrictEqual(plan.groups.map((g) => [...g.paths].sort()), [['/w/b.txt', '/w/x.txt']]);
    const actions = plan.groups[0].actions;
    assert.deepStrictEqual(actions.map((a) => a.kind), ['rename', 'write']);
    disk.execute(actions, model.store);
    assert.strictEqual(disk.text('/w/x.txt'), 'B\n');
    assert.strictEqual(disk.text('/w/b.txt'), 'new b\n');
    assert.strictEqual(disk.text('/w/a.txt'), 'A\n');
  });

  it('refuses a group whose baseline is no longer on the disk (never overwrites an unseen change)', () => {
    const { disk, model } = setup();
    model.write('/w/a.txt', enc('A1\n'), meta(), disk);
    model.write('/w/b.txt', enc('B1\n'), meta(), disk);
    disk.put('/w/a.txt', 'user edit\n');
    const plan = model.planApply(undefined, disk.read);
    assert.deepStrictEqual(plan.refused.map((r) => [r.path, r.reason]), [['/w/a.txt', 'diskChanged']]);
    assert.deepStrictEqual(plan.groups.map((g) => g.paths), [['/w/b.txt']]);
    assert.deepStrictEqual(plan.undo.entries.map((u) => u.path), ['/w/b.txt']);
  });

  it('refuses a create whose path now exists on disk', () => {
    const { disk, model } = setup();
    model.write('/w/n.txt', enc('N\n'), meta(), disk);
    disk.put('/w/n.txt', 'user\n');
    assert.deepStrictEqual(model.planApply(undefined, disk.read).refused.map((r) => r.reason), ['diskChanged']);
  });

  it('a swap (rename cycle) is applied as writes', () => {
    const { disk, model } = setup();
    model.rename('/w/a.txt', '/w/t', meta(), disk);
    model.rename('/w/b.txt', '/w/a.txt', meta(), disk);
    model.rename('/w/t', '/w/b.txt', meta(), disk);
    const plan = model.planApply(undefined, disk.read);
    assert.strictEqual(plan.groups.length, 1);
    assert.deepStrictEqual(plan.groups[0].actions.map((a) => a.kind), ['write', 'write']);
    disk.execute(plan.groups[0].actions, model.store);
    assert.strictEqual(disk.text('/w/a.txt'), 'B\n');
    assert.strictEqual(disk.text('/w/b.txt'), 'A\n');
  });

  it('a rename chain into a path whose own file moves on is ordered', () => {
    const { disk, model } = setup();
    model.rename('/w/b.txt', '/w/z.txt', meta(), disk); // b's file leaves first
    model.rename('/w/a.txt', '/w/b.txt', meta(), disk); // then a's file takes its place
    const plan = model.planApply(undefined, disk.read);
    const actions = plan.groups.flatMap((g) => g.actions);
    assert.deepStrictEqual(actions.map((a) => (a.kind === 'rename' ? `${a.from}→${a.to}` : a.kind)), ['/w/b.txt→/w/z.txt', '/w/a.txt→/w/b.txt']);
    disk.execute(actions, model.store);
    assert.deepStrictEqual([disk.text('/w/a.txt'), disk.text('/w/b.txt'), disk.text('/w/z.txt')], [undefined, 'A\n', 'B\n']);
  });

  it('the undo record restores exactly what apply replaced', () => {
    const { disk, model } = setup();
    model.write('/w/a.txt', enc('A1\n'), meta(), disk);
    model.delete('/w/b.txt', meta(), disk);
    model.rename('/w/c.txt', '/w/c2.txt', meta(), disk);
    model.write('/w/n.txt', enc('N\n'), meta(), disk);
    const before = disk.snapshot();
    const plan = model.planApply(undefined, disk.read);
    disk.execute(plan.groups.flatMap((g) => g.actions), model.store);
    const undo = planUndo(plan.undo, disk.read);
    assert.deepStrictEqual(undo.refused, []);
    disk.execute(undo.actions, model.store);
    assert.deepStrictEqual(disk.snapshot(), before);
  });

  it('undo refuses a path changed since the apply', () => {
    const { disk, model } = setup();
    model.write('/w/a.txt', enc('A1\n'), meta(), disk);
    const plan = model.planApply(undefined, disk.read);
    disk.execute(plan.groups[0].actions, model.store);
    disk.put('/w/a.txt', 'edited after apply\n');
    assert.deepStrictEqual(planUndo(plan.undo, disk.read).refused, ['/w/a.txt']);
  });

  it('a change undone by the agent is not applied', () => {
    const { disk, model } = setup();
    model.write('/w/a.txt', enc('A1\n'), meta(), disk);
    model.write('/w/a.txt', enc('A\n'), meta(), disk);
    const plan = model.planApply(['/w/a.txt'], disk.read);
    assert.deepStrictEqual(plan.groups, []);
  });

  it('on a case-insensitive disk, the staged changes at spellings of one name are one group, whichever is selected', () => {
    // Issue 23, provenance folding seed 1984: two spellings are one file there; applied apart, one change writes or
    // removes the other's file. A change at another name stays out, and so does it all on a case-sensitive disk.
    const disk = new FakeDisk({ '/w/a.txt': 'A\n', '/w/d/e.txt': 'E\n' });
    const folding = { read: disk.read, foldsCase: () => true, caseTwin: (p: string) => disk.paths().find((q) => q !== p && q.toLowerCase() === p.toLowerCase()) };
    const model = newModel();
    model.delete('/w/a.txt', meta('m1'), folding);
    model.rename('/w/d/e.txt', '/w/A.txt', meta('m2'), folding);
    model.write('/w/b.txt', enc('B\n'), meta('m3'), folding);
    const sorted = (groups: string[][]) => groups.map((g) => [...g].sort());
    assert.deepStrictEqual(sorted(model.applyGroups(['/w/a.txt'], folding)), [['/w/A.txt', '/w/a.txt', '/w/d/e.txt']]);
    assert.deepStrictEqual(sorted(model.applyGroups(['/w/A.txt', '/w/b.txt'], folding)), [['/w/A.txt', '/w/a.txt', '/w/d/e.txt'], ['/w/b.txt']]);
    assert.deepStrictEqual(sorted(model.applyGroups(['/w/a.txt'], { read: disk.read })), [['/w/a.txt']]);
    const plan = model.planApply(['/w/a.txt'], folding);
    assert.deepStrictEqual(plan.refused, []);
    assert.deepStrictEqual(plan.groups.map((g) => [...g.paths].sort()), [['/w/A.txt', '/w/a.txt', '/w/d/e.txt']]);
  });
});
