import * as assert from 'assert';
import { QueryError, compileQuery } from '../../../src/search/searchQuery';

describe('search queries (searchQuery)', () => {
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return e instanceof QueryError ? e.code : `not a QueryError: ${String(e)}`;
    }
    return 'accepted';
  };

  it('literal text matches itself, regex characters included', () => {
    const q = compileQuery({ query: 'a.b(c)', isRegexp: false, caseSensitive: true });
    assert.ok(q.test('x a.b(c) y'));
    assert.ok(!q.test('aXb(c)'));
    assert.deepStrictEqual(q.ripgrepArgs, ['--case-sensitive', '--fixed-strings', '-e', 'a.b(c)']);
  });

  it('is case-insensitive unless asked, for both engines', () => {
    const q = compileQuery({ query: 'Port', isRegexp: false, caseSensitive: false });
    assert.ok(q.test('const port = 1'));
    assert.strictEqual(q.ripgrepArgs[0], '--ignore-case');
  });

  it('a regular expression in the shared dialect compiles', () => {
    const q = compileQuery({ query: '^const \\w+ = \\d+;$', isRegexp: true, caseSensitive: true });
    assert.ok(q.test('const port = 3000;'));
    assert.strictEqual(q.indexIn('  const a = 1;'), -1);
  });

  it('refuses what one engine lacks, and invalid or empty patterns, each with its code', () => {
    assert.strictEqual(code(() => compileQuery({ query: 'a(?=b)', isRegexp: true, caseSensitive: true })), 'UnsupportedRegexp');
    assert.strictEqual(code(() => compileQuery({ query: '(?<!x)a', isRegexp: true, caseSensitive: true })), 'UnsupportedRegexp');
    assert.strictEqual(code(() => compileQuery({ query: '(a)\\1', isRegexp: true, caseSensitive: true })), 'UnsupportedRegexp');
    assert.strictEqual(code(() => compileQuery({ query: '(?i)port', isRegexp: true, caseSensitive: true })), 'UnsupportedRegexp');
    assert.strictEqual(code(() => compileQuery({ query: 'a(b', isRegexp: true, caseSensitive: true })), 'InvalidRegexp');
    assert.strictEqual(code(() => compileQuery({ query: '', isRegexp: false, caseSensitive: true })), 'EmptyQuery');
    assert.strictEqual(code(() => compileQuery({ query: 'a\nb', isRegexp: false, caseSensitive: true })), 'InvalidRegexp');
  });

  it('escaped parentheses and backslashes are not mistaken for look-around or backreferences', () => {
    assert.strictEqual(code(() => compileQuery({ query: '\\(?=', isRegexp: true, caseSensitive: true })), 'accepted');
    assert.strictEqual(code(() => compileQuery({ query: 'C:\\\\1', isRegexp: true, caseSensitive: true })), 'accepted');
    assert.strictEqual(code(() => compileQuery({ query: 'a(?=b)', isRegexp: false, caseSensitive: true })), 'accepted', 'literal text is never a regex');
  });
});
