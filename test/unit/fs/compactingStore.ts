import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';

/** The metadata every write of the full-disk tests stages under. */
export const diskFullMeta = (description: string) => ({ sessionId: 's', messageId: 'm', turn: 1, description });

/**
 * A closed store staging `ws/a.txt` (over a disk file) and `ws/b.txt` (new), with ops in its log after the
 * snapshot: the next open compacts, which is the changing disk call a full disk fails at start-up. `copy()` gives a
 * fresh copy of it to open (each test damages its own).
 */
export interface CompactingStore {
  readonly root: string;
  readonly ws: string;
  readonly template: string;
  copy(): string;
  dispose(): void;
}

export async function makeCompactingStore(prefix: string, description: string): Promise<CompactingStore> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const ws = path.join(root, 'ws');
  const template = path.join(root, 'template');
  fs.mkdirSync(ws);
  fs.writeFileSync(path.join(ws, 'a.txt'), 'a\n');
  const o = await OverlayWorkspace.open(template);
  o.write(path.join(ws, 'a.txt'), Buffer.from('A\n'), diskFullMeta(description));
  o.write(path.join(ws, 'b.txt'), Buffer.from('B\n'), diskFullMeta(description));
  await o.close();
  return {
    root, ws, template,
    copy: () => {
      const store = path.join(root, `store-${Math.random().toString(36).slice(2)}`);
      fs.cpSync(template, store, { recursive: true });
      return store;
    },
    dispose: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
