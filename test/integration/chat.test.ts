import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

/**
 * Chat request recall in the real extension host (SPEC §5, seed 001): the `chat_getFirstRequest` and
 * `chat_getRequest` tools over the chat storage VS Code keeps for this workspace, first with session files
 * written by the test in both formats, then with a session VS Code itself writes while a scripted language
 * model and chat participant (test/fixtures/chat/scripted-chat-extension, installed as a .vsix at run time)
 * answer real chat requests and call the tools with the request's invocation token.
 */

const EXTENSION_ID = 'agent-overlay.agent-overlay';
const TEST_COMMAND = 'agentOverlay.test.chatRecall';
const REPO = path.resolve(__dirname, '..', '..', '..');
const FIXTURES = path.join(REPO, 'test', 'fixtures', 'chat');
const SCRIPTED_EXTENSION_ID = 'agent-overlay-tests.scripted-chat';

interface Answer { summary: string; data: Record<string, unknown> }

async function callTool(name: string, input: object, toolInvocationToken?: vscode.ChatParticipantToolToken): Promise<Answer> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken });
  return parseAnswer(result.content.map(p => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join(''));
}

function parseAnswer(text: string): Answer {
  const nl = text.indexOf('\n');
  return { summary: text.slice(0, nl), data: JSON.parse(text.slice(nl + 1)) as Record<string, unknown> };
}

const first = async (input: object = {}) => (await callTool('chat_getFirstRequest', input)).data;
const nth = async (input: object) => (await callTool('chat_getRequest', input)).data;

/** Polls `probe` until it returns a value (every 100 ms); mocha's timeout bounds the wait. */
async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise(r => setTimeout(r, 100));
  }
}

