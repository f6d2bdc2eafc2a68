import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { CommandSandbox, CommandSandboxError, type MechanismChoice } from '../../../src/sandbox/commandSandbox';

const MECHANISMS: readonly MechanismChoice[] = process.platform === 'linux' ? ['overlayfs', 'copy'] : ['copy'];

/** Host processes whose command line holds `marker` (a command's `sleep`, looked for after a kill). */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      if (fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(marker)) found.push(Number(p));
    } catch {
      // Gone.
    }
  }
  return found;
}

/** Resolves once `ready()` holds; polls the process table, which has no event to wait on. */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 3000 && !ready(); i++) await new Promise(res => setTimeout(res, 10));
  if (!ready()) throw new Error('timed out waiting for the command to start');
}

for (const mechanism of MECHANISMS) {
  describe(`CommandSandbox (${mechanism})`, function () {
    this.timeout(60_000);
    let base: string;
    let root: string;
    let ws: OverlayWorkspace;
    let sandbox: CommandSandbox;
    const meta = (messageId: string) => ({ sessionId: 'agent-1', messageId, turn: 0, description: 'by test' });
    const abs = (rel: string) => path.join(root, rel);
    const run = (command: string, messageId = 'm-run', extra: { timeoutMs?: number; signal?: AbortSignal; env?: Record<string, string> } = {}) =>
      sandbox.run({ command, cwd: root, roots: [root], env: extra.env, timeoutMs: extra.timeoutMs ?? 30_000, signal: extra.signal, meta: meta(messageId) });
    const diskTree = () => (fs.readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[]).sort().map(f => (fs.statSync(abs(f)).isFile() ? `${f}=${fs.readFileSync(abs(f), 'utf8')}` : `${f}/`));

    beforeEach(async () => {
      base = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-test-'));
      root = path.join(base, 'ws');
      fs.mkdirSync(path.join(root, 'src'), { recursive: true });
      fs.writeFileSync(abs('src/a.txt'), 'disk a\n');
      fs.writeFileSync(abs('old.txt'), 'old\n');
      fs.writeFileSync(abs('mv.txt'), 'move me\n');
      fs.writeFileSync(abs('check.js'), 'console.log(require("fs").readFileSync("src/a.txt", "utf8").trim())\n');
      ws = await OverlayWorkspace.open(path.join(base, 'store'));
      sandbox = new CommandSandbox(ws, path.join(base, 'scratch'), { mechanism: () => mechanism, shell: () => '/bin/sh' });
    });

    afterEach(async () => {
      await ws.close();
      fs.rmSync(base, { recursive: true, force: true });
    });

    it('the command sees the staged content, not the disk', async () => {
      ws.write(abs('src/a.txt'), Buffer.from('staged a\n'), meta('m-stage'));
      ws.delete(abs('old.txt'), meta('m-stage'));
      const r = await run('node check.js; ls old.txt 2>&1 || echo gone');
      assert.deepStrictEqual(r.end, { kind: 'exited', exitCode: 0 });
      assert.strictEqual(r.mechanism, mechanism);
      assert.match(r.stdout.text, /^staged a\n.*gone\n$/s);
      assert.deepStrictEqual(r.staged, []);
    });

    it('stages what the command created, changed, deleted and renamed, under the caller\'s message; the disk is untouched', async () => {
      const before = diskTree();
      const r = await run('echo new > src/new.txt && echo changed >> src/a.txt && rm old.txt && mv mv.txt moved.txt', 'm-cmd');
      assert.deepStrictEqual(r.end, { kind: 'exited', exitCode: 0 });
      assert.deepStrictEqual(r.staged.map(s => `${s.operation} ${path.relative(root, s.path)}${s.fromPath ? ` < ${path.relative(root, s.fromPath)}` : ''}`), [
        'rename moved.txt < mv.txt', 'delete old.txt', 'modify src/a.txt', 'create src/new.txt',
      ]);
      assert.deepStrictEqual(diskTree(), before, 'the real files never change');
      assert.strictEqual(Buffer.from(ws.readFile(abs('src/a.txt'))).toString(), 'disk a\nchanged\n');
      assert.strictEqual(Buffer.from(ws.readFile(abs('moved.txt'))).toString(), 'move me\n');
      const records = ws.model.recordsByMessage('m-cmd', 'agent-1');
      assert.ok(records.length >= 4 && records.every(x => x.description === 'by test'), 'every change is the caller\'s message\'s');
      ws.model.prune('m-cmd', 'agent-1');
      assert.deepStrictEqual(ws.composites(), [], 'pruning the message takes the command\'s changes out');
    });

    it('a second command sees the first one\'s node_modules, which is never staged', async () => {
      const first = await run('mkdir -p node_modules/dep && echo "module.exports = 42" > node_modules/dep/index.js');
      assert.deepStrictEqual(first.staged, []);
      const second = await run('node -e "console.log(require(\'dep\'))"');
      assert.strictEqual(second.stdout.text, '42\n');
      assert.strictEqual(fs.existsSync(abs('node_modules')), false);
      await sandbox.dropScratch('agent-1');
      const third = await run('ls node_modules 2>&1 || echo none');
      assert.match(third.stdout.text, /none\n$/);
    });

    it('the timeout kills every process the command started and stages nothing', async () => {
      const marker = `${9000 + Math.floor(Math.random() * 900)}.${Date.now() % 1000}`;
      const r = await run(`echo x > written.txt; sleep ${marker} & sleep ${marker}`, 'm-slow', { timeoutMs: 1500 });
      assert.deepStrictEqual(r.end, { kind: 'timedOut' });
      assert.deepStrictEqual(r.staged, []);
      assert.deepStrictEqual(ws.composites(), []);
      assert.deepStrictEqual(processesWith(`sleep\0${marker}`), [], 'no process of the command is left');
      const after = await run('ls written.txt 2>&1 || echo absent');
      assert.match(after.stdout.text, /absent\n$/, 'what the killed command wrote is gone');
    });

    it('a cancel does the same', async () => {
      const abort = new AbortController();
      const pending = run('echo x > written.txt; sleep 30', 'm-cancel', { signal: abort.signal });
      setTimeout(() => abort.abort(), 500);
      const r = await pending;
      assert.deepStrictEqual(r.end, { kind: 'cancelled' });
      assert.deepStrictEqual(ws.composites(), []);
    });

    it('a person\'s disk edit made while the command ran becomes a conflict, never overwritten', async () => {
      const racing = run('sleep 1.5; echo by-command > old.txt', 'm-race2');
      await new Promise(res => setTimeout(res, 300));
      fs.writeFileSync(abs('old.txt'), 'the person\'s edit\n');
      const r = await racing;
      assert.deepStrictEqual(r.conflicts, [abs('old.txt')]);
      assert.strictEqual(ws.composite(abs('old.txt'))?.conflict !== undefined, true);
      assert.strictEqual(fs.readFileSync(abs('old.txt'), 'utf8'), 'the person\'s edit\n');
    });

    it('the person\'s .history (Local History\'s store of past versions) is hidden from the command, and what it writes there is not staged', async () => {
      fs.mkdirSync(abs('.history/src'), { recursive: true });
      fs.writeFileSync(abs('.history/src/a_20250101120000.txt'), 'a past version\n');
      const r = await run('ls -a; cat .history/src/a_20250101120000.txt 2>&1; mkdir -p .history && echo mine > .history/note.txt && cat .history/note.txt', 'm-hist');
      assert.deepStrictEqual(r.end, { kind: 'exited', exitCode: 0 }, r.stderr.text);
      assert.doesNotMatch(r.stdout.text, /a past version/);
      assert.doesNotMatch(r.stdout.text.split('\n').slice(0, 8).join('\n'), /^\.history$/m, 'not even listed');
      assert.match(r.stdout.text, /mine\n$/);
      assert.deepStrictEqual(r.staged, []);
      assert.deepStrictEqual(fs.readdirSync(abs('.history'), { recursive: true }).sort(), ['src', 'src/a_20250101120000.txt']);
    });

    // The copy mechanism runs the command in a copy outside any namespace: an absolute path reaches the real folder
    // there (documented in copySandbox.ts), so these two are the namespace's promises only.
    if (mechanism === 'overlayfs') {
      it('a command that unmounts its overlay, or tries from a namespace of its own, still writes only staged changes', async () => {
        const before = diskTree();
        const q = JSON.stringify(root);
        const r = await run(`umount -l ${q}; umount ${q}; unshare -Um umount -l ${q}; unshare -rm umount -l ${q}; cd / && echo pwned > ${q}/old.txt && echo out > ${q}/escaped.txt`, 'm-escape');
        assert.deepStrictEqual(r.end, { kind: 'exited', exitCode: 0 }, r.stderr.text);
        assert.deepStrictEqual(diskTree(), before, 'the real files never change');
        assert.deepStrictEqual(r.staged.map(s => `${s.operation} ${path.relative(root, s.path)}`).sort(), ['create escaped.txt', 'modify old.txt'], 'what it wrote is staged');
        assert.match(r.stderr.text, /umount/, 'each unmount was refused');
      });

      it('a private folder outside the workspace (VS Code\'s history store) shows empty and read-only to the command', async () => {
        const store = path.join(base, 'User', 'History');
        fs.mkdirSync(path.join(store, '1a2b'), { recursive: true });
        fs.writeFileSync(path.join(store, '1a2b', 'entries.json'), '{"resource":"file:///secret"}');
        const hiding = new CommandSandbox(ws, path.join(base, 'scratch3'), { mechanism: () => mechanism, shell: () => '/bin/sh', privateDirs: () => [store, path.join(base, 'no-such-folder')] });
        const q = JSON.stringify(store);
        const r = await hiding.run({ command: `ls -A ${q}; cat ${q}/1a2b/entries.json 2>&1; umount ${q} 2>&1; touch ${q}/x 2>&1; ls -A ${q}`, cwd: root, roots: [root], timeoutMs: 30_000, meta: meta('m-private') });
        assert.deepStrictEqual(r.end, { kind: 'exited', exitCode: 0 }, r.stderr.text);
        assert.doesNotMatch(r.stdout.text, /secret/);
        assert.doesNotMatch(r.stdout.text, /^1a2b$/m, 'ls lists nothing');
        assert.match(r.stdout.text, /Read-only file system/);
        assert.deepStrictEqual(fs.readdirSync(store), ['1a2b'], 'the store itself is untouched');
      });

      it('the caller\'s PATH reaches the command, never the host-side unshare that makes its namespace', async () => {
        const bin = path.join(base, 'bin');
        const marker = path.join(base, 'ran-outside');
        fs.mkdirSync(bin);
        // A program named like the host's, first on the caller's PATH: were the PATH the host's when the sandbox is
        // made, this would run outside any namespace and write the real folder.
        fs.writeFileSync(path.join(bin, 'unshare'), `#!/bin/sh\necho outside > ${JSON.stringify(marker)}\necho pwned > ${JSON.stringify(abs('old.txt'))}\n`, { mode: 0o755 });
        const callerPath = `${bin}:/usr/local/bin:/usr/bin:/bin`;
        const r = await run('echo "$PATH"; echo "$GREETING"', 'm-env', { env: { PATH: callerPath, GREETING: "it's 'quoted' $HOME" } });
        assert.deepStrictEqual(r.end, { kind: 'exited', exitCode: 0 }, r.stderr.text);
        assert.strictEqual(r.stdout.text, `${callerPath}\nit's 'quoted' $HOME\n`);
        assert.strictEqual(fs.existsSync(marker), false, 'the caller\'s unshare never ran');
        assert.strictEqual(fs.readFileSync(abs('old.txt'), 'utf8'), 'old\n');
      });
    }

    it('a staged edit made while the command ran (a person\'s save in a staged editor) is never replaced by the command\'s version', async () => {
      ws.write(abs('src/a.txt'), Buffer.from('staged a\n'), meta('m-agent'));
      const person = { sessionId: 'user', messageId: 'edit-1', turn: 0, description: 'your edit' };
      // Two runs: a file staged when the command started, and one that was not (the person's save stages it).
      for (const [file, command] of [['src/a.txt', 'sleep 1.5; echo by-command >> src/a.txt; echo other > other.txt'], ['old.txt', 'sleep 1.5; echo by-command > old.txt']] as const) {
        const racing = run(command, `m-race-${file}`);
        // Wait on the command's start, not a clock: its sleep is in the process table.
        await until(() => processesWith('sleep\x001.5').length > 0);
        ws.write(abs(file), Buffer.from(`the person's staged edit of ${file}\n`), person);
        await assert.rejects(racing, (e: unknown) => e instanceof CommandSandboxError && e.code === 'ChangedWhileRunning' && e.message.includes(abs(file)));
        assert.strictEqual(Buffer.from(ws.readFile(abs(file))).toString(), `the person's staged edit of ${file}\n`);
        assert.strictEqual(ws.composite(abs('other.txt')), undefined, 'nothing of the command was staged');
      }
      // A staged change elsewhere does not hold the command's own back.
      const elsewhere = run('sleep 1.5; echo by-command > mv.txt', 'm-elsewhere');
      await until(() => processesWith('sleep\x001.5').length > 0);
      ws.write(abs('src/a.txt'), Buffer.from('another edit\n'), person);
      const r = await elsewhere;
      assert.deepStrictEqual(r.staged.map(x => path.relative(root, x.path)), ['mv.txt']);
    });

    it('a missing shell is a clear error and nothing runs', async () => {
      const bad = new CommandSandbox(ws, path.join(base, 'scratch2'), { mechanism: () => mechanism, shell: () => '/no/such/shell' });
      await assert.rejects(bad.run({ command: 'echo x > y.txt', cwd: root, roots: [root], timeoutMs: 5000, meta: meta('m') }), (e: unknown) => e instanceof CommandSandboxError && e.code === 'ShellMissing' && /\/no\/such\/shell/.test(e.message));
      assert.deepStrictEqual(ws.composites(), []);
    });
  });
}
