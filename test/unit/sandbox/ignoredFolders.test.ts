import * as assert from 'assert';
import { isIgnoredPath } from '../../../src/sandbox/ignoredFolders';

describe('isIgnoredPath', () => {
  const rows: readonly [string, boolean, boolean][] = [
    ['node_modules/left-pad/index.js', false, true],
    ['packages/app/node_modules/x.js', false, true],
    ['node_modules', true, true],
    ['node_modules', false, false],
    ['src/dist.ts', false, false],
    ['.venv/bin/python', false, true],
    ['.git/HEAD', false, true],
    ['src/app.ts', false, false],
    ['target', true, true],
  ];
  for (const [p, isDir, ignored] of rows) {
    it(`${p}${isDir ? '/' : ''} → ${ignored ? 'ignored' : 'staged'}`, () => assert.strictEqual(isIgnoredPath(p, isDir), ignored));
  }
});
