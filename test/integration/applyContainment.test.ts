import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ApplyResult } from '../../src/fs/overlayWorkspace';
import { eventually, testing, workspaceFolder, discardEverything } from './testApi';

/**
 * Issue 24, breach 1, in the real host: an agent stages a file through the tool; afterwards a folder on its way
 * (or the file itself) becomes a link leading out of the workspace; Apply All writes nothing outside and reports
 * the refusal, naming the link.
 */
describe('Apply writes only inside the workspace folders (links that appear after staging)', () => {
  const abs = (rel: string) => path.join(workspaceFolder().fsPath, rel);
  let outside: string;

  beforeEach(async () => {
    await discardEverything();
    fs.rmSync(abs('sec'), { recursive: true, force: true });
    fs.mkdirSync(abs('sec'), { recursive: true });
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'outside-'));
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'outside\n');
  });
  afterEach(() => {
    fs.rmSync(abs('sec'), { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  async function applyAll(): Promise<ApplyResult> {
    const t = await testing();
    t.scriptPrompts().answer('Apply');
    try {
      return (await vscode.commands.executeCommand('agentOverlay.applyAll')) as ApplyResult;
    } finally {
      t.restorePrompts();
    }
  }

  it('a missing folder made a link to an outside folder after staging: nothing written there, the refusal reported', async () => {
    await vscode.lm.invokeTool('overlay_writeFile', { input: { path: 'sec/later/dropped.txt', content: 'dropped\n' }, toolInvocationToken: undefined });
    fs.symlinkSync(outside, abs('sec/later'));

    const result = await applyAll();

    assert.deepStrictEqual(fs.readdirSync(outside), ['secret.txt'], 'nothing written outside');
    assert.deepStrictEqual(result.applied, []);
    assert.deepStrictEqual(result.refused.map(r => [r.path, r.reason]), [[abs('sec/later/dropped.txt'), 'outsideWorkspace']]);
    const t = await testing();
    const audit = t.auditLines().join('\n');
    assert.match(audit, /not applied: sec\/later\/dropped\.txt would be written outside the workspace folders \(.*sec\/later is a symbolic link to /);
    await eventually(() => t.scmState().some(g => g.resources.some(r => r.path === abs('sec/later/dropped.txt'))), 'the change still staged, for review');
  });

  it('a staged file later replaced by a link to an outside file: the outside file is untouched', async () => {
    fs.writeFileSync(abs('sec/a.txt'), 'outside\n');
    await vscode.lm.invokeTool('overlay_writeFile', { input: { path: 'sec/a.txt', content: 'agent\n' }, toolInvocationToken: undefined });
    fs.rmSync(abs('sec/a.txt'));
    fs.symlinkSync(path.join(outside, 'secret.txt'), abs('sec/a.txt'));

    const result = await applyAll();

    assert.strictEqual(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8'), 'outside\n');
    assert.deepStrictEqual(result.refused.map(r => r.reason), ['outsideWorkspace']);
  });
});
