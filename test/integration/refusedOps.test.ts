import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { decodeFrames, encodeFrame } from '../../src/fs/store/frameCodec';
import { testing, text, utf8, workspaceFolder } from './testApi';

/**
 * A staged-change log holding an op the model refuses, in the real host across a restart (two hosts over one
 * workspace storage, test/harness/runIntegration.ts): phase `before` stages three files and damages the op of the
 * middle one in the log (same length, valid checksum: only the model can tell); phase `after` (a new host) finds
 * the other two still staged, the damaged one not, and the person told so, with where the copy of the log is.
 */
const phase = process.env.AGENT_OVERLAY_PHASE;

describe('[restart] an op refused after a reload costs only itself', () => {
  const fileUri = (rel: string) => vscode.Uri.joinPath(workspaceFolder(), rel);
  const staged = (rel: string) => fileUri(rel).with({ scheme: 'agent-staged' });

  it('the other staged changes are kept, and the notice names what was refused, what was kept and the copy', async () => {
    const t = await testing();
    if (phase === 'before') {
      // On disk already: no staged folder for the three to share (a folder op over them would depend on the bad one).
      fs.mkdirSync(fileUri('refused-op').fsPath, { recursive: true });
      await vscode.workspace.fs.writeFile(staged('refused-op/keep-1.txt'), utf8('kept 1\n'));
      await vscode.workspace.fs.writeFile(staged('refused-op/bad.txt'), utf8('refused\n'));
      await vscode.workspace.fs.writeFile(staged('refused-op/keep-2.txt'), utf8('kept 2\n'));
      await t.flush();
      const state = path.join(t.storeDir, 'state');
      const bad = JSON.stringify(fileUri('refused-op/bad.txt').fsPath);
      let damaged = 0;
      for (const name of fs.readdirSync(state).filter(n => /^log-\d+$/.test(n))) {
        const file = path.join(state, name);
        for (const f of decodeFrames(fs.readFileSync(file)).frames) {
          const json = f.payload.toString('utf8');
          if (!json.includes(`"path":${bad}`) || !json.includes('"operation":"create"')) continue;
          // Same length, so the host's own appends after it still land where it thinks.
          const payload = Buffer.from(json.replace('"operation":"create"', '"operation":"cre8te"'), 'utf8');
          const fd = fs.openSync(file, 'r+');
          fs.writeSync(fd, encodeFrame(payload), 0, undefined, f.offset);
          fs.fsyncSync(fd);
          fs.closeSync(fd);
          damaged++;
        }
      }
      assert.strictEqual(damaged, 1, 'the op staging bad.txt was found in the log and damaged');
      return;
    }
    assert.strictEqual(text(await vscode.workspace.fs.readFile(staged('refused-op/keep-1.txt'))), 'kept 1\n');
    assert.strictEqual(text(await vscode.workspace.fs.readFile(staged('refused-op/keep-2.txt'))), 'kept 2\n', 'the op after the refused one is kept');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(staged('refused-op/bad.txt'))), (e: vscode.FileSystemError) => e.code === 'FileNotFound');
    const notice = t.storeNotices.find(n => n.message.includes('could not be replayed'));
    assert.ok(notice, `a notice about the refused op: ${JSON.stringify(t.storeNotices)}`);
    assert.strictEqual(notice.severity, 'warning');
    assert.ok(notice.message.includes(`stage ${fileUri('refused-op/bad.txt').fsPath}`), notice.message);
    assert.match(notice.message, /the other \d+ op\(s\) were kept; a copy of the log holding them was kept at /);
    assert.ok(notice.keptAt && notice.message.includes(notice.keptAt), 'the notice offers the copy (Show Kept Files)');
    assert.ok(fs.readFileSync(notice.keptAt).includes('"operation":"cre8te"'), 'the copy holds the refused op');
  });
});
