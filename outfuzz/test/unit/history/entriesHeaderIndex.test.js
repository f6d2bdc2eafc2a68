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
const entriesHeaderIndex_1 = require("../../../src/history/entriesHeaderIndex");
const localHistoryHash_1 = require("../../../src/history/localHistoryHash");
const localHistoryReader_1 = require("../../../src/history/localHistoryReader");
const resourceUri_1 = require("../../../src/history/resourceUri");
const historyTestUtil_1 = require("./historyTestUtil");
describe('EntriesHeaderIndex (fallback when the remote authority is unknown)', () => {
    let tmp;
    let historyRoot;
    beforeEach(() => {
        tmp = (0, historyTestUtil_1.makeTempDir)('idx');
        historyRoot = path.join((0, historyTestUtil_1.copyVscodeFixture)(tmp.dir), 'History');
    });
    afterEach(() => tmp.cleanup());
    function addFolder(resource, opts = {}) {
        const folderName = opts.folderName ?? (0, localHistoryHash_1.localHistoryFolderName)(resource);
        const folder = path.join(historyRoot, folderName);
        fs.mkdirSync(folder, { recursive: true });
        fs.writeFileSync(path.join(folder, 'Ab12.ts'), `content of ${resource}`);
        fs.writeFileSync(path.join(folder, 'entries.json'), opts.entriesJson ?? JSON.stringify({ version: 1, resource, entries: [{ id: 'Ab12.ts', timestamp: 1_700_000_000_000 }] }));
        if (opts.mtime !== undefined)
            (0, historyTestUtil_1.setMtime)(folder, opts.mtime);
        return folderName;
    }
    it('maps a path to its folders from the entries.json headers, and learns the remote authority', async () => {
        const viaHost = addFolder((0, resourceUri_1.remoteUriString)('localhost:8080', '/home/coder/p/a.ts'));
        const viaIp = addFolder((0, resourceUri_1.remoteUriString)('127.0.0.1:8080', '/home/coder/p/a.ts'));
        addFolder((0, resourceUri_1.remoteUriString)('localhost:8080', '/home/coder/p/b.ts'));
        addFolder('vscode-userdata:/home/coder/.local/share/code-server/User/settings.json');
        const index = await entriesHeaderIndex_1.EntriesHeaderIndex.build(historyRoot);
        const hits = index.lookup('/home/coder/p/a.ts');
        assert.deepStrictEqual(hits.map((h) => h.folderName).sort(), [viaHost, viaIp].sort());
        assert.deepStrictEqual(index.authorities(), ['localhost:8080', '127.0.0.1:8080']);
        assert.deepStrictEqual(index.lookup('/home/coder/.local/share/code-server/User/settings.json'), [], 'only file: and vscode-remote: are indexed');
        assert.strictEqual(index.stats.truncated, false);
    });
    it('reads at most headerBytes of each entries.json and never an entry file', async () => {
        addFolder((0, resourceUri_1.remoteUriString)('ssh-remote+box', '/srv/app/main.go'));
        const rec = (0, historyTestUtil_1.recordingFs)();
        await entriesHeaderIndex_1.EntriesHeaderIndex.build(historyRoot, { fs: rec.fs, headerBytes: 512 });
        assert.ok(rec.calls.length > 0);
        for (const call of rec.calls) {
            if (call.op === 'readdir')
                assert.strictEqual(call.path, historyRoot);
            else {
                assert.strictEqual(call.op, 'readHead', `unexpected ${call.op} ${call.path}`);
                assert.strictEqual(path.basename(call.path), 'entries.json');
                assert.strictEqual(call.maxBytes, 512);
            }
        }
    });
    it('finds Windows paths whatever the drive letter case', async () => {
        const index = await entriesHeaderIndex_1.EntriesHeaderIndex.build(historyRoot);
        assert.deepStrictEqual(index.lookup('/C:/Users/Navee/gits/code-provenance/src/api/BobApiClient.ts').map((h) => h.folderName), ['2368b779']);
        const folded = await entriesHeaderIndex_1.EntriesHeaderIndex.build(historyRoot, { caseInsensitivePaths: true });
        assert.strictEqual(folded.lookup('/c:/users/navee/GITS/code-provenance/src/api/BobApiClient.ts').length, 1);
    });
    it('skips folders without a readable header instead of failing', async () => {
        addFolder('file:///ws/corrupt.ts', { entriesJson: '{"version":1,"resou' });
        addFolder('file:///ws/long.ts', { entriesJson: `{"version":1,"padding":"${'x'.repeat(5000)}","resource":"file:///ws/long.ts"}` });
        fs.mkdirSync(path.join(historyRoot, '1234abcd')); // no entries.json yet
        fs.mkdirSync(path.join(historyRoot, 'not-a-hash'));
        const index = await entriesHeaderIndex_1.EntriesHeaderIndex.build(historyRoot, { headerBytes: 4096 });
        assert.deepStrictEqual(index.lookup('/ws/corrupt.ts'), []);
        assert.deepStrictEqual(index.lookup('/ws/long.ts'), [], 'a resource beyond headerBytes is not read');
        assert.strictEqual(index.stats.withoutHeader, 3);
        assert.strictEqual(index.stats.foldersSeen, 5, 'not-a-hash is not a history folder');
    });
    it('is bounded in folder count, keeping the most recently modified', async () => {
        for (let i = 0; i < 10; i++)
            addFolder(`file:///ws/f${i}.ts`, { mtime: 1_600_000_000_000 + i * 1000 });
        (0, historyTestUtil_1.setMtime)(path.join(historyRoot, '-7eb5368e'), 1_500_000_000_000);
        (0, historyTestUtil_1.setMtime)(path.join(historyRoot, '2368b779'), 1_500_000_000_000);
        const index = await entriesHeaderIndex_1.EntriesHeaderIndex.build(historyRoot, { maxFolders: 3 });
        assert.strictEqual(index.stats.truncated, true);
        assert.strictEqual(index.stats.indexed, 3);
        assert.deepStrictEqual(['/ws/f9.ts', '/ws/f8.ts', '/ws/f7.ts'].map((p) => index.lookup(p).length), [1, 1, 1]);
        assert.strictEqual(index.lookup('/ws/f0.ts').length, 0);
    });
    it('is bounded in memory', async () => {
        for (let i = 0; i < 50; i++)
            addFolder(`file:///ws/${'deep/'.repeat(20)}f${i}.ts`);
        const index = await entriesHeaderIndex_1.EntriesHeaderIndex.build(historyRoot, { maxMemoryBytes: 4096 });
        assert.strictEqual(index.stats.truncated, true);
        assert.ok(index.stats.approxBytes <= 4096);
        assert.ok(index.stats.indexed < 52);
    });
    it('gives an empty index when there is no History/ yet', async () => {
        const index = await entriesHeaderIndex_1.EntriesHeaderIndex.build(path.join(tmp.dir, 'nope', 'History'));
        assert.strictEqual(index.stats.foldersSeen, 0);
        assert.deepStrictEqual(index.lookup('/x'), []);
    });
    it('leads the reader to a folder the hash alone would not find', async () => {
        // A folder whose name is not hash(resource) (e.g. written by the 2022 toString(true) era): only the index finds it.
        const resource = (0, resourceUri_1.remoteUriString)('localhost:8080', '/home/coder/p/a.ts');
        addFolder(resource, { folderName: '1a2b3c4d' });
        const reader = new localHistoryReader_1.LocalHistoryReader(path.dirname(historyRoot));
        assert.deepStrictEqual((await reader.listVersions(resource)).versions, []);
        const index = await entriesHeaderIndex_1.EntriesHeaderIndex.build(historyRoot);
        const listing = await reader.listVersionsIn(index.lookup('/home/coder/p/a.ts'));
        assert.deepStrictEqual(listing.versions.map((v) => v.sourceId), ['Ab12.ts']);
    });
});
//# sourceMappingURL=entriesHeaderIndex.test.js.map