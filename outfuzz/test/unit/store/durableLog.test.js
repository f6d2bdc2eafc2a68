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
const durableLog_1 = require("../../../src/fs/store/durableLog");
const storeError_1 = require("../../../src/fs/store/storeError");
const tempDirs_1 = require("./tempDirs");
const toyModel_1 = require("./toyModel");
const open = (dir, options) => durableLog_1.DurableLog.open(dir, options);
describe('DurableLog', () => {
    const temp = new tempDirs_1.TempDirs();
    afterEach(() => temp.cleanup());
    it('opens an empty store as the empty model', async () => {
        const { log, snapshot, ops, problems } = await open(temp.make());
        assert.strictEqual(snapshot, undefined);
        assert.deepStrictEqual(ops, []);
        assert.deepStrictEqual(problems, []);
        await log.close();
    });
    it('round-trips 10,000 ops', async () => {
        const dir = temp.make();
        const { log } = await open(dir);
        const written = [];
        for (let i = 0; i < 10_000; i++) {
            written.push((0, toyModel_1.toyOp)(i));
            log.append((0, toyModel_1.toyOp)(i));
            if (i % 250 === 249)
                await log.flush();
        }
        await log.close();
        const reopened = await open(dir);
        assert.deepStrictEqual(reopened.ops, written);
        assert.deepStrictEqual(reopened.problems, []);
        await reopened.log.close();
    });
    it('serializes an op at append time', async () => {
        const dir = temp.make();
        const { log } = await open(dir);
        const op = { kind: 'set', key: 'a', value: 'before' };
        log.append(op);
        op.value = 'after';
        await log.close();
        const { ops, log: again } = await open(dir);
        assert.deepStrictEqual(ops, [{ kind: 'set', key: 'a', value: 'before' }]);
        await again.close();
    });
    it('keeps a unit of ops (appendAll) all or nothing when its write is torn', async () => {
        const dir = temp.make();
        const { log } = await open(dir);
        log.append((0, toyModel_1.toyOp)(0));
        await log.flush();
        const before = fs.statSync(path.join(dir, 'log-0')).size;
        log.appendAll([(0, toyModel_1.toyOp)(1), (0, toyModel_1.toyOp)(2), (0, toyModel_1.toyOp)(3)]);
        await log.close();
        const whole = fs.readFileSync(path.join(dir, 'log-0'));
        const reopened = await open(dir);
        assert.deepStrictEqual(reopened.ops, [(0, toyModel_1.toyOp)(0), (0, toyModel_1.toyOp)(1), (0, toyModel_1.toyOp)(2), (0, toyModel_1.toyOp)(3)]);
        await reopened.log.close();
        // Every length the write could have been torn at: the unit is there whole, or not at all.
        for (let cut = before; cut < whole.length; cut += 7) {
            fs.writeFileSync(path.join(dir, 'log-0'), whole.subarray(0, cut));
            const torn = await open(dir);
            assert.deepStrictEqual(torn.ops, [(0, toyModel_1.toyOp)(0)], `torn at ${cut}`);
            await torn.log.close();
        }
    });
    it('refuses an op that is an array (arrays frame a unit of ops)', async () => {
        const { log } = await open(temp.make());
        assert.throws(() => log.append([1, 2]), { code: 'LOG_OP_INVALID' });
        await log.close();
    });
    it('serves concurrent flushes with fewer commits (group commit)', async () => {
        let commits = 0;
        const { log } = await open(temp.make(), { beforeCommit: async () => void commits++ });
        const flushes = [];
        for (let i = 0; i < 200; i++) {
            log.append((0, toyModel_1.toyOp)(i));
            flushes.push(log.flush());
            if (i % 10 === 0)
                await Promise.resolve();
        }
        await Promise.all(flushes);
        assert.ok(commits >= 1 && commits < 50, `expected a few commits for 200 flushes, got ${commits}`);
        assert.strictEqual(log.pendingOps, 0);
        await log.close();
    });
    it('resolves a flush only after its ops are in the file', async () => {
        const dir = temp.make();
        const { log } = await open(dir);
        log.append((0, toyModel_1.toyOp)(0));
        const size0 = fs.statSync(path.join(dir, 'log-0')).size;
        await log.flush();
        assert.ok(fs.statSync(path.join(dir, 'log-0')).size > size0);
        await log.close();
    });
    it('runs beforeCommit before the ops it covers reach the file', async () => {
        const dir = temp.make();
        const sizes = [];
        const { log } = await open(dir, { beforeCommit: async () => void sizes.push(fs.statSync(path.join(dir, 'log-0')).size) });
        const headerOnly = fs.statSync(path.join(dir, 'log-0')).size;
        log.append((0, toyModel_1.toyOp)(0));
        await log.flush();
        assert.deepStrictEqual(sizes, [headerOnly]);
        await log.close();
    });
    it('compacts: reopening gives the snapshot and only the ops after it', async () => {
        const dir = temp.make();
        const { log } = await open(dir);
        const all = [];
        for (let i = 0; i < 50; i++) {
            all.push((0, toyModel_1.toyOp)(i));
            log.append((0, toyModel_1.toyOp)(i));
        }
        await log.flush();
        await log.compact((0, toyModel_1.replay)(undefined, all));
        for (let i = 50; i < 60; i++) {
            all.push((0, toyModel_1.toyOp)(i));
            log.append((0, toyModel_1.toyOp)(i));
        }
        await log.close();
        const reopened = await open(dir);
        assert.deepStrictEqual(reopened.snapshot, (0, toyModel_1.replay)(undefined, all.slice(0, 50)));
        assert.deepStrictEqual(reopened.ops, all.slice(50));
        assert.deepStrictEqual((0, toyModel_1.replay)(reopened.snapshot, reopened.ops), (0, toyModel_1.replay)(undefined, all));
        await reopened.log.close();
    });
    it('lets a compaction cover ops that were appended but never flushed', async () => {
        const dir = temp.make();
        const { log } = await open(dir);
        const ops = [(0, toyModel_1.toyOp)(0), (0, toyModel_1.toyOp)(1), (0, toyModel_1.toyOp)(2)];
        for (const op of ops)
            log.append(op);
        const flushed = log.flush();
        await log.compact((0, toyModel_1.replay)(undefined, ops));
        await flushed;
        assert.strictEqual(log.pendingOps, 0);
        await log.close();
        const reopened = await open(dir);
        assert.deepStrictEqual((0, toyModel_1.replay)(reopened.snapshot, reopened.ops), (0, toyModel_1.replay)(undefined, ops));
        await reopened.log.close();
    });
    it('keeps exactly one older generation after compactions', async () => {
        const dir = temp.make();
        const { log } = await open(dir);
        const all = [];
        for (let round = 0; round < 4; round++) {
            for (let i = 0; i < 5; i++) {
                all.push((0, toyModel_1.toyOp)(all.length));
                log.append(all[all.length - 1]);
            }
            await log.compact((0, toyModel_1.replay)(undefined, all));
        }
        await log.close();
        assert.deepStrictEqual(fs.readdirSync(dir).sort(), ['log-3', 'log-4', 'snapshot-3', 'snapshot-4']);
    });
    it('reports needsCompaction past the op threshold', async () => {
        const { log } = await open(temp.make(), { compactAfterOps: 3 });
        log.append((0, toyModel_1.toyOp)(0));
        log.append((0, toyModel_1.toyOp)(1));
        assert.strictEqual(log.needsCompaction, false);
        log.append((0, toyModel_1.toyOp)(2));
        assert.strictEqual(log.needsCompaction, true);
        await log.compact((0, toyModel_1.replay)(undefined, [(0, toyModel_1.toyOp)(0), (0, toyModel_1.toyOp)(1), (0, toyModel_1.toyOp)(2)]));
        assert.strictEqual(log.needsCompaction, false);
        await log.close();
    });
    it('refuses all work after a failed commit and reopens to what was durable', async () => {
        const dir = temp.make();
        let fail = false;
        const { log } = await open(dir, { beforeCommit: async () => { if (fail)
                throw new Error('disk on fire'); } });
        log.append((0, toyModel_1.toyOp)(0));
        await log.flush();
        fail = true;
        log.append((0, toyModel_1.toyOp)(1));
        await assert.rejects(log.flush(), (e) => e instanceof storeError_1.StoreError && e.code === 'LOG_WRITE_FAILED');
        assert.throws(() => log.append((0, toyModel_1.toyOp)(2)), (e) => e instanceof storeError_1.StoreError && e.code === 'LOG_WRITE_FAILED');
        await log.close();
        const reopened = await open(dir);
        assert.deepStrictEqual(reopened.ops, [(0, toyModel_1.toyOp)(0)]);
        await reopened.log.close();
    });
    it('flushes on close and refuses appends afterwards', async () => {
        const dir = temp.make();
        const { log } = await open(dir);
        log.append((0, toyModel_1.toyOp)(0));
        await log.close();
        await log.close();
        log.dispose();
        assert.throws(() => log.append((0, toyModel_1.toyOp)(1)), (e) => e instanceof storeError_1.StoreError && e.code === 'STORE_CLOSED');
        await assert.rejects(log.compact((0, toyModel_1.replay)(undefined, [])), (e) => e instanceof storeError_1.StoreError && e.code === 'STORE_CLOSED');
        const reopened = await open(dir);
        assert.deepStrictEqual(reopened.ops, [(0, toyModel_1.toyOp)(0)]);
        await reopened.log.close();
    });
    it('waits for a running compaction before closing', async () => {
        const dir = temp.make();
        const { log } = await open(dir);
        const compacted = log.compact((0, toyModel_1.replay)(undefined, []));
        await log.close();
        await compacted;
        assert.ok(fs.existsSync(path.join(dir, 'snapshot-1')));
    });
    describe('versions', () => {
        async function writeV1(dir) {
            const { log } = await open(dir);
            log.append((0, toyModel_1.toyOp)(0));
            await log.compact((0, toyModel_1.replay)(undefined, [(0, toyModel_1.toyOp)(0)]));
            log.append((0, toyModel_1.toyOp)(1));
            await log.close();
        }
        it('migrates older schema versions through the hook and starts a new-schema log', async () => {
            const dir = temp.make();
            await writeV1(dir);
            const opened = await durableLog_1.DurableLog.open(dir, {
                schemaVersion: 2,
                migrate: {
                    snapshot: (value, from) => { assert.strictEqual(from, 1); return { ...value, v2: true }; },
                    op: (value, from) => { assert.strictEqual(from, 1); return { ...value, v2: true }; },
                },
            });
            assert.strictEqual(opened.migrated, true);
            assert.strictEqual(opened.snapshot?.v2, true);
            assert.deepStrictEqual(opened.ops, [{ ...(0, toyModel_1.toyOp)(1), v2: true }]);
            opened.log.append({ ...(0, toyModel_1.toyOp)(2), v2: true });
            await opened.log.close();
            const again = await durableLog_1.DurableLog.open(dir, {
                schemaVersion: 2,
                migrate: { snapshot: (v) => ({ ...v, v2: true }), op: (v) => ({ ...v, v2: true }) },
            });
            assert.deepStrictEqual(again.ops, [{ ...(0, toyModel_1.toyOp)(1), v2: true }, { ...(0, toyModel_1.toyOp)(2), v2: true }]);
            await again.log.close();
        });
        it('fails with MIGRATION_FAILED when an older schema has no migration', async () => {
            const dir = temp.make();
            await writeV1(dir);
            await assert.rejects(open(dir, { schemaVersion: 2 }), (e) => e instanceof storeError_1.StoreError && e.code === 'MIGRATION_FAILED');
        });
        it('refuses files of a newer schema and leaves them untouched', async () => {
            const dir = temp.make();
            const { log } = await open(dir, { schemaVersion: 3 });
            log.append((0, toyModel_1.toyOp)(0));
            await log.close();
            const before = fs.readdirSync(dir).map((n) => [n, fs.readFileSync(path.join(dir, n)).toString('hex')]);
            await assert.rejects(open(dir, { schemaVersion: 2 }), (e) => e instanceof storeError_1.FormatTooNewError && e.code === 'FORMAT_TOO_NEW' && e.found === 3);
            assert.deepStrictEqual(fs.readdirSync(dir).map((n) => [n, fs.readFileSync(path.join(dir, n)).toString('hex')]), before);
        });
    });
});
//# sourceMappingURL=durableLog.test.js.map