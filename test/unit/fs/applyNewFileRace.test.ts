import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NodeDisk } from '../../../src/fs/nodeDisk';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';

const meta = { sessionId: 's1', messageId: 'm1', turn: 1, description: 'new-file race test' };
const bytes = (s: string) => Buffer.from(s, 'utf8');

/**
 * The real disk, with a person's hands on it: right before Apply puts a file at `at` (after every moment-of-writing
 * check), `make` creates a file there through the real file system. Both ways of putting a file in place are
 * hooked (`commitTemp`, the rename; `placeNew`, the link that refuses an existing name), so the race is the same
 * whichever Apply uses.
 */
class CreateBeforePlacingDisk extends NodeDisk {
  at: string | undefined;
  make: (() => void) | undefined;

  private before(target: string): void {
    if (this.make === undefined || target !== this.at) return;
    const make = this.make;
    this.make = undefined;
    make();
  }

  override async commitTemp(temp: string, target: string): Promise<void> {
    this.before(target);
    await super.commitTemp(temp, target);
  }

  override async placeNew(temp: string, target: string): Promise<'linked' | 'moved' | 'taken'> {
    this.before(target);
    return super.placeNew(temp, target);
  }
}

/**
 * README Left, "A person's new file created at an Apply's target during its renames" (SPEC §9 invariant 2): a file
 * a person creates at a new file's path after Apply's last check and before that file is put there used to be
 * replaced by `rename(temp, target)`. New files are placed with `link(2)`, which refuses an existing name; the
 * refused path's group stays staged, the rest is applied, and the undo record covers exactly what was written.
 */
