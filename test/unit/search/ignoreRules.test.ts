import * as assert from 'assert';
import { IgnoreRules } from '../../../src/search/ignoreRules';

describe('.gitignore rules (IgnoreRules)', () => {
  const rules = (files: Record<string, string>) => new IgnoreRules(folder => files[folder]);

  it('a root rule without a slash applies at every depth; a folder rule takes its contents', () => {
    const r = rules({ '': '*.log\nbuild/\n' });
    assert.ok(r.ignores('a/b/x.log', false));
    assert.ok(r.ignores('pkg/build', true));
    assert.ok(r.ignores('pkg/build/out.js', false));
    assert.ok(!r.ignores('build', false), 'build/ is for folders only');
    assert.ok(!r.ignores('src/a.ts', false));
  });

  it('a deeper .gitignore overrides a shallower one, and applies relative to its folder', () => {
    const r = rules({ '': '*.gen.ts\n', pkg: '!keep.gen.ts\n/local.ts\n' });
    assert.ok(r.ignores('src/a.gen.ts', false));
    assert.ok(!r.ignores('pkg/keep.gen.ts', false));
    assert.ok(r.ignores('pkg/local.ts', false));
    assert.ok(!r.ignores('pkg/sub/local.ts', false), 'anchored to its own folder');
  });

  it('nothing under an ignored folder can be taken back', () => {
    const r = rules({ '': 'out/\n!out/keep.txt\n' });
    assert.ok(r.ignores('out/keep.txt', false));
  });

  it('no .gitignore: nothing is ignored', () => {
    assert.ok(!rules({}).ignores('node_modules/x', false));
  });
});
