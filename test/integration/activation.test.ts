import * as assert from 'assert';
import * as vscode from 'vscode';

const EXTENSION_ID = 'agent-overlay.agent-overlay';

describe('activation', () => {
  const folder = () => vscode.workspace.workspaceFolders![0].uri;

  it('runs inside VS Code 1.139 with the extension active', async () => {
    assert.match(vscode.version, /^1\.139\./);
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is loaded`);
    await ext.activate();
    assert.strictEqual(ext.isActive, true);
  });

  it('mounts agent-staged: over the workspace', async () => {
    const file = vscode.Uri.joinPath(folder(), 'notes.txt');
    const staged = file.with({ scheme: 'agent-staged' });
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(staged));
    assert.strictEqual(text, 'alpha\nbeta\ngamma\n');
  });

  it('mounts history: and refuses listings without consent', async () => {
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.readDirectory(vscode.Uri.from({ scheme: 'history', path: '/' }))),
      (e: vscode.FileSystemError) => e.code === 'NoPermissions',
    );
  });

  it('contributes its commands', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('agentOverlay.refresh'));
  });
});
