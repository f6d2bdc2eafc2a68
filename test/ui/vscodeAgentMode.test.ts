import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ChatSessionStore } from '../../src/chat/chatSessionStore';
import type { ChatRequestRecord } from '../../src/chat/parseChatSession';
import { GetRequestTool } from '../../src/chat/getRequestTool';
import { ARTIFACTS, REPO_ROOT } from '../harness/vscodeHost';
import { ChatView, SignInRequired } from './chatView';
import { Workbench, screenshotOnFailure } from './workbench';

/**
 * Issue 17 items 1, 2, 3 (the guard rails' hook), 5 and 6 in the real agent loop: VS Code 1.139.1's own Chat view, in agent mode, run by the
 * built-in Copilot Chat 0.67 on a third-party model (the tests' scripted model, test/fixtures/chat/
 * scripted-chat-extension) with no GitHub sign-in. The model answers `list-tools` with the names of the tools the
 * request offers it, and `stage-edit:<path>` with an overlay_writeFile call.
 */
const SCRIPTED_CHAT = path.join(REPO_ROOT, 'test', 'fixtures', 'chat', 'scripted-chat-extension');
const OVERLAY_TOOLS = ['overlay_readFile', 'overlay_writeFile', 'overlay_editFile', 'overlay_deleteFile', 'overlay_renameFile',
  'overlay_listDirectory', 'overlay_search', 'overlay_listChanges', 'overlay_getConflict', 'overlay_resolveConflict', 'overlay_discardChanges'];
/** Copilot Chat 0.67's read, search and listing tools, which see only the disk: the Staged agent has the overlay's instead. */
const BUILT_IN_DISK_READERS = ['read_file', 'grep_search', 'file_search', 'list_dir', 'semantic_search'];
/** Copilot Chat 0.67's tools that write to the disk, as the model sees them (its answer in plain Agent mode lists them). */
const BUILT_IN_WRITERS = ['create_file', 'replace_string_in_file', 'insert_edit_into_file', 'create_directory', 'edit_notebook_file', 'run_in_terminal'];

function offeredTools(answer: string): string[] {
  const line = /offered tools: (.*)/.exec(answer)?.[1] ?? '';
  return line.split(',').map(t => t.trim()).filter(Boolean);
}

