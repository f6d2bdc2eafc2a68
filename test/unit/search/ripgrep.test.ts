import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { RipgrepError, findRipgrep, ripgrepCandidates } from '../../../src/search/ripgrep';

describe('finding ripgrep (ripgrep.ts)', () => {
  it("looks in VS Code's installation first, in each layout it has had, then on the PATH", () => {
    const c = ripgrepCandidates('/app', ['/usr/local/bin', '/usr/bin'].join(path.delimiter), 'linux', 'x64');
    assert.deepStrictEqual(c, [
      '/app/node_modules/@vscode/ripgrep-universal/bin/linux-x64/rg',
      '/app/node_modules/@vscode/ripgrep/bin/rg',
      '/app/node_modules.asar.unpacked/@vscode/ripgrep-universal/bin/linux-x64/rg',
      '/app/node_modules.asar.unpacked/@vscode/ripgrep/bin/rg',
      '/usr/local/bin/rg',
      '/usr/bin/rg',
    ]);
  });

  it('takes the first executable file, and says what to install when there is none', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rg-find-'));
    try {
      const plain = path.join(dir, 'plain');
      const exe = path.join(dir, 'exe');
      fs.writeFileSync(plain, '', { mode: 0o644 });
      fs.writeFileSync(exe, '', { mode: 0o755 });
      assert.strictEqual(findRipgrep([path.join(dir, 'missing'), plain, dir, exe]), exe);
      assert.throws(() => findRipgrep([path.join(dir, 'missing'), plain]), (e: unknown) => e instanceof RipgrepError && e.code === 'RipgrepMissing' && /apt install ripgrep/.test(e.message));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
