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
const historyVersion_1 = require("../../../src/history/historyVersion");
const localHistoryHash_1 = require("../../../src/history/localHistoryHash");
const localHistoryReader_1 = require("../../../src/history/localHistoryReader");
const historyTestUtil_1 = require("./historyTestUtil");
const CURSOR = 'file:///Users/4jp/Workspace/meta-organvm/praxis-perpetua/prompt-corpus/LAST-WEEK-CLEAN.md';
const BOB = 'file:///c%3A/Users/Navee/gits/code-provenance/src/api/BobApiClient.ts';
describe('LocalHistoryReader', () => {
    let tmp;
    let user;
    beforeEach(() => {
        tmp = (0, historyTestUtil_1.makeTempDir)('lh');
        user = (0, historyTestUtil_1.copyVscodeFixture)(tmp.dir);
    });
    afterEach(() => tmp.cleanup());
    /** A folder for `resource` with entry files (id → [content, mtime]) and an optional raw entries.json. */
    function makeFolder(resource, files, entriesJson) {
        const folder = path.join(user, 'History', (0, localHistoryHash_1.localHistoryFolderName)(resource));
        fs.mkdirSync(folder, { recursive: true });
        for (const [id, [content, mtime]] of Object.entries(files)) {
            fs.writeFileSync(path.join(folder, id), content);
            (0, historyTestUtil_1.setMtime)(path.join(folder, id), mtime);
        }
        if (entriesJson !== undefined)
            fs.writeFileSync(path.join(folder, 'entries.json'), entriesJson);
        return folder;
    }
    const summary = (versions) => versions.map((v) => [v.sourceId, v.timestamp, v.label]);
    it('lists a real entries.json folder newest first, with its labels and timestamps', async () => {
        const listing = await new localHistoryReader_1.LocalHistoryReader(user).listVersions(CURSOR);
        assert.deepStrictEqual(summary(listing.versions), [
            ['sz4g.md', 1777356617628, 'File Saved'],
            ['I246.md', 1777333087236, 'File Saved'],
            ['BT1g.md', 1775368861960, 'Undo / Redo'],
        ]);
        assert.deepStrictEqual(listing.warnings, []);
        assert.strictEqual(listing.folders[0].state, 'read');
        assert.strictEqual(listing.folders[0].entriesJson, 'present');
        assert.strictEqual(listing.versions[2].source, 'undoRedo.source');
        assert.strictEqual(listing.versions[0].source, undefined);
        assert.strictEqual(listing.versions[0].contentPath, path.join(user, 'History', '-7eb5368e', 'sz4g.md'));
    });
    it('shows free-text sources as they are ("Workspace Edit")', async () => {
        const listing = await new localHistoryReader_1.LocalHistoryReader(user).listVersions(BOB);
        assert.deepStrictEqual(listing.versions.map((v) => v.label), ['Workspace Edit', 'Workspace Edit']);
    });
    it('includes entry files entries.json does not list yet (lag), dated by mtime', async () => {
        const lagging = path.join(user, 'History', '-7eb5368e', 'Zz99.md');
        fs.writeFileSync(lagging, 'saved a minute ago');
        (0, historyTestUtil_1.setMtime)(lagging, 1777356700000);
        const listing = await new localHistoryReader_1.LocalHistoryReader(user).listVersions(CURSOR);
        assert.deepStrictEqual(summary(listing.versions)[0], ['Zz99.md', 1777356700000, 'File Saved']);
        assert.strictEqual(listing.versions.length, 4);
    });
    it('lists entry files alone when entries.json is missing', async () => {
        makeFolder('file:///ws/a.txt', { 'Ab12.txt': ['one', 1_700_000_000_000], 'Cd34.txt': ['two', 1_700_000_060_000] });
        const listing = await new localHistoryReader_1.LocalHistoryReader(user).listVersions('file:///ws/a.txt');
        assert.deepStrictEqual(summary(listing.versions), [
            ['Cd34.txt', 1_700_000_060_000, 'File Saved'],
            ['Ab12.txt', 1_700_000_000_000, 'File Saved'],
        ]);
        assert.strictEqual(listing.folders[0].entriesJson, 'missing');
        assert.deepStrictEqual(listing.warnings, []);
    });
    const corruptions = [
        ['truncated JSON', '{"version":1,"resource":"file:///ws/a.txt","entries":[{"id":"Ab12.txt","timest'],
        ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])],
        ['an array', '[]'],
        ['no entries array', '{"version":1,"resource":"file:///ws/a.txt","entries":{}}'],
        ['empty file', ''],
    ];
    for (const [what, content] of corruptions) {
        it(`survives a corrupted entries.json (${what}): entry files plus a warning`, async () => {
            makeFolder('file:///ws/a.txt', { 'Ab12.txt': ['one', 1_700_000_000_000] }, content);
            const listing = await new localHistoryReader_1.LocalHistoryReader(user).listVersions('file:///ws/a.txt');
            assert.deepStrictEqual(summary(listing.versions), [['Ab12.txt', 1_700_000_000_000, 'File Saved']]);
            assert.strictEqual(listing.folders[0].entriesJson, 'corrupt');
            assert.deepStrictEqual(listing.warnings.map((w) => w.code), ['entriesJsonCorrupt']);
        });
    }
    it('keeps the good rows of a partly malformed entries.json and warns about the rest', async () => {
        const json = JSON.stringify({
            version: 1, resource: 'file:///ws/a.txt',
            entries: [{ id: 'Ab12.txt', timestamp: 5, source: 'searchReplace.source' }, { id: '../../etc/passwd', timestamp: 1 }, 42, { timestamp: 3 }],
        });
        makeFolder('file:///ws/a.txt', { 'Ab12.txt': ['one', 1_700_000_000_000] }, json);
        const listing = await new localHistoryReader_1.LocalHistoryReader(user).listVersions('file:///ws/a.txt');
        assert.deepStrictEqual(summary(listing.versions), [['Ab12.txt', 5, 'Search and Replace']]);
        assert.deepStrictEqual(listing.warnings.map((w) => w.code), ['entriesJsonCorrupt']);
    });
    it('ignores a folder whose entries.json names another resource (hash collision)', async () => {
        const folder = makeFolder('file:///ws/a.txt', { 'Ab12.txt': ['someone else', 1] }, JSON.stringify({ version: 1, resource: 'file:///elsewhere/b.txt', entries: [{ id: 'Ab12.txt', timestamp: 1 }] }));
        const listing = await new localHistoryReader_1.LocalHistoryReader(user).listVersions('file:///ws/a.txt');
        assert.deepStrictEqual(listing.versions, []);
        assert.strictEqual(listing.folders[0].state, 'resourceMismatch');
        assert.deepStrictEqual(listing.warnings.map((w) => [w.code, w.path]), [['resourceMismatch', folder]]);
    });
    it('ignores rows whose file is gone, with a warning', async () => {
        makeFolder('file:///ws/a.txt', { 'Ab12.txt': ['one', 1_700_000_000_000] }, JSON.stringify({
            version: 1, resource: 'file:///ws/a.txt',
            entries: [{ id: 'Gone.txt', timestamp: 9 }, { id: 'Ab12.txt', timestamp: 1_700_000_000_500 }],
        }));
        const listing = await new localHistoryReader_1.LocalHistoryReader(user).listVersions('file:///ws/a.txt');
        assert.deepStrictEqual(summary(listing.versions), [['Ab12.txt', 1_700_000_000_500, 'File Saved']]);
        assert.deepStrictEqual(listing.warnings.map((w) => w.code), ['entryListedButMissing']);
    });
    it('returns no versions, not an error, for a file without history', async () => {
        const listing = await new localHistoryReader_1.LocalHistoryReader(user).listVersions('file:///never/saved.txt');
        assert.deepStrictEqual(listing.versions, []);
        assert.strictEqual(listing.folders[0].state, 'absent');
    });
    it('takes entry-shaped regular files only: no stray files, subfolders or symlinks', async () => {
        const folder = makeFolder('file:///ws/a.ts', {
            'Ab12.ts': ['real', 1_700_000_000_000],
            'Xy12.js': ['moved from a.js, kept its old extension', 1_600_000_000_000],
            'notes.txt': ['not an entry', 1],
            'entries.json.tmp': ['not an entry', 1],
            'Abc.ts': ['3 chars', 1],
        });
        fs.mkdirSync(path.join(folder, 'Dd44.ts'));
        fs.writeFileSync(path.join(tmp.dir, 'secret.txt'), 'outside the store');
        fs.symlinkSync(path.join(tmp.dir, 'secret.txt'), path.join(folder, 'Ln55.ts'));
        const listing = await new localHistoryReader_1.LocalHistoryReader(user).listVersions('file:///ws/a.ts');
        assert.deepStrictEqual(listing.versions.map((v) => v.sourceId), ['Ab12.ts', 'Xy12.js']);
    });
    it('labels renames and moves with the old location', async () => {
        makeFolder('file:///ws/new.ts', { 'Ab12.ts': ['x', 1], 'Cd34.ts': ['y', 2] }, JSON.stringify({
            version: 1, resource: 'file:///ws/new.ts',
            entries: [
                { id: 'Ab12.ts', source: 'renamed.source', sourceDescription: '~/ws/old.ts', timestamp: 10 },
                { id: 'Cd34.ts', source: 'moved.source', timestamp: 20 },
            ],
        }));
        const listing = await new localHistoryReader_1.LocalHistoryReader(user).listVersions('file:///ws/new.ts');
        assert.deepStrictEqual(listing.versions.map((v) => v.label), ['File Moved', 'File Renamed (from ~/ws/old.ts)']);
    });
    it('touches only the one hashed folder', async () => {
        const rec = (0, historyTestUtil_1.recordingFs)();
        await new localHistoryReader_1.LocalHistoryReader(user, { fs: rec.fs }).listVersions(CURSOR);
        const folder = path.join(user, 'History', '-7eb5368e');
        assert.ok(rec.calls.length > 0);
        for (const call of rec.calls) {
            assert.ok(call.path === folder || path.dirname(call.path) === folder, `touched ${call.path}`);
        }
        assert.ok(!rec.calls.some((c) => c.op === 'readFile' && c.path.endsWith('.md')), 'listing must not read entry contents');
    });
    it('never writes to the store', async () => {
        const before = (0, historyTestUtil_1.snapshotTree)(user);
        const reader = new localHistoryReader_1.LocalHistoryReader(user);
        const listing = await reader.listVersions(CURSOR);
        await reader.readContent(listing.versions[0]);
        await reader.listVersions('file:///never/saved.txt');
        assert.deepStrictEqual((0, historyTestUtil_1.snapshotTree)(user), before);
    });
    it('reads a version as bytes', async () => {
        const reader = new localHistoryReader_1.LocalHistoryReader(user);
        const [newest] = (await reader.listVersions(CURSOR)).versions;
        assert.strictEqual(Buffer.from(await reader.readContent(newest)).toString('utf8'), '# Last week\n\nv3\n');
    });
    it('refuses to read a version that does not point into its store', async () => {
        const reader = new localHistoryReader_1.LocalHistoryReader(user);
        const [newest] = (await reader.listVersions(CURSOR)).versions;
        fs.writeFileSync(path.join(tmp.dir, 'Ab12.md'), 'not history');
        const forged = [
            { ...newest, contentPath: path.join(tmp.dir, 'Ab12.md'), sourceId: 'Ab12.md' },
            { ...newest, store: 'dotHistory' },
            { ...newest, contentPath: path.join(user, 'History', '-7eb5368e', 'entries.json'), sourceId: 'entries.json' },
        ];
        for (const v of forged) {
            await assert.rejects(reader.readContent(v), (e) => e instanceof historyVersion_1.HistoryReadError && e.code === 'foreignVersion');
        }
    });
    it('reports a pruned version and a too-large one with typed errors', async () => {
        const reader = new localHistoryReader_1.LocalHistoryReader(user);
        const [newest, older] = (await reader.listVersions(CURSOR)).versions;
        fs.rmSync(newest.contentPath);
        await assert.rejects(reader.readContent(newest), (e) => e instanceof historyVersion_1.HistoryReadError && e.code === 'contentMissing');
        await assert.rejects(reader.readContent(older, 4), (e) => e instanceof historyVersion_1.HistoryReadError && e.code === 'contentTooLarge');
    });
    it('merges several folders for one file and refuses folder names that leave History/', async () => {
        const a = 'vscode-remote://localhost:8080/ws/a.ts';
        const b = 'vscode-remote://127.0.0.1:8080/ws/a.ts';
        makeFolder(a, { 'Ab12.ts': ['via localhost', 100] });
        makeFolder(b, { 'Cd34.ts': ['via 127.0.0.1', 200] });
        const reader = new localHistoryReader_1.LocalHistoryReader(user);
        const listing = await reader.listVersionsIn([
            { folderName: (0, localHistoryHash_1.localHistoryFolderName)(a), resource: a },
            { folderName: (0, localHistoryHash_1.localHistoryFolderName)(b), resource: b },
        ]);
        assert.deepStrictEqual(listing.versions.map((v) => v.sourceId), ['Cd34.ts', 'Ab12.ts']);
        await assert.rejects(reader.listVersionsIn([{ folderName: '../..', resource: a }]), (e) => e instanceof historyVersion_1.HistoryReadError && e.code === 'badLocation');
    });
    it('raises a typed error when the folder exists but cannot be listed', async () => {
        const failing = { ...(0, historyTestUtil_1.recordingFs)().fs, readdir: () => Promise.reject(Object.assign(new Error('EACCES'), { code: 'EACCES' })) };
        await assert.rejects(new localHistoryReader_1.LocalHistoryReader(user, { fs: failing }).listVersions(CURSOR), (e) => e instanceof historyVersion_1.HistoryReadError && e.code === 'unreadable');
    });
});
//# sourceMappingURL=localHistoryReader.test.js.map