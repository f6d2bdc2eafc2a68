import * as assert from 'assert';
import { ancestorsOf, compareScmPaths, CONFLICTS, pathsToAsk, StagedViewIndex } from '../../../src/ui/stagedViewIndex';

describe('StagedViewIndex (issue 27 item 5: the SCM view path by path)', () => {
  it('keeps each owner\'s rows sorted as VS Code sorts resource states: a folder\'s files before its subfolders, numbers by value', () => {
    const paths = ['/w/src/b.ts', '/w/z.txt', '/w/src/a/x.ts', '/w/a.txt', '/w/src/file10.ts', '/w/src/file9.ts'];
    const index = new StagedViewIndex<string>();
    for (const p of paths) index.set(p, 's1', p);
    assert.deepStrictEqual(index.rowsOf('s1'), ['/w/a.txt', '/w/z.txt', '/w/src/b.ts', '/w/src/file9.ts', '/w/src/file10.ts', '/w/src/a/x.ts']);
    assert.deepStrictEqual([...paths].sort(compareScmPaths), index.rowsOf('s1'));
  });

  it('moves a row between owners, says which owners changed once, and counts conflicts apart', () => {
    const index = new StagedViewIndex<string>();
    index.set('/w/a', 's1', 'a1');
    index.set('/w/b', 's1', 'b1');
    assert.deepStrictEqual([...index.takeChanged()], ['s1']);
    assert.deepStrictEqual([...index.takeChanged()], [], 'taken once');
    index.set('/w/a', 's2', 'a2');
    assert.deepStrictEqual([...index.takeChanged()].sort(), ['s1', 's2']);
    assert.deepStrictEqual(index.rowsOf('s1'), ['b1']);
    assert.deepStrictEqual(index.rowsOf('s2'), ['a2']);
    index.set('/w/b', CONFLICTS, 'b!');
    assert.deepStrictEqual(index.owners(), ['s2'], 's1 has no rows left; conflicts are not an owner');
    assert.strictEqual(index.size, 2);
    assert.strictEqual(index.stagedCount, 1);
    index.delete('/w/a');
    index.delete('/w/missing');
    assert.deepStrictEqual(index.owners(), []);
    assert.strictEqual(index.size, 1);
  });

  it('replaces a row in place when its path is set again', () => {
    const index = new StagedViewIndex<string>();
    index.set('/w/a', 's', 'old');
    index.set('/w/a', 's', 'new');
    assert.deepStrictEqual(index.rowsOf('s'), ['new']);
    assert.strictEqual(index.size, 1);
  });

  it('lists a path\'s folders nearest first', () => {
    assert.deepStrictEqual(ancestorsOf('/w/src/a.ts'), ['/w/src', '/w']);
    assert.deepStrictEqual(ancestorsOf('/a'), []);
  });

  it('asks the paths an event names and only those folders above them that can hold a change of their own', () => {
    const folderChanges = new Set(['/w/made']);
    const asked = pathsToAsk(['/w/made/deep/a.ts', '/w/src/b.ts'], dir => folderChanges.has(dir));
    assert.deepStrictEqual([...asked].sort(), ['/w/made', '/w/made/deep/a.ts', '/w/src/b.ts']);
    assert.deepStrictEqual([...pathsToAsk([], () => true)], []);
  });
});
