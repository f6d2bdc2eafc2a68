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
const applyJournal_1 = require("../../../src/fs/store/applyJournal");
const blobStore_1 = require("../../../src/fs/store/blobStore");
const storeError_1 = require("../../../src/fs/store/storeError");
const tempDirs_1 = require("./tempDirs");
describe('ApplyJournal', () => {
    const temp = new tempDirs_1.TempDirs();
    afterEach(() => temp.cleanup());
    /** A workspace with a.txt (to modify), b.txt (to delete), and c.txt to create; temps written, not renamed. */
    function scenario(store, workspace) {
        const blobs = blobStore_1.BlobStore.open(store);
        fs.writeFileSync(path.join(workspace, 'a.txt'), 'a old');
        fs.writeFileSync(path.join(workspace, 'b.txt'), 'b old');
        fs.writeFileSync(path.join(workspace, '.a.txt.apply'), 'a new');
        fs.writeFileSync(path.join(workspace, '.c.txt.apply'), 'c new');
        const put = (s) => blobs.put(Buffer.from(s));
        const intent = {
            id: '6f1c2a52-3b1e-4c5e-9f0a-8d7b6c5e4f3a',
            files: [
                { path: path.join(workspace, 'a.txt'), tempPath: path.join(workspace, '.a.txt.apply'), undoRef: put('a old'), afterRef: put('a new') },
                { path: path.join(workspace, 'b.txt'), undoRef: put('b old'), afterRef: null },
                { path: path.join(workspace, 'c.txt'), tempPath: path.join(workspace, '.c.txt.apply'), undoRef: null, afterRef: put('c new') },
            ],
            meta: { session: 's1' },
        };
        return { intent, blobs };
    }
    it('reports an apply begun and not completed, with where each file stands', async () => {
        const store = temp.make();
        const workspace = temp.make();
        const { intent, blobs } = scenario(store, workspace);
        let synced = 0;
        const { journal, unfinished } = await applyJournal_1.ApplyJournal.open(store, { beforeCommit: async () => { synced++; await blobs.sync(); } });
        assert.deepStrictEqual(unfinished, []);
        await journal.begin(intent, 1000);
        assert.strictEqual(synced, 1);
        assert.strictEqual(blobs.pendingSyncCount, 0, 'undo blobs are durable before the intent');
        fs.renameSync(intent.files[0].tempPath, intent.files[0].path);
        journal.dispose();
        const reopened = await applyJournal_1.ApplyJournal.open(store);
        assert.deepStrictEqual(reopened.unfinished, [{ ...intent, startedAt: 1000 }]);
        assert.deepStrictEqual(reopened.unfinished[0].files.map(f => (0, applyJournal_1.inspectJournalFile)(f)), ['applied', 'notApplied', 'notApplied']);
        fs.writeFileSync(intent.files[1].path, 'edited by someone else');
        assert.strictEqual((0, applyJournal_1.inspectJournalFile)(intent.files[1]), 'diverged');
        // The undo data is there to roll back with.
        assert.strictEqual(Buffer.from(blobs.get(intent.files[0].undoRef)).toString(), 'a old');
        reopened.journal.dispose();
        blobs.dispose();
    });
    it('forgets an apply once completed', async () => {
        const store = temp.make();
        const { intent, blobs } = scenario(store, temp.make());
        const { journal } = await applyJournal_1.ApplyJournal.open(store);
        await journal.begin(intent);
        await journal.complete(intent.id);
        assert.deepStrictEqual((await applyJournal_1.ApplyJournal.open(store)).unfinished, []);
        blobs.dispose();
    });
    it('ignores an intent whose write never finished, and sets aside a damaged one with a copy', async () => {
        const store = temp.make();
        const { intent, blobs } = scenario(store, temp.make());
        const { journal } = await applyJournal_1.ApplyJournal.open(store);
        await journal.begin(intent);
        const file = path.join(store, 'journal', `apply-${intent.id}`);
        const bytes = fs.readFileSync(file);
        fs.writeFileSync(file + '.tmp', bytes.subarray(0, bytes.length >> 1));
        bytes[bytes.length - 2] ^= 0x08;
        fs.writeFileSync(file, bytes);
        const reopened = await applyJournal_1.ApplyJournal.open(store);
        assert.deepStrictEqual(reopened.unfinished, []);
        assert.strictEqual(reopened.corrupt.length, 1);
        assert.strictEqual(reopened.corrupt[0].code, 'JOURNAL_CORRUPT');
        assert.ok(reopened.corrupt[0].copy && fs.readFileSync(reopened.corrupt[0].copy).equals(bytes));
        assert.ok(!fs.existsSync(file + '.tmp'));
        blobs.dispose();
    });
    it('refuses an id that would not be a plain file name', async () => {
        const { journal } = await applyJournal_1.ApplyJournal.open(temp.make());
        await assert.rejects(journal.begin({ id: '../escape', files: [] }), (e) => e instanceof storeError_1.StoreError && e.code === 'JOURNAL_ID_INVALID');
    });
});
//# sourceMappingURL=applyJournal.test.js.map