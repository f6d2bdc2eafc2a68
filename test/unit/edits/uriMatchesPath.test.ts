import * as assert from 'assert';
import { uriMatchesPath, uriPath } from '../../../src/edits/uriMatchesPath';

describe('uriMatchesPath', () => {
  const uri = 'file:///ws/src/my%20file.ts';
  const cases: [string, boolean][] = [
    [uri, true],
    ['src/my file.ts', true],
    ['./src/my file.ts', true],
    ['my file.ts', true],
    ['file.ts', false],
    ['/ws/src/my file.ts', true],
    ['/other/src/my file.ts', false],
    ['src\\my file.ts', true],
    ['', false],
  ];
  for (const [path, expected] of cases) it(`${JSON.stringify(path)} → ${expected}`, () => assert.strictEqual(uriMatchesPath(uri, path), expected));

  it('matches Windows drive paths either way round', () => {
    assert.strictEqual(uriMatchesPath('file:///c%3A/ws/a.ts', 'C:\\ws\\a.ts'), true);
    assert.strictEqual(uriMatchesPath('file:///c%3A/ws/a.ts', 'file:///C:/ws/a.ts'), true);
  });

  it('decodes a URI path and keeps a malformed one as it is', () => {
    assert.strictEqual(uriPath('vscode-remote://ssh%2Bhost/home/u/%C3%BC.ts'), '/home/u/ü.ts');
    assert.strictEqual(uriPath('file:///bad%E0%A4%A'), '/bad%E0%A4%A');
  });
});
