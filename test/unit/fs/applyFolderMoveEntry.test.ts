import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NodeDisk } from '../../../src/fs/nodeDisk';
import { appliedPathsOfEntry, OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import type { JournalEntry } from '../../../src/fs/store/applyJournal';
import { decodeFrames, encodeJsonFrame } from '../../../src/fs/store/frameCodec';

const meta = { sessionId: 's1', messageId: 'm1', turn: 1, description: 'folder move entry test' };
/** An hour ago: a file last changed then is not "racy" (its stat data prove it unchanged). */
const anHourAgo = () => new Date(Date.now() - 3600_000);

/** The real disk, keeping a copy of the store as it is right after the folder's `rename(2)`: a kill there. */
class SnapshotAfterMoveDisk extends NodeDisk {
  constructor(private readonly store: string, private readonly snapshot: string) {
    super();
  }

  override moveFolder(from: string, to: string): boolean {
    const moved = super.moveFolder(from, to);
    fs.cpSync(this.store, this.snapshot, { recursive: true });
    return moved;
  }
}

type Json = Record<string, unknown>;

function readEntry(file: string): { header: Json; entry: Json } {
  const [header, entry] = decodeFrames(fs.readFileSync(file)).frames.map(f => JSON.parse(f.payload.toString('utf8')) as Json);
  return { header, entry };
}

/**
 * Issue 28: a folder moved whole is journaled as the move and its files' refs; the entry's meta does not list the
 * files' old and new paths again among the applied paths (`appliedMoves`: recovery derives them from the move).
 * An entry that lists them (written before) is recovered the same.
 */
describe("a folder move's journal entry lists its files once", () => {
  let root: string;
  let ws: string;
  let store: string;
  let snapshot: string;
  const file = (rel: string) => path.join(ws, rel);
  const roots = () => [ws];
  const rels = ['a.txt', 'b.txt', 'sub/c.txt'];

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-move-entry-'));
    ws = path.join(root, 'ws');
    store = path.join(root, 'store');
    snapshot = path.join(root, 'snapshot');
    fs.mkdirSync(path.join(ws, 'old', 'sub'), { recursive: true });
    for (const rel of rels) {
      fs.writeFileSync(file(`old/${rel}`), `${rel}\n`);
      fs.utimesSync(file(`old/${rel}`), anHourAgo(), anHourAgo());
    }
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** Applies the folder rename, then puts the store back as a kill right after the folder's rename left it. */
  async function applyKilledAfterTheMove(): Promise<string> {
    const overlay = await OverlayWorkspace.open(store, { roots, disk: new SnapshotAfterMoveDisk(store, snapshot) });
    try {
      overlay.rename(file('old'), file('new'), meta);
      const result = await overlay.apply({ roots: [ws] });
      assert.deepStrictEqual(result.refused, []);
    } finally {
      await overlay.close();
    }
    fs.rmSync(store, { recursive: true, force: true });
    fs.renameSync(snapshot, store);
    const names = fs.readdirSync(path.join(store, 'journal')).filter(n => n.startsWith('apply-'));
    assert.strictEqual(names.length, 1, 'the kill left the entry');
    return path.join(store, 'journal', names[0]);
  }

  /**
   * Recovery records the moved files as applied: so a person's edit made to one of them after the kill (before the
   * store is opened again) is their own change on disk, not a staged rename left pending against it, as it would be
   * if the moved paths were not recorded as applied (reconcile alone settles only files the disk holds as staged).
   */
  async function assertRecovered(): Promise<void> {
    fs.writeFileSync(file('new/a.txt'), 'edited after the apply\n');
    const overlay = await OverlayWorkspace.open(store, { roots });
    try {
      assert.deepStrictEqual(overlay.composites().map(c => c.path), [], 'the applied rename is no longer pending');
      assert.deepStrictEqual(fs.readdirSync(path.join(store, 'journal')), []);
      assert.strictEqual(fs.readFileSync(file('new/a.txt'), 'utf8'), 'edited after the apply\n');
      for (const rel of rels.slice(1)) assert.strictEqual(fs.readFileSync(file(`new/${rel}`), 'utf8'), `${rel}\n`);
      assert.ok(!fs.existsSync(file('old')));
      assert.ok(overlay.canUndo, 'the undo record is in place');
    } finally {
      await overlay.close();
    }
  }

  it('the entry names the move and its refs, not its files among the applied paths; recovery after the move finishes it', async () => {
    const entryFile = await applyKilledAfterTheMove();
    const { entry } = readEntry(entryFile);
    const moves = entry.moveDirs as { from: string; to: string; files: { rel: string }[] }[];
    assert.deepStrictEqual(moves.map(m => [m.from, m.to, m.files.map(f => f.rel).sort()]), [[file('old'), file('new'), [...rels].sort()]]);
    const applied = (entry.meta as { appliedPaths: string[]; appliedMoves?: boolean });
    assert.strictEqual(applied.appliedMoves, true);
    const listed = applied.appliedPaths.filter(p => p.startsWith(`${file('old')}${path.sep}`) || p.startsWith(`${file('new')}${path.sep}`));
    assert.deepStrictEqual(listed.filter(p => rels.some(r => p === file(`old/${r}`) || p === file(`new/${r}`))), [], 'no moved file listed again');
    // …and recovery records them as applied all the same: derived from the move.
    const recorded = new Set(appliedPathsOfEntry(entry as unknown as JournalEntry));
    for (const r of rels) assert.ok(recorded.has(file(`old/${r}`)) && recorded.has(file(`new/${r}`)), `${r} is recorded as applied`);
    await assertRecovered();
  });

  it('an entry written before, listing the moved files among the applied paths, is recovered the same', async () => {
    const entryFile = await applyKilledAfterTheMove();
    const { header, entry } = readEntry(entryFile);
    const { appliedPaths, appliedMoves: _derived, ...rest } = entry.meta as { appliedPaths: string[]; appliedMoves?: boolean };
    const moved = rels.flatMap(r => [file(`new/${r}`), file(`old/${r}`)]);
    const older = { ...entry, meta: { ...rest, appliedPaths: [...moved, ...appliedPaths] } };
    fs.writeFileSync(entryFile, Buffer.concat([encodeJsonFrame(header), encodeJsonFrame(older)]));
    assert.deepStrictEqual(new Set(appliedPathsOfEntry(older as unknown as JournalEntry)), new Set(appliedPathsOfEntry(entry as unknown as JournalEntry)), 'the same paths as the entry that leaves them to the move');
    await assertRecovered();
  });
});
