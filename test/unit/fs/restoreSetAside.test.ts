import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { listSetAsideStores, openOverlayStore, requestRestore } from '../../../src/fs/openOverlayStore';

const meta = { sessionId: 's', messageId: 'm', turn: 1, description: 'restore test' };

/**
 * Issue 24, breach 3: a store set aside (unreadable at one start) was announced but could only be brought back by
 * hand with VS Code closed. "Restore Set-Aside Staged Changes…" asks the next open to swap it in; the current store
 * is set aside in its turn, never lost.
 */
describe('restoring a store that was set aside', function () {
  this.timeout(60_000);
  let root: string;
  let store: string;
  let ws: string;
  const at = (t: string) => () => new Date(t);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-'));
    store = path.join(root, 'store');
    ws = path.join(root, 'ws');
    fs.mkdirSync(ws);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /** A store staging `name`, closed. */
  async function storeStaging(dir: string, name: string): Promise<void> {
    const { workspace } = await openOverlayStore(dir);
    workspace.write(path.join(ws, name), Buffer.from(`${name}\n`), meta);
    await workspace.close();
  }

  it('lists the stores set aside with when, and the notice at start offers the restore', async () => {
    await storeStaging(`${store}.unopened-2026-01-02T03-04-05-678Z`, 'old.txt');
    await storeStaging(store, 'new.txt');
    assert.deepStrictEqual(await listSetAsideStores(store), [{ path: `${store}.unopened-2026-01-02T03-04-05-678Z`, setAsideAt: new Date('2026-01-02T03:04:05.678Z') }]);
    const { workspace, notices } = await openOverlayStore(store);
    assert.deepStrictEqual(notices.map(n => [n.keptAt, n.restorable]), [[`${store}.unopened-2026-01-02T03-04-05-678Z`, true]]);
    assert.match(notices[0].message, /Restore Set-Aside Staged Changes…/);
    await workspace.close();
  });

  it('the next open restores the chosen store and sets the current one aside, both kept', async () => {
    const aside = `${store}.unopened-2026-01-02T03-04-05-678Z`;
    await storeStaging(aside, 'old.txt');
    await storeStaging(store, 'new.txt');
    await requestRestore(store, aside);
    const { workspace, notices } = await openOverlayStore(store, at('2026-02-03T04:05:06.789Z'));
    const current = `${store}.unopened-2026-02-03T04-05-06-789Z`;
    assert.deepStrictEqual(workspace.model.stagedPaths(), [path.join(ws, 'old.txt')], 'the set-aside changes are staged again');
    assert.match(notices[0].message, /restored the staged changes set aside in .*unopened-2026-01-02.*The ones staged before are kept in .*unopened-2026-02-03/);
    assert.deepStrictEqual(notices.filter(n => n.restorable).map(n => n.keptAt), [current]);
    assert.deepStrictEqual((await listSetAsideStores(store)).map(s => s.path), [current], 'the chosen one is no longer set aside');
    await workspace.close();
    // And back: the store that was current is restorable the same way.
    await requestRestore(store, current);
    const back = await openOverlayStore(store, at('2026-03-04T05:06:07.890Z'));
    assert.deepStrictEqual(back.workspace.model.stagedPaths(), [path.join(ws, 'new.txt')]);
    await back.workspace.close();
    const again = await openOverlayStore(store);
    assert.deepStrictEqual(again.workspace.model.stagedPaths(), [path.join(ws, 'new.txt')], 'the request is done once');
    await again.workspace.close();
  });

  it('a request naming anything but a store set aside beside it moves nothing', async () => {
    await storeStaging(store, 'new.txt');
    const elsewhere = path.join(root, 'elsewhere');
    await storeStaging(elsewhere, 'other.txt');
    await assert.rejects(requestRestore(store, elsewhere), /is not a store set aside beside/);
    // A request file written by hand (or forged) is checked again at open.
    fs.writeFileSync(`${store}.restore-request`, '../elsewhere');
    const { workspace, notices } = await openOverlayStore(store);
    assert.deepStrictEqual(workspace.model.stagedPaths(), [path.join(ws, 'new.txt')]);
    assert.match(notices[0].message, /not among those set aside .*nothing was moved/);
    assert.ok(fs.existsSync(elsewhere));
    assert.strictEqual(fs.existsSync(`${store}.restore-request`), false);
    await workspace.close();
  });
});
