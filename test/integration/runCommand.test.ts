import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { eventually, workspaceFolder, discardEverything } from './testApi';

/** Invokes a tool as a chat would; returns the sentence and the JSON. */
async function invoke(name: string, input: object, token?: vscode.CancellationToken): Promise<{ summary: string; data: Record<string, unknown> }> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, token);
  const parts = result.content.map(p => (p instanceof vscode.LanguageModelTextPart ? p.value : ''));
  return { summary: parts[0].trim(), data: JSON.parse(parts[1]) as Record<string, unknown> };
}

/** Host processes whose command line holds `marker`. */
function processesWith(marker: string): number[] {
  return fs.readdirSync('/proc').filter(p => /^\d+$/.test(p)).filter(p => {
    try {
      return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(marker);
    } catch {
      return false;
    }
  }).map(Number);
}

const MECHANISMS = process.platform === 'linux' ? ['overlayfs', 'copy'] : ['copy'];

for (const mechanism of MECHANISMS) {
  describe(`overlay_runCommand in the real host (${mechanism})`, function () {
    this.timeout(120_000);
    const abs = (rel: string) => path.join(workspaceFolder().fsPath, 'runcmd', rel);
    const diskTree = () => (fs.readdirSync(abs(''), { recursive: true, encoding: 'utf8' }) as string[]).sort().map(f => (fs.statSync(abs(f)).isFile() ? `${f}=${fs.readFileSync(abs(f), 'utf8')}` : `${f}/`));
    let saved: string | undefined;

    before(() => {
      saved = process.env.AGENT_OVERLAY_SANDBOX;
      // The extension reads it on every run: the same host tests each mechanism.
      process.env.AGENT_OVERLAY_SANDBOX = mechanism;
    });
    after(async () => {
      if (saved === undefined) delete process.env.AGENT_OVERLAY_SANDBOX;
      else process.env.AGENT_OVERLAY_SANDBOX = saved;
      await vscode.commands.executeCommand('agentOverlay.dropSandboxScratch');
    });

    beforeEach(async () => {
      await discardEverything();
      fs.rmSync(abs(''), { recursive: true, force: true });
      fs.mkdirSync(abs('src'), { recursive: true });
      fs.writeFileSync(abs('src/value.txt'), 'disk\n');
      fs.writeFileSync(abs('old.txt'), 'old\n');
      fs.writeFileSync(abs('mv.txt'), 'move me\n');
      fs.writeFileSync(abs('check.js'), 'console.log("value: " + require("fs").readFileSync(__dirname + "/src/value.txt", "utf8").trim())\n');
    });

    it('a command sees what the agent staged', async () => {
      await invoke('overlay_writeFile', { path: 'runcmd/src/value.txt', content: 'staged\n' });
      const r = await invoke('overlay_runCommand', { command: 'node check.js', cwd: 'runcmd' });
      assert.deepStrictEqual([r.data.status, r.data.exitCode, r.data.stdout, r.data.sandbox], ['completed', 0, 'value: staged\n', mechanism], JSON.stringify(r.data));
      assert.deepStrictEqual(r.data.staged, []);
    });

    it('what a command writes, deletes and renames is staged under the caller\'s message, the disk untouched; discarding the message takes it out', async () => {
      const before = diskTree();
      const r = await invoke('overlay_runCommand', { command: 'echo formatted > src/value.txt && echo new > src/new.txt && rm old.txt && mv mv.txt moved.txt', cwd: 'runcmd' });
      assert.strictEqual(r.data.exitCode, 0, JSON.stringify(r.data));
      assert.deepStrictEqual((r.data.staged as { operation: string; path: string }[]).map(s => `${s.operation} ${s.path}`), [
        'rename runcmd/moved.txt', 'delete runcmd/old.txt', 'create runcmd/src/new.txt', 'modify runcmd/src/value.txt',
      ]);
      assert.deepStrictEqual(diskTree(), before, 'the real files never change');
      const list = await invoke('overlay_listChanges', {});
      const mine = (list.data.changes as { path: string; description: string; messages: string[] }[]).filter(c => c.path.startsWith('runcmd/'));
      assert.strictEqual(mine.length, 4);
      // Described by the command, shortened to 80 characters.
      assert.ok(mine.every(c => c.description === 'by `echo formatted > src/value.txt && echo new > src/new.txt && rm old.txt && mv mv…`'), JSON.stringify(mine));
      const messages = [...new Set(mine.flatMap(c => c.messages))];
      assert.strictEqual(messages.length, 1, 'one message staged them all');
      const read = await invoke('overlay_readFile', { path: 'runcmd/src/value.txt' });
      assert.strictEqual(read.data.content, 'formatted\n');
      await invoke('overlay_discardChanges', { messageId: messages[0] });
      const after = await invoke('overlay_listChanges', {});
      assert.deepStrictEqual((after.data.changes as { path: string }[]).filter(c => c.path.startsWith('runcmd/')), []);
    });

    it('a second command sees the node_modules the first one installed; it is never staged', async () => {
      const install = await invoke('overlay_runCommand', { command: 'mkdir -p node_modules/dep && echo "module.exports = 7" > node_modules/dep/index.js', cwd: 'runcmd' });
      assert.deepStrictEqual(install.data.staged, []);
      const use = await invoke('overlay_runCommand', { command: 'node -e "console.log(require(\'dep\'))"', cwd: 'runcmd' });
      assert.strictEqual(use.data.stdout, '7\n', JSON.stringify(use.data));
      assert.strictEqual(fs.existsSync(abs('node_modules')), false);
    });

    it('the timeout kills the whole process tree and stages nothing', async () => {
      const marker = `${8000 + Math.floor(Math.random() * 999)}.5`;
      const r = await invoke('overlay_runCommand', { command: `echo x > partial.txt; sleep ${marker} & sleep ${marker}`, cwd: 'runcmd', timeoutMs: 2000 });
      assert.deepStrictEqual([r.data.status, r.data.staged], ['timedOut', []], JSON.stringify(r.data));
      assert.deepStrictEqual(processesWith(`sleep\0${marker}`), []);
      const list = await invoke('overlay_listChanges', {});
      assert.deepStrictEqual((list.data.changes as { path: string }[]).filter(c => c.path.startsWith('runcmd/')), []);
    });

    it('a cancel kills it too and stages nothing', async () => {
      const marker = `${7000 + Math.floor(Math.random() * 999)}.5`;
      const cts = new vscode.CancellationTokenSource();
      const pending = invoke('overlay_runCommand', { command: `echo x > partial.txt; sleep ${marker}`, cwd: 'runcmd' }, cts.token);
      await eventually(() => processesWith(`sleep\0${marker}`).length > 0, 'the command to start');
      cts.cancel();
      // VS Code rejects a cancelled call; the tool's abort signal kills the command.
      await assert.rejects(pending, /Canceled/);
      await eventually(() => processesWith(`sleep\0${marker}`).length === 0, 'the command\'s processes to be killed');
      const list = await invoke('overlay_listChanges', {});
      assert.deepStrictEqual((list.data.changes as { path: string }[]).filter(c => c.path.startsWith('runcmd/')), []);
    });

    // The copy mechanism has no namespace: an absolute path reaches the real folder there (documented).
    if (mechanism === 'overlayfs') {
      it('an agent that unmounts the overlay, or puts its own unshare first on PATH, still only stages', async () => {
        const before = diskTree();
        const bin = path.join(path.dirname(workspaceFolder().fsPath), `fake-bin-${process.pid}`);
        fs.mkdirSync(bin, { recursive: true });
        fs.writeFileSync(path.join(bin, 'unshare'), `#!/bin/sh\necho pwned > ${JSON.stringify(abs('old.txt'))}\n`, { mode: 0o755 });
        try {
          const root = JSON.stringify(abs(''));
          const r = await invoke('overlay_runCommand', { command: `umount -l ${root}; unshare -Um umount -l ${root}; echo "$PATH"; echo escaped > ${root}/old.txt`, cwd: 'runcmd', env: { PATH: `${bin}:/usr/bin:/bin` } });
          assert.deepStrictEqual([r.data.status, r.data.exitCode, r.data.stdout], ['completed', 0, `${bin}:/usr/bin:/bin\n`], JSON.stringify(r.data));
          assert.deepStrictEqual(diskTree(), before, 'the real files never change');
          assert.deepStrictEqual((r.data.staged as { operation: string; path: string }[]).map(x => `${x.operation} ${x.path}`), ['modify runcmd/old.txt']);
        } finally {
          fs.rmSync(bin, { recursive: true, force: true });
        }
      });
    }

    if (mechanism === 'overlayfs') {
      it('VS Code\'s local history store shows empty to a command: history reaches an agent only with consent', async () => {
        const store = path.join(process.env.AGENT_OVERLAY_TEST_RUN_DIR!, 'user-data', 'User', 'History');
        const probe = path.join(store, 'agent-overlay-probe');
        fs.mkdirSync(probe, { recursive: true });
        fs.writeFileSync(path.join(probe, 'entries.json'), '{"resource":"file:///PAST_VERSION_MARKER"}');
        try {
          const r = await invoke('overlay_runCommand', { command: `ls -A ${JSON.stringify(store)}; cat ${JSON.stringify(probe)}/entries.json 2>&1; true`, cwd: 'runcmd' });
          assert.strictEqual(r.data.status, 'completed', JSON.stringify(r.data));
          assert.doesNotMatch(String(r.data.stdout), /PAST_VERSION_MARKER|^agent-overlay-probe$/m, JSON.stringify(r.data));
          assert.match(String(r.data.stdout), /No such file or directory/);
        } finally {
          fs.rmSync(probe, { recursive: true, force: true });
        }
      });
    }

    it('bad input gets a clear error: empty command, a NUL in env, cwd outside the workspace, a missing shell', async () => {
      const empty = await invoke('overlay_runCommand', { command: '   ' });
      assert.deepStrictEqual([empty.data.status, empty.data.code], ['error', 'InvalidInput']);
      const nul = await invoke('overlay_runCommand', { command: 'touch made.txt', cwd: 'runcmd', env: { X: 'a\0b' } });
      assert.deepStrictEqual([nul.data.status, nul.data.code], ['error', 'InvalidInput'], JSON.stringify(nul.data));
      assert.match(String(nul.data.message), /env\.X holds a NUL/);
      const outside = await invoke('overlay_runCommand', { command: 'touch x', cwd: '../elsewhere' });
      assert.deepStrictEqual([outside.data.status, outside.data.code], ['error', 'InvalidPath'], JSON.stringify(outside.data));
      const notDir = await invoke('overlay_runCommand', { command: 'touch x', cwd: 'runcmd/check.js' });
      assert.deepStrictEqual([notDir.data.status, notDir.data.code], ['error', 'InvalidPath']);
      const config = vscode.workspace.getConfiguration('agentOverlay.sandbox');
      await config.update('shell', '/no/such/shell', vscode.ConfigurationTarget.Global);
      try {
        const noShell = await invoke('overlay_runCommand', { command: 'touch made.txt', cwd: 'runcmd' });
        assert.deepStrictEqual([noShell.data.status, noShell.data.code], ['error', 'ShellMissing'], JSON.stringify(noShell.data));
        assert.match(String(noShell.data.message), /\/no\/such\/shell/);
      } finally {
        await config.update('shell', undefined, vscode.ConfigurationTarget.Global);
      }
      assert.strictEqual(fs.existsSync(abs('made.txt')), false);
    });
  });
}

