import * as assert from 'assert';
import { threeWayMerge } from '../../../src/fs/merge/threeWayMerge';
import { readMergeFixtures } from './mergeFixtures';

describe('threeWayMerge fixtures (expected = git merge-file -p --diff3 -L agent -L base -L disk)', () => {
  const fixtures = readMergeFixtures();

  it('finds the fixture folders', () => {
    assert.ok(fixtures.length >= 20, `only ${fixtures.length} fixtures found`);
  });

  for (const f of fixtures) {
    it(f.name, () => {
      const result = threeWayMerge(f.base, f.ours, f.theirs);
      if (f.conflicts === 0) {
        assert.strictEqual(result.kind, 'clean', `expected a clean merge, got ${result.kind}`);
        assert.strictEqual(result.kind === 'clean' ? result.text : '', f.expected);
      } else {
        assert.strictEqual(result.kind, 'conflict', 'expected a conflict');
        if (result.kind !== 'conflict') return;
        assert.strictEqual(result.regions.length, f.conflicts);
        assert.strictEqual(result.markedUp, f.expected);
      }
    });
  }
});
