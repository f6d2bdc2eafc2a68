/**
 * The process the crash sweep kills. `run <root> <killAt> <torn>` writes the initial workspace under `root`
 * (uncounted), then runs the scenario's steps with every disk-changing fs call counted, dying before call
 * `killAt` (0: never). `recover <root> <killAt>` only opens the store (the recovery) under the same rule.
 * Prints, synchronously (stdout is a pipe): `step i` before step i, `acked i` once its promise resolved,
 * `call n api target` for every counted call, and in `run` after each step `record i <last-apply.json or null>`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { STEPS, UMASK, writeInitial } from './crashScenario';
import { installFaults } from './fsFaults';

// Taken before the faults are installed: the child's own reports are not calls of the overlay.
const rawWrite = fs.writeSync;
const say = (line: string) => void rawWrite(1, `${line}\n`);

async function main(): Promise<void> {
  const [mode, root, killAtArg, tornArg] = process.argv.slice(2);
  const killAt = Number(killAtArg);
  const ws = path.join(root, 'ws');
  const store = path.join(root, 'store');
  process.umask(UMASK);
  if (mode === 'run') {
    fs.rmSync(root, { recursive: true, force: true });
    fs.mkdirSync(ws, { recursive: true });
    writeInitial(ws);
  }
  await installFaults({ killAt, torn: tornArg === '1', onCall: killAt === 0 ? (n, api, target) => say(`call ${n} ${api} ${target}`) : undefined });
  const overlay = await OverlayWorkspace.open(store);
  if (mode === 'run') {
    for (const [i, step] of STEPS.entries()) {
      say(`step ${i}`);
      await step.run(overlay, ws);
      say(`acked ${i}`);
      if (killAt === 0) {
        const file = path.join(store, 'last-apply.json');
        say(`record ${i} ${fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : 'null'}`);
      }
    }
  }
  await overlay.close();
  say('done');
}

main().catch(e => {
  say(`error ${e instanceof Error ? e.stack ?? e.message : String(e)}`.replace(/\n/g, ' | '));
  process.exit(3);
});
