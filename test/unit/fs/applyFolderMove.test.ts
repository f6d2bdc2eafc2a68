import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApplyExecutor } from '../../../src/fs/applyExecutor';
import { contentRefOf, MemoryContentStore } from '../../../src/fs/model/contentStore';
import { NodeDisk } from '../../../src/fs/nodeDisk';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { ApplyJournal, type JournalEntry } from '../../../src/fs/store/applyJournal';

const meta = { sessionId: 's1', messageId: 'm1', turn: 1, description: 'folder move test' };
const bytes = (s: string) => Buffer.from(s, 'utf8');
/** An hour ago: a file last changed then is not "racy" (its stat data prove it unchanged). */
const anHourAgo = () => new Date(Date.now() - 3600_000);

/** The real disk, counting the folder moves and the files hard-linked one by one. */
class CountingMovesDisk extends NodeDisk {
  readonly moves: [string, string][] = [];
  links = 0;
  /** Runs once, right before the check that precedes the renames (the second listing of a folder to move). */
  beforeRecheck: (() => void) | undefined;
  private listings = 0;

  override moveFolder(from: string, to: string): boolean {
    const moved = super.moveFolder(from, to);
    if (moved) this.moves.push([from, to]);
    return moved;
  }

  override async linkTemp(source: string, temp: string): Promise<boolean> {
    this.links++;
    return super.linkTemp(source, temp);
  }

  override filesUnder(dir: string): string[] | undefined {
    // The first listing is the plan's, the second the check right before the renames: a person's hands in between.
    if (++this.listings === 2 && this.beforeRecheck !== undefined) {
      const edit = this.beforeRecheck;
      this.beforeRecheck = undefined;
      edit();
    }
    return super.filesUnder(dir);
  }
}

/**
 * Issue 28: a folder whose files all move unchanged is moved with one `rename(2)` (a journal step of its own), as
 * `mv` would; anything on disk there that the overlay does not move keeps the file-by-file way, and a person's file
 * or edit landing during the Apply is never lost or overwritten.
 */
