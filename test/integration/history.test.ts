import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { v4 as uuidv4 } from 'uuid';
import { localHistoryFolderName } from '../../src/history/localHistoryHash';
import { remoteUriString } from '../../src/history/resourceUri';
import type { HistoryTestSeam, ScriptedConsentAnswer } from '../../src/history/vscode/historyTestSeam';
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
    const parts = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : ''));
    const body = parts.join('');
    const data = JSON.parse(body.substring(body.indexOf('\n') + 1));
    // A program reads the JSON part on its own: the same answer, nothing else in it.
    assert.strictEqual(parts.length, 2, 'a sentence part and a JSON part');
    assert.deepStrictEqual(JSON.parse(parts[1]), data);
    return data;
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
    // Two more files with one saved version each: second.txt stays, gone.txt is deleted (its history stays).
    for (const rel of ['hist/second.txt', 'hist/gone.txt']) {
      fs.writeFileSync(fileUri(rel).fsPath, 'first\n');
      const other = await vscode.workspace.openTextDocument(fileUri(rel));
      const edit = new vscode.WorkspaceEdit();
      edit.replace(other.uri, new vscode.Range(0, 0, other.lineCount, 0), `saved ${rel}\n`);
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(await other.save(), `save ${rel}`);
    }
    const folderOf = (rel: string) => path.join(runDir, 'user-data', 'User', 'History', localHistoryFolderName(remoteUriString(remote, fileUri(rel).fsPath)));
    await eventually(() => fs.existsSync(folderOf('hist/gone.txt')) && fs.existsSync(folderOf('hist/second.txt')), 'history of second.txt and gone.txt');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(fileUri('hist/gone.txt').fsPath);
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
    assert.match(seam.prompts[0].text, /^AI Agent is requesting to view the content of a historical version of 'hist\/sample\.txt' \(Timestamp: (just now|\d+ minutes? ago), [^()]+\)\.$/);
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

  it('Deny revokes that file\'s ids only: another file\'s ids still work (issue 16 item 4)', async () => {
    const [mine] = await grantVersions([0]);
    const [theirs] = await grantVersions([0], 'hist/second.txt');
    seam.reset();
    seam.scriptConsent('deny');
    assert.deepStrictEqual(await invoke('history_requestVersions', { filePath: REL }), { status: 'denied_by_user' });
    seam.scriptConsent('allow');
    assert.strictEqual((await invoke('history_getVersionContent', { filePath: REL, versionId: mine.id })).status, 'error', 'the denied file\'s id is revoked');
    seam.scriptConsent('allow');
    assert.deepStrictEqual(await invoke('history_getVersionContent', { filePath: 'hist/second.txt', versionId: theirs.id }), {
      status: 'success', filePath: 'hist/second.txt', versionId: theirs.id, content: 'saved hist/second.txt\n',
    });
    assert.deepStrictEqual(seam.prompts.map((p) => p.kind), ['confirm', 'confirm'], 'no dialog for the revoked id');
  });

  it('Deny returns denied_by_user, shows the seed\'s notice, and revokes the file\'s outstanding ids', async () => {
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

  it('picking nothing or the picker\'s Deny button shares nothing', async () => {
    seam.scriptConsent('allow', { pick: [] });
    assert.deepStrictEqual(await invoke('history_requestVersions', { filePath: REL }), { status: 'denied_by_user' });
    seam.scriptConsent('allow', 'denyPicker');
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

  it('a path with no history at all is answered only after Allow: a typo, or a file never saved (seed 000, issue 16 item 2)', async () => {
    seam.scriptConsent('deny');
    assert.deepStrictEqual(await invoke('history_requestVersions', { filePath: 'hist/other.txt' }), { status: 'denied_by_user' }, 'a denial tells nothing about history');
    seam.reset();
    seam.scriptConsent('allow', 'allow');
    const typo = await invoke('history_requestVersions', { filePath: 'hist/sampel.txt' });
    assert.strictEqual(typo.status, 'error');
    assert.match(String(typo.message), /^There is no file at hist\/sampel\.txt and no local history for that path\. Check the path/);
    const never = await invoke('history_requestVersions', { filePath: 'hist/other.txt' });
    assert.strictEqual(never.status, 'error');
    assert.match(String(never.message), /No local history is available for hist\/other\.txt/);
    assert.deepStrictEqual(seam.prompts.map((p) => p.kind), ['confirm', 'confirm'], 'the answer came after Allow, each time');
  });

  it('a deleted file that has history still gets the normal flow', async () => {
    assert.ok(!fs.existsSync(fileUri('hist/gone.txt').fsPath));
    seam.scriptConsent('allow', { pick: [0] });
    const r = await invoke('history_requestVersions', { filePath: 'hist/gone.txt' });
    assert.strictEqual(r.status, 'success', JSON.stringify(r));
    const [v] = r.versions as { id: string }[];
    seam.scriptConsent('allow');
    assert.strictEqual((await invoke('history_getVersionContent', { filePath: 'hist/gone.txt', versionId: v.id })).content, 'saved hist/gone.txt\n');
    assert.deepStrictEqual(seam.prompts.map((p) => p.kind), ['confirm', 'pick', 'confirm']);
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

  it('filePathHint follows the file system\'s case rule and matches whole path segments (issue 16 item 5)', async () => {
    // The workspace's own file system decides: does the case-swapped path name the same file?
    const upper = fileUri().fsPath.replace(/sample\.txt$/, 'SAMPLE.TXT');
    const caseInsensitive = fs.existsSync(upper);
    const share = async () => {
      seam.scriptConsent({ pick: [0] });
      await vscode.commands.executeCommand('agentOverlay.history.shareVersion', fileUri());
    };
    await share();
    assert.strictEqual((await invoke('history_getSharedContent', { filePathHint: 'ample.txt' })).status, 'no_matching_content', 'a segment is matched whole');
    assert.strictEqual((await invoke('history_getSharedContent', { filePathHint: 'st/sample.txt' })).status, 'no_matching_content');
    const shouted = await invoke('history_getSharedContent', { filePathHint: 'HIST/SAMPLE.TXT' });
    assert.strictEqual(shouted.status, caseInsensitive ? 'success' : 'no_matching_content', `case-insensitive file system: ${caseInsensitive}`);
    if (caseInsensitive) await share();
    assert.strictEqual((await invoke('history_getSharedContent', { filePathHint: './hist/sample.txt' })).status, 'success');
  });

  it('a new share replaces the old one and keeps the version ids the agent holds (seed 000); "Clear shared content" revokes all', async () => {
    const [v, w] = await grantVersions([0, 1]);
    seam.scriptConsent({ pick: [3] });
    await vscode.commands.executeCommand('agentOverlay.history.shareVersion', fileUri());
    seam.scriptConsent({ pick: [0] });
    await vscode.commands.executeCommand('agentOverlay.history.shareVersion', fileUri());
    seam.scriptConsent('allow');
    assert.strictEqual((await invoke('history_getVersionContent', { filePath: REL, versionId: v.id })).status, 'success', 'a share takes back nothing the person allowed');
    seam.reset();
    await vscode.commands.executeCommand('agentOverlay.history.clearShared');
    assert.deepStrictEqual(seam.notifications, ['Cleared the historical content shared with the AI agent. Version ids it was given no longer work.']);
    assert.deepStrictEqual(await invoke('history_getSharedContent', {}), { status: 'no_content_available' });
    assert.strictEqual((await invoke('history_getVersionContent', { filePath: REL, versionId: w.id })).status, 'error', 'Clear revokes the ids');
    assert.deepStrictEqual(seam.prompts, [], 'no dialog for a revoked id');
  });

  it('"Respond to AI Agent\'s request for history" with nothing waiting just says so', async () => {
    await vscode.commands.executeCommand('agentOverlay.history.respondToRequest');
    assert.deepStrictEqual(seam.notifications, ['No AI agent request for history is waiting.']);
    assert.strictEqual(seam.prompts.length, 0);
  });

  /** A person's answer: the dialog stays open a while, so overlap and order would show. */
  const slow = (answer: ScriptedConsentAnswer, delayMs = 400): ScriptedConsentAnswer => ({ delayMs, answer });
  const PARKED = (file: string) => `The AI agent's request for the history of ${file} is still waiting. Answer it from the status bar or with "Agent History Helper: Respond to AI Agent's Request for History".`;

  it('a picker closed unanswered parks its request (no denial); Respond reopens it with nothing else waiting', async () => {
    seam.scriptConsent('allow', slow('dismiss'));
    const pending = invoke('history_requestVersions', { filePath: REL });
    await eventually(() => seam.notifications.includes(PARKED(REL)), 'the parked notice');
    assert.strictEqual(seam.pendingRequests, 1, 'the status bar counts it');
    assert.ok(!seam.notifications.some((n) => n.includes('denied')), 'not a denial');
    seam.scriptConsent(slow({ pick: [2] }));
    await vscode.commands.executeCommand('agentOverlay.history.respondToRequest');
    const r = await pending;
    assert.strictEqual(r.status, 'success', JSON.stringify(r));
    assert.strictEqual((r.versions as unknown[]).length, 1);
    assert.deepStrictEqual(seam.prompts.map((p) => [p.kind, p.text]), [
      ['confirm', "AI Agent is requesting access to historical versions for 'hist/sample.txt'."],
      ['pick', 'Share versions of hist/sample.txt with the AI agent'],
      ['pick', 'Share versions of hist/sample.txt with the AI agent'],
    ], 'the status bar entry reopens the picker, without asking Allow again');
    assert.strictEqual(seam.pendingRequests, 0);
  });

  it('two requests waiting: Respond lists both, answers the chosen one first, then the parked one reopens', async () => {
    seam.scriptConsent(slow('allow'), slow('dismiss'));
    const a = invoke('history_requestVersions', { filePath: REL });
    await eventually(() => seam.notifications.includes(PARKED(REL)), 'the parked notice');
    const b = invoke('history_requestVersions', { filePath: 'hist/second.txt' });
    await eventually(() => seam.pendingRequests === 2, 'the second request queued behind the parked one');
    assert.strictEqual(seam.prompts.length, 2, 'the second request waits: no dialog over a parked request');
    seam.scriptConsent(slow({ respond: 1 }), slow('allow'), slow({ pick: [0] }), slow({ pick: [0, 1] }));
    await vscode.commands.executeCommand('agentOverlay.history.respondToRequest');
    const [ra, rb] = await Promise.all([a, b]);
    assert.strictEqual(rb.status, 'success', JSON.stringify(rb));
    assert.strictEqual((rb.versions as unknown[]).length, 1);
    assert.strictEqual(ra.status, 'success', JSON.stringify(ra));
    assert.strictEqual((ra.versions as unknown[]).length, 2);
    assert.deepStrictEqual(seam.prompts.map((p) => [p.kind, p.kind === 'confirm' ? p.text.replace(/.*for '(.*)'\./, '$1') : p.kind === 'pick' ? p.text.replace(/^Share versions of (\S+) .*/, '$1') : p.items]), [
      ['confirm', 'hist/sample.txt'],
      ['pick', 'hist/sample.txt'],
      ['respond', ['hist/sample.txt', 'hist/second.txt']],
      ['confirm', 'hist/second.txt'],
      ['pick', 'hist/second.txt'],
      ['pick', 'hist/sample.txt'],
    ]);
    assertOneAtATime();
  });

  it('"Deny all waiting requests" denies the parked and the queued request, and nothing else', async () => {
    seam.scriptConsent('allow', slow('dismiss'));
    const a = invoke('history_requestVersions', { filePath: REL });
    await eventually(() => seam.notifications.includes(PARKED(REL)), 'the parked notice');
    const b = invoke('history_requestVersions', { filePath: 'hist/second.txt' });
    await eventually(() => seam.pendingRequests === 2, 'two requests pending');
    seam.scriptConsent(slow({ respond: 'denyAll' }));
    await vscode.commands.executeCommand('agentOverlay.history.respondToRequest');
    assert.deepStrictEqual(await Promise.all([a, b]), [{ status: 'denied_by_user' }, { status: 'denied_by_user' }]);
    assert.deepStrictEqual(seam.prompts.map((p) => p.kind), ['confirm', 'pick', 'respond']);
  });

  /** Every dialog was answered before the next one opened. */
  function assertOneAtATime(): void {
    for (let i = 1; i < seam.prompts.length; i++) {
      const [prev, next] = [seam.prompts[i - 1], seam.prompts[i]];
      assert.ok(prev.closed > 0 && prev.closed < next.opened, `dialog ${i} (${prev.kind}) closed (${prev.closed}) before dialog ${i + 1} (${next.kind}) opened (${next.opened})`);
    }
  }

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

  it('non-UTF-8 text versions are decoded as VS Code would; real binary stays refused (issue 16 item 7)', async () => {
    const dot = (stamp: string) => fileUri(`.history/hist/sample_${stamp}.txt`).fsPath;
    fs.mkdirSync(path.dirname(dot('x')), { recursive: true });
    fs.writeFileSync(dot('20240102030401'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])); // "café\n" in Latin-1
    fs.writeFileSync(dot('20240102030402'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('na\u00efve \u2603\n', 'utf16le')]));
    fs.writeFileSync(dot('20240102030403'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
    try {
      seam.scriptConsent('allow', { pick: 'allRecent' });
      const r = await invoke('history_requestVersions', { filePath: REL });
      const versions = r.versions as { id: string; timestamp: string }[];
      const at = (second: number) => versions.find((v) => v.timestamp === new Date(2024, 0, 2, 3, 4, second).toISOString().replace(/\.\d{3}Z$/, 'Z'))!;
      const read = async (second: number) => {
        seam.scriptConsent('allow');
        return invoke('history_getVersionContent', { filePath: REL, versionId: at(second).id });
      };
      assert.strictEqual((await read(1)).content, 'caf\u00e9\n');
      assert.strictEqual((await read(2)).content, 'na\u00efve \u2603\n');
      const binary = await read(3);
      assert.strictEqual(binary.status, 'error');
      assert.match(String(binary.message), /binary/);
    } finally {
      fs.rmSync(fileUri('.history').fsPath, { recursive: true, force: true });
    }
  });

  it('agent requests wait their turn: one dialog at a time, in arrival order', async () => {
    seam.scriptConsent(slow('allow'), slow({ pick: [0] }), slow('deny'));
    const a = invoke('history_requestVersions', { filePath: REL });
    await eventually(() => seam.prompts.length === 1, 'the first dialog');
    const b = invoke('history_requestVersions', { filePath: 'hist/second.txt' });
    await eventually(() => seam.pendingRequests === 1, 'the second request queued while the first dialog is open');
    const [ra, rb] = await Promise.all([a, b]);
    assert.deepStrictEqual([ra.status, rb.status], ['success', 'denied_by_user']);
    assert.deepStrictEqual(seam.prompts.map((p) => [p.kind, p.text]), [
      ['confirm', "AI Agent is requesting access to historical versions for 'hist/sample.txt'."],
      ['pick', 'Share versions of hist/sample.txt with the AI agent'],
      ['confirm', "AI Agent is requesting access to historical versions for 'hist/second.txt'."],
    ]);
    assertOneAtATime();
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
