import * as assert from 'assert';
import { canRunCode, globToRegExp } from '../../../src/ui/runsCode';

describe('targets that can run code', () => {
  it('the built-in targets are marked', () => {
    for (const p of ['.vscode/tasks.json', '.vscode/settings.json', '.vscode/launch.json', '.git/hooks/pre-commit', '.git/config', '.husky/pre-push', '.husky/_/husky.sh', '.envrc', 'sub/.envrc']) {
      assert.ok(canRunCode(p), p);
    }
  });

  it('ordinary files are not', () => {
    for (const p of ['src/app.ts', '.vscode/extensions.json', 'README.md', 'git/config', 'x.envrc']) assert.ok(!canRunCode(p), p);
  });

  it('a file staged with an executable bit is marked, whatever its name', () => {
    assert.ok(canRunCode('scripts/build', { mode: 0o755 }));
    assert.ok(!canRunCode('scripts/build', { mode: 0o644 }));
  });

  it('the setting names more patterns', () => {
    assert.ok(!canRunCode('Makefile'));
    assert.ok(canRunCode('Makefile', { extraPatterns: ['Makefile', '**/*.mk'] }));
    assert.ok(canRunCode('build/rules/x.mk', { extraPatterns: ['**/*.mk'] }));
  });

  it('globs: ** across folders, * within a name', () => {
    assert.ok(globToRegExp('**/*.sh').test('a/b/c.sh'));
    assert.ok(globToRegExp('**/*.sh').test('c.sh'));
    assert.ok(!globToRegExp('*.sh').test('a/c.sh'));
    assert.ok(globToRegExp('.git/hooks/**').test('.git/hooks/pre-commit'));
  });
});
