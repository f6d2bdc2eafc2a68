/**
 * Child process for applyCrash.test.ts: opens the overlay in argv[2], prints "applying", then applies everything.
 * The parent kills it with SIGKILL at some point of the apply.
 */
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';

async function main(): Promise<void> {
  const overlay = await OverlayWorkspace.open(process.argv[2]);
  process.stdout.write('applying\n');
  await overlay.apply();
  process.stdout.write('applied\n');
  await overlay.close();
}

void main();