describe('chat: request recall over VS Code\'s chat storage', function () {
  this.timeout(120_000);
  let folder: string;

  before(async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    folder = await vscode.commands.executeCommand<string>(TEST_COMMAND, 'folder');
  });

  it('reads the chatSessions folder beside the extension\'s own workspace storage', () => {
    const runDir = process.env.AGENT_OVERLAY_TEST_RUN_DIR!;
    const workspaceStorage = path.join(runDir, 'user-data', 'User', 'workspaceStorage');
    assert.strictEqual(path.basename(folder), 'chatSessions');
    assert.strictEqual(path.dirname(path.dirname(folder)), workspaceStorage, 'this workspace\'s storage folder');
  });

  describe('session files in both formats', () => {
    const written: string[] = [];
    const put = (fixture: string, name: string, mtime?: number) => {
      fs.mkdirSync(folder, { recursive: true });
      const target = path.join(folder, name);
      fs.copyFileSync(path.join(FIXTURES, 'sessions', fixture), target);
      if (mtime !== undefined) fs.utimesSync(target, mtime / 1000, mtime / 1000);
      written.push(target);
    };

    before(() => {
      const now = Date.now();
      put('legacy.json', 'it-legacy.json', now - 60_000);
      put('basic-log.jsonl', 'it-basic.jsonl', now + 3_600_000); // the most recently modified: "the current dialog"
      put('empty-session.jsonl', 'it-empty.jsonl', now - 60_000);
      put('corrupt.json', 'it-corrupt.json', now - 60_000);
      put('both.json', 'it-both.json', now - 60_000);
      put('both.jsonl', 'it-both.jsonl', now - 60_000);
    });
    after(() => {
      for (const f of written) fs.rmSync(f, { force: true });
    });

    it('returns the first request of the most recently modified session (a .jsonl log) when none is named', async () => {
      assert.deepStrictEqual(await first(), {
        success: true, sessionId: 'it-basic', firstRequest: 'How do I create a React component?', timestamp: 1768490001000, requestsCount: 3,
      });
    });

    it('returns any request by position, in full', async () => {
      assert.deepStrictEqual(await nth({ index: 3 }), {
        success: true, sessionId: 'it-basic', request: 'Now write tests for it\nwith mocha', index: 3, timestamp: 1768490900000, totalRequests: 3,
      });
    });

    it('reads an older flat .json session named by id, plain-string messages and missing timestamps included', async () => {
      assert.deepStrictEqual(await first({ sessionId: 'it-legacy' }), {
        success: true, sessionId: 'it-legacy', firstRequest: 'plain string message from an old session', timestamp: 1768404000000, requestsCount: 2,
      });
      assert.deepStrictEqual(await nth({ index: 2, sessionId: 'it-legacy' }), {
        success: true, sessionId: 'it-legacy', request: 'message object without a timestamp', index: 2, timestamp: null, totalRequests: 2,
      });
    });

    it('prefers the .jsonl log when both files exist, and accepts a session resource URI as the id', async () => {
      const resource = `vscode-chat-session://local/${Buffer.from('it-both').toString('base64url')}`;
      const data = await first({ sessionId: resource });
      assert.strictEqual(data.sessionId, 'it-both');
      assert.strictEqual(data.firstRequest, 'from the jsonl log');
    });

    it('answers with the seed\'s exact error strings', async () => {
      assert.deepStrictEqual(await first({ sessionId: 'it-missing' }), { success: false, error: 'Session not found: it-missing' });
      assert.deepStrictEqual(await first({ sessionId: '../../../etc/passwd' }), { success: false, error: 'Session not found: ../../../etc/passwd' });
      assert.deepStrictEqual(await first({ sessionId: 'it-empty' }), { success: false, error: 'First request not available' });
      assert.deepStrictEqual(await nth({ index: 0 }), { success: false, error: 'Index must be 1 or greater' });
      assert.deepStrictEqual(await nth({ index: 4, sessionId: 'it-basic' }), { success: false, error: 'Index 4 exceeds total requests (3)' });
      assert.deepStrictEqual(await nth({ index: 1, sessionId: 'it-corrupt' }), { success: false, error: 'Chat data not available for session' });
    });

    it('says what failed in the summary line, and keeps a schema violation in the shared error shape', async () => {
      const answer = await callTool('chat_getRequest', { index: 9, sessionId: 'it-basic' });
      assert.strictEqual(answer.summary, 'chat_getRequest failed: Index 9 exceeds total requests (3)');
      const bad = await callTool('chat_getRequest', { index: 'two' });
      assert.match(bad.summary, /^chat_getRequest failed: Invalid input/);
    });
  });

  describe('the removal watcher', () => {
    const file = () => path.join(folder, 'it-watch.jsonl');
    const request = (id: string, text: string) => ({ requestId: id, timestamp: 1768490000000, message: { text, parts: [] }, variableData: { variables: [] }, response: [] });
    after(() => fs.rmSync(file(), { force: true }));

    it('reports requests that vanish from a session (truncated log), then the rest when the session file is deleted', async () => {
      fs.mkdirSync(folder, { recursive: true });
      const initial = { kind: 0, v: { version: 3, sessionId: 'it-watch', creationDate: 1768490000000, requests: [request('w1', 'one'), request('w2', 'two'), request('w3', 'three')] } };
      fs.writeFileSync(file(), JSON.stringify(initial) + '\n');
      await until(async () => {
        const known = await vscode.commands.executeCommand<string[] | undefined>(TEST_COMMAND, 'known', 'it-watch');
        return known?.length === 3 ? known : undefined;
      }, 'the watcher to read the new session');
      // What VS Code appends when the user deletes request 2 (and so 3): truncate `requests` to 1 entry.
      fs.appendFileSync(file(), JSON.stringify({ kind: 2, k: ['requests'], i: 1 }) + '\n');
      const removed = (sessionId: string, ids: string[]) => until(async () => {
        const events = await vscode.commands.executeCommand<{ sessionId: string; requestIds: string[] }[]>(TEST_COMMAND, 'removed');
        return events.find(e => e.sessionId === sessionId && JSON.stringify(e.requestIds) === JSON.stringify(ids));
      }, `removal of ${ids.join(', ')}`);
      await removed('it-watch', ['w2', 'w3']);
      fs.rmSync(file());
      await removed('it-watch', ['w1']);
    });
  });

  describe('real chat requests (scripted model and participant)', () => {
    let sessionId: string;
    const prompt1 = '@recall We are building a release checklist for the 2.0 launch, covering docs, tests and packaging #first';

    interface ToolRun { prompt: string; tool: string; input: object; text: string; token: { sessionResource?: { path: string; scheme: string; authority: string } } | null }
    const results = () => vscode.commands.executeCommand<ToolRun[]>('scriptedChat.results');
    async function ask(query: string): Promise<ToolRun> {
      const before = (await results()).length;
      await vscode.commands.executeCommand('workbench.action.chat.open', { query, isPartialQuery: false });
      return until(async () => (await results())[before], `the participant to answer "${query}"`);
    }

    before(async function () {
      // Package the fixture extension and install it into this run's extensions folder.
      const runDir = process.env.AGENT_OVERLAY_TEST_RUN_DIR!;
      const work = path.join(runDir, 'scripted-chat-extension');
      fs.cpSync(path.join(FIXTURES, 'scripted-chat-extension'), work, { recursive: true });
      const vsix = path.join(runDir, 'scripted-chat.vsix');
      execFileSync(process.execPath, [path.join(REPO, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '--skip-license',
        '--allow-missing-repository', '--allow-star-activation', '-o', vsix], { cwd: work, stdio: 'pipe' });
      await vscode.commands.executeCommand('workbench.extensions.installExtension', vscode.Uri.file(vsix));
      await until(() => vscode.extensions.getExtension(SCRIPTED_EXTENSION_ID), 'the scripted chat extension to load');
      // Selecting its model activates it (registering the model and `@recall`) before the first request.
      await until(async () => ((await vscode.lm.selectChatModels({ vendor: 'agent-overlay-scripted' })).length ? true : undefined), 'the scripted model');
    });

    it('the first request\'s own tool call names its session; the request itself may not be saved yet', async () => {
      const run = await ask(prompt1);
      assert.strictEqual(run.tool, 'chat_getFirstRequest');
      const resource = run.token?.sessionResource;
      assert.ok(resource && resource.scheme === 'vscode-chat-session' && resource.authority === 'local', JSON.stringify(run.token));
      sessionId = Buffer.from(resource.path.slice(1), 'base64url').toString('utf8');
      // VS Code saves chat sessions on its storage flush (every 5 s in a browser window, every minute on desktop),
      // so the request in progress may not be in the file yet: then the file is missing or has no request.
      const data = parseAnswer(run.text).data;
      if (data.success) {
        assert.deepStrictEqual([data.sessionId, data.firstRequest], [sessionId, Array.from(prompt1).slice(0, 80).join('')]);
      } else {
        assert.ok(['First request not available', 'Chat data not available for session'].includes(data.error as string), data.error as string);
      }
    });

    it('VS Code writes the session where the tools read it; the tools return the request as typed', async () => {
      const data = await until(async () => {
        const d = await first({ sessionId });
        return d.success ? d : undefined;
      }, 'VS Code to save the chat session');
      assert.ok(fs.existsSync(path.join(folder, `${sessionId}.jsonl`)), 'VS Code 1.139 writes the .jsonl log');
      assert.deepStrictEqual({ ...data, timestamp: typeof data.timestamp }, {
        success: true, sessionId, firstRequest: Array.from(prompt1).slice(0, 80).join(''), timestamp: 'number', requestsCount: 1,
      });
      // Without a session id and outside a chat, "the current dialog" is the most recently modified session: this one.
      assert.strictEqual((await first()).sessionId, sessionId);
    });

    it('a later request\'s tool call answers from the invocation\'s own session, even when another session is newer', async () => {
      const decoy = path.join(folder, 'it-decoy.jsonl');
      fs.copyFileSync(path.join(FIXTURES, 'sessions', 'basic-log.jsonl'), decoy);
      fs.utimesSync(decoy, Date.now() / 1000 + 3600, Date.now() / 1000 + 3600);
      try {
        assert.strictEqual((await first()).sessionId, 'it-decoy', 'the decoy is the most recently modified session');
        const run = await ask('@recall what did I ask first? #request 1');
        assert.strictEqual(run.tool, 'chat_getRequest');
        const data = parseAnswer(run.text).data;
        // The request in progress may already be saved (VS Code flushes every 5 s in a browser window; on a loaded
        // machine the flush can come before the tool call): the total is 1 or 2, what is asserted is whose session
        // answered (session 19's CI saw 2 once).
        assert.ok([1, 2].includes(data.totalRequests as number), `totalRequests ${String(data.totalRequests)}`);
        assert.deepStrictEqual({ ...data, timestamp: typeof data.timestamp, totalRequests: 'counted' }, {
          success: true, sessionId, request: prompt1, index: 1, timestamp: 'number', totalRequests: 'counted',
        });
      } finally {
        fs.rmSync(decoy, { force: true });
      }
    });

    it('after VS Code saves again, both requests are there and positions past the end are refused', async () => {
      await until(async () => ((await first({ sessionId })).requestsCount === 2 ? true : undefined), 'VS Code to save the second request');
      assert.deepStrictEqual(await nth({ index: 2, sessionId }).then(d => [d.request, d.index, d.totalRequests]), ['@recall what did I ask first? #request 1', 2, 2]);
      assert.deepStrictEqual(await nth({ index: 3, sessionId }), { success: false, error: 'Index 3 exceeds total requests (2)' });
    });

    it('reports the request VS Code removes when the user retries the last one', async () => {
      const before = (await nth({ index: 2, sessionId })) as { request: string };
      assert.ok(before.request);
      const ids = async () => vscode.commands.executeCommand<string[] | undefined>(TEST_COMMAND, 'known', sessionId);
      const known = await until(async () => ((await ids())?.length === 2 ? await ids() : undefined), 'the watcher to know both requests');
      const runs = (await results()).length;
      await vscode.commands.executeCommand('workbench.action.chat.retry', { sessionResource: vscode.Uri.parse(`vscode-chat-session://local/${Buffer.from(sessionId).toString('base64url')}`) });
      await until(async () => ((await results()).length > runs ? true : undefined), 'the retried request to run');
      await until(async () => {
        const events = await vscode.commands.executeCommand<{ sessionId: string; requestIds: string[] }[]>(TEST_COMMAND, 'removed');
        return events.find(e => e.sessionId === sessionId && e.requestIds.includes(known![1]));
      }, 'the removal of the retried request');
    });
  });
});
