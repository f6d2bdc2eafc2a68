import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NodeDisk } from '../../../src/fs/nodeDisk';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';

const meta = { sessionId: 's1', messageId: 'm1', turn: 1, description: 'record overlap test' };
/** An hour ago: a file last changed then is not "racy" (its stat data prove it unchanged). */
const anHourAgo = () => new Date(Date.now() - 3600_000);

/**
 * The real disk, logging when the touched folders' fsyncs start and end; a folder's fsync ends only a turn of the
 * event loop after it began, so whatever the apply starts meanwhile shows in between. `failSync`: the folders'
 * fsyncs fail (EIO), after the apply's renames are made.
 */
class LoggingSyncDisk extends NodeDisk {
  readonly log: string[] = [];
  failSync = false;

  override async syncFolder(dir: string): Promise<void> {
    this.log.push(`sync ${path.basename(dir)}`);
    await new Promise(resolve => setImmediate(resolve));
    if (this.failSync) throw Object.assign(new Error(`EIO: fsync ${dir}`), { code: 'EIO' });
    await super.syncFolder(dir);
    this.log.push(`synced ${path.basename(dir)}`);
  }
}

/**
 * Issue 28: after the renames, recording the apply (the log ‖ the undo record) and making the touched folders
 * durable run side by side, one fsync round less; the journal entry is removed only when both are durable, so a
 * power loss that keeps the record but not a rename is finished by recovery from the entry.
 */
describe('Apply records itself while the touched folders are made durable', () => {
  let root: string;
  let ws: string;
  let store: string;
  const file = (rel: string) => path.join(ws, rel);
  const roots = () => [ws];
  const journalEntries = () => fs.readdirSync(path.join(store, 'journal')).filter(n => n.startsWith('apply-'));

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'record-overlap-'));
    ws = path.join(root, 'ws');
    store = path.join(root, 'store');
    fs.mkdirSync(path.join(ws, 'old'), { recursive: true });
    for (const rel of ['old/a.txt', 'old/b.txt']) {
      fs.writeFileSync(file(rel), `${rel}\n`);
      fs.utimesSync(file(rel), anHourAgo(), anHourAgo());
    }
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('the apply is being recorded before the moved folder\'s parent fsync has ended, and its entry is gone after both', async () => {
    const disk = new LoggingSyncDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.rename(file('old'), file('new'), meta);
      const seen: string[] = [];
      // Sampled at the start and the end of the parent's fsync: is the rename still listed as staged? (Recording
      // the apply marks it applied first thing, before it writes the log and the undo record.)
      const staged = () => (overlay.composites().length > 0 ? 'staged' : 'recorded');
      const original = disk.syncFolder.bind(disk);
      disk.syncFolder = async (dir: string) => {
        if (dir !== ws) return original(dir);
        seen.push(`start: ${staged()}`);
        await original(dir);
        seen.push(`end: ${staged()}`);
      };
      const result = await overlay.apply({ roots: [ws] });
      assert.deepStrictEqual(result.refused, []);
      assert.ok(fs.existsSync(file('new/a.txt')) && !fs.existsSync(file('old')));
      assert.deepStrictEqual(seen, ['start: staged', 'end: recorded'], disk.log.join(', '));
      assert.deepStrictEqual(journalEntries(), []);
    } finally {
      await overlay.close();
    }
  });

  it('a folder fsync that fails still lets the record finish, keeps the entry, and a power loss that lost the rename is rolled forward', async () => {
    const disk = new LoggingSyncDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.rename(file('old'), file('new'), meta);
      disk.failSync = true;
      await assert.rejects(overlay.apply({ roots: [ws] }), /EIO/);
    } finally {
      await overlay.close();
    }
    // The apply failed after its renames: its entry stays for recovery, and the undo record says what it did.
    assert.strictEqual(journalEntries().length, 1);
    // A power loss that kept the record but not the folder's rename (it was not durable): the folder is back.
    fs.renameSync(file('new'), file('old'));
    const reopened = await OverlayWorkspace.open(store, { roots });
    try {
      assert.ok(fs.existsSync(file('new/a.txt')) && fs.existsSync(file('new/b.txt')) && !fs.existsSync(file('old')), 'rolled forward');
      assert.deepStrictEqual(journalEntries(), []);
      assert.deepStrictEqual(reopened.composites(), [], 'nothing is staged twice');
      // The undo record is this apply's: Undo moves the folder back.
      assert.ok(reopened.canUndo);
      await reopened.undoLastApply();
      assert.ok(fs.existsSync(file('old/a.txt')) && !fs.existsSync(file('new')));
    } finally {
      await reopened.close();
    }
  });
});