describe('UI: VS Code agent mode stages through the overlay with the Staged agent', function () {
  // Copilot Chat starts a minute or more after the window on this offline machine, and more than four under load
  // (stop 34's local CI, with a crash sweep beside it): the wait for its agents below is long, and ends on the event.
  this.timeout(600_000);
  let wb: Workbench;
  let chat: ChatView;
  let notesMessage = '';
  const notesOnDisk = () => fs.readFileSync(path.join(wb.workspace, 'notes.txt'), 'utf8');
  let notesBefore = '';

  before(async () => {
    // The guard rails (issue 17 item 3) are on for the whole window: they deny only the built-in writers, which the
    // Staged agent is never offered, so the other tests see no difference.
    wb = await Workbench.open(undefined, {}, { 'agentOverlay.guardRails.enabled': true }, { extensions: [SCRIPTED_CHAT] });
    await wb.waitForActivation();
    notesBefore = notesOnDisk();
    chat = new ChatView(wb.page);
  });
  afterEach(async function () { await screenshotOnFailure(wb, this.currentTest); });
  after(async () => { await wb?.close(); });

  /**
   * Sends `text` and waits for an answer matching `until`. Copilot's agents show in the picker a moment before its
   * agent takes requests; a request in that moment reaches the chat setup, which asks for a sign-in: the dialog
   * is closed and the request sent again.
   */
  async function ask(text: string, until: RegExp): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await chat.ask(text, until);
      } catch (e) {
        if (!(e instanceof SignInRequired) || attempt === 3) throw e;
        await chat.dismissSignIn();
        await wb.page.waitForTimeout(2_000);
      }
    }
  }

  /** The chat session file VS Code wrote for this window's chat, read with the chat recall's own store. */
  function sessionStore(): ChatSessionStore {
    const storage = path.join(wb.runDir, 'user-data', 'User', 'workspaceStorage');
    const folder = fs.readdirSync(storage).map(d => path.join(storage, d, 'chatSessions')).find(d => fs.existsSync(d));
    assert.ok(folder, 'VS Code wrote a chatSessions folder');
    return new ChatSessionStore(folder);
  }

  /** Waits (up to a minute) until VS Code's periodic flush has written requests that satisfy `done`. */
  async function waitForSessionFile(done: (requests: ChatRequestRecord[]) => boolean): Promise<ChatRequestRecord[]> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const store = sessionStore();
      const sessionId = await store.mostRecentSessionId();
      const requests = sessionId ? [...(await store.readSession(sessionId)).requests] : [];
      if (done(requests)) return requests;
      if (Date.now() > deadline) throw new Error(`the session file never got there: ${JSON.stringify(requests.map(r => r.text))}`);
      await new Promise(r => setTimeout(r, 500));
    }
  }

  it('asks for a GitHub sign-in while the built-in Copilot Chat is disabled, as on every fresh profile', async () => {
    // VS Code 1.139 disables its built-in chat extension until chat setup is completed; a request then reaches the
    // chat setup, which asks to sign in.
    await assert.rejects(chat.ask('list-tools', /offered tools: /), SignInRequired);
    await wb.screenshot('agent-mode-sign-in-while-copilot-disabled');
    await chat.dismissSignIn();
    assert.deepStrictEqual((await chat.agentNames('Agent')).filter(n => n === 'Plan'), [], 'Copilot\'s own agents are not there yet');
  });

  /**
   * What Copilot Chat's logs say of its start: its activation, and whether its conversation feature (which
   * registers the Ask and Plan agents) saw a model. Read when its agents are late, so a CI failure shows it.
   */
  function copilotStart(): string {
    const logs = path.join(wb.runDir, 'user-data', 'logs');
    const lines: string[] = [];
    for (const session of fs.existsSync(logs) ? fs.readdirSync(logs) : []) {
      for (const host of fs.readdirSync(path.join(logs, session)).filter(d => d.startsWith('exthost'))) {
        const dir = path.join(logs, session, host);
        const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : []);
        lines.push(...read(path.join(dir, 'remoteexthost.log')).filter(l => l.includes('GitHub.copilot-chat,')));
        lines.push(...read(path.join(dir, 'GitHub.copilot-chat', 'GitHub Copilot Chat.log'))
          .filter(l => /ConversationFeature|activationBlocker|BYOK|\[error\]/.test(l)).slice(0, 12));
      }
    }
    return lines.length ? lines.map(l => l.slice(0, 240)).join('\n      ') : 'no Copilot Chat log (it never activated)';
  }

  it('runs after Chat: Manage Language Models enables AI features: the scripted model listed, the Staged agent in the picker', async function () {
    this.timeout(900_000);
    await wb.runCommand('Chat: Manage Language Models');
    const editor = wb.page.locator('.monaco-table-tr, .monaco-list-row', { hasText: 'Scripted model' }).first();
    await editor.waitFor({ state: 'visible', timeout: 60_000 });
    await wb.screenshot('agent-mode-language-models');
    await wb.page.keyboard.press('Escape');
    // Copilot's Ask and Plan agents show once Copilot Chat runs; the extension's Staged agent is there from the start.
    // In stop 42's CI they never showed in 9 minutes, where every other run had them within seconds (4 minutes at
    // most under load). Its log goes into the output, and the window is reloaded, as a person would: Copilot Chat,
    // enabled by now, then starts with the window.
    let names: string[];
    try {
      names = await chat.waitForAgent('Plan', 'Agent', 360_000);
    } catch (e) {
      console.log(`    (${(e as Error).message}; Copilot Chat's start:\n      ${copilotStart()}\n    reloading the window)`);
      await wb.reload();
      names = await chat.waitForAgent('Plan', 'Agent', 360_000).catch((again: Error) => {
        throw new Error(`${again.message}, after a reload too; Copilot Chat's start: ${copilotStart()}`);
      });
    }
    assert.ok(names.includes('Staged'), names.join(', '));
    assert.strictEqual(await chat.modelLabel('Scripted model'), 'Scripted model');
    await wb.page.locator('.interactive-input-part .chat-input-toolbars .action-label', { hasText: /^\s*Agent\s*$/ }).first().click();
    await wb.page.locator('.action-widget').first().waitFor({ state: 'visible' });
    await wb.screenshot('agent-mode-agent-picker');
    await wb.page.keyboard.press('Escape');
  });

  it('lists the overlay tool set in the chat\'s Configure Tools picker, under Agent Overlay', async () => {
    await wb.page.locator('.interactive-input-part .chat-input-toolbars .action-label[aria-label="Configure Tools..."]').first().click();
    const picker = wb.page.locator('.quick-input-widget');
    await picker.waitFor({ state: 'visible', timeout: 10_000 });
    await picker.locator('input').first().fill('overlay');
    const group = picker.locator('.monaco-list-row', { hasText: /^Agent Overlay/ }).first();
    await group.waitFor({ state: 'visible', timeout: 10_000 });
    await group.locator('.monaco-tl-twistie').click();
    const set = picker.locator('.monaco-list-row', { hasText: /^overlay\s*Agent Overlay: read and write workspace files as staged changes/ }).first();
    await set.waitFor({ state: 'visible', timeout: 10_000 });
    await wb.screenshot('agent-mode-tool-set');
    await wb.page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden', timeout: 10_000 });
  });

  it('offers the model the overlay tools under the Staged agent, and no built-in tool that writes or sees only the disk', async () => {
    // Plain Agent mode first: the built-in writers really are offered under these names.
    const agentTools = offeredTools(await ask('list-tools', /offered tools: /));
    for (const t of [...BUILT_IN_WRITERS, 'overlay_writeFile']) assert.ok(agentTools.includes(t), `Agent mode offers ${t}: ${agentTools.join(', ')}`);

    await chat.pickAgent('Staged', 'Agent');
    const staged = offeredTools(await ask('list-tools', /offered tools: /));
    for (const t of OVERLAY_TOOLS) assert.ok(staged.includes(t), `Staged offers ${t}: ${staged.join(', ')}`);
    for (const t of [...BUILT_IN_WRITERS, ...BUILT_IN_DISK_READERS]) assert.ok(!staged.includes(t), `Staged must not offer ${t}: ${staged.join(', ')}`);
    await wb.screenshot('agent-mode-staged-tools');
  });

  it('turns the edit the model asks for into a staged change: the disk is untouched, Source Control shows it', async () => {
    const answer = await ask('stage-edit:notes.txt', /tool said: Staged modify of\s+notes\.txt[\s\S]*"linesRemoved"/);
    notesMessage = /"messages": \[\s*"([^"]+)"/.exec(answer)?.[1] ?? '';
    assert.match(notesMessage, /^[0-9a-f-]{36}$/, 'the tool call is tied to a message');
    assert.strictEqual(notesOnDisk(), notesBefore, 'the disk is untouched');
    const view = await wb.openSourceControl();
    await view.locator('.monaco-list-row', { hasText: 'notes.txt' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('agent-mode-staged-change');
  });

  it('prunes exactly the changes of a request taken back with Restore Checkpoint', async () => {
    await ask('stage-edit:src/b.ts', /tool said: Staged create of\s+src\/b\.ts[\s\S]*"linesRemoved"/);
    const view = await wb.openSourceControl();
    const row = (name: string) => view.locator('.monaco-list-row', { hasText: new RegExp(`^${name.replace('.', '\\.')}`) }).first();
    await row('b.ts').waitFor({ state: 'visible', timeout: 30_000 });
    // The extension learns a request's ids from the session file, which VS Code writes every 5 s in a browser
    // window: a request taken back before it was ever written cannot be matched (README, agent mode).
    await waitForSessionFile(requests => requests.some(r => r.text === 'stage-edit:src/b.ts' && r.aliasIds.length === 1));
    await chat.restoreCheckpointOfLastRequest();
    // VS Code drops the taken-back request when the next one is sent; the session file then loses it.
    await ask('list-tools', /offered tools: /);
    await row('b.ts').waitFor({ state: 'hidden', timeout: 60_000 });
    assert.ok(await row('notes.txt').isVisible(), 'the earlier request\'s change stays');
    assert.ok(!fs.existsSync(path.join(wb.workspace, 'src', 'b.ts')), 'never on disk');
    await wb.screenshot('agent-mode-after-restore-checkpoint');
  });

  it('recalls the requests from the session file the Chat view wrote, the staging one tied to its tool call', async () => {
    // The last request (the fourth list-tools) was sent after the taken-back one: once it is in the file, so is the drop.
    const requests = await waitForSessionFile(rs => rs.filter(r => r.text === 'list-tools').length >= 4);
    const texts = requests.map(r => r.text);
    const store = sessionStore();
    const sessionId = (await store.mostRecentSessionId())!;
    assert.deepStrictEqual(texts.filter(t => t !== 'list-tools'), ['stage-edit:notes.txt'], 'the taken-back request is gone from the file');
    const session = await store.readSession(sessionId);
    const staging = session.requests.find(r => r.text === 'stage-edit:notes.txt');
    assert.deepStrictEqual(staging?.aliasIds, [notesMessage], 'the request carries the message id its tool call was recorded under');
    const index = session.requests.indexOf(staging) + 1;
    const recalled = await new GetRequestTool(store).run({ index });
    assert.deepStrictEqual(recalled, { success: true, sessionId, request: 'stage-edit:notes.txt', index, timestamp: staging.timestamp, totalRequests: session.requests.length });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.copyFileSync(path.join(store.folder, `${sessionId}.jsonl`), path.join(ARTIFACTS, 'agent-mode-session.jsonl'));
  });

  it('with the guard rails on, denies VS Code\'s own create_file in plain Agent mode and names the overlay tool', async () => {
    await chat.pickAgent('Agent', 'Staged');
    const target = path.join(wb.workspace, 'guarded.txt');
    const answer = await ask(`builtin-create:${target}`, /tool said: |create_file was not offered/);
    assert.doesNotMatch(answer, /was not offered/, 'plain Agent mode offers create_file');
    // VS Code hands the model the hook's reason as the tool's result.
    assert.match(answer, /Tool execution denied: Agent Overlay guard rail: create_file writes straight to disk[\s\S]*Use overlay_writeFile/, answer);
    assert.ok(!fs.existsSync(target), 'the built-in tool wrote nothing');
    await wb.screenshot('agent-mode-guard-rail-denied');
  });

  it('the Staged agent runs a command through overlay_runCommand: it sees its own staged edit, and what the command writes is staged', async () => {
    // Issue 25: the agent's edit → run → fix loop in the Chat view. notes.txt holds the model's staged text (above).
    await chat.pickAgent('Staged', 'Agent');
    const answer = await ask('run-command:cat notes.txt && echo ran > ran-by-agent.txt', /tool said: |overlay_runCommand was not offered/);
    assert.doesNotMatch(answer, /was not offered/, 'the Staged agent offers overlay_runCommand');
    assert.match(answer, /staged by the scripted model through VS Code agent mode/, 'the command saw the staged content, not the disk');
    assert.match(answer, /ran-by-agent\.txt/, 'the answer lists the file the command wrote as staged');
    assert.strictEqual(notesOnDisk(), notesBefore, 'the disk is untouched');
    assert.ok(!fs.existsSync(path.join(wb.workspace, 'ran-by-agent.txt')), 'what the command wrote is staged, not on disk');
    const view = await wb.openSourceControl();
    await view.locator('.monaco-list-row', { hasText: 'ran-by-agent.txt' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await wb.screenshot('agent-mode-run-command');
  });

  it('the Staged agent\'s answer ends with links to what it staged: clicking one opens the staged diff (issue 27 item 8)', async () => {
    // The scripted model ends with the tools' "review" links, as staged.agent.md asks a model to; the Staged agent
    // is still the one picked (above).
    await ask('stage-edit:notes.txt list-links', /Staged for your review:\s*notes\.txt/);
    const link = chat.answerLinks('notes.txt').last();
    await link.waitFor({ state: 'visible', timeout: 10_000 });
    // Rendered as a link (the chat keeps links in the app's URL scheme), not as plain text.
    const href = (await link.getAttribute('data-href')) ?? (await link.getAttribute('href')) ?? '';
    assert.match(href, /^code-oss:\/\/agent-overlay\.agent-overlay\/staged-diff\?/, href);
    await wb.screenshot('agent-mode-answer-links');
    await link.click();
    const diff = wb.page.locator('.editor-group-container .monaco-diff-editor');
    await diff.locator('.editor.modified', { hasText: 'staged by the scripted model through VS Code agent mode' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await diff.locator('.editor.original', { hasText: notesBefore.split('\n')[0] }).first().waitFor({ state: 'visible', timeout: 10_000 });
    assert.strictEqual(notesOnDisk(), notesBefore, 'opening the link changed nothing on disk');
    await wb.screenshot('agent-mode-answer-link-opens-diff');
  });
});
