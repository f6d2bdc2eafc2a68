import * as assert from 'assert';
import { MemoryContentStore } from '../../../src/fs/model/contentStore';
import { OverlayModel } from '../../../src/fs/model/overlayModel';
import { folderStatus } from '../../../src/fs/model/folders';
import { parseOverlayOp, parseOverlaySnapshot } from '../../../src/fs/model/overlaySchema';
import { FakeDisk, counterIds, enc, meta, newModel } from './modelFixtures';
import type { FolderDisk } from '../../../src/fs/model/folders';

/**
 * Folders as first-class records (issue 13 item 11): `mkdir` and `rmdir` are records with a session and a message,
 * persisted, pruned and applied like a file's; a folder's staged state is its surviving folder records (the last
 * wins) laid over the disk and the staged files.
 */

class FolderFakeDisk extends FakeDisk implements FolderDisk {}

const sorted = (m: Map<string, string>) => [...m].sort();

describe('folders as records', () => {
  let disk: FolderFakeDisk;
  let model: OverlayModel;
  beforeEach(() => {
    disk = new FolderFakeDisk({ '/w/a': 'a\n', '/w/d/c': 'c\n' });
    disk.dirs.add('/w/empty');
    model = newModel();
  });

  describe('the status table, cell by cell', () => {
    const cases: [Parameters<typeof folderStatus>, string][] = [
      [['present', true, false, false], 'fileInTheWay'],
      [['present', true, true, false], 'fileInTheWay'],
      [['present', false, true, false], 'satisfied'],
      [['present', false, false, false], 'mkdir'],
      [['absent', false, true, true], 'moot'],
      [['absent', false, false, true], 'moot'],
      [['absent', false, false, false], 'satisfied'],
      [['absent', true, false, false], 'satisfied'],
      [['absent', false, true, false], 'rmdir'],
    ];
    for (const [args, want] of cases) {
      it(`${args.join(', ')} → ${want}`, () => assert.strictEqual(folderStatus(...args), want));
    }
  });

  it('an mkdir is a record with its session and message, listed as an added folder, shown in the listing', () => {
    const r = model.mkdir('/w/new', meta('m1', 's1'));
    assert.strictEqual(r.operation, 'mkdir');
    assert.deepStrictEqual([r.sessionId, r.messageId, r.before, r.after], ['s1', 'm1', null, null]);
    assert.deepStrictEqual(model.recordsByMessage('m1', 's1').map((x) => x.id), [r.id]);
    assert.deepStrictEqual(model.folderChanges(disk).map((c) => [c.path, c.kind]), [['/w/new', 'mkdir']]);
    assert.deepStrictEqual(model.composites(), [], 'no file composite');
    assert.strictEqual(model.listDirectory('/w', disk).get('new'), 'directory');
    assert.strictEqual(model.effectiveKind('/w/new', disk), 'directory');
    assert.deepStrictEqual(sorted(model.listDirectory('/w/new', disk)), []);
    assert.strictEqual(disk.mutations, 0);
  });

  it('the change event names a folder whose record comes or goes (a view updated path by path must hear of it)', () => {
    const heard: string[][] = [];
    model.onDidChange((e) => heard.push([...e.paths].sort()));
    model.mkdir('/w/new', meta('m1', 's1'));
    model.mkdir('/w/old', meta('m2', 's1'));
    model.prune('m1', 's1');
    model.discardAll();
    assert.deepStrictEqual(heard, [['/w/new'], ['/w/old'], ['/w/new'], ['/w/old']]);
  });

  it('a made folder deeper down makes its parents visible', () => {
    model.mkdir('/w/x', meta());
    model.mkdir('/w/x/y', meta());
    model.prune('m1', 's1');
    assert.strictEqual(model.effectiveKind('/w/x', disk), undefined);
    model.mkdir('/w/x', meta('m2'));
    model.mkdir('/w/x/y', meta('m3'));
    model.prune('m2', 's1');
    assert.strictEqual(model.effectiveKind('/w/x', disk), 'directory', 'kept by the folder made inside it');
    assert.strictEqual(model.listDirectory('/w', disk).get('x'), 'directory');
  });

  it('an rmdir hides an empty disk folder and is listed as a deleted folder', () => {
    model.rmdir('/w/empty', meta());
    assert.strictEqual(model.listDirectory('/w', disk).has('empty'), false);
    assert.strictEqual(model.effectiveKind('/w/empty', disk), undefined);
    assert.deepStrictEqual(model.folderChanges(disk).map((c) => [c.path, c.kind]), [['/w/empty', 'rmdir']]);
  });

  it('pruning the mkdir takes the folder out of the view; a surviving file inside keeps it', () => {
    model.mkdir('/w/new', meta('m1'));
    model.prune('m1', 's1');
    assert.strictEqual(model.effectiveKind('/w/new', disk), undefined);
    assert.deepStrictEqual(model.snapshot().records, []);
    model.mkdir('/w/new', meta('m1'));
    model.write('/w/new/f', enc('f\n'), meta('m2'), disk);
    model.prune('m1', 's1');
    assert.strictEqual(model.effectiveKind('/w/new', disk), 'directory');
    assert.deepStrictEqual(model.folderChanges(disk), [], 'the folder record is gone: the file makes the folder');
  });

  it('a file written into a removed folder makes it exist again: the rmdir is moot, not listed', () => {
    model.rmdir('/w/empty', meta('m1'));
    model.write('/w/empty/f', enc('f\n'), meta('m2'), disk);
    assert.strictEqual(model.effectiveKind('/w/empty', disk), 'directory');
    assert.strictEqual(model.folderStatus('/w/empty', disk), 'moot');
    assert.deepStrictEqual(model.folderChanges(disk), []);
    model.prune('m2', 's1');
    assert.strictEqual(model.folderStatus('/w/empty', disk), 'rmdir');
  });

  it('the last folder record wins: rmdir after mkdir of a new folder leaves nothing to do', () => {
    model.mkdir('/w/new', meta('m1'));
    model.rmdir('/w/new', meta('m2'));
    assert.strictEqual(model.folderIntent('/w/new'), 'absent');
    assert.strictEqual(model.folderStatus('/w/new', disk), 'satisfied');
    assert.deepStrictEqual(model.folderChanges(disk), []);
    model.prune('m2', 's1');
    assert.strictEqual(model.folderStatus('/w/new', disk), 'mkdir');
  });

  it('reconcile: the disk getting the folder satisfies the mkdir; a file appearing there is a conflict', () => {
    model.mkdir('/w/new', meta());
    disk.dirs.add('/w/new');
    assert.strictEqual(model.folderStatus('/w/new', disk), 'satisfied');
    assert.deepStrictEqual(model.folderChanges(disk), []);
    disk.dirs.delete('/w/new');
    disk.put('/w/new', 'a file\n');
    const [c] = model.folderChanges(disk);
    assert.strictEqual(c.kind, 'mkdir');
    assert.strictEqual(c.conflict?.kind, 'creation');
    assert.strictEqual(model.listDirectory('/w', disk).get('new'), 'file', 'a file is never hidden by a folder');
  });

  it('discard by change, by session and by path takes folder records out like any other', () => {
    const a = model.mkdir('/w/p', meta('m1', 's1'));
    model.mkdir('/w/q', meta('m1', 's2'));
    model.rmdir('/w/empty', meta('m2', 's1'));
    model.discardChange(a.id);
    assert.strictEqual(model.folderIntent('/w/p'), undefined);
    model.discardSession('s2');
    assert.strictEqual(model.folderIntent('/w/q'), undefined);
    model.discardPaths(['/w/empty']);
    assert.strictEqual(model.folderIntent('/w/empty'), undefined);
    assert.deepStrictEqual(model.snapshot().records, []);
  });

  it('prune takes a message\'s folder and file records out together and replays the rest', () => {
    model.mkdir('/w/n', meta('m1'));
    model.write('/w/n/f', enc('1\n'), meta('m1'), disk);
    model.write('/w/a', enc('A\n'), meta('m2'), disk);
    model.prune('m1', 's1');
    assert.strictEqual(model.effectiveKind('/w/n', disk), undefined);
    assert.deepStrictEqual(model.stagedPaths(), ['/w/a']);
    assert.deepStrictEqual(model.snapshot().records.map((r) => r.messageId), ['m2']);
  });

  it('prune order does not matter: taking m1 then m2 out equals m2 then m1, and equals never staging them', () => {
    const stageAll = (m: OverlayModel) => {
      m.mkdir('/w/n', meta('m1'));
      m.write('/w/n/f', enc('1\n'), meta('m2'), disk);
      m.rmdir('/w/empty', meta('m2'));
      m.mkdir('/w/n/g', meta('m3'));
      m.rmdir('/w/n/g', meta('m1'));
      m.mkdir('/w/empty', meta('m3'));
    };
    const view = (m: OverlayModel) => ({
      changes: m.folderChanges(disk).map((c) => [c.path, c.kind, c.records.map((r) => r.id)]),
      kinds: ['/w/n', '/w/n/g', '/w/empty'].map((p) => m.effectiveKind(p, disk)),
      records: m.snapshot().records.map((r) => r.id),
    });
    const a = newModel();
    stageAll(a);
    a.prune('m1', 's1');
    a.prune('m2', 's1');
    const b = newModel();
    stageAll(b);
    b.prune('m2', 's1');
    b.prune('m1', 's1');
    assert.deepStrictEqual(view(a), view(b));
    // m3 survives: /w/n/g is to be made (and shows /w/n), /w/empty is on disk already (nothing to do).
    assert.deepStrictEqual(view(a).changes, [['/w/n/g', 'mkdir', ['r4']]]);
    assert.deepStrictEqual(view(a).kinds, ['directory', 'directory', 'directory']);
  });

  it('Apply (markApplied) at a folder path takes its records out', () => {
    model.mkdir('/w/new', meta());
    model.markApplied(['/w/new']);
    assert.deepStrictEqual(model.snapshot().records, []);
  });

  it('survives snapshot and restore, and the op log replays to the same state', () => {
    const ops: unknown[] = [];
    model.onDidChange((e) => ops.push(JSON.parse(JSON.stringify(e.op))));
    model.mkdir('/w/new', meta('m1'));
    model.rmdir('/w/empty', meta('m2'));
    model.write('/w/new/f', enc('f\n'), meta('m3'), disk);
    model.prune('m3', 's1');
    const restored = newModel(model.store);
    restored.restore(JSON.parse(JSON.stringify(model.snapshot())));
    assert.deepStrictEqual(restored.folderChanges(disk).map((c) => [c.path, c.kind, c.records.length]), [['/w/empty', 'rmdir', 1], ['/w/new', 'mkdir', 1]]);
    const replayed = new OverlayModel(new MemoryContentStore(), { newId: counterIds('x') });
    for (const op of ops) replayed.apply(parseOverlayOp(op));
    assert.deepStrictEqual(replayed.snapshot(), model.snapshot());
  });

  it('the schema accepts folder records and refuses malformed ones', () => {
    const r = model.mkdir('/w/new', meta());
    const op = JSON.parse(JSON.stringify({ type: 'stage', record: r }));
    assert.deepStrictEqual(parseOverlayOp(op), { type: 'stage', record: r });
    assert.throws(() => parseOverlayOp({ ...op, record: { ...r, after: '0'.repeat(64) } }), /has no after/);
    assert.throws(() => parseOverlayOp({ ...op, record: { ...r, fromPath: '/w/x' } }), /mkdir has no fromPath/);
    assert.throws(() => parseOverlayOp({ ...op, record: { ...r, operation: 'mkdirs' } }), /not an operation/);
    const snap = JSON.parse(JSON.stringify(model.snapshot()));
    assert.deepStrictEqual(parseOverlaySnapshot(snap), model.snapshot());
    const bad = { ...snap, entries: [{ path: '/w/new', state: { kind: 'cancelled' }, recordIds: [r.id] }] };
    assert.throws(() => parseOverlaySnapshot(bad), /folder record .* in a file entry/);
  });
});
