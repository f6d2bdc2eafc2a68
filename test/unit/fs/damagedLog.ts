/** Stores with a staged-change log damaged on purpose: shared by the refused-op tests, crash and fuzz cases. */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { PersistentOverlay } from '../../../src/fs/persistentOverlay';
import { decodeFrames, encodeFrame, encodeJsonFrame } from '../../../src/fs/store/frameCodec';

export const meta = { sessionId: 's', messageId: 'm', turn: 1, description: 'test' };
export const noDisk = { read: () => undefined };

/** `n` files staged one flush at a time (one log frame each), then `again` of them written a second time. */
export async function stageFiles(store: string, ws: string, n: number, again: readonly number[] = []): Promise<string[]> {
  const files = Array.from({ length: n }, (_, i) => path.join(ws, `f${i}.txt`));
  const p = await PersistentOverlay.open(store);
  for (const [i, f] of files.entries()) {
    p.model.write(f, Buffer.from(`content of file ${i}\n`), meta, noDisk);
    await p.flush();
  }
  for (const i of again) {
    p.model.write(files[i], Buffer.from(`second version of file ${i}\n`), meta, noDisk);
    await p.flush();
  }
  await p.close();
  return files;
}

/** The one log of the store with ops in it. */
export function activeLog(store: string): string {
  const state = path.join(store, 'state');
  const logs = fs.readdirSync(state).filter(n => /^log-\d+$/.test(n)).map(n => path.join(state, n));
  const withOps = logs.filter(f => decodeFrames(fs.readFileSync(f)).frames.length > 1);
  assert.strictEqual(withOps.length, 1, `one log with ops: ${logs.join(', ')}`);
  return withOps[0];
}

/** Rewrites op frame `index` (0-based, after the header) with valid framing: only the model can tell. */
export function rewriteOp(log: string, index: number, change: (op: Record<string, unknown>) => unknown): void {
  const { frames } = decodeFrames(fs.readFileSync(log));
  const out: Buffer[] = [];
  for (const [i, f] of frames.entries()) {
    if (i === index + 1) {
      out.push(encodeJsonFrame(change(JSON.parse(f.payload.toString('utf8')) as Record<string, unknown>)));
    } else {
      out.push(encodeFrame(f.payload));
    }
  }
  fs.writeFileSync(log, Buffer.concat(out));
}

/** Copies of refused ops kept in the state folder. */
export function keptCopies(store: string): string[] {
  const state = path.join(store, 'state');
  return fs.readdirSync(state).filter(n => /^log-\d+\.refused-\d+$/.test(n)).map(n => path.join(state, n));
}

export function opsIn(file: string): unknown[] {
  return decodeFrames(fs.readFileSync(file)).frames.slice(1).map(f => JSON.parse(f.payload.toString('utf8')) as unknown);
}

