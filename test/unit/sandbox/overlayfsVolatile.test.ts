import * as assert from 'assert';
import * as cp from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { CommandSandbox } from '../../../src/sandbox/commandSandbox';

/**
 * The overlay sandbox mounts `volatile` (no sync of the upper layer's file system when the namespace ends). Such a
 * mount leaves a mark in its work folder that makes the kernel refuse the next mount over it, so the sandbox must
 * clear it after each command it saw end, and throw the upper layer away when it finds one it did not.
 */
if (process.platform === 'linux') {
  describe('overlay sandbox: volatile mounts', function () {
    this.timeout(60_000);
    let base: string;
    let root: string;
    let ws: OverlayWorkspace;
    const meta = { sessionId: 'agent-1', messageId: 'm', turn: 0, description: 'by test' };
    const sandboxOn = (scratch: string) => new CommandSandbox(ws, scratch, { mechanism: () => 'overlayfs', shell: () => '/bin/sh' });
    const run = (sandbox: CommandSandbox, command: string) => sandbox.run({ command, cwd: root, roots: [root], timeoutMs: 30_000, meta });

    beforeEach(async () => {
      base = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-vm-'));
      root = path.join(base, 'ws');
      fs.mkdirSync(root, { recursive: true });
      fs.writeFileSync(path.join(root, 'a.txt'), 'disk a\n');
      ws = await OverlayWorkspace.open(path.join(base, 'store'));
    });
    afterEach(async () => {
      await ws.close();
      fs.rmSync(base, { recursive: true, force: true });
    });

    it('mounts the workspace volatile, command after command, keeping the scratch (the mark is cleared each time)', async () => {
      const sandbox = sandboxOn(path.join(base, 'scratch'));
      const install = await run(sandbox, 'mkdir -p node_modules/dep && echo 42 > node_modules/dep/index.js');
      assert.deepStrictEqual(install.end, { kind: 'exited', exitCode: 0 }, install.stderr.text);
      for (let i = 0; i < 3; i++) {
        const r = await run(sandbox, `grep ' agent-overlay ' /proc/self/mountinfo | grep -c 'fsync=volatile'; cat node_modules/dep/index.js; echo run ${i} > out.txt`);
        assert.deepStrictEqual(r.end, { kind: 'exited', exitCode: 0 }, r.stderr.text);
        assert.strictEqual(r.stdout.text, '1\n42\n', `run ${i}: a volatile mount, and the first command's node_modules still there`);
      }
      assert.strictEqual(Buffer.from(ws.readFile(path.join(root, 'out.txt'))).toString(), 'run 2\n');
    });

    it('a volatile mount the sandbox did not see end (the extension stopped mid-command) throws its upper layer away, and the next command runs', async () => {
      const scratchRoot = path.join(base, 'scratch');
      const first = sandboxOn(scratchRoot);
      const install = await run(first, 'mkdir -p node_modules/dep && echo 42 > node_modules/dep/index.js');
      assert.deepStrictEqual(install.end, { kind: 'exited', exitCode: 0 });
      // What a mount left by a stopped extension leaves behind: the kernel's own mark, made by a real volatile mount
      // over the session's upper and work folders.
      const scratch = first.scratchOf(meta.sessionId, 'overlayfs');
      const [lower, mnt] = [path.join(base, 'lower'), path.join(base, 'mnt')];
      for (const d of [lower, mnt]) fs.mkdirSync(d);
      fs.mkdirSync(path.join(scratch, 'work', '0'), { recursive: true });
      const left = cp.spawnSync('unshare', ['-rm', 'sh', '-c', `mount -t overlay x -o lowerdir=${lower},upperdir=${path.join(scratch, 'upper', '0')},workdir=${path.join(scratch, 'work', '0')},userxattr,volatile ${mnt}`], { encoding: 'utf8' });
      assert.strictEqual(left.status, 0, left.stderr);

      const next = await run(sandboxOn(scratchRoot), 'cat a.txt; ls node_modules 2>/dev/null || echo "no node_modules"');
      assert.deepStrictEqual(next.end, { kind: 'exited', exitCode: 0 }, next.stderr.text);
      assert.strictEqual(next.stdout.text, 'disk a\nno node_modules\n', 'the upper layer that may be torn is gone');
    });
  });
}
