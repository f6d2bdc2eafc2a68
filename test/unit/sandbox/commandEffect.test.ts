import * as assert from 'assert';
import { planStaging, type CommandEffect } from '../../../src/sandbox/commandEffect';

const w = (path: string, hash: string, existed = false) => ({ path, hash, existed });
const r = (path: string, hash: string) => ({ path, hash });

/** One row per case: what the command did → the steps staged. */
const CASES: readonly { readonly name: string; readonly effect: CommandEffect; readonly steps: readonly string[] }[] = [
  { name: 'a new file is a create', effect: { written: [w('a.txt', 'h1')], removed: [] }, steps: ['create a.txt'] },
  { name: 'a changed file is a modify', effect: { written: [w('a.txt', 'h2', true)], removed: [] }, steps: ['modify a.txt'] },
  { name: 'a removed file is a delete', effect: { written: [], removed: [r('a.txt', 'h1')] }, steps: ['delete a.txt'] },
  { name: 'removed at one path, the same content new at another: a rename', effect: { written: [w('b.txt', 'h1')], removed: [r('a.txt', 'h1')] }, steps: ['rename a.txt b.txt'] },
  { name: 'moved and changed: a delete and a create', effect: { written: [w('b.txt', 'h2')], removed: [r('a.txt', 'h1')] }, steps: ['delete a.txt', 'create b.txt'] },
  { name: 'same content over an existing file is no rename', effect: { written: [w('b.txt', 'h1', true)], removed: [r('a.txt', 'h1')] }, steps: ['delete a.txt', 'modify b.txt'] },
  {
    name: 'two files of one content moved: paired by base name',
    effect: { written: [w('new/x.txt', 'h'), w('new/y.txt', 'h')], removed: [r('old/y.txt', 'h'), r('old/x.txt', 'h')] },
    steps: ['rename old/x.txt new/x.txt', 'rename old/y.txt new/y.txt'],
  },
  {
    name: 'ignored folders are not staged (dependencies, build output, caches, .git)',
    effect: {
      written: [w('node_modules/x/index.js', 'h'), w('dist/app.js', 'h2'), w('.git/index', 'h3'), w('pkg/__pycache__/m.pyc', 'h4'), w('src/a.ts', 'h5', true)],
      removed: [r('target/debug/app', 'h6')],
    },
    steps: ['modify src/a.ts'],
  },
  { name: 'a file merely named like an ignored folder is staged', effect: { written: [w('dist', 'h')], removed: [] }, steps: ['create dist'] },
  {
    name: 'renames, then deletes, then writes, each sorted',
    effect: { written: [w('z.txt', 'n1'), w('a.txt', 'n2', true), w('moved.txt', 'm')], removed: [r('gone.txt', 'g'), r('mv.txt', 'm')] },
    steps: ['rename mv.txt moved.txt', 'delete gone.txt', 'modify a.txt', 'create z.txt'],
  },
];

describe('planStaging (what a command did → staging steps)', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const steps = planStaging(c.effect).map(s => (s.kind === 'rename' ? `rename ${s.from} ${s.to}` : `${s.kind} ${s.path}`));
      assert.deepStrictEqual(steps, c.steps);
    });
  }
});
