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
const blobStore_1 = require("../../../src/fs/store/blobStore");
const storeError_1 = require("../../../src/fs/store/storeError");
const tempDirs_1 = require("./tempDirs");
const bytes = (s) => new TextEncoder().encode(s);
const text = (b) => new TextDecoder().decode(b);
describe('BlobStore', () => {
    const temp = new tempDirs_1.TempDirs();
    afterEach(() => temp.cleanup());
    it('stores content under its sha-256 and reads it back, across instances', () => {
        const dir = temp.make();
        const store = blobStore_1.BlobStore.open(dir);
        const ref = store.put(bytes('hello'));
        assert.strictEqual(ref, (0, blobStore_1.hashBytes)(bytes('hello')));
        assert.ok(fs.existsSync(path.join(dir, 'blobs', ref.slice(0, 2), ref.slice(2))));
        assert.strictEqual(text(store.get(ref)), 'hello');
        assert.ok(store.has(ref));
        store.dispose();
        const again = blobStore_1.BlobStore.open(dir);
        assert.strictEqual(text(again.get(ref)), 'hello');
        assert.ok(again.has(ref));
        again.dispose();
    });
    it('stores an empty blob', () => {
        const store = blobStore_1.BlobStore.open(temp.make());
        assert.deepStrictEqual(store.get(store.put(new Uint8Array(0))), new Uint8Array(0));
        store.dispose();
    });
    it('deduplicates identical content', () => {
        const dir = temp.make();
        const store = blobStore_1.BlobStore.open(dir);
        assert.strictEqual(store.put(bytes('same')), store.put(bytes('same')));
        assert.strictEqual(fs.readdirSync(path.join(dir, 'blobs')).filter((n) => n !== 'tmp').length, 1);
        store.dispose();
    });
    it('hands out copies: mutating an array read or put does not change the blob', () => {
        const store = blobStore_1.BlobStore.open(temp.make());
        const input = bytes('abc');
        const ref = store.put(input);
        input[0] = 0x7a;
        const first = store.get(ref);
        first[1] = 0x7a;
        assert.strictEqual(text(store.get(ref)), 'abc');
        store.dispose();
    });
    it('detects a corrupted blob, moves it aside, and heals on the next put', () => {
        const dir = temp.make();
        const writer = blobStore_1.BlobStore.open(dir);
        const ref = writer.put(bytes('precious'));
        writer.dispose();
        fs.writeFileSync(writer.pathOf(ref), 'precioUs');
        const store = blobStore_1.BlobStore.open(dir);
        assert.throws(() => store.get(ref), (e) => {
            assert.ok(e instanceof storeError_1.BlobCorruptError);
            assert.strictEqual(e.code, 'BLOB_CORRUPT');
            assert.strictEqual(e.ref, ref);
            assert.ok(e.movedTo && fs.readFileSync(e.movedTo, 'utf8') === 'precioUs');
            return true;
        });
        assert.throws(() => store.get(ref), storeError_1.BlobMissingError);
        store.put(bytes('precious'));
        assert.strictEqual(text(store.get(ref)), 'precious');
        store.dispose();
    });
    it('rewrites a damaged file left by a crash instead of trusting its name', () => {
        const dir = temp.make();
        const ref = (0, blobStore_1.hashBytes)(bytes('content'));
        const file = path.join(dir, 'blobs', ref.slice(0, 2), ref.slice(2));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, 'cont');
        const store = blobStore_1.BlobStore.open(dir);
        store.put(bytes('content'));
        assert.strictEqual(fs.readFileSync(file, 'utf8'), 'content');
        store.dispose();
    });
    it('fails clearly for a missing blob and for a ref that is not a hash', () => {
        const store = blobStore_1.BlobStore.open(temp.make());
        assert.throws(() => store.get('0'.repeat(64)), (e) => e instanceof storeError_1.BlobMissingError && e.code === 'BLOB_MISSING');
        for (const bad of ['../../etc/passwd', 'ABC', '0'.repeat(63), '0'.repeat(64) + '/x']) {
            assert.throws(() => store.get(bad), (e) => e instanceof storeError_1.StoreError && e.code === 'BLOB_REF_INVALID');
            assert.strictEqual(store.has(bad), false);
        }
        store.dispose();
    });
    it('syncs pending blobs once', async () => {
        const store = blobStore_1.BlobStore.open(temp.make());
        store.put(bytes('a'));
        store.put(bytes('b'));
        assert.strictEqual(store.pendingSyncCount, 2);
        await Promise.all([store.sync(), store.sync()]);
        assert.strictEqual(store.pendingSyncCount, 0);
        store.dispose();
    });
    it('reports a failed sync as BLOB_SYNC_FAILED and rewrites the blobs involved on the next put', async () => {
        const store = blobStore_1.BlobStore.open(temp.make());
        const ref = store.put(bytes('lost'));
        fs.rmSync(path.dirname(store.pathOf(ref)), { recursive: true });
        await assert.rejects(store.sync(), (e) => e instanceof storeError_1.StoreError && e.code === 'BLOB_SYNC_FAILED');
        store.put(bytes('lost'));
        assert.strictEqual(text(store.get(ref)), 'lost');
        await store.sync();
        store.dispose();
    });
    it('gc deletes unreferenced blobs and keeps live ones', async () => {
        const dir = temp.make();
        const store = blobStore_1.BlobStore.open(dir);
        const refs = Array.from({ length: 20 }, (_, i) => store.put(bytes(`blob ${i}`)));
        const live = new Set(refs.filter((_, i) => i % 3 === 0));
        const result = await store.gc(live);
        assert.strictEqual(result.deleted, 20 - live.size);
        assert.strictEqual(result.kept, live.size);
        for (const ref of refs)
            assert.strictEqual(store.has(ref), live.has(ref));
        for (const ref of live)
            assert.ok(store.get(ref));
        for (const ref of refs.filter((r) => !live.has(r)))
            assert.throws(() => store.get(ref), storeError_1.BlobMissingError);
        await store.sync();
        store.dispose();
    });
    it('gc never deletes a blob put while it runs', async () => {
        const store = blobStore_1.BlobStore.open(temp.make());
        const old = store.put(bytes('old'));
        const running = store.gc(new Set());
        const during = store.put(bytes('old'));
        const fresh = store.put(bytes('fresh'));
        await running;
        assert.strictEqual(during, old);
        assert.strictEqual(text(store.get(old)), 'old');
        assert.strictEqual(text(store.get(fresh)), 'fresh');
        store.dispose();
    });
    it('gc keeps recent blobs when asked to', async () => {
        const store = blobStore_1.BlobStore.open(temp.make());
        const ref = store.put(bytes('young'));
        assert.strictEqual((await store.gc(new Set(), { minAgeMs: 60_000 })).deleted, 0);
        assert.ok(store.has(ref));
        store.dispose();
    });
    it('bounds the cache by bytes and still reads blobs larger than it', () => {
        const store = blobStore_1.BlobStore.open(temp.make(), { cacheBytes: 1024 });
        const big = new Uint8Array(4096).fill(7);
        const ref = store.put(big);
        assert.deepStrictEqual(store.get(ref), big);
        assert.deepStrictEqual(store.get(ref), big);
        store.dispose();
    });
    it('refuses work after dispose', () => {
        const store = blobStore_1.BlobStore.open(temp.make());
        store.dispose();
        store.dispose();
        assert.throws(() => store.put(bytes('x')), (e) => e instanceof storeError_1.StoreError && e.code === 'STORE_CLOSED');
    });
});
//# sourceMappingURL=blobStore.test.js.map