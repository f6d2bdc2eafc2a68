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
exports.run = run;
const fs = __importStar(require("fs"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const blobStore_1 = require("../src/fs/store/blobStore");
const durableLog_1 = require("../src/fs/store/durableLog");
const benchRow_1 = require("./benchRow");
/** SPEC §8: "restart recovery of 10,000 pending changes: < 1 s". */
const OPS = 10_000;
const BATCH = 100;
const RELOAD_RUNS = 5;
const LATENCY_RUNS = 200;
const BUDGET_MS = 1000;
function op(i) {
    const hex = (n) => (n * 2654435761 >>> 0).toString(16).padStart(8, '0').repeat(8);
    return {
        kind: 'modify',
        id: `c-${i.toString(36).padStart(8, '0')}`,
        path: `src/module${i % 97}/component${i % 1000}.ts`,
        sessionId: 'session-7f3e2b1a',
        messageId: `msg-${Math.floor(i / 10)}`,
        turn: Math.floor(i / 10),
        timestamp: 1_700_000_000_000 + i,
        before: hex(i),
        after: hex(i + 1),
        description: `Edited component${i % 1000}.ts`,
    };
}
async function run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
    try {
        const blobs = blobStore_1.BlobStore.open(dir);
        const logDir = path.join(dir, 'state');
        const { log } = await durableLog_1.DurableLog.open(logDir, { beforeCommit: () => blobs.sync() });
        const opBytes = Buffer.byteLength(JSON.stringify(op(0)));
        const appendStart = performance.now();
        for (let i = 0; i < OPS; i += BATCH) {
            for (let k = i; k < i + BATCH; k++)
                log.append(op(k));
            await log.flush();
        }
        const appendMs = performance.now() - appendStart;
        await log.close();
        const reloads = [];
        for (let run = 0; run < RELOAD_RUNS; run++) {
            const start = performance.now();
            const opened = await durableLog_1.DurableLog.open(logDir);
            // Replay the way the model will: one composite per path.
            const state = new Map(Object.entries(opened.snapshot ?? {}));
            for (const o of opened.ops)
                state.set(o.path, o);
            reloads.push(performance.now() - start);
            if (opened.ops.length !== OPS)
                throw new Error(`reload found ${opened.ops.length} ops, expected ${OPS}`);
            await opened.log.close();
        }
        // One op per flush, nothing else pending: the latency an agent's single write waits for.
        const latencyDir = path.join(dir, 'latency');
        const latencyLog = (await durableLog_1.DurableLog.open(latencyDir, { beforeCommit: () => blobs.sync() })).log;
        const latencies = [];
        for (let i = 0; i < LATENCY_RUNS; i++) {
            const start = performance.now();
            blobs.put(Buffer.from(`content ${i} `.repeat(800)));
            latencyLog.append(op(i));
            await latencyLog.flush();
            latencies.push(performance.now() - start);
        }
        await latencyLog.close();
        blobs.dispose();
        const reload = (0, benchRow_1.median)(reloads);
        return [
            {
                name: `store reload of ${OPS.toLocaleString('en')} ops`,
                measured: (0, benchRow_1.formatMs)(reload),
                budget: `< ${BUDGET_MS / 1000} s`,
                ok: reload < BUDGET_MS,
                note: `open + replay, ~${opBytes} B JSON per op, median of ${RELOAD_RUNS}`,
            },
            {
                name: `store append+flush ${OPS.toLocaleString('en')} ops`,
                measured: (0, benchRow_1.formatMs)(appendMs),
                budget: 'information',
                ok: true,
                note: `batches of ${BATCH} (group commit: one write + fdatasync per batch), ${(0, benchRow_1.formatMs)(appendMs / (OPS / BATCH))} per batch`,
            },
            {
                name: 'store commit of one change (10 KB blob + op)',
                measured: (0, benchRow_1.formatMs)((0, benchRow_1.median)(latencies)),
                budget: 'information',
                ok: true,
                note: `put + flush (blob fsync, log write + fdatasync), median of ${LATENCY_RUNS}`,
            },
        ];
    }
    finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}
//# sourceMappingURL=store.bench.js.map