import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';

/**
 * SPEC §9 invariant 3: a kill -9 at any point of an apply loses no staged change and leaves no half-written
 * file. A real child process applies 120 staged files (writes, creates, deletes, renames) and is killed after a
 * seeded, varying delay; after reopening, every file is fully old or fully new, no temp file is left, the
 * effective view still equals what was staged, and applying again finishes the job.
 */
describe('apply survives kill -9', function () {
  this.timeout(120_000);
  const N = 120;
  const child = path.join(__dirname, 'applyCrashChild.js');

  const oldOf = (i: number) => `old ${i}\n`.repeat(200);
  const newOf = (i: number) => `new ${i}\n`.repeat(200);
  const meta = { sessionId: 's', messageId: 'm', turn: 1, description: 'crash test' };

  /** Stages: modify 0..59, create 60..89, delete 90..104, rename 105..119 → r105..r119 (with an edit). */
  async function stage(ws: string, store: string): Promise<void> {
    const o = await OverlayWorkspace.open(store);
    for (let i = 0; i < N; i++) if (i < 60 || i >= 90) fs.writeFileSync(path.join(ws, `f${i}.txt`), oldOf(i));
    for (let i = 0; i < N; i++) {
      const p = path.join(ws, `f${i}.txt`);
      if (i < 90) o.write(p, Buffer.from(newOf(i)), meta);
      else if (i < 105) o.delete(p, meta);
      else {
        o.rename(p, path.join(ws, `r${i}.txt`), meta);
        o.write(path.join(ws, `r${i}.txt`), Buffer.from(newOf(i)), meta);
      }
    }
    await o.close();
  }

  function expectations(ws: string) {
    const out: { p: string; old: string | undefined; new: string | undefined }[] = [];
    for (let i = 0; i < N; i++) {
      const p = path.join(ws, `f${i}.txt`);
      if (i < 60) out.push({ p, old: oldOf(i), new: newOf(i) });
      else if (i < 90) out.push({ p, old: undefined, new: newOf(i) });
      else if (i < 105) out.push({ p, old: oldOf(i), new: undefined });
      else out.push({ p, old: oldOf(i), new: undefined }, { p: path.join(ws, `r${i}.txt`), old: undefined, new: newOf(i) });
    }
    return out;
  }

  async function runAndKill(store: string, delayMs: number): Promise<boolean> {
    const proc = spawn(process.execPath, [child, store], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    let killed = false;
    proc.stdout.on('data', d => {
      out += d;
      if (!killed && out.includes('applying')) {
        killed = true;
        setTimeout(() => proc.kill('SIGKILL'), delayMs);
      }
    });
    await new Promise(r => proc.on('exit', r));
    return !out.includes('applied');
  }

  const delays = [0, 3, 7, 15, 25, 40, 70, 110];
  for (const delay of delays) {
    it(`after a kill ${delay} ms into the apply, every file is old or new and nothing staged is lost`, async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-crash-'));
      const ws = path.join(root, 'ws');
      const store = path.join(root, 'store');
      fs.mkdirSync(ws);
      try {
        await stage(ws, store);
        await runAndKill(store, delay);
        const read = (p: string) => (fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : undefined);
        for (const e of expectations(ws)) {
          const now = read(e.p);
          assert.ok(now === e.old || now === e.new, `${path.basename(e.p)} is neither old nor new: ${JSON.stringify(now?.slice(0, 20))}`);
        }
        const o = await OverlayWorkspace.open(store);
        try {
          assert.deepStrictEqual(fs.readdirSync(ws).filter(f => f.endsWith('.tmp')), [], 'no temp file is left');
          for (const e of expectations(ws)) {
            const effective = (() => { try { return Buffer.from(o.readFile(e.p)).toString('utf8'); } catch { return undefined; } })();
            assert.strictEqual(effective, e.new, `the effective view of ${path.basename(e.p)} is what was staged`);
          }
          const result = await o.apply();
          assert.deepStrictEqual(result.refused, []);
          for (const e of expectations(ws)) assert.strictEqual(read(e.p), e.new, `${path.basename(e.p)} after the second apply`);
        } finally {
          await o.close();
        }
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    });
  }
});
