/**
 * Child process for killRecovery.test.ts: appends ops (each referencing a fresh blob) from 16 concurrent
 * writers, compacting now and then, and prints `ack <i>` once the flush covering op i resolved. The test
 * kills it with SIGKILL at a random moment. Usage: node killWriter.js <dir>
 */
import * as path from 'path';
import { BlobStore } from '../../../src/fs/store/blobStore';
import { DurableLog } from '../../../src/fs/store/durableLog';

export interface KillSnapshot {
  /** Ops 0..next-1 are in the snapshot. */
  readonly next: number;
}

export interface KillOp {
  readonly i: number;
  readonly ref: string;
}

/** The blob content op i references. */
export function blobText(i: number): string {
  return `blob ${i} `.repeat(1 + (i % 50));
}

export const COMPACT_EVERY = 400;

async function main(dir: string): Promise<void> {
  const blobs = BlobStore.open(dir);
  const { log, snapshot, ops } = await DurableLog.open<KillSnapshot, KillOp>(path.join(dir, 'log'), {
    beforeCommit: () => blobs.sync(),
  });
  let next = (snapshot?.next ?? 0) + ops.length;
  process.stdout.write(`ready ${next}\n`);
  const writer = async (): Promise<never> => {
    for (;;) {
      // Number, blob and append in one synchronous step, so the log order is the numbering order.
      const i = next++;
      log.append({ i, ref: blobs.put(Buffer.from(blobText(i))) });
      if (i % COMPACT_EVERY === COMPACT_EVERY - 1) await log.compact({ next: i + 1 });
      await log.flush();
      process.stdout.write(`ack ${i}\n`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, writer));
}

if (require.main === module) {
  main(process.argv[2]).catch((e) => {
    process.stderr.write(`killWriter failed: ${String(e)}\n`);
    process.exit(2);
  });
}
