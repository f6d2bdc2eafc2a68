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
/**
 * Kill-during-write simulation: produce the files a write would leave, cut or damaged at every byte, and check
 * that reopening yields the last committed state (the ops before the damaged frame), never a crash.
 */
const assert = __importStar(require("assert"));
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const durableLog_1 = require("../../../src/fs/store/durableLog");
const frameCodec_1 = require("../../../src/fs/store/frameCodec");
const storeError_1 = require("../../../src/fs/store/storeError");
const tempDirs_1 = require("./tempDirs");
const toyModel_1 = require("./toyModel");
const A = [0, 1, 2].map(toyModel_1.toyOp);
const B = [3, 4, 5].map(toyModel_1.toyOp);
const C = [6, 7, 8, 9].map(toyModel_1.toyOp);
function readFiles(dir) {
    return new Map(fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name))]));
}
function writeFiles(dir, files) {
    for (const name of fs.readdirSync(dir))
        fs.rmSync(path.join(dir, name), { force: true, recursive: true });
    for (const [name, bytes] of files)
        fs.writeFileSync(path.join(dir, name), bytes);
}
/** Ends of the frames of `bytes` (all whole), in order. */
function frameEnds(bytes) {
    return (0, frameCodec_1.decodeFrames)(bytes).frames.map((f) => f.offset + frameCodec_1.FRAME_HEADER_BYTES + f.payload.length);
}
async function reopen(dir) {
    return durableLog_1.DurableLog.open(dir);
}
describe('DurableLog after a torn or damaged write', function () {
    this.timeout(120_000);
    const temp = new tempDirs_1.TempDirs();
    let committed;
    let full;
    let scratch;
    before(async () => {
        // generation 0: A; snapshot-1 = A; log-1: B (committed), then C (the write being torn).
        const dir = temp.make();
        const { log } = await reopen(dir);
        for (const op of A)
            log.append(op);
        await log.flush();
        await log.compact((0, toyModel_1.replay)(undefined, A));
        for (const op of B)
            log.append(op);
        await log.flush();
        committed = readFiles(dir);
        for (const op of C)
            log.append(op);
        await log.close();
        full = readFiles(dir);
        assert.deepStrictEqual([...full.keys()].sort(), ['log-0', 'log-1', 'snapshot-1']);
        scratch = temp.make();
    });
    after(() => temp.cleanup());
    const logBytes = () => full.get('log-1');
    const opsIn = (cut) => [...B, ...C].slice(0, Math.max(0, frameEnds(logBytes()).filter((end) => end <= cut).length - 1));
    async function expectState(files, ops, check) {
        writeFiles(scratch, files);
        const opened = await reopen(scratch);
        assert.deepStrictEqual(opened.snapshot, (0, toyModel_1.replay)(undefined, A));
        assert.deepStrictEqual(opened.ops, ops);
        check?.(opened.problems);
        await opened.log.close();
    }
    it('log cut at every byte: the ops of the whole frames before the cut, and appends continue cleanly', async () => {
        for (let cut = 0; cut <= logBytes().length; cut++) {
            const files = new Map(full).set('log-1', logBytes().subarray(0, cut));
            const expected = opsIn(cut);
            await expectState(files, expected);
            // The torn tail was truncated away: a new op lands right after the valid frames.
            const { log } = await reopen(scratch);
            log.append((0, toyModel_1.toyOp)(99));
            await log.close();
            const again = await reopen(scratch);
            assert.deepStrictEqual(again.ops, [...expected, (0, toyModel_1.toyOp)(99)], `cut at ${cut}`);
            assert.deepStrictEqual(again.problems, []);
            await again.log.close();
        }
    });
    it('the committed prefix is exactly what a flush acknowledged', async () => {
        const cut = committed.get('log-1').length;
        assert.deepStrictEqual(opsIn(cut), B);
        await expectState(committed, B, (problems) => assert.deepStrictEqual(problems, []));
    });
    it('log extended with zeros or garbage after every byte: torn tail, prefix kept', async () => {
        let seed = 7;
        const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
        for (let cut = committed.get('log-1').length; cut < logBytes().length; cut++) {
            const zeros = Buffer.concat([logBytes().subarray(0, cut), Buffer.alloc(logBytes().length - cut)]);
            const garbage = Buffer.concat([logBytes().subarray(0, cut), Buffer.from(Array.from({ length: logBytes().length - cut }, random))]);
            for (const bytes of [zeros, garbage]) {
                await expectState(new Map(full).set('log-1', bytes), opsIn(cut), (problems) => {
                    assert.deepStrictEqual(problems.map((p) => p.code), ['LOG_TORN_TAIL'], `cut at ${cut}`);
                });
            }
        }
    });
    it('a flipped byte anywhere in the log: the ops before the damaged frame; damage mid-log is copied aside', async () => {
        const ends = frameEnds(logBytes());
        for (let i = 0; i < logBytes().length; i++) {
            for (const mask of [0x01, 0xff]) {
                const bytes = Buffer.from(logBytes());
                bytes[i] ^= mask;
                const frame = ends.findIndex((end) => i < end);
                const expected = [...B, ...C].slice(0, Math.max(0, frame - 1));
                await expectState(new Map(full).set('log-1', bytes), expected, (problems) => {
                    const last = frame === ends.length - 1;
                    assert.deepStrictEqual(problems.map((p) => p.code), [last ? 'LOG_TORN_TAIL' : 'LOG_CORRUPT'], `byte ${i}`);
                    if (!last)
                        assert.ok(problems[0].copy && fs.readFileSync(problems[0].copy).equals(bytes));
                });
            }
        }
    });
    it('a damaged snapshot falls back to the previous generation with the same state, and keeps a copy', async () => {
        const snapshot = full.get('snapshot-1');
        const expected = (0, toyModel_1.replay)((0, toyModel_1.replay)(undefined, A), [...B, ...C]);
        for (let i = 0; i < snapshot.length; i++) {
            const bad = Buffer.from(snapshot);
            bad[i] ^= 0x20;
            for (const bytes of [bad, snapshot.subarray(0, i)]) {
                writeFiles(scratch, new Map(full).set('snapshot-1', bytes));
                const opened = await reopen(scratch);
                assert.deepStrictEqual((0, toyModel_1.replay)(opened.snapshot, opened.ops), expected, `byte ${i}`);
                assert.deepStrictEqual(opened.problems.map((p) => p.code), ['SNAPSHOT_CORRUPT']);
                assert.ok(fs.readFileSync(opened.problems[0].copy).equals(bytes));
                await opened.log.close();
                // Reported once: the bad name is gone, the next open is clean and still the same state.
                const again = await reopen(scratch);
                assert.deepStrictEqual(again.problems, []);
                assert.deepStrictEqual((0, toyModel_1.replay)(again.snapshot, again.ops), expected);
                await again.log.close();
            }
        }
    });
    it('a crash at any point of a compaction leaves the committed state', async () => {
        // The files a finished second compaction writes, to cut at every byte.
        writeFiles(scratch, full);
        const { log, snapshot, ops } = await reopen(scratch);
        const state = (0, toyModel_1.replay)(snapshot, ops);
        await log.compact(state);
        await log.close();
        const after = readFiles(scratch);
        const newLog = after.get('log-2');
        const newSnapshot = after.get('snapshot-2');
        const crashes = [];
        for (let cut = 0; cut <= newLog.length; cut++)
            crashes.push(new Map(full).set('log-2.tmp', newLog.subarray(0, cut)));
        for (let cut = 0; cut <= newSnapshot.length; cut++) {
            crashes.push(new Map(full).set('log-2', newLog).set('snapshot-2.tmp', newSnapshot.subarray(0, cut)));
        }
        crashes.push(new Map(full).set('snapshot-2', newSnapshot).set('log-2', newLog));
        crashes.push(new Map(full).set('snapshot-2', newSnapshot));
        for (const files of crashes) {
            writeFiles(scratch, files);
            const opened = await reopen(scratch);
            assert.deepStrictEqual((0, toyModel_1.replay)(opened.snapshot, opened.ops), state);
            assert.deepStrictEqual(opened.problems, []);
            assert.ok(!fs.readdirSync(scratch).some((n) => n.endsWith('.tmp')), 'temp files are cleaned up');
            await opened.log.close();
        }
    });
    it('fails with STATE_UNRECOVERABLE and keeps a copy when no snapshot or first log is left', async () => {
        writeFiles(scratch, full);
        const { log } = await reopen(scratch);
        await log.compact((0, toyModel_1.replay)((0, toyModel_1.replay)(undefined, A), [...B, ...C]));
        await log.close();
        assert.deepStrictEqual(fs.readdirSync(scratch).sort(), ['log-1', 'log-2', 'snapshot-1', 'snapshot-2']);
        for (const name of ['snapshot-1', 'snapshot-2']) {
            const bytes = fs.readFileSync(path.join(scratch, name));
            bytes[bytes.length - 3] ^= 0x40;
            fs.writeFileSync(path.join(scratch, name), bytes);
        }
        const kept = fs.readFileSync(path.join(scratch, 'snapshot-2'));
        for (let attempt = 0; attempt < 2; attempt++) {
            await assert.rejects(reopen(scratch), (e) => {
                assert.ok(e instanceof storeError_1.StateCorruptError);
                assert.strictEqual(e.code, 'STATE_UNRECOVERABLE');
                assert.ok(e.copy && fs.readFileSync(e.copy).equals(kept));
                return true;
            });
        }
        // The originals stay in place, and reopening twice kept one copy, not two.
        assert.deepStrictEqual(fs.readdirSync(scratch).filter((n) => n.includes('.corrupt-')).length, 1);
        assert.ok(fs.existsSync(path.join(scratch, 'snapshot-2')));
    });
    it('a log missing from the middle of the chain: logs after it are set aside, not replayed over a gap', async () => {
        writeFiles(scratch, full);
        const { log } = await reopen(scratch);
        await log.compact((0, toyModel_1.replay)((0, toyModel_1.replay)(undefined, A), [...B, ...C]));
        await log.close();
        const files = new Map(full).set('log-2', readFiles(scratch).get('log-2'));
        files.delete('log-1');
        await expectState(files, [], (problems) => {
            assert.deepStrictEqual(problems.map((p) => [p.code, path.basename(p.file)]), [['LOG_MISSING', 'log-2']]);
            assert.ok(problems[0].copy && fs.existsSync(problems[0].copy));
        });
        assert.ok(!fs.existsSync(path.join(scratch, 'log-2')));
    });
});
//# sourceMappingURL=tornWrite.test.js.map