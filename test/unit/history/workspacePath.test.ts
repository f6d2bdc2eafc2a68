import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  parseWorkspaceRelativePath, resolveWorkspacePath, type WorkspacePathErrorCode, WorkspacePathError, type WorkspaceRoot,
} from '../../../src/history/workspacePath';
import { makeTempDir } from './historyTestUtil';

describe('workspacePath (path policy for agent tools)', () => {
  let tmp: { dir: string; cleanup(): void };
  let ws: WorkspaceRoot;
  let outside: string;
  before(() => {
    tmp = makeTempDir('wsp');
    ws = { name: 'app', path: path.join(tmp.dir, 'app') };
    outside = path.join(tmp.dir, 'outside');
    fs.mkdirSync(path.join(ws.path, 'src', 'lib'), { recursive: true });
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(ws.path, 'src', 'a.ts'), 'a');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(ws.path, 'src', 'leak.txt'));
    fs.symlinkSync(outside, path.join(ws.path, 'linkdir'));
    fs.symlinkSync(path.join(ws.path, 'src', 'a.ts'), path.join(ws.path, 'src', 'alias.ts'));
    fs.symlinkSync(path.join(tmp.dir, 'no-such-target'), path.join(ws.path, 'dangling.ts'));
    fs.symlinkSync('..', path.join(ws.path, 'up'));
  });
  after(() => tmp.cleanup());

  const accepted: Array<[string, string, boolean]> = [
    ['src/a.ts', 'src/a.ts', true],
    ['./src/a.ts', 'src/a.ts', true],
    ['src//a.ts', 'src/a.ts', true],
    ['src\\a.ts', 'src/a.ts', true],
    ['src/./a.ts', 'src/a.ts', true],
    ['src/alias.ts', 'src/alias.ts', true],
    ['src/deleted.ts', 'src/deleted.ts', false],
    ['src/new/dir/x.ts', 'src/new/dir/x.ts', false],
    ['  src/a.ts  ', 'src/a.ts', true],
  ];
  for (const [input, rel, exists] of accepted) {
    it(`accepts ${JSON.stringify(input)}`, async () => {
      const r = await resolveWorkspacePath(input, [ws]);
      assert.deepStrictEqual([r.relativePath, r.displayPath, r.exists, r.root], [rel, rel, exists, ws]);
      assert.strictEqual(r.absolutePath, path.join(ws.path, ...rel.split('/')));
    });
  }

  const refused: Array<[unknown, WorkspacePathErrorCode]> = [
    [42, 'notAString'], [null, 'notAString'], [undefined, 'notAString'], [['src/a.ts'], 'notAString'],
    ['', 'empty'], ['   ', 'empty'],
    ['src/a.ts\0.png', 'nulByte'], ['\0', 'nulByte'],
    ['x'.repeat(5000), 'tooLong'],
    ['/etc/passwd', 'absolute'], ['\\etc\\passwd', 'absolute'], ['C:\\Windows\\win.ini', 'absolute'], ['c:foo', 'absolute'],
    ['\\\\server\\share\\x', 'absolute'], ['~/x', 'absolute'], ['~', 'absolute'], ['file:///etc/passwd', 'absolute'],
    ['vscode-remote://h/x', 'absolute'],
    ['../x', 'parentSegment'], ['src/../../x', 'parentSegment'], ['src/../a.ts', 'parentSegment'], ['..', 'parentSegment'],
    ['..\\x', 'parentSegment'], ['src/.../x', 'parentSegment'],
    ['.', 'workspaceRoot'], ['./', 'workspaceRoot'], ['//', 'absolute'],
    ['src/leak.txt', 'symlinkOutside'], ['linkdir/secret.txt', 'symlinkOutside'], ['linkdir/not-yet.txt', 'symlinkOutside'],
    ['linkdir', 'symlinkOutside'], ['up/outside/secret.txt', 'symlinkOutside'], ['dangling.ts', 'symlinkOutside'],
  ];
  for (const [input, code] of refused) {
    it(`refuses ${JSON.stringify(input)?.slice(0, 40)} (${code})`, async () => {
      await assert.rejects(resolveWorkspacePath(input, [ws]), (e: unknown) => {
        assert.ok(e instanceof WorkspacePathError, String(e));
        assert.strictEqual(e.code, code);
        assert.ok(e.message.length > 20);
        return true;
      });
    });
  }

  it('tells the model what is allowed', async () => {
    for (const input of ['/etc/passwd', '../x', '', 'src/a.ts\0']) {
      await assert.rejects(resolveWorkspacePath(input, [ws]), /relative to the workspace folder/);
    }
    await assert.rejects(resolveWorkspacePath('src/leak.txt', [ws]), /symbolic link/);
  });

  it('refuses when no folder is open', async () => {
    await assert.rejects(resolveWorkspacePath('a.ts', []), (e: unknown) => e instanceof WorkspacePathError && e.code === 'noWorkspace');
  });

  describe('multi-root', () => {
    let other: WorkspaceRoot;
    before(() => {
      other = { name: 'docs', path: path.join(tmp.dir, 'docs') };
      fs.mkdirSync(path.join(other.path, 'src'), { recursive: true });
      fs.writeFileSync(path.join(other.path, 'readme.md'), 'r');
    });

    it('picks the folder named by the first segment', async () => {
      const r = await resolveWorkspacePath('docs/readme.md', [ws, other]);
      assert.deepStrictEqual([r.root.name, r.relativePath, r.displayPath, r.exists], ['docs', 'readme.md', 'docs/readme.md', true]);
    });

    it('otherwise picks the folder where the file exists, else the first', async () => {
      assert.strictEqual((await resolveWorkspacePath('readme.md', [ws, other])).root.name, 'docs');
      assert.strictEqual((await resolveWorkspacePath('src/a.ts', [ws, other])).root.name, 'app');
      const missing = await resolveWorkspacePath('nope.md', [ws, other]);
      assert.deepStrictEqual([missing.root.name, missing.exists, missing.displayPath], ['app', false, 'app/nope.md']);
    });

    it('still refuses a symlink out of the chosen folder', async () => {
      await assert.rejects(resolveWorkspacePath('app/src/leak.txt', [ws, other]), (e: unknown) => e instanceof WorkspacePathError && e.code === 'symlinkOutside');
    });
  });

  it('applies Windows file-name rules lexically on win32', () => {
    assert.throws(() => parseWorkspaceRelativePath('src/a.ts:stream', 'win32'), (e: unknown) => e instanceof WorkspacePathError && e.code === 'invalidSegment');
    assert.deepStrictEqual(parseWorkspaceRelativePath('src\\lib\\a.ts', 'win32'), ['src', 'lib', 'a.ts']);
    assert.deepStrictEqual(parseWorkspaceRelativePath('src/a.ts:stream', 'linux'), ['src', 'a.ts:stream']);
  });
});
