import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { encodeLastApply, type LastApply } from '../../../src/fs/lastApply';
import { contentRefOf } from '../../../src/fs/model/contentStore';
import { NodeDisk } from '../../../src/fs/nodeDisk';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { ApplyJournal, applyTempPath } from '../../../src/fs/store/applyJournal';
import { decodeFrames, encodeJsonFrame } from '../../../src/fs/store/frameCodec';

const meta = { sessionId: 's1', messageId: 'm1', turn: 1, description: 'journal format test' };
const bytes = (s: string) => Buffer.from(s);
/** An hour ago: a file last changed then is not "racy" (its stat data prove it unchanged). */
const anHourAgo = () => new Date(Date.now() - 3600_000);

/** The disk, pausing once, right after the first temp's content is synced: the journal entry is on disk then. */
class PausingDisk extends NodeDisk {
  paused?: () => void;
  release?: () => void;

  override async syncFiles(paths: readonly string[]): Promise<void> {
    await super.syncFiles(paths);
    await this.pause();
  }

  override async writeTemp(p: string, data: Uint8Array, mode?: number, unsynced = false): Promise<void> {
    await super.writeTemp(p, data, mode, unsynced);
    await this.pause();
  }

  private async pause(): Promise<void> {
    const paused = this.paused;
    if (!paused) return;
    this.paused = undefined;
    await new Promise<void>(resolve => {
      this.release = resolve;
      paused();
    });
  }
}

/**
 * Issue 28, journal format 2: each fact written once. The undo record is a file beside the entry (not a copy in
 * its meta, written again as last-apply.json after the renames: it is moved there), a temp path the apply id
 * derives is not spelled out, and an entry of format 1 left by a crash before the upgrade is still recovered.
 */