describe('Apply moves a whole folder with one rename', () => {
  let root: string;
  let ws: string;
  let store: string;
  const file = (rel: string) => path.join(ws, rel);
  const roots = () => [ws];
  const ino = (rel: string) => fs.statSync(file(rel)).ino;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-move-'));
    ws = path.join(root, 'ws');
    store = path.join(root, 'store');
    fs.mkdirSync(path.join(ws, 'old', 'sub'), { recursive: true });
    for (const rel of ['old/a.txt', 'old/b.txt', 'old/sub/c.txt']) {
      fs.writeFileSync(file(rel), `${rel}\n`);
      fs.utimesSync(file(rel), anHourAgo(), anHourAgo());
    }
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a folder rename moves the folder itself (same inode), no file one by one, and Undo moves it back', async () => {
    const folder = ino('old');
    const disk = new CountingMovesDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.rename(file('old'), file('new'), meta);
      const result = await overlay.apply({ roots: [ws] });

      assert.deepStrictEqual(result.refused, []);
      assert.deepStrictEqual(disk.moves, [[file('old'), file('new')]]);
      assert.strictEqual(disk.links, 0, 'no file was linked into place one by one');
      assert.strictEqual(ino('new'), folder, 'the folder itself moved');
      assert.ok(!fs.existsSync(file('old')));
      assert.strictEqual(fs.readFileSync(file('new/sub/c.txt'), 'utf8'), 'old/sub/c.txt\n');
      assert.deepStrictEqual(fs.readdirSync(path.join(store, 'journal')), [], 'the journal entry is gone');

      const undone = await overlay.undoLastApply();

      assert.deepStrictEqual(undone.refused, []);
      assert.deepStrictEqual(disk.moves, [[file('old'), file('new')], [file('new'), file('old')]], 'Undo moved it back whole');
      assert.strictEqual(ino('old'), folder);
      assert.ok(!fs.existsSync(file('new')));
      assert.strictEqual(fs.readFileSync(file('old/a.txt'), 'utf8'), 'old/a.txt\n');
    } finally {
      await overlay.close();
    }
  });

  it('a file in the folder that the overlay does not move (a person\'s) keeps the file-by-file way: it stays', async () => {
    const disk = new CountingMovesDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.rename(file('old'), file('new'), meta);
      // Made after staging, unknown to the overlay: moving the folder would take it along.
      fs.writeFileSync(file('old/sub/person.txt'), 'mine\n');
      const result = await overlay.apply({ roots: [ws] });

      assert.deepStrictEqual(result.refused, []);
      assert.deepStrictEqual(disk.moves, [], 'not moved whole');
      assert.strictEqual(fs.readFileSync(file('old/sub/person.txt'), 'utf8'), 'mine\n', 'the person\'s file stays where it was');
      assert.deepStrictEqual(fs.readdirSync(file('new')).sort(), ['a.txt', 'b.txt', 'sub']);
      assert.strictEqual(fs.readFileSync(file('new/sub/c.txt'), 'utf8'), 'old/sub/c.txt\n');
    } finally {
      await overlay.close();
    }
  });

  it('an empty folder inside, or something already at the new place, keeps the file-by-file way too', async () => {
    const disk = new CountingMovesDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.rename(file('old'), file('new'), meta);
      // Made after staging, unknown to the overlay.
      fs.mkdirSync(file('old/empty'));
      const result = await overlay.apply({ roots: [ws] });

      assert.deepStrictEqual(result.refused, []);
      assert.deepStrictEqual(disk.moves, []);
      assert.ok(fs.statSync(file('old/empty')).isDirectory(), 'the empty folder the overlay did not know stays');
      assert.strictEqual(fs.readFileSync(file('new/a.txt'), 'utf8'), 'old/a.txt\n');
    } finally {
      await overlay.close();
    }
  });

  it('a person\'s file added to the folder right before the renames is not moved along: that group is refused, the rest moved', async () => {
    const disk = new CountingMovesDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.rename(file('old'), file('new'), meta);
      disk.beforeRecheck = () => fs.writeFileSync(file('old/person.txt'), 'typed during the apply\n');
      const result = await overlay.apply({ roots: [ws] });

      assert.strictEqual(disk.beforeRecheck, undefined, 'the file was added during the apply');
      assert.deepStrictEqual(disk.moves, [], 'the folder was not moved whole');
      assert.strictEqual(fs.readFileSync(file('old/person.txt'), 'utf8'), 'typed during the apply\n');
      assert.ok(result.refused.length > 0 && result.refused.every(r => r.reason === 'diskChanged'), JSON.stringify(result.refused));
      // Whatever was moved is intact where it went; whatever was not is intact where it was.
      for (const rel of ['a.txt', 'b.txt', 'sub/c.txt']) {
        const at = fs.existsSync(file(`new/${rel}`)) ? `new/${rel}` : `old/${rel}`;
        assert.strictEqual(fs.readFileSync(file(at), 'utf8'), `old/${rel}\n`);
      }
    } finally {
      await overlay.close();
    }
  });

  it('a person\'s edit to a file of the folder right before the renames is never moved over: that file stays with the edit', async () => {
    const disk = new CountingMovesDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.rename(file('old'), file('new'), meta);
      disk.beforeRecheck = () => fs.writeFileSync(file('old/b.txt'), 'b by the person\n');
      const result = await overlay.apply({ roots: [ws] });

      assert.strictEqual(disk.beforeRecheck, undefined, 'the edit was made during the apply');
      assert.deepStrictEqual(disk.moves, []);
      assert.strictEqual(fs.readFileSync(file('old/b.txt'), 'utf8'), 'b by the person\n');
      assert.ok(result.refused.some(r => r.path === file('old/b.txt') && r.reason === 'diskChanged'), JSON.stringify(result.refused));
      assert.ok(!fs.existsSync(file('new/b.txt')));
    } finally {
      await overlay.close();
    }
  });

  describe('recovery of an interrupted folder move', () => {
    const refs = () => ['a.txt', 'b.txt', 'sub/c.txt'].map(rel => ({ rel, ref: contentRefOf(fs.readFileSync(file(`old/${rel}`))) }));
    const entry = (files = refs()): JournalEntry => ({ id: 'x1', files: [], moveDirs: [{ from: file('old'), to: file('new'), files }], startedAt: 0 });

    async function recover(e: JournalEntry) {
      const { journal } = await ApplyJournal.open(store);
      try {
        return await new ApplyExecutor(new NodeDisk(), new MemoryContentStore(), journal, roots).recover([e]);
      } finally {
        journal.dispose();
      }
    }

    it('a crash before the move: the folder holding exactly what was checked is moved (roll forward)', async () => {
      const folder = ino('old');
      const report = await recover(entry());
      assert.deepStrictEqual(report.diverged, []);
      assert.strictEqual(report.rolledForward.length, 1);
      assert.strictEqual(ino('new'), folder);
      assert.ok(!fs.existsSync(file('old')));
    });

    it('a crash after the move: nothing left to do', async () => {
      const e = entry();
      fs.renameSync(file('old'), file('new'));
      const report = await recover(e);
      assert.deepStrictEqual(report.diverged, []);
      assert.strictEqual(report.rolledForward.length, 1);
      assert.ok(fs.existsSync(file('new/sub/c.txt')) && !fs.existsSync(file('old')));
    });

    it('a folder a person changed since (a file added, or one edited) is left where it is and reported', async () => {
      const e = entry();
      fs.writeFileSync(file('old/person.txt'), 'mine\n');
      assert.deepStrictEqual((await recover(e)).diverged, [file('old')]);
      assert.ok(fs.existsSync(file('old/person.txt')) && !fs.existsSync(file('new')));
      fs.rmSync(file('old/person.txt'));
      fs.writeFileSync(file('old/a.txt'), 'edited\n');
      assert.deepStrictEqual((await recover(e)).diverged, [file('old')]);
      assert.strictEqual(fs.readFileSync(file('old/a.txt'), 'utf8'), 'edited\n');
      assert.ok(!fs.existsSync(file('new')));
    });

    it('something at the new place meanwhile (even an empty folder, which rename(2) would replace) keeps the folder where it is', async () => {
      fs.mkdirSync(file('new'));
      assert.deepStrictEqual((await recover(entry())).diverged, [file('old')]);
      assert.deepStrictEqual(fs.readdirSync(file('new')), []);
      assert.ok(fs.existsSync(file('old/sub/c.txt')));
    });
  });

  it('a new file staged into the new folder beside the moved files: moved file by file, everything in place', async () => {
    // Not moved whole: the new file's temp needs `new` before the move.
    const overlay = await OverlayWorkspace.open(store, { roots });
    try {
      overlay.rename(file('old'), file('new'), meta);
      overlay.write(file('new/extra.txt'), bytes('extra\n'), meta);
      const result = await overlay.apply({ roots: [ws] });
      assert.deepStrictEqual(result.refused, []);
      assert.deepStrictEqual(fs.readdirSync(file('new')).sort(), ['a.txt', 'b.txt', 'extra.txt', 'sub']);
      assert.ok(!fs.existsSync(file('old')));
    } finally {
      await overlay.close();
    }
  });
});
