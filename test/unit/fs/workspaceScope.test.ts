import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathWithinRoots, resolveInWorkspace } from '../../../src/fs/workspaceScope';

describe('workspaceScope', () => {
  describe('pathWithinRoots: the mirror covers the workspace folders only', () => {
    const roots = ['/ws', '/other root/'];
    const cases: [string, string | undefined][] = [
      ['/ws', '/ws'],
      ['/ws/a.txt', '/ws/a.txt'],
      ['/ws/deep/./x/../y.ts', '/ws/deep/y.ts'],
      ['/other root/x', '/other root/x'],
      ['/ws/../etc/passwd', undefined],
      ['/ws2/a.txt', undefined],
      ['/w', undefined],
      ['/', undefined],
      ['/home/me/.config/Code/User/History/abc/entries.json', undefined],
      ['/ws/..', undefined],
      ['/ws/..hidden', '/ws/..hidden'],
    ];
    for (const [p, expected] of cases) {
      it(`${p} → ${String(expected)}`, () => assert.strictEqual(pathWithinRoots(p, roots), expected));
    }
    it('no folder open: nothing is inside', () => assert.strictEqual(pathWithinRoots('/ws/a.txt', []), undefined));
  });

  describe('resolveInWorkspace: symlinks are followed before the check', () => {
    let root: string;
    let ws: string;
    let outside: string;
    beforeEach(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'scope-'));
      ws = path.join(root, 'ws');
      outside = path.join(root, 'outside');
      fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
      fs.mkdirSync(outside);
      fs.writeFileSync(path.join(outside, 'secret.txt'), 'x');
      fs.symlinkSync(outside, path.join(ws, 'out'));
      fs.symlinkSync(path.join(ws, 'src'), path.join(ws, 'alias'));
      fs.symlinkSync(path.join(root, 'nowhere'), path.join(ws, 'dangling'));
    });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

    it('a link out of the workspace is outside, for existing and new files alike', () => {
      assert.strictEqual(resolveInWorkspace(path.join(ws, 'out', 'secret.txt'), [ws]), undefined);
      assert.strictEqual(resolveInWorkspace(path.join(ws, 'out', 'new', 'file.txt'), [ws]), undefined);
      assert.strictEqual(resolveInWorkspace(path.join(ws, 'out'), [ws]), undefined);
    });
    it('a link within the workspace, a new file and a dangling link stay inside, under the path as given', () => {
      assert.strictEqual(resolveInWorkspace(path.join(ws, 'alias', 'a.ts'), [ws]), path.join(ws, 'alias', 'a.ts'));
      assert.strictEqual(resolveInWorkspace(path.join(ws, 'src', 'new', 'b.ts'), [ws]), path.join(ws, 'src', 'new', 'b.ts'));
      assert.strictEqual(resolveInWorkspace(path.join(ws, 'dangling'), [ws]), path.join(ws, 'dangling'));
    });
    it('a workspace folder that is itself reached through a link works', () => {
      const viaLink = path.join(root, 'ws-link');
      fs.symlinkSync(ws, viaLink);
      assert.strictEqual(resolveInWorkspace(path.join(viaLink, 'src', 'x.ts'), [viaLink]), path.join(viaLink, 'src', 'x.ts'));
    });
  });
});
