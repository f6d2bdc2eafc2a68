import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { contentRefOf } from '../../../src/fs/model/contentStore';
import { NodeDisk } from '../../../src/fs/nodeDisk';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';

const meta = { sessionId: 's1', messageId: 'm1', turn: 1, description: 'read-once test' };
const bytes = (s: string) => Buffer.from(s, 'utf8');
/** An hour ago: a file last changed then is not "racy" (its stat data prove it unchanged). */
const anHourAgo = () => new Date(Date.now() - 3600_000);

/** The real disk, counting the reads of each file (what Apply used to do four times per file). */
class CountingDisk extends NodeDisk {
  readonly reads = new Map<string, number>();
  private readonly real = new NodeDisk();
  override readonly read = (p: string): Uint8Array | undefined => {
    this.reads.set(p, (this.reads.get(p) ?? 0) + 1);
    return this.real.read(p);
  };
}

/**
 * The real disk, with a person's hands on it: once Apply has written the temp of the file `at`, `edit` changes a
 * file through the real file system — between Apply's checks and its renames, the window the stat re-check guards.
 */
class EditDuringApplyDisk extends NodeDisk {
  at: string | undefined;
  edit: (() => void) | undefined;

  override async writeTemp(temp: string, content: Uint8Array, mode?: number): Promise<void> {
    await super.writeTemp(temp, content, mode);
    if (this.edit !== undefined && path.basename(temp).startsWith(`.${path.basename(this.at ?? '')}.`)) {
      const edit = this.edit;
      this.edit = undefined;
      edit();
    }
  }
}

/**
 * The same hands for a file Apply moves: once the temp of the file `at` is linked to it (one inode, two names), `edit`
 * changes the file in place, as an editor saving over it does — the temp, the same inode, changes with it.
 */
class EditAfterLinkDisk extends NodeDisk {
  at: string | undefined;
  edit: (() => void) | undefined;

  override async linkTemp(source: string, temp: string): Promise<boolean> {
    const linked = await super.linkTemp(source, temp);
    if (this.edit !== undefined && source === this.at) {
      const edit = this.edit;
      this.edit = undefined;
      edit();
    }
    return linked;
  }
}

/**
 * Issue 28: Apply reads and hashes each file once (or not at all, when staging hashed it and `stat` shows it
 * unchanged since), re-checks each file with a `stat` right before renaming over it, and still never overwrites a
 * person's edit that lands meanwhile.
 */
