import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { openOverlayStore } from '../../../src/fs/openOverlayStore';
import { DurableLog } from '../../../src/fs/store/durableLog';

const meta = { sessionId: 's', messageId: 'm', turn: 1, description: 'test' };

describe('openOverlayStore: a bad store never takes the extension down and loses nothing', () => {
  let root: string;
  let store: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'open-store-'));
    store = path.join(root, 'store');
    fs.mkdirSync(path.join(root, 'ws'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a store written by a newer version is set aside untouched, and staging starts afresh', async () => {
    const newer = await DurableLog.open<unknown, unknown>(path.join(store, 'state'), { schemaVersion: 99 });
    newer.log.append({ type: 'discardAll' });
    await newer.log.flush();
    await newer.log.close();
    const before = fs.readdirSync(path.join(store, 'state')).sort();

    const { workspace, notices } = await openOverlayStore(store, () => new Date('2026-01-02T03:04:05.678Z'));
    const keptAt = `${store}.unopened-2026-01-02T03-04-05-678Z`;
    assert.deepStrictEqual(notices.map(n => [n.severity, n.keptAt]), [['error', keptAt]]);
    assert.match(notices[0].message, /version 99[\s\S]*kept, untouched, in .*unopened-/);
    assert.deepStrictEqual(fs.readdirSync(path.join(keptAt, 'state')).sort(), before);

    workspace.write(path.join(root, 'ws', 'a.txt'), Buffer.from('a\n'), meta);
    await workspace.close();
    const again = await openOverlayStore(store);
    // The store set aside is announced again at every start, until it is moved back or deleted.
    assert.deepStrictEqual(again.notices.map(n => [n.severity, n.keptAt]), [['warning', keptAt]]);
    assert.match(again.notices[0].message, /still kept in .*unopened-.*delete it to stop this notice/);
    assert.deepStrictEqual(again.workspace.model.stagedPaths(), [path.join(root, 'ws', 'a.txt')]);
    await again.workspace.close();
  });

  it('a damaged newest snapshot: the state comes back from the older generation, with a warning naming the copy', async () => {
    const first = await openOverlayStore(store);
    const ws = first.workspace;
    ws.write(path.join(root, 'ws', 'a.txt'), Buffer.from('a\n'), meta);
    await ws.flush();
    await ws.overlay.compact();
    ws.write(path.join(root, 'ws', 'b.txt'), Buffer.from('b\n'), meta);
    await ws.flush();
    await ws.overlay.compact();
    await ws.close();
    const snapshots = fs.readdirSync(path.join(store, 'state')).filter(n => n.startsWith('snapshot-')).sort();
    const newest = path.join(store, 'state', snapshots[snapshots.length - 1]);
    const bytes = fs.readFileSync(newest);
    bytes[bytes.length - 3] ^= 0x40;
    fs.writeFileSync(newest, bytes);

    const { workspace, notices } = await openOverlayStore(store);
    assert.deepStrictEqual(workspace.model.stagedPaths().sort(), [path.join(root, 'ws', 'a.txt'), path.join(root, 'ws', 'b.txt')]);
    assert.strictEqual(notices.length, 1);
    assert.strictEqual(notices[0].severity, 'warning');
    assert.ok(notices[0].keptAt && fs.readFileSync(notices[0].keptAt).equals(bytes), 'the damaged bytes were kept');
    await workspace.close();
  });
});
