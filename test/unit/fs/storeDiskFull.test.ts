import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { openOverlayStore } from '../../../src/fs/openOverlayStore';
import { CompactingStore, diskFullMeta, makeCompactingStore } from './compactingStore';
import { withDiskFailing } from './diskFailing';

const meta = diskFullMeta('disk full test');

/**
 * Issue 24, breach 3: a full disk at start-up set the store aside and the next start opened it empty. Now a full
 * or read-only disk at any changing call of open never loses staged work: the store opens read-only with
 * everything shown, or open fails with a clear message and nothing moved; with space again, everything is there.
 */
describe('opening the store on a full or read-only disk never loses staged work', function () {
  this.timeout(120_000);
  let fixture: CompactingStore;
  let root: string;
  let ws: string;
  let store: string;
  const staged = () => [path.join(ws, 'a.txt'), path.join(ws, 'b.txt')];

  before(async () => {
    fixture = await makeCompactingStore('disk-full-', 'disk full test');
    ({ root, ws } = fixture);
  });
  after(() => fixture.dispose());

  const fresh = () => {
    store = fixture.copy();
  };
  const setAside = () => fs.readdirSync(root).filter(n => n.startsWith(`${path.basename(store)}.unopened-`));

  for (const code of ['ENOSPC', 'EROFS']) {
    it(`${code} at each changing disk call of open: read-only with everything shown, or a clear error; nothing set aside or lost`, async () => {
      fresh();
      const clean = await withDiskFailing(code, Infinity, () => openOverlayStore(store));
      assert.ok(clean.result, String(clean.error));
      await clean.result.workspace.close();
      assert.ok(clean.calls > 3, `open changes the disk ${clean.calls} times`);

      let readOnly = 0;
      for (let k = 1; k <= clean.calls; k++) {
        fresh();
        const run = await withDiskFailing(code, k, () => openOverlayStore(store));
        if (run.result) {
          const { workspace, notices } = run.result;
          assert.deepStrictEqual(workspace.model.stagedPaths().sort(), staged(), `call ${k}: everything staged is shown`);
          if (workspace.overlay.readOnly) {
            readOnly++;
            assert.ok(notices.some(n => n.severity === 'error' && /read-only for now/.test(n.message)), `call ${k}: the person is told`);
            assert.throws(() => workspace.write(path.join(ws, 'c.txt'), Buffer.from('c\n'), meta), /read-only for now .*nothing new can be staged/);
          }
          await workspace.close().catch(() => undefined);
        } else {
          assert.match(String(run.error), /could not open its staged changes because .*Nothing was moved or lost/, `call ${k}`);
        }
        assert.deepStrictEqual(setAside(), [], `call ${k}: the store was not set aside`);
        const again = await openOverlayStore(store);
        assert.deepStrictEqual(again.workspace.model.stagedPaths().sort(), staged(), `call ${k}: with space again, everything is there`);
        assert.strictEqual(again.workspace.overlay.readOnly, undefined);
        await again.workspace.close();
      }
      assert.ok(readOnly > 0, 'the compaction at open failing opened the store read-only');
    });
  }
});
