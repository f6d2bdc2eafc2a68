import * as assert from 'assert';
import { FirstSeenRank, planGroups } from '../../../src/ui/groupOrder';

/** Issue 27 item 14: the session groups keep their order, also when one goes away and comes back (Undo). */
describe('planGroups', () => {
  const rank = (order: string[]) => (k: string) => order.indexOf(k);

  /** Plays a plan on a list of groups the way VS Code keeps them: creation order. */
  const play = (existing: string[], wanted: string[], order: string[]) => {
    const p = planGroups(existing, wanted, rank(order));
    return [...existing.filter(k => !p.dispose.includes(k)), ...p.create];
  };

  it('a group that comes back goes back to its place, not to the end', () => {
    // A and C staged; A's changes applied (its group goes); Undo gives them back.
    const afterApply = play(['A', 'B', 'C'], ['B', 'C'], ['A', 'B', 'C']);
    assert.deepStrictEqual(afterApply, ['B', 'C']);
    assert.deepStrictEqual(play(afterApply, ['A', 'B', 'C'], ['A', 'B', 'C']), ['A', 'B', 'C']);
  });

  it('touches nothing when the groups are in order, and appends a newcomer ranked last', () => {
    assert.deepStrictEqual(planGroups(['A', 'B'], ['A', 'B'], rank(['A', 'B'])), { dispose: [], create: [] });
    assert.deepStrictEqual(planGroups(['A', 'B'], ['A', 'B', 'C'], rank(['A', 'B', 'C'])), { dispose: [], create: ['C'] });
  });

  it('recreates only the groups after the first one out of place', () => {
    assert.deepStrictEqual(planGroups(['A', 'C'], ['A', 'B', 'C'], rank(['A', 'B', 'C'])), { dispose: ['C'], create: ['B', 'C'] });
  });
});

describe('FirstSeenRank', () => {
  it('keeps the rank of a key it has seen, whatever comes later', () => {
    const r = new FirstSeenRank();
    r.see(['s1', 's2']);
    r.see(['s3', 's1']);
    assert.deepStrictEqual(['s1', 's2', 's3'].map(k => r.rank(k)), [0, 1, 2]);
    assert.ok(r.rank('never') > 2);
  });
});
