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
const path = __importStar(require("path"));
const chatSessionStore_1 = require("../../../src/chat/chatSessionStore");
const chatFixtures_1 = require("./chatFixtures");
const ALL = [
    'basic-log.jsonl', 'compacted.jsonl', 'truncated.jsonl', 'deleted.jsonl', 'torn.jsonl', 'unicode.jsonl', 'empty-session.jsonl',
    'empty-file.jsonl', 'corrupt-middle.jsonl', 'corrupt.json', 'legacy.json', 'both.json', 'both.jsonl', 'bad-path.jsonl', 'no-initial.jsonl', 'notes.txt',
];
async function errorCode(p) {
    try {
        await p;
    }
    catch (e) {
        assert.ok(e instanceof chatSessionStore_1.ChatStorageError, `expected a ChatStorageError, got ${String(e)}`);
        return e.code;
    }
    return assert.fail('expected an error');
}
describe('ChatSessionStore', () => {
    let dir;
    let store;
    before(() => {
        dir = (0, chatFixtures_1.makeChatSessionsFolder)(Object.fromEntries(ALL.map((name, k) => [name, 1_700_000_000 + k * 10])));
        store = new chatSessionStore_1.ChatSessionStore(dir);
    });
    after(() => (0, chatFixtures_1.removeFolder)(dir));
    const texts = async (id) => (await store.readSession(id)).requests.map(r => r.text);
    it('reads a mutation log: pushes, sets, title, timestamps and ids', async () => {
        const s = await store.readSession('basic-log');
        assert.deepStrictEqual(s.requests.map(r => [r.requestId, r.text, r.timestamp]), [
            ['request_1', 'How do I create a React component?', 1768490001000],
            ['request_2', 'Add form validation', 1768490500000],
            ['request_3', 'Now write tests for it\nwith mocha', 1768490900000],
        ]);
        assert.strictEqual(s.title, 'React form');
        assert.strictEqual(s.creationDate, 1768490000000);
        assert.strictEqual(s.lastMessageDate, 1768490900000);
    });
    it('starts over at a compaction (a full state mid-file)', async () => {
        assert.deepStrictEqual(await texts('compacted'), ['first after compaction', 'second after compaction', 'third after compaction', 'fourth, appended after compaction']);
    });
    it('applies array truncation (edit and resend, plain truncate)', async () => {
        assert.deepStrictEqual(await store.readRequestIds('truncated'), ['t_1', 't_2b', 't_4']);
    });
    it('applies deletions: a deleted message leaves its request out, a deleted title falls back', async () => {
        const s = await store.readSession('deleted');
        assert.deepStrictEqual(s.requests.map(r => r.text), ['keep me', 'keep me too']);
        assert.strictEqual(s.skippedRequests, 1);
        assert.strictEqual(s.title, 'keep me');
    });
    it('ignores a torn last line', async () => {
        assert.deepStrictEqual(await texts('torn'), ['complete request', 'second complete request']);
    });
    it('keeps non-ASCII text intact', async () => {
        const [first, second] = await texts('unicode');
        assert.ok(first.startsWith('Объясни, пожалуйста') && first.includes('日本語のコメント 😀🎉'));
        assert.strictEqual(second, 'مرحبا بالعالم — שלום 👋🏽');
    });
    it('reads an empty session as one without requests', async () => {
        const s = await store.readSession('empty-session');
        assert.deepStrictEqual(s.requests, []);
        assert.strictEqual(s.title, undefined);
    });
    it('reads an older flat .json session: plain-string messages, missing timestamps, computed title', async () => {
        const s = await store.readSession('legacy');
        assert.deepStrictEqual(s.requests.map(r => [r.text, r.timestamp]), [
            ['plain string message from an old session', 1768404000000],
            ['message object without a timestamp', undefined],
        ]);
        assert.strictEqual(s.skippedRequests, 1);
        assert.strictEqual(s.title, 'Legacy chat');
    });
    it('prefers the .jsonl when both formats exist for one id', async () => {
        assert.deepStrictEqual(await texts('both'), ['from the jsonl log', 'second, only in the log']);
        assert.strictEqual((await store.findSessionFile('both'))?.format, 'jsonl');
    });
    for (const id of ['empty-file', 'corrupt-middle', 'corrupt', 'bad-path', 'no-initial']) {
        it(`reports ${id} as corrupt, with the file in the message`, async () => {
            await assert.rejects(store.readSession(id), (e) => e instanceof chatSessionStore_1.ChatStorageError && e.code === 'corrupt' && e.message.includes(id));
        });
    }
    it('reports a missing session as not found, and an id that is not a file name as invalid', async () => {
        assert.strictEqual(await errorCode(store.readSession('no-such-session')), 'notFound');
        for (const bad of ['../basic-log', 'a/b', 'a\\b', '..', '', 'C:x'])
            assert.strictEqual(await errorCode(store.readSession(bad)), 'invalidId', bad);
    });
    it('lists one file per session, newest first, skipping files that are not sessions', async () => {
        const files = await store.listSessionFiles();
        const ids = files.map(f => f.sessionId);
        assert.strictEqual(ids.length, new Set(ids).size);
        assert.ok(!ids.includes('notes'));
        assert.deepStrictEqual(ids.slice(0, 3), ['no-initial', 'bad-path', 'both']);
        assert.strictEqual(files.find(f => f.sessionId === 'both')?.format, 'jsonl');
        assert.strictEqual(await store.mostRecentSessionId(), 'no-initial');
    });
    it('takes the named session as the current one, else the newest', async () => {
        assert.strictEqual(await store.currentSessionId('legacy'), 'legacy');
        assert.strictEqual(await store.currentSessionId('vscode-chat-session://local/' + Buffer.from('legacy').toString('base64url')), 'legacy');
        assert.strictEqual(await store.currentSessionId(''), 'no-initial');
        assert.strictEqual(await store.currentSessionId(), 'no-initial');
    });
    it('builds an index with titles, dates, counts, and an error for unreadable files', async () => {
        const index = await store.readIndex();
        const basic = index.find(e => e.sessionId === 'basic-log');
        assert.deepStrictEqual(basic, { sessionId: 'basic-log', format: 'jsonl', mtimeMs: basic.mtimeMs, title: 'React form', lastMessageDate: 1768490900000, requestCount: 3 });
        assert.strictEqual(index.find(e => e.sessionId === 'corrupt')?.error, 'corrupt');
        assert.strictEqual(index.length, 14);
    });
    it('sees a session change on disk (the cache is keyed by mtime and size)', async () => {
        const local = (0, chatFixtures_1.makeChatSessionsFolder)({ 'basic-log.jsonl': 1_700_000_000 });
        try {
            const s = new chatSessionStore_1.ChatSessionStore(local);
            assert.strictEqual((await s.readSession('basic-log')).requests.length, 3);
            const file = path.join(local, 'basic-log.jsonl');
            fs.appendFileSync(file, JSON.stringify({ kind: 2, k: ['requests'], v: [{ requestId: 'request_4', message: { text: 'fourth' } }] }) + '\n');
            fs.utimesSync(file, 1_700_000_100, 1_700_000_100);
            assert.strictEqual((await s.readSession('basic-log')).requests.length, 4);
        }
        finally {
            (0, chatFixtures_1.removeFolder)(local);
        }
    });
    it('has no sessions when the folder does not exist', async () => {
        const s = new chatSessionStore_1.ChatSessionStore(path.join(dir, 'missing', 'chatSessions'));
        assert.deepStrictEqual(await s.listSessionFiles(), []);
        assert.strictEqual(await s.mostRecentSessionId(), undefined);
        assert.strictEqual(await errorCode(s.readSession('basic-log')), 'notFound');
    });
    it('refuses files above the size limit', async () => {
        const s = new chatSessionStore_1.ChatSessionStore(dir, { maxFileBytes: 100 });
        assert.strictEqual(await errorCode(s.readSession('basic-log')), 'tooLarge');
    });
    it('reports storage it cannot read as unavailable', async () => {
        const denied = () => Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }));
        const failing = { readdir: denied, stat: denied, readFile: denied };
        const s = new chatSessionStore_1.ChatSessionStore(dir, { fs: failing });
        assert.strictEqual(await errorCode(s.listSessionFiles()), 'unavailable');
        assert.strictEqual(await errorCode(s.readSession('basic-log')), 'unavailable');
        const readFails = new chatSessionStore_1.ChatSessionStore(dir, { fs: { ...chatSessionStore_1.nodeChatStorageFs, readFile: denied } });
        assert.strictEqual(await errorCode(readFails.readSession('basic-log')), 'unavailable');
    });
});
describe('isValidSessionId', () => {
    it('accepts VS Code\'s ids and refuses path tricks', () => {
        for (const ok of ['chat-123456789', 'a1b2c3d4-e5f6-7890-abcd-ef0123456789', 'ünï'])
            assert.ok((0, chatSessionStore_1.isValidSessionId)(ok), ok);
        for (const bad of ['', '.', '..', 'a/b', 'a\\b', 'x\0', ' padded ', 'c:x', 'x'.repeat(201)])
            assert.ok(!(0, chatSessionStore_1.isValidSessionId)(bad), bad);
    });
});
//# sourceMappingURL=chatSessionStore.test.js.map