describe('Apply never replaces a file a person creates at a new file\'s path while it places its files', () => {
  let root: string;
  let ws: string;
  let store: string;
  const file = (rel: string) => path.join(ws, rel);
  const roots = () => [ws];
  const tempsIn = (dir: string) => fs.readdirSync(dir).filter(n => n.endsWith('.agent-overlay.tmp'));
  const personBytes = Buffer.from([0x70, 0x65, 0x72, 0x73, 0x6f, 0x6e, 0x00, 0xff, 0x0a]);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'new-file-race-'));
    ws = path.join(root, 'ws');
    store = path.join(root, 'store');
    fs.mkdirSync(ws, { recursive: true });
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a new file: the person\'s file survives byte for byte, the new file stays staged, the rest is applied and undone', async () => {
    fs.writeFileSync(file('b.txt'), 'b before\n');
    const disk = new CreateBeforePlacingDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.write(file('new.txt'), bytes('new by the agent\n'), meta);
      overlay.write(file('b.txt'), bytes('b by the agent\n'), meta);
      disk.at = file('new.txt');
      disk.make = () => fs.writeFileSync(file('new.txt'), personBytes);

      const result = await overlay.apply();

      assert.strictEqual(disk.make, undefined, 'the person made the file during the apply');
      assert.deepStrictEqual(fs.readFileSync(file('new.txt')), personBytes, 'the person\'s file is never replaced');
      assert.deepStrictEqual(result.refused.map(r => [r.path, r.reason]), [[file('new.txt'), 'diskChanged']]);
      assert.deepStrictEqual(result.applied, [file('b.txt')]);
      assert.strictEqual(fs.readFileSync(file('b.txt'), 'utf8'), 'b by the agent\n');
      assert.deepStrictEqual(overlay.composites().map(c => c.path), [file('new.txt')], 'the new file\'s change is still staged');
      assert.deepStrictEqual(tempsIn(ws), [], 'no temp is left behind');

      // The undo record covers what was written (b.txt) and nothing else: the person's file is not touched.
      const undo = await overlay.undoLastApply();
      assert.deepStrictEqual(undo.restored, [file('b.txt')]);
      assert.strictEqual(fs.readFileSync(file('b.txt'), 'utf8'), 'b before\n');
      assert.deepStrictEqual(fs.readFileSync(file('new.txt')), personBytes);
    } finally {
      await overlay.close();
    }
  });

  it('a rename\'s destination: the person\'s file survives, the source is not deleted, the rename stays staged', async () => {
    fs.writeFileSync(file('a.txt'), 'a, to move\n');
    fs.writeFileSync(file('b.txt'), 'b before\n');
    const disk = new CreateBeforePlacingDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.rename(file('a.txt'), file('c.txt'), meta);
      overlay.write(file('b.txt'), bytes('b by the agent\n'), meta);
      disk.at = file('c.txt');
      disk.make = () => fs.writeFileSync(file('c.txt'), personBytes);

      const result = await overlay.apply();

      assert.strictEqual(disk.make, undefined, 'the person made the file during the apply');
      assert.deepStrictEqual(fs.readFileSync(file('c.txt')), personBytes, 'the person\'s file is never replaced');
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'a, to move\n', 'the source is not deleted without its destination');
      assert.deepStrictEqual(result.refused.map(r => r.reason), ['diskChanged']);
      assert.ok(result.refused[0].paths.includes(file('c.txt')), JSON.stringify(result.refused));
      assert.deepStrictEqual(result.applied, [file('b.txt')]);
      assert.strictEqual(fs.readFileSync(file('b.txt'), 'utf8'), 'b by the agent\n');
      assert.ok(overlay.composites().some(c => c.path === file('c.txt') && c.kind === 'rename'), 'the rename is still staged');
      assert.deepStrictEqual(tempsIn(ws), [], 'no temp is left behind');
    } finally {
      await overlay.close();
    }
  });

  it('a new file placed before the refused one is taken back, then written again with the rest', async () => {
    const disk = new CreateBeforePlacingDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.write(file('x.txt'), bytes('x by the agent\n'), meta);
      overlay.write(file('sub/y.txt'), bytes('y by the agent\n'), meta);
      // The second new file in placing order is refused, after the first was put in place.
      const placing: string[] = [];
      const place = disk.placeNew.bind(disk);
      disk.placeNew = async (temp, target) => {
        placing.push(target);
        if (placing.length === 2) {
          disk.at = target;
          disk.make = () => fs.writeFileSync(target, personBytes);
        }
        return place(temp, target);
      };

      const result = await overlay.apply();

      const [first, second] = placing;
      assert.deepStrictEqual(fs.readFileSync(second), personBytes, 'the person\'s file is never replaced');
      assert.deepStrictEqual(result.refused.map(r => [r.path, r.reason]), [[second, 'diskChanged']]);
      assert.deepStrictEqual(result.applied, [first]);
      assert.deepStrictEqual(placing.slice(0, 3), [first, second, first], 'the first was placed, taken back, and placed again alone');
      assert.strictEqual(fs.readFileSync(first, 'utf8'), first.endsWith('x.txt') ? 'x by the agent\n' : 'y by the agent\n');
      assert.deepStrictEqual(overlay.composites().map(c => c.path), [second]);
      assert.deepStrictEqual([...tempsIn(ws), ...tempsIn(file('sub'))], [], 'no temp is left behind');
    } finally {
      await overlay.close();
    }
  });

  it('a crash while the placed new files are taken back is rolled back on the next open: nothing of the apply stays', async () => {
    fs.writeFileSync(file('a.txt'), 'a, to move\n');
    /** Dies (as a crash would, leaving the journal entry) at the first new file it is to take back. */
    class CrashWhileTakingBackDisk extends CreateBeforePlacingDisk {
      override async unplaceNew(): Promise<void> {
        throw new Error('crash');
      }
    }
    const disk = new CrashWhileTakingBackDisk();
    let overlay = await OverlayWorkspace.open(store, { roots, disk });
    const placing: string[] = [];
    try {
      overlay.rename(file('a.txt'), file('c.txt'), meta);
      overlay.write(file('x.txt'), bytes('x by the agent\n'), meta);
      const place = disk.placeNew.bind(disk);
      disk.placeNew = async (temp, target) => {
        placing.push(target);
        if (placing.length === 2) {
          disk.at = target;
          disk.make = () => fs.writeFileSync(target, personBytes);
        }
        return place(temp, target);
      };
      await assert.rejects(overlay.apply(), /crash/);
      assert.ok(fs.existsSync(placing[0]), 'the first new file was placed before the crash');
    } finally {
      await overlay.close();
    }

    overlay = await OverlayWorkspace.open(store, { roots, disk: new NodeDisk() });
    try {
      const [first, second] = placing;
      assert.deepStrictEqual(fs.readFileSync(second), personBytes, 'the person\'s file is never replaced');
      assert.ok(!fs.existsSync(first), 'the new file placed before the refusal is taken back');
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'a, to move\n', 'the rename\'s source is not deleted');
      assert.deepStrictEqual(overlay.composites().map(c => c.path).sort(), [file('c.txt'), file('x.txt')], 'both changes are still staged');
      assert.deepStrictEqual(tempsIn(ws), [], 'no temp is left behind');
    } finally {
      await overlay.close();
    }
  });
});
