import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import type { ChangeMeta } from '../../../src/fs/model/changeRecord';

const meta = (messageId: string): ChangeMeta => ({ sessionId: 's1', messageId, turn: 1, description: `change from ${messageId}` });
/** An hour ago: a file last changed then is not "racy" (its stat data prove it unchanged). */
const anHourAgo = () => new Date(Date.now() - 3600_000);

/**
 * An Apply with nothing left to do on disk (here: a staged folder the person made meanwhile) still becomes the last
 * apply, in memory and on disk alike. Journal format 2 (session 13) moved the undo record into place only after a
 * disk step, so the apply's early return left the older apply's last-apply.json: after a reload, Undo Last Apply
 * undid that older apply, removing the lines it wrote from the disk (provenance seeds 862301 and 872723, LOSS).
 */
describe('an apply with no disk step is still the last apply after a reload', () => {
  let root: string;
  let ws: string;
  let store: string;
  const file = (rel: string) => path.join(ws, rel);
  const roots = () => [ws];

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-no-step-'));
    ws = path.join(root, 'ws');
    store = path.join(root, 'store');
    fs.mkdirSync(ws, { recursive: true });
    fs.writeFileSync(file('a.txt'), 'a old\n');
    fs.utimesSync(file('a.txt'), anHourAgo(), anHourAgo());
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('Undo Last Apply after a reload undoes the folder apply, not the file apply before it', async () => {
    const first = await OverlayWorkspace.open(store, { roots });
    try {
      first.write(file('a.txt'), Buffer.from('a new\n'), meta('m1'));
      assert.deepStrictEqual((await first.apply({ roots: roots() })).refused, []);
      first.createDirectory(file('d'), meta('m2'));
      // The person makes the same folder before the Apply: the Apply has nothing to do on disk.
      fs.mkdirSync(file('d'));
      const result = await first.apply({ roots: roots() });
      assert.deepStrictEqual(result.applied, [file('d')]);
      assert.deepStrictEqual(result.refused, []);
    } finally {
      await first.close();
    }
    const reopened = await OverlayWorkspace.open(store, { roots });
    try {
      await reopened.undoLastApply();
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'a new\n', 'the file apply before it is not undone');
      assert.ok(fs.statSync(file('d')).isDirectory(), 'the folder the person made stays: the apply made none');
      assert.ok(!reopened.canUndo, 'the folder apply was the one undone');
    } finally {
      await reopened.close();
    }
  });
});
