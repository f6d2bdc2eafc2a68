import * as assert from 'assert';
import { GlobSet, enabledGlobs, globToRegExp } from '../../../src/search/globMatch';

describe('VS Code globs (globMatch)', () => {
  const cases: readonly (readonly [string, string, boolean])[] = [
    ['**/node_modules', 'node_modules', true],
    ['**/node_modules', 'a/b/node_modules', true],
    ['**/node_modules', 'a/node_modules_x', false],
    ['*.js', 'a.js', true],
    ['*.js', 'src/a.js', false],
    ['**/*.js', 'src/deep/a.js', true],
    ['src/**/*.ts', 'src/a.ts', true],
    ['src/**/*.ts', 'src/x/y/a.ts', true],
    ['src/**/*.ts', 'lib/a.ts', false],
    ['src/*.ts', 'src/x/a.ts', false],
    ['**/*.{ts,tsx}', 'a/b.tsx', true],
    ['**/*.{ts,tsx}', 'a/b.js', false],
    ['{src,test}/**', 'test/a/b', true],
    ['file?.txt', 'file1.txt', true],
    ['file?.txt', 'file/.txt', false],
    ['[a-c].md', 'b.md', true],
    ['[!a-c].md', 'b.md', false],
    ['./docs/', 'docs', true],
    ['a.b', 'aXb', false],
    ['**', 'any/thing', true],
  ];
  for (const [glob, p, expected] of cases) {
    it(`${glob} ${expected ? 'matches' : 'does not match'} ${p}`, () => assert.strictEqual(globToRegExp(glob).test(p), expected));
  }

  it('an excluded folder takes what is inside it', () => {
    const set = new GlobSet(['**/dist', 'docs']);
    assert.ok(set.matchesSelfOrAncestor('pkg/dist/a/b.js'));
    assert.ok(set.matchesSelfOrAncestor('docs/x.md'));
    assert.ok(!set.matchesSelfOrAncestor('src/docs.ts'));
  });

  it('a setting turns on only the patterns set to true (a `when` clause is left out)', () => {
    assert.deepStrictEqual(enabledGlobs({ '**/.git': true, '**/x': false, '**/*.js': { when: '$(basename).ts' } }), ['**/.git']);
    assert.deepStrictEqual(enabledGlobs(undefined), []);
  });
});