describe('Agent Overlay: Open Staged Terminal', function () {
  this.timeout(120_000);
  const abs = (rel: string) => path.join(workspaceFolder().fsPath, 'runterm', rel);

  it('runs each command line over the staged view; what it changes is staged as the person\'s own change', async () => {
    fs.rmSync(abs(''), { recursive: true, force: true });
    fs.mkdirSync(abs(''), { recursive: true });
    fs.writeFileSync(abs('app.txt'), 'disk\n');
    await invoke('overlay_writeFile', { path: 'runterm/app.txt', content: 'staged by the agent\n' });
    const terminal = await vscode.commands.executeCommand<vscode.Terminal>('agentOverlay.openStagedTerminal');
    try {
      terminal.sendText('cp runterm/app.txt runterm/copy.txt');
      await eventually(async () => {
        const list = await invoke('overlay_listChanges', {});
        return (list.data.changes as { path: string }[]).some(c => c.path === 'runterm/copy.txt');
      }, 'the terminal command\'s change to be staged', 60_000);
      const list = await invoke('overlay_listChanges', {});
      const copy = (list.data.changes as { path: string; operation: string; sessions: string[]; description: string }[]).find(c => c.path === 'runterm/copy.txt')!;
      assert.deepStrictEqual([copy.operation, copy.sessions], ['create', ['user']]);
      assert.match(copy.description, /cp runterm\/app\.txt runterm\/copy\.txt/);
      const read = await invoke('overlay_readFile', { path: 'runterm/copy.txt' });
      assert.strictEqual(read.data.content, 'staged by the agent\n', 'the terminal saw the staged content');
      assert.strictEqual(fs.existsSync(abs('copy.txt')), false, 'nothing reached the disk');
    } finally {
      terminal.dispose();
    }
  });
});
