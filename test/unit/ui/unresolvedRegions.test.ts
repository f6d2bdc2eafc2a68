import * as assert from 'assert';
import { threeWayMerge } from '../../../src/fs/merge/threeWayMerge';
import { regionText, unresolvedMessage, unresolvedRegions } from '../../../src/ui/unresolvedRegions';

/** Issue 27 item 1: a merge Result is judged by its regions, not only by its markers. */
describe('unresolvedRegions', () => {
  const BASE = 'one\nline two 5\nthree\nfour\nfive\nsix\n';
  const DISK = 'one\nline two 5 (mine)\nthree\nfour\nfive\nsix\n';
  const AGENT = 'one\nline two 5 (agent)\nthree\nfour\nfive\nSIX\n';
  const regions = () => {
    const m = threeWayMerge(BASE, AGENT, DISK);
    assert.strictEqual(m.kind, 'conflict');
    return m.kind === 'conflict' ? m.regions : [];
  };

  it('a Result left at the base in a conflict region ("Complete with Conflicts") is unresolved, without markers', () => {
    // What VS Code saves: the base in the unhandled region plus the non-conflicting change.
    const left = unresolvedRegions(BASE, regions(), 'one\nline two 5\nthree\nfour\nfive\nSIX\n');
    assert.deepStrictEqual(left, [{ firstLine: 2, lastLine: 2, reason: 'base' }]);
  });

  it('taking either side, both, or writing something else resolves the region', () => {
    for (const line of ['line two 5 (mine)', 'line two 5 (agent)', 'line two 5 (mine)\nline two 5 (agent)', 'my own words']) {
      assert.deepStrictEqual(unresolvedRegions(BASE, regions(), `one\n${line}\nthree\nfour\nfive\nSIX\n`), [], line);
    }
  });

  it('places the region in Result lines, after lines the person added above it', () => {
    const left = unresolvedRegions(BASE, regions(), 'zero\nzero and a half\none\nline two 5\nthree\nfour\nfive\nsix\n');
    assert.deepStrictEqual(left, [{ firstLine: 4, lastLine: 4, reason: 'base' }]);
  });

  it('a Result with conflict markers is unresolved wherever the markers are', () => {
    const m = threeWayMerge(BASE, AGENT, DISK);
    assert.strictEqual(m.kind, 'conflict');
    const left = unresolvedRegions(BASE, regions(), m.kind === 'conflict' ? m.markedUp : '');
    assert.deepStrictEqual(left, [{ firstLine: 2, lastLine: 2, reason: 'markers' }]);
  });

  it('a region where both sides inserted lines is unresolved while nothing is inserted there', () => {
    const base = 'a\nb\n';
    const m = threeWayMerge(base, 'a\nagent\nb\n', 'a\ndisk\nb\n');
    assert.strictEqual(m.kind, 'conflict');
    const rs = m.kind === 'conflict' ? m.regions : [];
    const left = unresolvedRegions(base, rs, base);
    assert.deepStrictEqual(left, [{ firstLine: 2, lastLine: 1, reason: 'base' }]);
    assert.strictEqual(regionText(left[0]), 'after line 1');
    assert.deepStrictEqual(unresolvedRegions(base, rs, 'a\ndisk\nb\n'), []);
  });

  it('tells the person which regions remain and that nothing was staged', () => {
    const text = unresolvedMessage('notes.txt', [{ firstLine: 2, lastLine: 2, reason: 'base' }, { firstLine: 7, lastLine: 9, reason: 'base' }]);
    assert.match(text, /^notes\.txt still has 2 unresolved conflicts in the Result \(line 2, lines 7–9\)/);
    assert.match(text, /Nothing was staged/);
  });
});
