import * as assert from 'assert';
import { RequestRemovalDetector, findRemovedRequests } from '../../../src/chat/requestRemovalDetector';

describe('findRemovedRequests', () => {
  it('lists ids that disappeared, in their old order', () => {
    assert.deepStrictEqual(findRemovedRequests(['a', 'b', 'c', 'd'], ['a', 'b2', 'e']), ['b', 'c', 'd']);
  });
  it('finds nothing when requests were only added', () => {
    assert.deepStrictEqual(findRemovedRequests(['a'], ['a', 'b']), []);
  });
  it('reports a duplicated id once', () => {
    assert.deepStrictEqual(findRemovedRequests(['a', 'a'], []), ['a']);
  });
});

describe('RequestRemovalDetector', () => {
  it('compares each update of a session with the previous one', () => {
    const detector = new RequestRemovalDetector();
    assert.deepStrictEqual(detector.update('s1', ['r1', 'r2', 'r3']), []);
    assert.deepStrictEqual(detector.update('s2', ['x1']), []);
    assert.deepStrictEqual(detector.update('s1', ['r1', 'r2b']), ['r2', 'r3']);
    assert.deepStrictEqual(detector.update('s1', ['r1', 'r2b', 'r4']), []);
    assert.deepStrictEqual(detector.knownRequests('s1'), ['r1', 'r2b', 'r4']);
  });
  it('reports every request of a deleted session', () => {
    const detector = new RequestRemovalDetector();
    detector.update('s1', ['r1', 'r2']);
    assert.deepStrictEqual(detector.removeSession('s1'), ['r1', 'r2']);
    assert.deepStrictEqual(detector.removeSession('s1'), []);
    assert.strictEqual(detector.knownRequests('s1'), undefined);
  });
});
