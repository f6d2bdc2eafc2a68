import * as assert from 'assert';
import { FakeDisk, applyAsAdapter as applyAll, meta, newModel, readText } from './modelFixtures';

/**
 * Issue 23, found by the reference fuzz (seed 293, once the reference stopped counting a settled conflict's agent
 * side as shown): a conflict a replay finds and a later record settles back to the other side shows that side's
 * content again, so the records of the agent's side no longer count as what the path shows. Before, they did, and
 * "Discard" of the path they came from kept them (what another path shows is kept): the move they made stayed
 * staged and carried the person's file away on Apply after the person had discarded that path.
 */
describe('discard after a conflict settled back to the other side', () => {
  it('reference seed 293: discarding a path leaves the person\'s file there, though a move from it ended in a settled conflict elsewhere', () => {
    const disk = new FakeDisk({ '/a': 'person a\n', '/c': 'c\n', '/e': 'person e\n' });
    const model = newModel();
    model.rename('/c', '/a', meta('m1'), disk, { overwrite: true }); // deletes the person's /a, moves /c there
    model.delete('/e', meta('m2'), disk);
    model.rename('/a', '/e', meta('m1'), disk); // onto the path m2 freed
    model.delete('/e', meta('m1'), disk); // the agent deletes the file it moved
    model.prune('m2');
    // Without m2's delete, the move lands on the person's /e (a conflict), and the delete of what it moved settles
    // that conflict back to the person's file.
    assert.strictEqual(readText(model, disk, '/e'), 'person e\n');
    assert.strictEqual(model.composite('/e')?.conflict, undefined);
    model.discardPaths(['/a']);
    assert.strictEqual(readText(model, disk, '/a'), 'person a\n', 'the view shows the person\'s /a after its Discard');
    applyAll(model, disk);
    assert.strictEqual(disk.text('/a'), 'person a\n', 'Apply left the person\'s /a where it was');
    assert.strictEqual(disk.text('/e'), 'person e\n', 'and their /e');
  });
});
