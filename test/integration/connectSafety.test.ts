import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ConnectResult } from '../../src/connect/vscode/registerConnectCommands';
import { eventually, testing } from './testApi';

/**
 * Issue 24, Connect: a repository can commit `.mcp.json` or `.gemini` as a link out of the project, and a file can
 * be planted at the name the env file used to be written through. Through the real commands, in the real host.
 */
describe('Connect file safety (issue 24): no write through a link out of the project, no token through a planted temp', () => {
  let root: string;
  let home: string;
  let project: string;
  let outside: string;
  const settings = () => vscode.workspace.getConfiguration('agentOverlay.mcp');

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ao-connect-safety-'));
    [home, project, outside] = ['home', 'project', 'outside'].map(d => path.join(root, d));
    for (const d of [home, project, outside]) fs.mkdirSync(d);
    (await testing()).connect.setRoots({ home, project });
  });

  after(async () => {
    const t = await testing();
    t.connect.setRoots(undefined);
    await settings().update('port', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('enabled', undefined, vscode.ConfigurationTarget.Global);
    await eventually(() => t.mcp.endpoint() === undefined, 'the bridge to stop with agentOverlay.mcp.enabled unset');
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('Connect Claude Code refuses a committed .mcp.json that links out of the project; the linked file is untouched', async () => {
    // A JSON file elsewhere (another tool's configuration), so the merge itself would succeed and write there.
    const victim = path.join(outside, 'other-tool.json');
    fs.writeFileSync(victim, '{"theirs": true}\n');
    fs.symlinkSync(victim, path.join(project, '.mcp.json'));
    try {
      const r = await vscode.commands.executeCommand<ConnectResult | undefined>('agentOverlay.connect.claudeCode');
      assert.strictEqual(r, undefined, 'the command failed with a message');
      assert.strictEqual(fs.readFileSync(victim, 'utf8'), '{"theirs": true}\n');
    } finally {
      fs.rmSync(path.join(project, '.mcp.json'));
    }
  });

  it('Connect Gemini CLI refuses a committed .gemini folder that links out of the project; nothing is written there', async () => {
    fs.symlinkSync(outside, path.join(project, '.gemini'), 'dir');
    const before = fs.readdirSync(outside);
    try {
      const r = await vscode.commands.executeCommand<ConnectResult | undefined>('agentOverlay.connect.geminiCli');
      assert.strictEqual(r, undefined);
      assert.deepStrictEqual(fs.readdirSync(outside), before);
    } finally {
      fs.rmSync(path.join(project, '.gemini'));
    }
  });

  it('the token never reaches a link planted at the env file\'s old temp name', async () => {
    const stolen = path.join(outside, 'stolen-token');
    fs.writeFileSync(stolen, '');
    fs.mkdirSync(path.join(home, '.agent-overlay'), { recursive: true });
    fs.symlinkSync(stolen, path.join(home, '.agent-overlay', 'mcp.env.tmp'));
    const r = await vscode.commands.executeCommand<ConnectResult | undefined>('agentOverlay.connect.codex');
    assert.ok(r, 'Codex connected');
    const token = (await testing()).mcp.endpoint()!.token;
    assert.strictEqual(fs.readFileSync(stolen, 'utf8'), '', 'the planted link received nothing');
    assert.ok(fs.readFileSync(r.envFile, 'utf8').includes(token), 'the env file has the token');
    assert.strictEqual(fs.statSync(r.envFile).mode & 0o777, 0o600);
  });
});
