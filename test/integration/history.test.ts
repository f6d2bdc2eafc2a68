import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { v4 as uuidv4 } from 'uuid';
import { localHistoryFolderName } from '../../src/history/localHistoryHash';
import { remoteUriString } from '../../src/history/resourceUri';
import type { HistoryTestSeam } from '../../src/history/vscode/historyTestSeam';
import { eventually, testing, text, workspaceFolder } from './testApi';

/**
 * The local history bridge in the real host: the host writes REAL local history (a workspace file edited and
 * saved through the API), the tools run through `vscode.lm.invokeTool`, and the consent dialogs are answered
 * through the extension's test seam. SPEC §9 invariant 4: nothing without a per-instance user action; expired,
 * foreign and guessed ids get nothing; `history:` never lists.
 */
describe('history bridge (real local history)', function () {
  this.timeout(120_000);
  const REL = 'hist/sample.txt';
  const SAVES = ['version 1\n', 'version 2\n', 'version 3\n', 'version 4\n'];
  const fileUri = (rel = REL) => vscode.Uri.joinPath(workspaceFolder(), rel);
  let seam: HistoryTestSeam;
  let historyFolder: string;

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const NO_PERMISSIONS = (e: vscode.FileSystemError) => e.code === 'NoPermissions';

  /** Calls a tool as an agent would and returns the JSON it answered (the text after the summary line). */
  async function invoke(tool: string, input: object): Promise<Record<string, unknown>> {
    const result = await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined });
    const body = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    return JSON.parse(body.substring(body.indexOf('\n') + 1));
  }

  function entryFiles(): string[] {
    return fs.existsSync(historyFolder) ? fs.readdirSync(historyFolder).filter((n) => n !== 'entries.json') : [];
  }

  async function grantVersions(pick: readonly number[], rel = REL): Promise<{ id: string; timestamp: string; label: string }[]> {
    seam.scriptConsent('allow', { pick });
    const r = await invoke('history_requestVersions', { filePath: rel });
    assert.strictEqual(r.status, 'success', JSON.stringify(r));
    return r.versions as { id: string; timestamp: string; label: string }[];
  }

  before(async () => {
    seam = (await testing()).history!;
    assert.ok(seam, 'the history test seam exists under the integration runner');
    // Without this VS Code folds saves less than 10 s apart into one history entry.
    await vscode.workspace.getConfiguration('workbench.localHistory').update('mergeWindow', 1, vscode.ConfigurationTarget.Global);
    fs.mkdirSync(path.dirname(fileUri().fsPath), { recursive: true });
    fs.writeFileSync(fileUri().fsPath, 'version 0\n');
    fs.writeFileSync(fileUri('hist/other.txt').fsPath, 'other\n');

    const runDir = process.env.AGENT_OVERLAY_TEST_RUN_DIR!;
    const remote = vscode.env.remoteName!;
    historyFolder = path.join(runDir, 'user-data', 'User', 'History', localHistoryFolderName(remoteUriString(remote, fileUri().fsPath)));

    const doc = await vscode.workspace.openTextDocument(fileUri());
    for (const [i, content] of SAVES.entries()) {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), content);
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(await doc.save(), `save ${i + 1}`);
      await eventually(() => entryFiles().length === i + 1, `local history entry ${i + 1} in ${historyFolder}`);
      // The next save must be more than mergeWindow (1 s) later, or VS Code rewrites this entry in place.
      await new Promise((r) => setTimeout(r, 1100));
    }
  });

  beforeEach(() => seam.reset());

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('workbench.localHistory').update('mergeWindow', undefined, vscode.ConfigurationTarget.Global);
  });

  it('finds the folder VS Code hashed from vscode-remote://<env.remoteName><path> (no index needed)', () => {
    assert.match(vscode.env.remoteName ?? '', /^[\w.-]+:\d+$/, 'code-server reports host:port as remoteName');
    const entries = JSON.parse(fs.readFileSync(path.join(historyFolder, 'entries.json'), 'utf8'));
    assert.strictEqual(entries.resource, remoteUriString(vscode.env.remoteName!, fileUri().fsPath));
    assert.strictEqual(entries.entries.length, SAVES.length);
  });

  it('history_requestVersions: Allow, pick two → exactly those two, as grant ids', async () => {
    seam.scriptConsent('allow', { pick: [1, 2] });
    const r = await invoke('history_requestVersions', { filePath: REL });
    assert.strictEqual(r.status, 'success', JSON.stringify(r));
    const versions = r.versions as { id: string; timestamp: string; label: string }[];
    assert.strictEqual(versions.length, 2);
    for (const v of versions) {
      assert.match(v.id, UUID);
      assert.match(v.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      assert.match(v.label, /^(just now|\d+ minutes? ago) \(.+\)$/);
    }
    assert.ok(Date.parse(versions[0].timestamp) >= Date.parse(versions[1].timestamp), 'newest first');
    assert.deepStrictEqual(seam.prompts.map((p) => [p.kind, p.unscripted]), [['confirm', false], ['pick', false]]);
    assert.strictEqual(seam.prompts[0].text, "AI Agent is requesting access to historical versions for 'hist/sample.txt'.");
    assert.strictEqual(seam.prompts[1].items!.length, SAVES.length);
    assert.match(seam.prompts[1].items![0], /^sample\.txt \((just now|1 minute ago)\)$/);
    assert.deepStrictEqual(seam.notifications, ['2 historical versions of hist/sample.txt are now available for the AI agent to list.']);
  });

  it('history_getVersionContent: Allow returns that version\'s saved text, once', async () => {
    const [newer, older] = await grantVersions([1, 2]);
    seam.reset();
    seam.scriptConsent('allow');
    const r = await invoke('history_getVersionContent', { filePath: REL, versionId: older.id });
    assert.deepStrictEqual(r, { status: 'success', filePath: REL, versionId: older.id, content: 'version 2\n' });
    assert.match(seam.prompts[0].text, /^AI Agent is requesting to view the content of a historical version of 'hist\/sample\.txt' \(Timestamp: (just now|\d+ minutes? ago) \(.+\)\)\.$/);
    assert.match(seam.notifications[0], /^Historical content of hist\/sample\.txt \(.+\) has been made available to the AI Agent\.$/);

    seam.reset();
    seam.scriptConsent('allow');
    const again = await invoke('history_getVersionContent', { filePath: REL, versionId: older.id });
    assert.strictEqual(again.status, 'error');
    assert.match(String(again.message), /Unknown version id/);
    assert.strictEqual(seam.prompts.length, 0, 'a used id gets no dialog');

    seam.reset();
    seam.scriptConsent('allow');
    const other = await invoke('history_getVersionContent', { filePath: REL, versionId: newer.id });
    assert.strictEqual(other.content, 'version 3\n');
  });

  it('Deny returns denied_by_user, shows the seed\'s notice, and revokes every outstanding id', async () => {
    seam.scriptConsent('deny');
    assert.deepStrictEqual(await invoke('history_requestVersions', { filePath: REL }), { status: 'denied_by_user' });
    assert.deepStrictEqual(seam.prompts.map((p) => p.kind), ['confirm'], 'no picker after Deny');
    assert.deepStrictEqual(seam.notifications, ['Access to historical versions for hist/sample.txt was denied.']);

    const [v] = await grantVersions([0]);
    seam.scriptConsent('deny');
    assert.deepStrictEqual(await invoke('history_getVersionContent', { filePath: REL, versionId: v.id }), { status: 'denied_by_user' });
    seam.reset();
    seam.scriptConsent('allow');
    const after = await invoke('history_getVersionContent', { filePath: REL, versionId: v.id });
    assert.strictEqual(after.status, 'error');
    assert.strictEqual(seam.prompts.length, 0);
  });

  it('dismissing the picker or picking nothing shares nothing', async () => {
    seam.scriptConsent('allow', 'dismiss');
    assert.deepStrictEqual(await invoke('history_requestVersions', { filePath: REL }), { status: 'denied_by_user' });
    seam.scriptConsent('allow', { pick: [] });
    assert.deepStrictEqual(await invoke('history_requestVersions', { filePath: REL }), { status: 'denied_by_user' });
  });

  it('an unscripted dialog is denied (the seam fails closed)', async () => {
    assert.deepStrictEqual(await invoke('history_requestVersions', { filePath: REL }), { status: 'denied_by_user' });
    assert.strictEqual(seam.prompts[0].unscripted, true);
  });

  it('foreign, guessed and malformed ids get nothing and no dialog', async () => {
    const [v] = await grantVersions([0]);
    seam.reset();
    const foreign = await invoke('history_getVersionContent', { filePath: 'hist/other.txt', versionId: v.id });
    assert.strictEqual(foreign.status, 'error');
    assert.match(String(foreign.message), /not issued for hist\/other\.txt/);
    for (const versionId of [uuidv4(), v.id.replace(/.$/, (c) => (c === '0' ? '1' : '0')), 'version-1', '../../etc/passwd', ' ']) {
      const r = await invoke('history_getVersionContent', { filePath: REL, versionId });
      assert.strictEqual(r.status, 'error', versionId);
      assert.ok(!('content' in r));
    }
    assert.strictEqual(seam.prompts.length, 0);
    // A foreign use does not burn the id for its own file.
    seam.scriptConsent('allow');
    assert.strictEqual((await invoke('history_getVersionContent', { filePath: REL, versionId: v.id })).content, 'version 4\n');
  });

  it('expired ids get nothing', async () => {
    const [v] = await grantVersions([0]);
    seam.reset();
    seam.advanceClock(10 * 60_000 + 1_000);
    seam.scriptConsent('allow');
    const r = await invoke('history_getVersionContent', { filePath: REL, versionId: v.id });
    assert.strictEqual(r.status, 'error');
    assert.match(String(r.message), /expired/);
    assert.strictEqual(seam.prompts.length, 0);
  });

  it('refuses paths outside the workspace before asking anyone', async () => {
    for (const filePath of ['../outside.txt', '/etc/passwd', 'hist/../../x.txt', '~/.ssh/id_rsa', 'file:///etc/passwd']) {
      const r = await invoke('history_requestVersions', { filePath });
      assert.strictEqual(r.status, 'error', filePath);
    }
    const bad = await invoke('history_requestVersions', { filePath: 42 });
    assert.strictEqual(bad.status, 'error');
    assert.strictEqual(seam.prompts.length, 0);
  });

  it('a file without history: an error after Allow, no picker', async () => {
    seam.scriptConsent('allow');
    const r = await invoke('history_requestVersions', { filePath: 'hist/other.txt' });
    assert.strictEqual(r.status, 'error');
    assert.match(String(r.message), /No local history is available for hist\/other\.txt/);
    assert.deepStrictEqual(seam.prompts.map((p) => p.kind), ['confirm']);
  });

  it('history: serves nothing without consent and never lists', async () => {
    const [v] = await grantVersions([0]);
    const reads = [
      vscode.Uri.from({ scheme: 'history', path: `/${uuidv4()}/sample.txt` }),
      vscode.Uri.from({ scheme: 'history', path: `/${v.id}/sample.txt` }), // listed, but its content was not allowed
      vscode.Uri.from({ scheme: 'history', path: '/sample.txt' }),
    ];
    for (const uri of reads) {
      await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(uri)), NO_PERMISSIONS, uri.toString());
      await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(uri)), NO_PERMISSIONS, uri.toString());
    }
    for (const uri of [vscode.Uri.from({ scheme: 'history', path: '/' }), vscode.Uri.from({ scheme: 'history', path: `/${v.id}` })]) {
      await assert.rejects(Promise.resolve(vscode.workspace.fs.readDirectory(uri)), NO_PERMISSIONS, uri.toString());
    }
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(reads[1], new Uint8Array([1]))));
  });

  it('with clearAfterRetrieval off, an allowed version is readable as history:/<id>/<name> until it expires', async () => {
    const config = vscode.workspace.getConfiguration('agentOverlay.history');
    await config.update('clearAfterRetrieval', false, vscode.ConfigurationTarget.Global);
    try {
      const [v] = await grantVersions([3]);
      const uri = vscode.Uri.from({ scheme: 'history', path: `/${v.id}/sample.txt` });
      await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(uri)), NO_PERMISSIONS);
      seam.scriptConsent('allow');
      assert.strictEqual((await invoke('history_getVersionContent', { filePath: REL, versionId: v.id })).content, 'version 1\n');
      assert.strictEqual(text(await vscode.workspace.fs.readFile(uri)), 'version 1\n');
      await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(uri.with({ path: `/${v.id}/other.txt` }))), NO_PERMISSIONS);
      await assert.rejects(Promise.resolve(vscode.workspace.fs.readDirectory(uri.with({ path: `/${v.id}` }))), NO_PERMISSIONS);
      seam.advanceClock(10 * 60_000 + 1_000);
      await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(uri)), NO_PERMISSIONS);
    } finally {
      await config.update('clearAfterRetrieval', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('"Open historical version" opens history:/<id>/sample.txt titled with the time; "Compare with current" diffs it', async () => {
    seam.scriptConsent({ pick: [2] });
    const uri = await vscode.commands.executeCommand<vscode.Uri>('agentOverlay.history.openVersion', fileUri());
    assert.ok(uri, 'the command returns the opened URI');
    assert.strictEqual(uri.scheme, 'history');
    assert.match(uri.path, /^\/[0-9a-f-]{36}\/sample\.txt$/);
    await eventually(() => vscode.window.activeTextEditor?.document.uri.toString() === uri.toString(), 'the history editor');
    assert.strictEqual(vscode.window.activeTextEditor!.document.getText(), 'version 2\n');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab!;
    assert.match(tab.label, /^sample\.txt \((just now|\d+ minutes? ago)\)$/);
    assert.strictEqual(text(await vscode.workspace.fs.readFile(uri)), 'version 2\n');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.readDirectory(uri.with({ path: path.posix.dirname(uri.path) }))), NO_PERMISSIONS);
    assert.strictEqual(seam.prompts.filter((p) => p.kind === 'confirm').length, 0, 'the user\'s own action needs no Allow');

    await vscode.commands.executeCommand('agentOverlay.history.compareWithCurrent', uri);
    await eventually(() => vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff, 'the diff editor');
    const diff = vscode.window.tabGroups.activeTabGroup.activeTab!;
    const input = diff.input as vscode.TabInputTextDiff;
    assert.strictEqual(input.original.toString(), uri.toString());
    assert.strictEqual(input.modified.toString(), fileUri().toString());
    assert.match(diff.label, /^sample\.txt \(.+\) ↔ sample\.txt$/);
  });

  it('"Share historical version" → history_getSharedContent returns it once; a wrong hint gets no_matching_content', async () => {
    assert.deepStrictEqual(await invoke('history_getSharedContent', {}), { status: 'no_content_available' });
    seam.scriptConsent({ pick: [1] });
    await vscode.commands.executeCommand('agentOverlay.history.shareVersion', fileUri());
    assert.strictEqual(seam.notifications.length, 1);
    assert.match(seam.notifications[0], /^Historical content for hist\/sample\.txt \((just now|\d+ minutes? ago)\) is ready\. Inform your AI agent it can request this content\.$/);
    assert.deepStrictEqual(await invoke('history_getSharedContent', { filePathHint: 'src/greet.ts' }), {
      status: 'no_matching_content',
      message: 'Content for a different file (hist/sample.txt) was shared by the user, not for the hinted src/greet.ts.',
    });
    assert.deepStrictEqual(await invoke('history_getSharedContent', { filePathHint: 'sample.txt' }), {
      status: 'success', filePath: REL, content: 'version 3\n',
    });
    assert.deepStrictEqual(await invoke('history_getSharedContent', {}), { status: 'no_content_available' });
    assert.strictEqual(seam.prompts.filter((p) => p.kind === 'confirm').length, 0, 'getSharedContent shows no prompt');
  });

  it('a new share replaces the old one and revokes version ids; "Clear shared content" clears it', async () => {
    const [v] = await grantVersions([0]);
    seam.scriptConsent({ pick: [3] });
    await vscode.commands.executeCommand('agentOverlay.history.shareVersion', fileUri());
    seam.scriptConsent({ pick: [0] });
    await vscode.commands.executeCommand('agentOverlay.history.shareVersion', fileUri());
    seam.scriptConsent('allow');
    assert.strictEqual((await invoke('history_getVersionContent', { filePath: REL, versionId: v.id })).status, 'error');
    seam.reset();
    await vscode.commands.executeCommand('agentOverlay.history.clearShared');
    assert.deepStrictEqual(seam.notifications, ['Cleared the historical content shared with the AI agent. Version ids it was given no longer work.']);
    assert.deepStrictEqual(await invoke('history_getSharedContent', {}), { status: 'no_content_available' });
  });

  it('"Respond to AI Agent\'s request for history" with nothing waiting just says so', async () => {
    await vscode.commands.executeCommand('agentOverlay.history.respondToRequest');
    assert.strictEqual(seam.prompts.length, 0);
  });

  it('reads the Local History extension\'s .history tree too', async () => {
    const dotFile = fileUri('.history/hist/sample_20240102030405.txt');
    fs.mkdirSync(path.dirname(dotFile.fsPath), { recursive: true });
    fs.writeFileSync(dotFile.fsPath, 'from .history\n');
    try {
      seam.scriptConsent('allow', { pick: 'allRecent' });
      const r = await invoke('history_requestVersions', { filePath: REL });
      const versions = r.versions as { id: string; timestamp: string; label: string }[];
      assert.strictEqual(versions.length, SAVES.length + 1);
      const dot = versions.find((x) => x.label.endsWith('(File Saved (.history))'))!;
      assert.ok(dot, JSON.stringify(versions));
      assert.strictEqual(dot.timestamp, new Date(2024, 0, 2, 3, 4, 5).toISOString().replace(/\.\d{3}Z$/, 'Z'));
      seam.scriptConsent('allow');
      assert.strictEqual((await invoke('history_getVersionContent', { filePath: REL, versionId: dot.id })).content, 'from .history\n');
    } finally {
      fs.rmSync(fileUri('.history').fsPath, { recursive: true, force: true });
    }
  });

  it('agent requests wait their turn: one dialog at a time, in order', async () => {
    seam.scriptConsent('deny', 'deny');
    const [a, b] = await Promise.all([
      invoke('history_requestVersions', { filePath: REL }),
      invoke('history_requestVersions', { filePath: 'hist/other.txt' }),
    ]);
    assert.deepStrictEqual([a.status, b.status], ['denied_by_user', 'denied_by_user']);
    assert.deepStrictEqual(seam.prompts.map((p) => p.text).sort(), [
      "AI Agent is requesting access to historical versions for 'hist/other.txt'.",
      "AI Agent is requesting access to historical versions for 'hist/sample.txt'.",
    ]);
  });

  it('contributes the History Helper commands and the three tools', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['shareVersion', 'respondToRequest', 'openVersion', 'compareWithCurrent', 'clearShared']) {
      assert.ok(commands.includes(`agentOverlay.history.${id}`), id);
    }
    const names = vscode.lm.tools.map((t) => t.name);
    for (const t of ['history_requestVersions', 'history_getVersionContent', 'history_getSharedContent']) assert.ok(names.includes(t), t);
  });
});
