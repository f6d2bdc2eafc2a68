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
const historySources_1 = require("../../../src/history/historySources");
const localHistoryHash_1 = require("../../../src/history/localHistoryHash");
const resourceUri_1 = require("../../../src/history/resourceUri");
const historyTestUtil_1 = require("./historyTestUtil");
describe('HistorySources (both stores, one file)', () => {
    let tmp;
    let user;
    let ws;
    let file;
    const AUTH = '127.0.0.1:8080';
    beforeEach(() => {
        tmp = (0, historyTestUtil_1.makeTempDir)('src');
        user = path.join(tmp.dir, 'User');
        ws = path.join(tmp.dir, 'ws');
        fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
        fs.writeFileSync(path.join(ws, 'src', 'a.ts'), 'now');
        file = { absolutePath: path.join(ws, 'src', 'a.ts'), root: { path: ws }, relativePath: 'src/a.ts' };
    });
    afterEach(() => tmp.cleanup());
    function addFolder(resource, entries, source) {
        const folder = path.join(user, 'History', (0, localHistoryHash_1.localHistoryFolderName)(resource));
        fs.mkdirSync(folder, { recursive: true });
        for (const [id, [content, ts]] of Object.entries(entries)) {
            fs.writeFileSync(path.join(folder, id), content);
            (0, historyTestUtil_1.setMtime)(path.join(folder, id), ts);
        }
        fs.writeFileSync(path.join(folder, 'entries.json'), JSON.stringify({
            version: 1, resource, entries: Object.entries(entries).map(([id, [, timestamp]]) => ({ id, timestamp, ...(source ? { source } : {}) })),
        }));
        return folder;
    }
    function logSink() {
        const lines = [];
        return { lines, info: (m) => lines.push(`info ${m}`), warn: (m) => lines.push(`warn ${m}`), error: (m) => lines.push(`error ${m}`) };
    }
    const ids = (versions) => versions.map((v) => v.sourceId);
    it('finds the code-server folder (vscode-remote://<authority><path>) directly, reading no other folder', async () => {
        const mine = addFolder((0, resourceUri_1.remoteUriString)(AUTH, file.absolutePath), { 'Ab12.ts': ['one', 1_700_000_000_000], 'Cd34.ts': ['two', 1_700_000_100_000] });
        addFolder((0, resourceUri_1.remoteUriString)(AUTH, path.join(ws, 'other.ts')), { 'Zz99.ts': ['secret', 1_700_000_200_000] });
        const rec = (0, historyTestUtil_1.recordingFs)();
        const sources = new historySources_1.HistorySources({ userDir: user, remoteAuthorities: [AUTH], fs: rec.fs, platform: 'linux' });
        const listing = await sources.listVersions(file);
        assert.deepStrictEqual(ids(listing.versions), ['Cd34.ts', 'Ab12.ts']);
        assert.strictEqual(listing.usedIndex, false);
        assert.deepStrictEqual(listing.folders, [mine]);
        // Only this file's candidate folders (the remote one, then file:) — never another file's.
        const candidates = sources.candidateLocations(file.absolutePath).map((l) => path.join(user, 'History', l.folderName));
        assert.strictEqual(candidates[0], mine);
        const touched = rec.calls.map((c) => c.path);
        assert.ok(touched.every((p) => !p.startsWith(path.join(user, 'History')) || candidates.some((c) => p === c || p.startsWith(c + path.sep))), touched.join('\n'));
        assert.ok(!touched.includes(path.join(user, 'History')), 'History/ itself is never listed on the direct path');
    });
    it('tries the file: URI too (a desktop-local window)', async () => {
        addFolder((0, resourceUri_1.fileUriString)(file.absolutePath, 'linux'), { 'Ab12.ts': ['one', 1_700_000_000_000] });
        const sources = new historySources_1.HistorySources({ userDir: user, remoteAuthorities: [AUTH], platform: 'linux' });
        assert.deepStrictEqual(ids((await sources.listVersions(file)).versions), ['Ab12.ts']);
    });
    it('falls back to the entries.json header index for an unknown authority, then learns it', async () => {
        addFolder((0, resourceUri_1.remoteUriString)('localhost:9999', file.absolutePath), { 'Ab12.ts': ['one', 1_700_000_000_000] }, 'undoRedo.source');
        const log = logSink();
        const sources = new historySources_1.HistorySources({ userDir: user, remoteAuthorities: ['ssh-remote'], log, platform: 'linux', searchWholeStore: () => true });
        const first = await sources.listVersions(file);
        assert.strictEqual(first.usedIndex, true);
        assert.deepStrictEqual(first.versions.map((v) => [v.sourceId, v.label]), [['Ab12.ts', 'Undo / Redo']]);
        assert.deepStrictEqual(sources.authorities, ['ssh-remote', 'localhost:9999']);
        assert.ok(log.lines.some((l) => l.includes('learnt the remote authority localhost:9999')));
        const second = await sources.listVersions(file);
        assert.strictEqual(second.usedIndex, false, 'the learnt authority makes the next lookup direct');
        assert.deepStrictEqual(ids(second.versions), ['Ab12.ts']);
    });
    it('reuses the header index briefly, then rebuilds it', async () => {
        let t = 0;
        const rec = (0, historyTestUtil_1.recordingFs)();
        const sources = new historySources_1.HistorySources({ userDir: user, platform: 'linux', fs: rec.fs, now: () => t, indexTtlMs: 1000, searchWholeStore: () => true });
        const historyRootListings = () => rec.calls.filter((c) => c.op === 'readdir' && c.path === path.join(user, 'History')).length;
        fs.mkdirSync(path.join(user, 'History'), { recursive: true });
        await sources.listVersions(file);
        await sources.listVersions(file);
        assert.strictEqual(historyRootListings(), 1);
        addFolder((0, resourceUri_1.remoteUriString)('localhost:1', file.absolutePath), { 'Ab12.ts': ['one', 1_700_000_000_000] });
        t = 1000;
        assert.deepStrictEqual(ids((await sources.listVersions(file)).versions), ['Ab12.ts']);
        assert.strictEqual(historyRootListings(), 2);
    });
    it('by default never reads the store beyond this file\'s own folders, even when they hold nothing', async () => {
        addFolder((0, resourceUri_1.remoteUriString)('localhost:9999', file.absolutePath), { 'Ab12.ts': ['one', 1_700_000_000_000] });
        addFolder((0, resourceUri_1.remoteUriString)(AUTH, path.join(ws, 'other.ts')), { 'Zz99.ts': ['secret', 1_700_000_200_000] });
        const rec = (0, historyTestUtil_1.recordingFs)();
        const sources = new historySources_1.HistorySources({ userDir: user, remoteAuthorities: [AUTH], fs: rec.fs, platform: 'linux' });
        const listing = await sources.listVersions(file);
        assert.deepStrictEqual([listing.versions, listing.usedIndex], [[], false]);
        const candidates = sources.candidateLocations(file.absolutePath).map((l) => path.join(user, 'History', l.folderName));
        const touched = rec.calls.map((c) => c.path).filter((p) => p.startsWith(path.join(user, 'History')));
        assert.ok(touched.every((p) => candidates.some((c) => p === c || p.startsWith(c + path.sep))), touched.join('\n'));
    });
    it('no history anywhere is an empty list (the index finds nothing), not an error', async () => {
        const sources = new historySources_1.HistorySources({ userDir: user, platform: 'linux', searchWholeStore: () => true });
        const listing = await sources.listVersions(file);
        assert.deepStrictEqual(listing.versions, []);
        assert.strictEqual(listing.usedIndex, true);
    });
    it('merges the .history tree of this one file, newest first', async () => {
        addFolder((0, resourceUri_1.remoteUriString)(AUTH, file.absolutePath), { 'Ab12.ts': ['one', new Date(2024, 0, 2, 3, 4, 0).getTime()] });
        const dot = path.join(ws, '.history', 'src');
        fs.mkdirSync(dot, { recursive: true });
        fs.writeFileSync(path.join(dot, 'a_20240102030405.ts'), 'dot');
        fs.writeFileSync(path.join(dot, 'b_20240102030406.ts'), 'another file');
        const sources = new historySources_1.HistorySources({ userDir: user, remoteAuthorities: [AUTH], platform: 'linux' });
        const listing = await sources.listVersions(file);
        assert.deepStrictEqual(listing.versions.map((v) => [v.store, v.sourceId]), [
            ['dotHistory', 'a_20240102030405.ts'],
            ['vscodeLocalHistory', 'Ab12.ts'],
        ]);
        assert.strictEqual(new TextDecoder().decode(await sources.readContent(listing.versions[0])), 'dot');
        assert.strictEqual(new TextDecoder().decode(await sources.readContent(listing.versions[1])), 'one');
        const off = new historySources_1.HistorySources({ userDir: user, remoteAuthorities: [AUTH], platform: 'linux', dotHistory: false });
        assert.deepStrictEqual(ids((await off.listVersions(file)).versions), ['Ab12.ts']);
    });
    it('refuses to read a version that no store listed (forged paths)', async () => {
        const sources = new historySources_1.HistorySources({ userDir: user, platform: 'linux' });
        const forged = {
            store: 'vscodeLocalHistory', sourceId: 'passwd', timestamp: 0, label: 'x', source: undefined, contentPath: '/etc/passwd', size: 1,
        };
        await assert.rejects(sources.readContent(forged), (e) => e.code === 'foreignVersion');
        await assert.rejects(sources.readContent({ ...forged, store: 'dotHistory' }), (e) => e.code === 'foreignVersion');
        await assert.rejects(sources.readContent({ ...forged, store: 'nope' }), (e) => e.code === 'foreignVersion');
    });
    it('logs reader warnings (a corrupted entries.json) and still lists the entry files', async () => {
        const folder = addFolder((0, resourceUri_1.remoteUriString)(AUTH, file.absolutePath), { 'Ab12.ts': ['one', 1_700_000_000_000] });
        fs.writeFileSync(path.join(folder, 'entries.json'), '{"version":1,"resource":');
        const log = logSink();
        const sources = new historySources_1.HistorySources({ userDir: user, remoteAuthorities: [AUTH], log, platform: 'linux' });
        assert.deepStrictEqual(ids((await sources.listVersions(file)).versions), ['Ab12.ts']);
        assert.ok(log.lines.some((l) => l.startsWith('warn') && l.includes('not valid JSON')), log.lines.join('\n'));
    });
    it('never writes to either store', async () => {
        addFolder((0, resourceUri_1.remoteUriString)(AUTH, file.absolutePath), { 'Ab12.ts': ['one', 1_700_000_000_000] });
        fs.mkdirSync(path.join(ws, '.history', 'src'), { recursive: true });
        fs.writeFileSync(path.join(ws, '.history', 'src', 'a_20240102030405.ts'), 'dot');
        const before = (0, historyTestUtil_1.snapshotTree)(tmp.dir);
        const sources = new historySources_1.HistorySources({ userDir: user, platform: 'linux' });
        const listing = await sources.listVersions(file);
        for (const v of listing.versions)
            await sources.readContent(v);
        assert.deepStrictEqual((0, historyTestUtil_1.snapshotTree)(tmp.dir), before);
    });
});
//# sourceMappingURL=historySources.test.js.map