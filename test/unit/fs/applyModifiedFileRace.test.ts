import * as assert from 'assert';
import * as fsStar from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';

/** The fs module itself (the namespace import's properties are read-only getters onto it): its calls are hooked. */
const fs = (fsStar as unknown as { default?: typeof fsStar }).default ?? fsStar;

const meta = { sessionId: 's1', messageId: 'm1', turn: 1, description: 'race test' };
const bytes = (s: string) => Buffer.from(s, 'utf8');
const anHourAgo = () => new Date(Date.now() - 3600_000);
const TEMP = '.agent-overlay.tmp';

type Rename = (from: fsStar.PathLike, to: fsStar.PathLike) => void;
type Link = (existing: fsStar.PathLike, created: fsStar.PathLike) => void;

/**
 * Issue 28: a person's write to a modified file that lands after Apply's last check is never renamed over unseen.
 * Apply swaps each modified file in (`link(target, stash)`, `rename(temp, target)`, then the stash checked against
 * the file verified); these tests hook the real `fs.linkSync` and `fs.renameSync` to put the person's hand in each
 * window, and check what a person could lose: their bytes on disk, and the agent's change (still staged, or applied).
 */
describe('Apply: a person writing a modified file during its renames keeps the edit', () => {
  let root: string;
  let ws: string;
  let store: string;
  const file = (rel: string) => path.join(ws, rel);
  const roots = () => [ws];
  const leftovers = () => fs.readdirSync(ws).filter(n => n.endsWith(TEMP));
  const realRename = fs.renameSync;
  const realLink = fs.linkSync;
  /** Each rename Apply made, as [from name, to name]. */
  let renames: [string, string][];

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'modified-race-'));
    ws = path.join(root, 'ws');
    store = path.join(root, 'store');
    fs.mkdirSync(ws, { recursive: true });
    renames = [];
  });
  afterEach(() => {
    (fs as { renameSync: Rename }).renameSync = realRename;
    (fs as { linkSync: Link }).linkSync = realLink;
    fs.rmSync(root, { recursive: true, force: true });
  });

  function oldFile(rel: string, text: string): void {
    fs.writeFileSync(file(rel), text);
    fs.utimesSync(file(rel), anHourAgo(), anHourAgo());
  }

  /**
   * Hooks `renameSync`: `before` runs once, right before the first rename of a temp over `target` (after the stash
   * link: the window between the two calls), `after` right after it.
   */
  function onSwap(target: string, hands: { before?: () => void; after?: () => void }): void {
    let done = false;
    (fs as { renameSync: Rename }).renameSync = (from, to) => {
      const swap = !done && String(to) === target && String(from).endsWith(TEMP) && !String(from).includes('.stash.');
      if (swap) {
        done = true;
        hands.before?.();
      }
      realRename(from, to);
      renames.push([path.basename(String(from)), path.basename(String(to))]);
      if (swap) hands.after?.();
    };
  }

  /**
   * An editor's hands: a handle opened on `target` before the swap's rename, written through right after it (the
   * handle is on the file the rename replaced, so the write lands in the stash); then `then`.
   */
  function writeThroughOpenHandle(target: string, text: string, then?: () => void): { before: () => void; after: () => void } {
    let fd: number | undefined;
    return {
      before: () => { fd = fs.openSync(target, 'r+'); },
      after: () => {
        fs.writeSync(fd!, text, 0);
        fs.closeSync(fd!);
        then?.();
      },
    };
  }

  async function withOverlay(body: (overlay: OverlayWorkspace) => Promise<void>): Promise<void> {
    const overlay = await OverlayWorkspace.open(store, { roots });
    try {
      await body(overlay);
    } finally {
      (fs as { renameSync: Rename }).renameSync = realRename;
      (fs as { linkSync: Link }).linkSync = realLink;
      await overlay.close();
    }
  }

  it('an in-place write between the stash link and the rename: the person keeps it, the agent\'s change stays staged', async () => {
    oldFile('a.txt', 'a before\n');
    oldFile('b.txt', 'b before\n');
    await withOverlay(async overlay => {
      overlay.write(file('a.txt'), bytes('a by the agent\n'), meta);
      overlay.write(file('b.txt'), bytes('b by the agent\n'), meta);
      let edited = false;
      onSwap(file('a.txt'), { before: () => { fs.writeFileSync(file('a.txt'), 'a by the person\n'); edited = true; } });

      const result = await overlay.apply();

      assert.ok(edited, 'the edit was made in the window');
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'a by the person\n');
      assert.deepStrictEqual(result.refused.map(r => [r.path, r.reason]), [[file('a.txt'), 'diskChanged']]);
      assert.deepStrictEqual(result.applied, [file('b.txt')]);
      assert.strictEqual(fs.readFileSync(file('b.txt'), 'utf8'), 'b by the agent\n');
      assert.ok(overlay.model.composite(file('a.txt')), 'the agent\'s change to a.txt is still staged');
      assert.deepStrictEqual(leftovers(), [], 'no temp or stash is left');
    });
  });

  it('a write through a handle opened before the rename, landing after it, is seen in the stash and put back', async () => {
    oldFile('a.txt', 'a before\n');
    await withOverlay(async overlay => {
      overlay.write(file('a.txt'), bytes('a by the agent\n'), meta);
      onSwap(file('a.txt'), writeThroughOpenHandle(file('a.txt'), 'A by the person\n'));

      const result = await overlay.apply();

      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'A by the person\n');
      assert.deepStrictEqual(result.refused.map(r => r.path), [file('a.txt')]);
      assert.deepStrictEqual(result.applied, []);
      assert.ok(overlay.model.composite(file('a.txt')), 'still staged');
      assert.deepStrictEqual(leftovers(), []);
    });
  });

  it('the modified files swapped in before the refused one are put back, the new files taken back, and both applied on the retry', async () => {
    oldFile('a.txt', 'a before\n');
    oldFile('z.txt', 'z before\n');
    await withOverlay(async overlay => {
      overlay.write(file('a.txt'), bytes('a by the agent\n'), meta);
      overlay.write(file('new.txt'), bytes('new by the agent\n'), meta);
      overlay.write(file('z.txt'), bytes('z by the agent\n'), meta);
      let aInBeforeZ: string | undefined;
      onSwap(file('z.txt'), {
        before: () => {
          aInBeforeZ = fs.readFileSync(file('a.txt'), 'utf8');
          fs.writeFileSync(file('z.txt'), 'z by the person\n');
        },
      });

      const result = await overlay.apply();

      assert.strictEqual(aInBeforeZ, 'a by the agent\n', 'a.txt was swapped in before z.txt');
      assert.ok(renames.some(([from, to]) => from.includes('.stash.') && to === 'a.txt'), `a.txt was put back from its stash: ${JSON.stringify(renames)}`);
      assert.strictEqual(fs.readFileSync(file('z.txt'), 'utf8'), 'z by the person\n');
      assert.deepStrictEqual(result.refused.map(r => r.path), [file('z.txt')]);
      assert.deepStrictEqual([...result.applied].sort(), [file('a.txt'), file('new.txt')]);
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'a by the agent\n');
      assert.strictEqual(fs.readFileSync(file('new.txt'), 'utf8'), 'new by the agent\n');
      assert.deepStrictEqual(leftovers(), []);
    });
  });

  it('a file deleted between the check and the swap is not made again: refused, the deletion stands', async () => {
    oldFile('a.txt', 'a before\n');
    await withOverlay(async overlay => {
      overlay.write(file('a.txt'), bytes('a by the agent\n'), meta);
      let deleted = false;
      (fs as { linkSync: Link }).linkSync = (existing, created) => {
        if (!deleted && String(existing) === file('a.txt') && String(created).includes('.stash.')) {
          fs.unlinkSync(file('a.txt'));
          deleted = true;
        }
        realLink(existing, created);
      };

      const result = await overlay.apply();

      assert.ok(deleted);
      assert.ok(!fs.existsSync(file('a.txt')), 'the person\'s delete stands');
      assert.deepStrictEqual(result.refused.map(r => r.path), [file('a.txt')]);
      assert.deepStrictEqual(leftovers(), []);
    });
  });

  it('a racy file (changed within the last tick) is hashed in its stash: a same-size write with its mtime put back is seen', async () => {
    fs.writeFileSync(file('a.txt'), 'aaaa\n');
    await withOverlay(async overlay => {
      overlay.write(file('a.txt'), bytes('agent\n'), meta);
      const mtime = fs.statSync(file('a.txt')).mtime;
      onSwap(file('a.txt'), {
        before: () => {
          fs.writeFileSync(file('a.txt'), 'AAAA\n');
          fs.utimesSync(file('a.txt'), mtime, mtime);
        },
      });

      const result = await overlay.apply();

      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'AAAA\n');
      assert.deepStrictEqual(result.refused.map(r => r.path), [file('a.txt')]);
    });
  });

  it('where the file system has no hard links, the temp is renamed over as before (no stash) and applied', async () => {
    oldFile('a.txt', 'a before\n');
    await withOverlay(async overlay => {
      overlay.write(file('a.txt'), bytes('a by the agent\n'), meta);
      (fs as { linkSync: Link }).linkSync = (existing, created) => {
        if (String(created).includes('.stash.')) throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
        realLink(existing, created);
      };

      const result = await overlay.apply();

      assert.deepStrictEqual(result.applied, [file('a.txt')]);
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'a by the agent\n');
      assert.deepStrictEqual(leftovers(), []);
    });
  });

  it('a crash right after the rename, with the person\'s write in the stash: recovery puts it back and reports the file', async () => {
    oldFile('a.txt', 'a before\n');
    oldFile('b.txt', 'b before\n');
    const crash = new Error('simulated crash after the rename');
    await withOverlay(async overlay => {
      overlay.write(file('a.txt'), bytes('a by the agent\n'), meta);
      overlay.write(file('b.txt'), bytes('b by the agent\n'), meta);
      onSwap(file('a.txt'), writeThroughOpenHandle(file('a.txt'), 'A by the person\n', () => {
        throw crash;
      }));
      await assert.rejects(overlay.apply(), e => e === crash);
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'a by the agent\n', 'the crash came with the agent\'s file in place');
      assert.ok(leftovers().some(n => n.includes('.stash.')), 'and the person\'s in the stash');
    });
    // The next start recovers the interrupted apply from its journal.
    const reopened = await OverlayWorkspace.open(store, { roots });
    try {
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'A by the person\n', 'the person\'s write is back');
      assert.deepStrictEqual(reopened.recovered.diverged, [file('a.txt')]);
      assert.strictEqual(fs.readFileSync(file('b.txt'), 'utf8'), 'b by the agent\n', 'the rest of the apply is finished');
      assert.deepStrictEqual(leftovers(), []);
    } finally {
      await reopened.close();
    }
  });

  it('a crash while a refused apply is taken back: recovery takes the rest back too, new files included', async () => {
    oldFile('a.txt', 'a before\n');
    oldFile('z.txt', 'z before\n');
    const crash = new Error('simulated crash during the take-back');
    await withOverlay(async overlay => {
      overlay.write(file('a.txt'), bytes('a by the agent\n'), meta);
      overlay.write(file('new.txt'), bytes('new by the agent\n'), meta);
      overlay.write(file('z.txt'), bytes('z by the agent\n'), meta);
      onSwap(file('z.txt'), { before: () => fs.writeFileSync(file('z.txt'), 'z by the person\n') });
      const swapRename = fs.renameSync;
      // Right after a.txt is put back from its stash, before the new file is taken back.
      (fs as { renameSync: Rename }).renameSync = (from, to) => {
        swapRename(from, to);
        if (String(from).includes('.stash.') && String(to) === file('a.txt')) throw crash;
      };
      await assert.rejects(overlay.apply(), e => e === crash);
      assert.strictEqual(fs.readFileSync(file('new.txt'), 'utf8'), 'new by the agent\n', 'the crash came with the new file still placed');
    });
    const reopened = await OverlayWorkspace.open(store, { roots });
    try {
      assert.ok(!fs.existsSync(file('new.txt')), 'the new file is taken back');
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'a before\n');
      assert.strictEqual(fs.readFileSync(file('z.txt'), 'utf8'), 'z by the person\n');
      for (const rel of ['a.txt', 'new.txt', 'z.txt']) assert.ok(reopened.model.composite(file(rel)), `${rel}'s change is still staged`);
      assert.deepStrictEqual(leftovers(), []);
    } finally {
      await reopened.close();
    }
  });

  it('a crash between the stash link and the rename: recovery drops the stash and finishes the apply', async () => {
    oldFile('a.txt', 'a before\n');
    const crash = new Error('simulated crash before the rename');
    await withOverlay(async overlay => {
      overlay.write(file('a.txt'), bytes('a by the agent\n'), meta);
      onSwap(file('a.txt'), { before: () => { throw crash; } });
      await assert.rejects(overlay.apply(), e => e === crash);
      assert.ok(leftovers().some(n => n.includes('.stash.')), 'the stash is there');
    });
    const reopened = await OverlayWorkspace.open(store, { roots });
    try {
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'a by the agent\n');
      assert.deepStrictEqual(reopened.recovered.diverged, []);
      assert.deepStrictEqual(leftovers(), []);
    } finally {
      await reopened.close();
    }
  });
});
