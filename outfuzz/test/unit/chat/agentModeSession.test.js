"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("assert"));
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const chatSessionStore_1 = require("../../../src/chat/chatSessionStore");
const getRequestTool_1 = require("../../../src/chat/getRequestTool");
const requestRemovalDetector_1 = require("../../../src/chat/requestRemovalDetector");
const chatFixtures_1 = require("./chatFixtures");
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
    let dir;
    let store;
    const lines = fs.readFileSync((0, chatFixtures_1.fixtureSession)(FIXTURE), 'utf8').split('\n').filter(Boolean);
    /** The line that drops the taken-back request (a `requests` splice at index 2). */
    const dropLine = lines.findIndex(l => /^\{"kind":2,"k":\["requests"\],"v":\[.*"i":2\}$/.test(l));
    before(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-mode-session-'));
        fs.copyFileSync((0, chatFixtures_1.fixtureSession)(FIXTURE), path.join(dir, `${SESSION}.jsonl`));
        store = new chatSessionStore_1.ChatSessionStore(dir);
    });
    after(() => (0, chatFixtures_1.removeFolder)(dir));
    it('reads the requests as the user typed them', async () => {
        const s = await store.readSession(SESSION);
        assert.deepStrictEqual(s.requests.map(r => r.text), ['list-tools', 'stage-edit:notes.txt', 'list-tools']);
        assert.strictEqual(s.title, 'list-tools');
    });
    it('chat_getRequest recalls the second request from it', async () => {
        const answer = await new getRequestTool_1.GetRequestTool(store).run({ index: 2 });
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
        const previous = await new chatSessionStore_1.ChatSessionStore(before).readRequestIds(SESSION);
        const next = await store.readRequestIds(SESSION);
        const removed = (0, requestRemovalDetector_1.findRemovedRequests)(previous, next);
        assert.strictEqual(removed.length, 2, JSON.stringify(removed));
        assert.match(removed[0], /^request_[0-9a-f-]{36}$/);
        assert.strictEqual(removed[1], TAKEN_BACK_MESSAGE);
        assert.ok(next.includes(NOTES_MESSAGE), 'the kept request keeps its alias id');
    });
});
//# sourceMappingURL=agentModeSession.test.js.map