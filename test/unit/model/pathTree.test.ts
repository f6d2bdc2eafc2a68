import * as assert from 'assert';
import { PathTree } from '../../../src/fs/model/pathTree';
import { prng } from '../merge/mergeCases';

/**
 * The folder index behind `OverlayState.entriesUnder` (issue 28): it must answer exactly what a scan of every path
 * by prefix answers, through any sequence of adds and deletes, for posix paths, URI strings and a path that is both
 * a file and a folder of others.
 */

function scanUnder(paths: ReadonlySet<string>, dir: string): string[] {
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  return [...paths].filter((p) => p.startsWith(prefix)).sort();
}


describe('PathTree', () => {
  it('lists the paths under a folder at any depth, and nothing beside it', () => {
    const t = new PathTree();
    for (const p of ['/w/a.ts', '/w/src/b.ts', '/w/src/deep/c.ts', '/w/srcx/d.ts', '/v/e.ts']) t.add(p);
    assert.deepStrictEqual([...t.under('/w/src')].sort(), ['/w/src/b.ts', '/w/src/deep/c.ts']);
    assert.deepStrictEqual([...t.under('/w/src/')].sort(), ['/w/src/b.ts', '/w/src/deep/c.ts']);
    assert.deepStrictEqual([...t.under('/')].sort(), ['/v/e.ts', '/w/a.ts', '/w/src/b.ts', '/w/src/deep/c.ts', '/w/srcx/d.ts']);
    assert.deepStrictEqual([...t.under('/w/src/b.ts')], []);
    assert.deepStrictEqual([...t.under('/nowhere')], []);
  });

  it('keeps a path that is both a file and the folder of other paths through deletes of either', () => {
    const t = new PathTree();
    t.add('/w/x');
    t.add('/w/x/y');
    assert.deepStrictEqual([...t.under('/w')].sort(), ['/w/x', '/w/x/y']);
    t.delete('/w/x/y');
    assert.deepStrictEqual([...t.under('/w')], ['/w/x']);
    t.add('/w/x/y');
    t.delete('/w/x');
    assert.deepStrictEqual([...t.under('/w')], ['/w/x/y']);
    t.delete('/w/x/y');
    assert.deepStrictEqual([...t.under('/')], []);
  });

  it('handles URI strings (a scheme, empty segments)', () => {
    const t = new PathTree();
    t.add('file:///w/a.ts');
    t.add('untitled:b');
    assert.deepStrictEqual([...t.under('file:///w')], ['file:///w/a.ts']);
    assert.deepStrictEqual([...t.under('file:///')], ['file:///w/a.ts']);
    assert.deepStrictEqual([...t.under('untitled:')], []);
  });

  it('answers as a full scan does through random adds and deletes', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const rnd = prng(seed);
      const t = new PathTree();
      const live = new Set<string>();
      const name = () => ['a', 'b', 'c', ''][Math.floor(rnd() * 4)];
      const randomPath = () => `/${Array.from({ length: 1 + Math.floor(rnd() * 4) }, name).join('/')}`;
      for (let step = 0; step < 300; step++) {
        const p = rnd() < 0.5 && live.size > 0 ? [...live][Math.floor(rnd() * live.size)] : randomPath();
        if (rnd() < 0.6) {
          t.add(p);
          live.add(p);
        } else {
          t.delete(p);
          live.delete(p);
        }
        const dir = randomPath();
        assert.deepStrictEqual([...t.under(dir)].sort(), scanUnder(live, dir), `seed ${seed}, step ${step}, under ${dir}`);
      }
    }
  });
});
