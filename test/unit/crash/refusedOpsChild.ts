/**
 * The process refusedOpsCrash.test.ts kills: `<store> <killAt> <torn>` opens the store (whose log holds an op
 * the model refuses, so opening copies that log aside and compacts) with every disk-changing fs call counted,
 * dying before call `killAt` (0: never; then every call is printed as `call n api target`). Prints `done` at the end.
 */
import * as fs from 'fs';
import { PersistentOverlay } from '../../../src/fs/persistentOverlay';
import { installFaults } from './fsFaults';

const rawWrite = fs.writeSync;
const say = (line: string) => void rawWrite(1, `${line}\n`);

async function main(): Promise<void> {
  const [store, killAtArg, tornArg] = process.argv.slice(2);
  const killAt = Number(killAtArg);
  await installFaults({ killAt, torn: tornArg === '1', onCall: killAt === 0 ? (n, api, target) => say(`call ${n} ${api} ${target}`) : undefined });
  const overlay = await PersistentOverlay.open(store);
  await overlay.close();
  say('done');
}

main().catch(e => {
  say(`error ${e instanceof Error ? e.stack ?? e.message : String(e)}`.replace(/\n/g, ' | '));
  process.exit(3);
});