describe('Apply reads each file once and re-checks it right before the rename', () => {
  let root: string;
  let ws: string;
  let store: string;
  const file = (rel: string) => path.join(ws, rel);
  const roots = () => [ws];
  const tempsIn = (dir: string) => fs.readdirSync(dir).filter(n => n.endsWith('.agent-overlay.tmp'));

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'read-once-'));
    ws = path.join(root, 'ws');
    store = path.join(root, 'store');
    fs.mkdirSync(path.join(ws, 'old'), { recursive: true });
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** Writes a file last changed an hour ago. */
  function oldFile(rel: string, text: string): void {
    fs.writeFileSync(file(rel), text);
    fs.utimesSync(file(rel), anHourAgo(), anHourAgo());
  }

  it('a folder rename is applied without reading the moved files; modified files are not read again either', async () => {
    for (let i = 0; i < 5; i++) oldFile(`old/f${i}.txt`, `file ${i}\n`);
    oldFile('kept.txt', 'kept\n');
    const disk = new CountingDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.rename(file('old'), file('new'), meta);
      overlay.write(file('kept.txt'), bytes('kept, changed\n'), meta);
      disk.reads.clear();

      const result = await overlay.apply();

      assert.deepStrictEqual(result.refused, []);
      assert.deepStrictEqual(fs.readdirSync(file('new')).sort(), ['f0.txt', 'f1.txt', 'f2.txt', 'f3.txt', 'f4.txt']);
      assert.strictEqual(fs.readFileSync(file('new/f3.txt'), 'utf8'), 'file 3\n');
      assert.strictEqual(fs.readFileSync(file('kept.txt'), 'utf8'), 'kept, changed\n');
      assert.deepStrictEqual([...disk.reads.keys()].filter(p => p.startsWith(ws)), [], 'no workspace file was read: staging had hashed each one');
    } finally {
      await overlay.close();
    }
  });

  it('a file changed within the last tick of its hashing (racy) is read again; one changed long before is not', () => {
    const disk = new CountingDisk();
    fs.writeFileSync(file('fresh.txt'), 'fresh\n');
    oldFile('settled.txt', 'settled\n');
    for (const name of ['fresh.txt', 'settled.txt']) {
      assert.strictEqual(disk.refOf(file(name)), contentRefOf(fs.readFileSync(file(name))));
      assert.strictEqual(disk.refOf(file(name)), contentRefOf(fs.readFileSync(file(name))));
    }
    assert.strictEqual(disk.reads.get(file('fresh.txt')), 2, 'its mtime is within a tick of the read: it proves nothing');
    assert.strictEqual(disk.reads.get(file('settled.txt')), 1, 'unchanged since it was hashed: stat suffices');
  });

  it('a person writing a file between the check and the rename keeps the edit: its group is refused, the rest applied', async () => {
    oldFile('a.txt', 'a before\n');
    oldFile('b.txt', 'b before\n');
    const disk = new EditDuringApplyDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.write(file('a.txt'), bytes('a by the agent\n'), meta);
      overlay.write(file('b.txt'), bytes('b by the agent\n'), meta);
      disk.at = file('a.txt');
      disk.edit = () => fs.writeFileSync(file('a.txt'), 'a by the person, typed during the apply\n');

      const result = await overlay.apply();

      assert.strictEqual(disk.edit, undefined, 'the edit was made during the apply');
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'a by the person, typed during the apply\n', 'the edit is never overwritten');
      assert.deepStrictEqual(result.refused.map(r => [r.path, r.reason]), [[file('a.txt'), 'diskChanged']]);
      assert.deepStrictEqual(result.applied, [file('b.txt')]);
      assert.strictEqual(fs.readFileSync(file('b.txt'), 'utf8'), 'b by the agent\n');
      assert.deepStrictEqual(tempsIn(ws), [], 'no temp is left behind');
    } finally {
      await overlay.close();
    }
  });

  it('a person saving over a moved file after it was linked into place keeps the edit where it was; nothing is moved', async () => {
    oldFile('old/a.txt', 'a before\n');
    oldFile('old/b.txt', 'b before\n');
    // A file that stays: the folder is not moved whole (see applyFolderMove.test.ts), each file is linked into place.
    oldFile('old/stays.txt', 'stays\n');
    const disk = new EditAfterLinkDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.rename(file('old/a.txt'), file('new/a.txt'), meta);
      overlay.rename(file('old/b.txt'), file('new/b.txt'), meta);
      disk.at = file('old/a.txt');
      // In place (same inode, as `>` in a shell): the hard-linked temp shows the new bytes too.
      disk.edit = () => fs.writeFileSync(file('old/a.txt'), 'a by the person, typed during the apply\n');

      const result = await overlay.apply();

      assert.strictEqual(disk.edit, undefined, 'the edit was made during the apply');
      assert.strictEqual(fs.readFileSync(file('old/a.txt'), 'utf8'), 'a by the person, typed during the apply\n', 'the edit stays where it was made');
      assert.ok(result.refused.some(r => r.path === file('old/a.txt') && r.reason === 'diskChanged'), JSON.stringify(result.refused));
      assert.ok(!fs.existsSync(file('new/a.txt')), 'the edited file is not moved');
      assert.deepStrictEqual(tempsIn(file('old')), [], 'no temp is left behind');
      assert.strictEqual(fs.readFileSync(file('old/stays.txt'), 'utf8'), 'stays\n');
      assert.ok(!fs.existsSync(file('new')) || tempsIn(file('new')).length === 0, 'no temp is left behind');
    } finally {
      await overlay.close();
    }
  });

  it('an edit that keeps the size and puts the mtime back (touch -r) is seen by its ctime', async () => {
    oldFile('a.txt', 'aaaa\n');
    const mtime = fs.statSync(file('a.txt')).mtime;
    const disk = new EditDuringApplyDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.write(file('a.txt'), bytes('agent\n'), meta);
      disk.at = file('a.txt');
      disk.edit = () => {
        fs.writeFileSync(file('a.txt'), 'AAAA\n');
        fs.utimesSync(file('a.txt'), mtime, mtime);
      };

      const result = await overlay.apply();

      assert.strictEqual(disk.edit, undefined, 'the edit was made during the apply');
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'AAAA\n');
      assert.deepStrictEqual(result.refused.map(r => [r.path, r.reason]), [[file('a.txt'), 'diskChanged']]);
      assert.deepStrictEqual(result.applied, []);
    } finally {
      await overlay.close();
    }
  });
});
