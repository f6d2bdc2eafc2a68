import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { contentRefOf } from '../../../src/fs/model/contentStore';
import { PersistentOverlay } from '../../../src/fs/persistentOverlay';

const meta = { sessionId: 's', messageId: 'm', turn: 1, description: 'test' };
const noDisk = { read: () => undefined };

describe('PersistentOverlay: blob collection never strands the fallback generation', () => {
  let root: string;
  beforeEach(() => { root = fs.mkdtempSync(path.join(os.tmpdir(), 'persistent-')); });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('content only the previous snapshot names survives collection, so a double fault still reads it', async () => {
    const store = path.join(root, 'store');
    const a = path.join(root, 'ws', 'a.txt');
    const content = Buffer.from('only the older snapshot names this\n');
    const p = await PersistentOverlay.open(store);
    p.model.write(a, content, meta, noDisk);
    await p.flush();
    await p.compact();
    p.model.discardPaths([a]);
    await p.flush();
    // Older than the collector's grace period, so only the fallback bookkeeping can keep it.
    const blobs = path.join(store, 'blobs');
    const old = new Date(Date.now() - 3_600_000);
    for (const f of fs.readdirSync(blobs, { recursive: true, encoding: 'utf8' })) fs.utimesSync(path.join(blobs, f), old, old);
    await p.compact();
    await p.close();

    // Double fault: the newest snapshot is damaged and the log after the older one lost its ops.
    const state = path.join(store, 'state');
    const gens = (kind: string) => fs.readdirSync(state).filter(n => n.startsWith(`${kind}-`)).map(n => Number(n.slice(kind.length + 1))).sort((x, y) => x - y);
    const snaps = gens('snapshot');
    const newest = path.join(state, `snapshot-${snaps[snaps.length - 1]}`);
    const bytes = fs.readFileSync(newest);
    bytes[bytes.length - 3] ^= 0x40;
    fs.writeFileSync(newest, bytes);
    const olderLog = path.join(state, `log-${snaps[snaps.length - 2]}`);
    fs.truncateSync(olderLog, fs.statSync(olderLog).size - 5);

    const reopened = await PersistentOverlay.open(store);
    assert.deepStrictEqual(reopened.model.stagedPaths(), [a], 'the state of the older snapshot');
    assert.strictEqual(reopened.model.stagedRef(a), contentRefOf(content));
    assert.deepStrictEqual(Buffer.from(reopened.model.read(a, () => undefined)!), content);
    await reopened.close();
  });
});