describe('the apply journal writes each fact once (format 2) and still reads format 1', () => {
  let root: string;
  let ws: string;
  let store: string;
  const file = (rel: string) => path.join(ws, rel);
  const roots = () => [ws];
  const journalDir = () => path.join(store, 'journal');

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-format-'));
    ws = path.join(root, 'ws');
    store = path.join(root, 'store');
    fs.mkdirSync(ws, { recursive: true });
    fs.writeFileSync(file('a.txt'), 'a old\n');
    fs.utimesSync(file('a.txt'), anHourAgo(), anHourAgo());
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('an apply\'s entry holds no undo record and no derivable temp path; its record, beside it, becomes last-apply.json', async () => {
    const disk = new PausingDisk();
    const overlay = await OverlayWorkspace.open(store, { roots, disk });
    try {
      overlay.write(file('a.txt'), bytes('a new\n'), meta);
      overlay.write(file('b.txt'), bytes('b new\n'), meta);
      let seen: { entry: Record<string, unknown>; header: Record<string, unknown>; record: string } | undefined;
      disk.paused = () => {
        const names = fs.readdirSync(journalDir());
        const entryName = names.find(n => n.startsWith('apply-'))!;
        const frames = decodeFrames(fs.readFileSync(path.join(journalDir(), entryName))).frames.map(f => JSON.parse(f.payload.toString('utf8')) as Record<string, unknown>);
        const recordName = names.find(n => n.startsWith('record-'));
        seen = { header: frames[0], entry: frames[1], record: recordName ? fs.readFileSync(path.join(journalDir(), recordName), 'utf8') : '' };
        disk.release!();
      };
      const result = await overlay.apply({ roots: roots() });
      assert.deepStrictEqual(result.refused, []);
      assert.ok(seen, 'the apply paused with its entry on disk');
      assert.strictEqual(seen.header.formatVersion, 2);
      const files = seen.entry.files as Record<string, unknown>[];
      assert.deepStrictEqual(files.map(f => f.tempPath), [undefined, undefined], 'temp paths derived from the target and the apply id are left out');
      assert.strictEqual(seen.entry.record, true, 'the entry names its record');
      assert.strictEqual((seen.entry.meta as Record<string, unknown>).lastApply, undefined, 'no copy of the undo record in the entry');
      // The record, written once, is what last-apply.json holds after the apply (moved there, not written again).
      assert.strictEqual(fs.readFileSync(path.join(store, 'last-apply.json'), 'utf8'), seen.record);
      assert.deepStrictEqual(fs.readdirSync(journalDir()), []);
    } finally {
      await overlay.close();
    }
  });

  it('an apply interrupted after its renames is finished from a format 2 entry: its record beside it becomes the undo record', async () => {
    const first = await OverlayWorkspace.open(store, { roots });
    first.write(file('a.txt'), bytes('a new\n'), meta);
    await first.close();
    const id = '0b7e4c2a-5d61-4f0e-9a3b-2c8d7e6f5a41';
    const undo = { entries: [{ path: file('a.txt'), previous: contentRefOf(bytes('a old\n')), written: contentRefOf(bytes('a new\n')) }] };
    const last: LastApply = { undo, modes: { [file('a.txt')]: 0o644 }, createdDirs: [], restageGroups: [], restageFolders: [] };
    // What `run` leaves when killed right after the rename: the entry and its record, the new content in place.
    fs.mkdirSync(journalDir(), { recursive: true });
    const entry = { id, files: [{ path: file('a.txt'), undoRef: undo.entries[0].previous, afterRef: undo.entries[0].written }], createdDirs: [], pruneDirs: [], makeDirs: [], removeDirs: [], meta: { appliedPaths: [file('a.txt')] }, record: true, startedAt: 1 };
    fs.writeFileSync(path.join(journalDir(), `apply-${id}`), Buffer.concat([encodeJsonFrame({ store: 'agent-overlay-store', kind: 'apply-journal', formatVersion: 2 }), encodeJsonFrame(entry)]));
    fs.writeFileSync(path.join(journalDir(), `record-${id}`), encodeLastApply(last));
    fs.writeFileSync(file('a.txt'), 'a new\n');
    const overlay = await OverlayWorkspace.open(store, { roots });
    try {
      assert.deepStrictEqual(overlay.composites().map(c => c.path), [], 'the applied change is no longer pending');
      assert.strictEqual(fs.readFileSync(path.join(store, 'last-apply.json'), 'utf8'), encodeLastApply(last).toString('utf8'));
      assert.deepStrictEqual(fs.readdirSync(journalDir()), []);
      assert.ok(overlay.canUndo);
    } finally {
      await overlay.close();
    }
  });

  it('a format 1 entry left by a crash before the upgrade (temp paths and the undo record inside) is rolled forward', async () => {
    const first = await OverlayWorkspace.open(store, { roots });
    first.write(file('a.txt'), bytes('a new\n'), meta);
    await first.close();
    const id = '5c2f9e1d-7a40-4b8c-8e2d-1f6a3b9c0d72';
    const temp = applyTempPath(file('a.txt'), id);
    fs.writeFileSync(temp, 'a new\n');
    const undo = { entries: [{ path: file('a.txt'), previous: contentRefOf(bytes('a old\n')), written: contentRefOf(bytes('a new\n')) }] };
    const lastApply: LastApply = { undo, modes: { [file('a.txt')]: 0o644 }, createdDirs: [], restageGroups: [], restageFolders: [] };
    // Exactly what format 1 wrote: every temp path spelled out, the undo record in the meta.
    const entry = { id, files: [{ path: file('a.txt'), tempPath: temp, undoRef: undo.entries[0].previous, afterRef: undo.entries[0].written }], createdDirs: [], pruneDirs: [], makeDirs: [], removeDirs: [], meta: { appliedPaths: [file('a.txt')], lastApply }, startedAt: 1 };
    fs.mkdirSync(journalDir(), { recursive: true });
    fs.writeFileSync(path.join(journalDir(), `apply-${id}`), Buffer.concat([encodeJsonFrame({ store: 'agent-overlay-store', kind: 'apply-journal', formatVersion: 1 }), encodeJsonFrame(entry)]));
    const opened = await ApplyJournal.open(store);
    assert.deepStrictEqual(opened.unfinished, [entry], 'read as it was written');
    opened.journal.dispose();
    const overlay = await OverlayWorkspace.open(store, { roots });
    try {
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'a new\n');
      assert.ok(!fs.existsSync(temp), 'the temp was renamed into place');
      assert.deepStrictEqual(overlay.composites().map(c => c.path), []);
      assert.strictEqual(fs.readFileSync(path.join(store, 'last-apply.json'), 'utf8'), encodeLastApply(lastApply).toString('utf8'));
      assert.deepStrictEqual(fs.readdirSync(journalDir()), []);
      assert.ok(overlay.canUndo);
      await overlay.undoLastApply();
      assert.strictEqual(fs.readFileSync(file('a.txt'), 'utf8'), 'a old\n');
    } finally {
      await overlay.close();
    }
  });

  it('a record whose entry is gone (completed, or never begun) is removed on opening', async () => {
    fs.mkdirSync(journalDir(), { recursive: true });
    fs.writeFileSync(path.join(journalDir(), 'record-1234'), '{}');
    const opened = await ApplyJournal.open(store);
    assert.deepStrictEqual(opened.unfinished, []);
    assert.deepStrictEqual(fs.readdirSync(journalDir()), []);
    opened.journal.dispose();
  });
});
