import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BlobStore } from '../src/fs/store/blobStore';
import { DurableLog } from '../src/fs/store/durableLog';
import { formatMs, median } from './benchRow';
import type { BenchRow } from './benchRow';

/** SPEC §8: "restart recovery of 10,000 pending changes: < 1 s". */
const OPS = 10_000;
const BATCH = 100;
const RELOAD_RUNS = 5;
const LATENCY_RUNS = 200;
const BUDGET_MS = 1000;

/** A change record of the size the overlay model writes (~300 bytes of JSON): metadata and blob refs only. */
interface BenchOp {
  readonly kind: 'modify';
  readonly id: string;
  readonly path: string;
  readonly sessionId: string;
  readonly messageId: string;
  readonly turn: number;
  readonly timestamp: number;
  readonly before: string;
  readonly after: string;
  readonly description: string;
}

function op(i: number): BenchOp {
  const hex = (n: number) => (n * 2654435761 >>> 0).toString(16).padStart(8, '0').repeat(8);
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

type BenchState = Record<string, BenchOp>;

export async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
  try {
    const blobs = BlobStore.open(dir);
    const logDir = path.join(dir, 'state');
    const { log } = await DurableLog.open<BenchState, BenchOp>(logDir, { beforeCommit: () => blobs.sync() });
    const opBytes = Buffer.byteLength(JSON.stringify(op(0)));

    const appendStart = performance.now();
    for (let i = 0; i < OPS; i += BATCH) {
      for (let k = i; k < i + BATCH; k++) log.append(op(k));
      await log.flush();
    }
    const appendMs = performance.now() - appendStart;
    await log.close();

    const reloads: number[] = [];
    for (let run = 0; run < RELOAD_RUNS; run++) {
      const start = performance.now();
      const opened = await DurableLog.open<BenchState, BenchOp>(logDir);
      // Replay the way the model will: one composite per path.
      const state = new Map<string, BenchOp>(Object.entries(opened.snapshot ?? {}));
      for (const o of opened.ops) state.set(o.path, o);
      reloads.push(performance.now() - start);
      if (opened.ops.length !== OPS) throw new Error(`reload found ${opened.ops.length} ops, expected ${OPS}`);
      await opened.log.close();
    }

    // One op per flush, nothing else pending: the latency an agent's single write waits for.
    const latencyDir = path.join(dir, 'latency');
    const latencyLog = (await DurableLog.open<BenchState, BenchOp>(latencyDir, { beforeCommit: () => blobs.sync() })).log;
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_RUNS; i++) {
      const start = performance.now();
      blobs.put(Buffer.from(`content ${i} `.repeat(800)));
      latencyLog.append(op(i));
      await latencyLog.flush();
      latencies.push(performance.now() - start);
    }
    await latencyLog.close();
    blobs.dispose();

    const reload = median(reloads);
    return [
      {
        name: `store reload of ${OPS.toLocaleString('en')} ops`,
        measured: formatMs(reload),
        budget: `< ${BUDGET_MS / 1000} s`,
        ok: reload < BUDGET_MS,
        note: `open + replay, ~${opBytes} B JSON per op, median of ${RELOAD_RUNS}`,
      },
      {
        name: `store append+flush ${OPS.toLocaleString('en')} ops`,
        measured: formatMs(appendMs),
        budget: 'information',
        ok: true,
        note: `batches of ${BATCH} (group commit: one write + fdatasync per batch), ${formatMs(appendMs / (OPS / BATCH))} per batch`,
      },
      {
        name: 'store commit of one change (10 KB blob + op)',
        measured: formatMs(median(latencies)),
        budget: 'information',
        ok: true,
        note: `put + flush (blob fsync, log write + fdatasync), median of ${LATENCY_RUNS}`,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
