import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ChatSessionStore } from '../../../src/chat/chatSessionStore';
import { GetRequestTool } from '../../../src/chat/getRequestTool';
import { findRemovedRequests } from '../../../src/chat/requestRemovalDetector';
import { fixtureSession, removeFolder } from './chatFixtures';

/**
 * A session file VS Code 1.139.1's own Chat view wrote (code-server 4.139.1, Copilot Chat 0.67.0), in agent mode
 * with the Staged agent and the tests' scripted model: "list-tools" (answered by the chat setup before Copilot
 * had started), "stage-edit:notes.txt" (one overlay_writeFile call), "stage-edit:src/b.ts" (one call, then taken
 * back with Restore Checkpoint), and "list-tools" again, which dropped the taken-back request from the file.
 */
const FIXTURE = 'agent-mode-1.139.jsonl';
const SESSION = '29b1bc62-3b9c-466b-9239-689a22c0d882';
/** The message ids the overlay tools reported for the two stage-edit requests (their answers are in the file). */
const NOTES_MESSAGE = 'fffd24d7-d422-447c-b3b8-4885820d5b67';
const TAKEN_BACK_MESSAGE = '2f22e2ad-4e0f-42a8-a9e3-3ed70b7efb5d';

describe('a chat session written by VS Code\'s Chat view in agent mode', () => {
  let dir: string;
  let store: ChatSessionStore;
  const lines = fs.readFileSync(fixtureSession(FIXTURE), 'utf8').split('\n').filter(Boolean);
  /** The line that drops the taken-back request (a `requests` splice at index 2). */
  const dropLine = lines.findIndex(l => /^\{"kind":2,"k":\["requests"\],"v":\[.*"i":2\}$/.test(l));

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-mode-session-'));
    fs.copyFileSync(fixtureSession(FIXTURE), path.join(dir, `${SESSION}.jsonl`));
    store = new ChatSessionStore(dir);
  });
  after(() => removeFolder(dir));

  it('reads the requests as the user typed them', async () => {
    const s = await store.readSession(SESSION);
    assert.deepStrictEqual(s.requests.map(r => r.text), ['list-tools', 'stage-edit:notes.txt', 'list-tools']);
    assert.strictEqual(s.title, 'list-tools');
  });

  it('chat_getRequest recalls the second request from it', async () => {
    const answer = await new GetRequestTool(store).run({ index: 2 });
    assert.deepStrictEqual(answer, { success: true, sessionId: SESSION, request: 'stage-edit:notes.txt', index: 2, timestamp: 1795509561366, totalRequests: 3 });
  });

  it('ties the staging request to the message id the overlay tool recorded (Copilot\'s turn id)', async () => {
    const s = await store.readSession(SESSION);
    const staging = s.requests[1];
    assert.deepStrictEqual(staging.aliasIds, [NOTES_MESSAGE]);
    // The tool's own answer, saved in the same request, names that id as its message.
    assert.ok(lines.some(l => l.includes(`"requestId":"${staging.requestId}"`) && l.includes(`\\"messages\\": [\\n    \\"${NOTES_MESSAGE}\\"`)));
    assert.deepStrictEqual(s.requests[0].aliasIds, [], 'the request the chat setup answered ran no tool');
  });

  it('reports the taken-back request under both its ids once the file drops it', async () => {
    assert.ok(dropLine > 0, 'the fixture holds the line that drops the request');
    const before = path.join(dir, 'before');
    fs.mkdirSync(before);
    fs.writeFileSync(path.join(before, `${SESSION}.jsonl`), lines.slice(0, dropLine).join('\n') + '\n');
    const previous = await new ChatSessionStore(before).readRequestIds(SESSION);
    const next = await store.readRequestIds(SESSION);
    const removed = findRemovedRequests(previous, next);
    assert.strictEqual(removed.length, 2, JSON.stringify(removed));
    assert.match(removed[0], /^request_[0-9a-f-]{36}$/);
    assert.strictEqual(removed[1], TAKEN_BACK_MESSAGE);
    assert.ok(next.includes(NOTES_MESSAGE), 'the kept request keeps its alias id');
  });
});
