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
exports.BlobStore = void 0;
exports.isBlobRef = isBlobRef;
exports.hashBytes = hashBytes;
/**
 * Content-addressed blobs: `<dir>/blobs/ab/cdef…` named by the sha-256 of their bytes.
 *
 * `put` and `get` are synchronous because the `agent-staged:` FileSystemProvider answers reads and writes from
 * them and the model's content store is synchronous. Durability is deferred rather than paid in `put`: a put
 * writes a temp file and renames it into place (so no reader ever sees a half-written blob), and remembers the
 * file; `sync()` fsyncs every remembered file and directory, off the extension host's thread, and the durable
 * log calls it before it commits the ops that reference those blobs. Measured on the dev VM (10 KB blobs):
 * fsync inside `put` costs ~380 µs of blocked thread per blob; deferred, `put` costs ~110 µs and the fsyncs run
 * in parallel in the thread pool during the log's group commit (~140 µs each, overlapped with other work).
 * The price is that after a power loss a blob that was never synced may exist with bad bytes, which is why an
 * existing file is verified before `put` trusts it and every read verifies the hash.
 */
const crypto = __importStar(require("crypto"));
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const lru_cache_1 = require("lru-cache");
const storeError_1 = require("./storeError");
const writeDurable_1 = require("./writeDurable");
const REF = /^[0-9a-f]{64}$/;
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
function isBlobRef(ref) {
    return REF.test(ref);
}
function hashBytes(bytes) {
    return crypto.createHash('sha256').update(bytes).digest('hex');
}
class BlobStore {
    options;
    root;
    tempDir;
    cache;
    /** Refs whose file this session wrote or verified: `put` of the same bytes is then free. */
    known = new Set();
    pendingFiles = new Set();
    pendingDirs = new Set();
    /** Shards whose own entry in `blobs/` is not known durable yet (created now or by a crashed session). */
    pendingShards = new Set();
    anchoredShards = new Set();
    lastSync = Promise.resolve();
    /** Refs put while a gc is listing: gc must not delete them even though its live set predates them. */
    putsDuringGc;
    gcRunning;
    tempCounter = 0;
    disposed = false;
    constructor(dir, options) {
        this.options = options;
        this.root = path.join(dir, 'blobs');
        this.tempDir = path.join(this.root, 'tmp');
        const maxSize = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
        this.cache = new lru_cache_1.LRUCache({ maxSize, sizeCalculation: (v) => Math.max(1, v.byteLength) });
    }
    /** Opens (creating if needed) the blob store under `dir`. Temp files left by a crash are removed. */
    static open(dir, options = {}) {
        const store = new BlobStore(dir, options);
        // One extension host owns a workspace's storage folder, so every temp file here is a crash leftover.
        fs.rmSync(store.tempDir, { recursive: true, force: true });
        fs.mkdirSync(store.tempDir, { recursive: true });
        return store;
    }
    /** Stores the bytes (if not already there) and returns their sha-256 hex. Durable after the next `sync()`. */
    put(bytes) {
        this.assertOpen();
        const ref = hashBytes(bytes);
        this.putsDuringGc?.add(ref);
        if (this.known.has(ref))
            return ref;
        const file = this.pathOf(ref);
        const shard = path.dirname(file);
        if (!this.existingIsValid(file, ref)) {
            fs.mkdirSync(shard, { recursive: true });
            const temp = path.join(this.tempDir, `${process.pid}-${++this.tempCounter}`);
            fs.writeFileSync(temp, bytes);
            fs.renameSync(temp, file);
            // Copy: the caller may reuse its array, and the cache must keep the bytes the hash was taken of.
            this.cache.set(ref, new Uint8Array(bytes));
        }
        // Also for an existing valid file: it may be a previous session's unsynced write still in the page cache,
        // file and directory entries alike.
        this.pendingFiles.add(file);
        this.pendingDirs.add(shard);
        if (!this.anchoredShards.has(shard))
            this.pendingShards.add(shard);
        this.known.add(ref);
        return ref;
    }
    /**
     * The bytes of `ref`, verified against the hash. A mismatch moves the bad file aside (so a later `put` of the
     * right bytes heals it) and throws `BlobCorruptError`; wrong bytes are never returned.
     */
    get(ref) {
        this.assertOpen();
        this.assertRef(ref);
        // Every returned array is a copy: a caller writing into it must not change what later readers get.
        const cached = this.cache.get(ref);
        if (cached)
            return new Uint8Array(cached);
        let data;
        try {
            data = fs.readFileSync(this.pathOf(ref));
        }
        catch (e) {
            if (e.code === 'ENOENT')
                throw new storeError_1.BlobMissingError(ref);
            throw e;
        }
        const actual = hashBytes(data);
        if (actual !== ref)
            throw new storeError_1.BlobCorruptError(ref, actual, this.moveAside(ref));
        this.known.add(ref);
        const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        if (bytes.byteLength > (this.options.cacheBytes ?? DEFAULT_CACHE_BYTES))
            return bytes;
        this.cache.set(ref, bytes);
        return new Uint8Array(bytes);
    }
    /** Whether a blob file exists for `ref` (existence only: `get` is what verifies the content). */
    has(ref) {
        this.assertOpen();
        return isBlobRef(ref) && (this.known.has(ref) || fs.existsSync(this.pathOf(ref)));
    }
    /** Blobs put since the last `sync()` whose durability is still owed. */
    get pendingSyncCount() {
        return this.pendingFiles.size;
    }
    /**
     * Makes every blob put before this call durable: fsync of the files, then of the directories their names were
     * added to. Concurrent calls are chained, and a call rejects when an earlier one it overlapped failed, since
     * that one held some of its blobs. After a failed fsync the page cache's state is unknown, so the blobs
     * involved are forgotten (the next `put` of the same bytes rewrites them) and `BLOB_SYNC_FAILED` is thrown.
     */
    sync() {
        const previous = this.lastSync;
        const files = [...this.pendingFiles];
        const shards = [...this.pendingShards];
        const dirs = [...this.pendingDirs, ...(shards.length ? [this.root] : [])];
        this.pendingFiles = new Set();
        this.pendingDirs = new Set();
        this.pendingShards = new Set();
        const run = previous.catch(() => undefined).then(async () => {
            await this.syncNow(files, dirs);
            for (const shard of shards)
                this.anchoredShards.add(shard);
        });
        this.lastSync = run;
        // Once settled, a failure has been reported to the calls that overlapped it; later calls start clean.
        const settle = () => {
            if (this.lastSync === run)
                this.lastSync = Promise.resolve();
        };
        run.then(settle, settle);
        return Promise.all([previous, run]).then(() => undefined);
    }
    /**
     * Deletes blob files whose ref is not in `liveRefs`. Listing is asynchronous; each deletion re-checks,
     * synchronously, that no `put` returned the ref since gc started, so a concurrent put cannot lose its blob.
     */
    gc(liveRefs, options = {}) {
        this.assertOpen();
        if (this.gcRunning)
            return this.gcRunning.then(() => this.gc(liveRefs, options));
        this.putsDuringGc = new Set();
        const running = this.gcNow(liveRefs, options).finally(() => {
            this.putsDuringGc = undefined;
            this.gcRunning = undefined;
        });
        this.gcRunning = running;
        return running;
    }
    /** Drops the cache. The store holds no open handles (every access opens and closes), so nothing else to free. */
    dispose() {
        if (this.disposed)
            return;
        this.disposed = true;
        this.cache.clear();
        this.known.clear();
    }
    /** Path of the blob file for `ref`; exposed for tests and diagnostics. */
    pathOf(ref) {
        this.assertRef(ref);
        return path.join(this.root, ref.slice(0, 2), ref.slice(2));
    }
    existingIsValid(file, ref) {
        let data;
        try {
            data = fs.readFileSync(file);
        }
        catch (e) {
            if (e.code === 'ENOENT')
                return false;
            throw e;
        }
        return hashBytes(data) === ref;
    }
    moveAside(ref) {
        this.known.delete(ref);
        this.cache.delete(ref);
        const dir = path.join(this.root, 'corrupt');
        const target = path.join(dir, `${ref}.corrupt-${Date.now()}`);
        try {
            fs.mkdirSync(dir, { recursive: true });
            fs.renameSync(this.pathOf(ref), target);
            return target;
        }
        catch {
            // The error about the corrupt blob is what matters; failing to move it only means a later get fails again.
            return undefined;
        }
    }
    async syncNow(files, dirs) {
        try {
            // Files and directories together: none depends on another, and concurrent fsyncs let the file system
            // fold them into fewer journal commits (dev VM, blob + op commit: 1.2 ms one after another, 0.9 ms so).
            const jobs = [...files.map((file) => () => fsyncFile(file)), ...dirs.map((dir) => () => (0, writeDurable_1.syncDir)(dir))];
            let next = 0;
            const worker = async () => {
                while (next < jobs.length)
                    await jobs[next++]();
            };
            await Promise.all(Array.from({ length: Math.min(jobs.length, this.options.syncConcurrency ?? 8) }, worker));
        }
        catch (e) {
            for (const file of files)
                this.known.delete(path.basename(path.dirname(file)) + path.basename(file));
            throw new storeError_1.StoreError('BLOB_SYNC_FAILED', `could not make ${files.length} new blob(s) durable: ${String(e)}`, { cause: e });
        }
    }
    async gcNow(liveRefs, options) {
        let deleted = 0;
        let kept = 0;
        let bytesFreed = 0;
        const cutoff = Date.now() - (options.minAgeMs ?? 0);
        for (const shard of await fs.promises.readdir(this.root)) {
            if (!/^[0-9a-f]{2}$/.test(shard))
                continue;
            const shardDir = path.join(this.root, shard);
            for (const name of await fs.promises.readdir(shardDir)) {
                const ref = shard + name;
                if (!isBlobRef(ref) || liveRefs.has(ref) || this.putsDuringGc?.has(ref)) {
                    kept++;
                    continue;
                }
                const file = path.join(shardDir, name);
                let stat;
                try {
                    stat = fs.statSync(file);
                }
                catch {
                    continue;
                }
                if (options.minAgeMs !== undefined && stat.mtimeMs > cutoff) {
                    kept++;
                    continue;
                }
                fs.rmSync(file, { force: true });
                this.known.delete(ref);
                this.cache.delete(ref);
                this.pendingFiles.delete(file);
                deleted++;
                bytesFreed += stat.size;
            }
        }
        // Temp files older than a minute belong to no put in progress (a put writes and renames synchronously).
        for (const name of await fs.promises.readdir(this.tempDir)) {
            const file = path.join(this.tempDir, name);
            if (fs.statSync(file).mtimeMs < Date.now() - 60_000)
                fs.rmSync(file, { force: true });
        }
        return { deleted, kept, bytesFreed };
    }
    assertRef(ref) {
        if (!isBlobRef(ref))
            throw new storeError_1.StoreError('BLOB_REF_INVALID', `not a blob ref (sha-256 hex expected): ${JSON.stringify(ref).slice(0, 80)}`);
    }
    assertOpen() {
        if (this.disposed)
            throw new storeError_1.StoreError('STORE_CLOSED', 'the blob store was disposed');
    }
}
exports.BlobStore = BlobStore;
async function fsyncFile(file) {
    let handle;
    try {
        handle = await fs.promises.open(file, 'r');
    }
    catch (e) {
        // Deleted by gc before it was synced: nothing refers to it, so there is nothing to make durable.
        if (e.code === 'ENOENT')
            return;
        throw e;
    }
    try {
        await handle.sync();
    }
    finally {
        await handle.close();
    }
}
//# sourceMappingURL=blobStore.js.map