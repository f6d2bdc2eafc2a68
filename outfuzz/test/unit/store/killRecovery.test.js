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
 * A real process killed with SIGKILL mid-flush-loop: reopening shows a prefix of the appended ops that contains
 * every op whose flush resolved before the kill, and every blob those ops reference.
 */
const assert = __importStar(require("assert"));
const child_process_1 = require("child_process");
const path = __importStar(require("path"));
const blobStore_1 = require("../../../src/fs/store/blobStore");
const durableLog_1 = require("../../../src/fs/store/durableLog");
const killWriter_1 = require("./killWriter");
const tempDirs_1 = require("./tempDirs");
/** Starts the writer on `dir`, kills it after `acks` acknowledgements, and reports what it acknowledged. */
function runAndKill(dir, acks) {
    return new Promise((resolve, reject) => {
        const child = (0, child_process_1.spawn)(process.execPath, [path.join(__dirname, 'killWriter.js'), dir], { stdio: ['ignore', 'pipe', 'pipe'] });
        let ready = -1;
        let maxAcked = -1;
        let seen = 0;
        let pending = '';
        let stderr = '';
        let killed = false;
        child.stderr.on('data', (d) => (stderr += d.toString()));
        child.stdout.on('data', (d) => {
            pending += d.toString();
            const lines = pending.split('\n');
            pending = lines.pop();
            for (const line of lines) {
                const [word, n] = line.split(' ');
                if (word === 'ready')
                    ready = Number(n);
                else if (word === 'ack' && !killed) {
                    maxAcked = Math.max(maxAcked, Number(n));
                    if (++seen >= acks) {
                        // Acks read after this point may have been printed after the kill was sent: not counted.
                        killed = true;
                        child.kill('SIGKILL');
                    }
                }
            }
        });
        child.on('error', reject);
        child.on('exit', (code, signal) => {
            if (signal === 'SIGKILL')
                resolve({ ready, maxAcked });
            else
                reject(new Error(`writer exited by itself (code ${code}): ${stderr}`));
        });
    });
}
describe('recovery after SIGKILL of a writing process', function () {
    this.timeout(120_000);
    const temp = new tempDirs_1.TempDirs();
    after(() => temp.cleanup());
    it('keeps every acknowledged op, as a prefix, with its blobs, across repeated kills', async () => {
        const dir = temp.make('store-kill-');
        let seed = 42;
        const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
        let recovered = 0;
        for (let round = 0; round < 5; round++) {
            const acks = 50 + Math.floor(random() * killWriter_1.COMPACT_EVERY * 2);
            const run = await runAndKill(dir, acks);
            assert.strictEqual(run.ready, recovered, 'the writer starts from what the last recovery found');
            assert.ok(run.maxAcked >= recovered, 'the writer acknowledged something');
            const blobs = blobStore_1.BlobStore.open(dir);
            const { log, snapshot, ops } = await durableLog_1.DurableLog.open(path.join(dir, 'log'));
            const base = snapshot?.next ?? 0;
            ops.forEach((op, k) => assert.strictEqual(op.i, base + k, 'ops form a gap-free prefix of the appended ones'));
            const total = base + ops.length;
            assert.ok(total > run.maxAcked, `op ${run.maxAcked} was acknowledged but only ${total} ops survived`);
            for (const op of ops)
                assert.strictEqual(Buffer.from(blobs.get(op.ref)).toString(), (0, killWriter_1.blobText)(op.i));
            await log.close();
            blobs.dispose();
            recovered = total;
        }
        assert.ok(recovered > killWriter_1.COMPACT_EVERY, 'the runs went through at least one compaction');
    });
});
//# sourceMappingURL=killRecovery.test.js.map