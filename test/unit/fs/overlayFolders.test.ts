import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import type { ChangeMeta } from '../../../src/fs/model/changeRecord';

const meta = (messageId = 'm1', sessionId = 's1'): ChangeMeta => ({ sessionId, messageId, turn: 1, description: `change from ${messageId}` });
const bytes = (s: string) => Buffer.from(s, 'utf8');

/** Folders as first-class records (issue 13 item 11), through the workspace: staged, persisted, applied, undone. */
describe('OverlayWorkspace: folders as records', () => {
  let root: string;
  let ws: string;
  let store: string;
  let overlay: OverlayWorkspace;
  const file = (rel: string) => path.join(ws, rel);
  const isDir = (rel: string) => fs.statSync(file(rel), { throwIfNoEntry: false })?.isDirectory() ?? false;
  const listed = () => overlay.composites().map(c => [path.relative(ws, c.path), c.kind, c.conflict ? 'conflict' : 'ok']);

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-folders-'));
    ws = path.join(root, 'ws');
    store = path.join(root, 'store');
    fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
    fs.mkdirSync(path.join(ws, 'empty'));
    fs.writeFileSync(file('src/b.ts'), 'b\n');
    overlay = await OverlayWorkspace.open(store);
  });

  afterEach(async () => {
    await overlay.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('createDirectory stages an mkdir record: listed, readable, and nothing on disk', () => {
    const r = overlay.createDirectory(file('new'), meta());
    assert.strictEqual(r.operation, 'mkdir');
    assert.strictEqual(overlay.stat(file('new')).type, 'directory');
    assert.deepStrictEqual(overlay.readDirectory(file('new')), []);
    assert.ok(overlay.readDirectory(ws).some(([n, t]) => n === 'new' && t === 'directory'));
    assert.deepStrictEqual(listed(), [['new', 'mkdir', 'ok']]);
    assert.strictEqual(isDir('new'), false);
  });

  it('createDirectory refuses an existing path and a missing parent', () => {
    assert.throws(() => overlay.createDirectory(file('src'), meta()), { code: 'FileExists' });
    assert.throws(() => overlay.createDirectory(file('src/b.ts'), meta()), { code: 'FileExists' });
    assert.throws(() => overlay.createDirectory(file('no/such'), meta()), { code: 'FileNotFound' });
    overlay.createDirectory(file('n1'), meta());
    overlay.createDirectory(file('n1/n2'), meta());
    assert.strictEqual(overlay.stat(file('n1/n2')).type, 'directory');
  });

  it('a staged folder survives a reopen, and Apply makes it on disk', async () => {
    overlay.createDirectory(file('new'), meta());
    await overlay.flush();
    await overlay.close();
    overlay = await OverlayWorkspace.open(store);
    assert.deepStrictEqual(listed(), [['new', 'mkdir', 'ok']]);
    const result = await overlay.apply({ roots: [ws] });
    assert.deepStrictEqual(result.applied, [file('new')]);
    assert.strictEqual(isDir('new'), true);
    assert.deepStrictEqual(listed(), []);
    assert.deepStrictEqual(overlay.model.snapshot().records, []);
  });

  it('deleting an empty folder stages an rmdir; Apply removes it; Undo brings it back and stages it again', async () => {
    const [r] = overlay.delete(file('empty'), meta());
    assert.strictEqual(r.operation, 'rmdir');
    assert.throws(() => overlay.stat(file('empty')), { code: 'FileNotFound' });
    assert.ok(!overlay.readDirectory(ws).some(([n]) => n === 'empty'));
    assert.deepStrictEqual(listed(), [['empty', 'rmdir', 'ok']]);
    assert.strictEqual(isDir('empty'), true, 'nothing on disk before Apply');
    await overlay.apply({ roots: [ws] });
    assert.strictEqual(isDir('empty'), false);
    assert.ok(overlay.canUndo);
    const undone = await overlay.undoLastApply();
    assert.strictEqual(isDir('empty'), true);
    assert.deepStrictEqual(undone.restaged, [file('empty')]);
    assert.deepStrictEqual(listed(), [['empty', 'rmdir', 'ok']]);
  });

  it('Undo of an applied mkdir removes the folder and stages it again', async () => {
    overlay.createDirectory(file('new'), meta());
    await overlay.apply({ roots: [ws] });
    assert.strictEqual(isDir('new'), true);
    await overlay.undoLastApply();
    assert.strictEqual(isDir('new'), false);
    assert.deepStrictEqual(listed(), [['new', 'mkdir', 'ok']]);
  });

  it('after Undo a folder record keeps its message: pruning it takes only the folder out, across a reload', async () => {
    overlay.createDirectory(file('new'), meta('m1'));
    overlay.createDirectory(file('other'), meta('m2'));
    await overlay.apply({ roots: [ws] });
    await overlay.undoLastApply();
    assert.deepStrictEqual(listed(), [['new', 'mkdir', 'ok'], ['other', 'mkdir', 'ok']]);
    await overlay.close();
    overlay = await OverlayWorkspace.open(store);
    overlay.model.prune('m1', 's1');
    assert.deepStrictEqual(listed(), [['other', 'mkdir', 'ok']]);
  });

  it('a folder with files: recursive delete stages file deletes and rmdirs; Apply removes it all', async () => {
    fs.mkdirSync(file('src/inner'));
    assert.throws(() => overlay.delete(file('src'), meta()), /not empty/);
    const records = overlay.delete(file('src'), meta(), { recursive: true });
    assert.deepStrictEqual(records.map(r => [path.relative(ws, r.path), r.operation]), [['src/b.ts', 'delete'], ['src/inner', 'rmdir'], ['src', 'rmdir']]);
    assert.ok(!overlay.readDirectory(ws).some(([n]) => n === 'src'));
    await overlay.apply({ paths: [file('src')] });
    assert.strictEqual(fs.existsSync(file('src')), false, 'applying the folder takes its files\' deletes along');
    assert.deepStrictEqual(listed(), []);
  });

  it('an rmdir never removes a folder holding a file the person made meanwhile', async () => {
    overlay.delete(file('empty'), meta());
    fs.writeFileSync(file('empty/mine.txt'), 'mine\n');
    assert.strictEqual(overlay.stat(file('empty')).type, 'directory', 'the folder shows again: it holds a file');
    assert.deepStrictEqual(listed(), []);
    await overlay.apply({ roots: [ws] });
    assert.strictEqual(fs.readFileSync(file('empty/mine.txt'), 'utf8'), 'mine\n');
  });

  it('reconcile: the disk getting the folder satisfies the mkdir; a file there is a conflict Apply refuses', async () => {
    overlay.createDirectory(file('new'), meta());
    fs.mkdirSync(file('new'));
    assert.deepStrictEqual(listed(), []);
    fs.rmdirSync(file('new'));
    fs.writeFileSync(file('new'), 'a file\n');
    assert.deepStrictEqual(listed(), [['new', 'mkdir', 'conflict']]);
    const result = await overlay.apply({ roots: [ws] });
    assert.deepStrictEqual(result.refused.map(r => [r.path, r.reason]), [[file('new'), 'conflict']]);
    assert.strictEqual(fs.readFileSync(file('new'), 'utf8'), 'a file\n');
    overlay.model.discardPaths([file('new')]);
    assert.deepStrictEqual(listed(), []);
  });

  it('prune: a folder whose mkdir is pruned disappears unless a surviving file keeps it', () => {
    overlay.createDirectory(file('new'), meta('m1'));
    overlay.write(file('new/f.txt'), bytes('f\n'), meta('m2'));
    overlay.model.prune('m1', 's1');
    assert.strictEqual(overlay.stat(file('new')).type, 'directory');
    overlay.model.prune('m2', 's1');
    assert.throws(() => overlay.stat(file('new')), { code: 'FileNotFound' });
    assert.throws(() => overlay.readDirectory(file('new')), { code: 'FileNotFound' });
  });

  it('a crash after the files are placed and before the folders are made: reopening finishes the apply, folders included', async () => {
    overlay.createDirectory(file('new'), meta());
    overlay.createDirectory(file('new/deeper'), meta());
    overlay.write(file('new/f.txt'), bytes('f\n'), meta());
    overlay.delete(file('empty'), meta());
    // The process "dies" at the first folder it makes: the journal entry stays, as after a kill -9.
    (overlay.disk as unknown as { makeFolder: () => Promise<boolean> }).makeFolder = async () => {
      throw new Error('simulated crash');
    };
    await assert.rejects(overlay.apply({ roots: [ws] }), /simulated crash/);
    assert.strictEqual(fs.readFileSync(file('new/f.txt'), 'utf8'), 'f\n');
    assert.strictEqual(isDir('new/deeper'), false);
    await overlay.close();
    overlay = await OverlayWorkspace.open(store);
    assert.strictEqual(isDir('new/deeper'), true, 'recovery made the folder');
    assert.strictEqual(isDir('empty'), false, 'recovery removed the emptied folder');
    assert.deepStrictEqual(listed(), []);
    assert.deepStrictEqual(overlay.model.snapshot().records, [], 'the folder records are applied, not pending');
    assert.deepStrictEqual(fs.readdirSync(path.join(store, 'journal')), []);
    await overlay.undoLastApply();
    assert.strictEqual(fs.existsSync(file('new')), false, 'Undo removes what the recovered apply made');
    assert.strictEqual(isDir('empty'), true, 'and brings back what it removed');
    assert.deepStrictEqual(listed().sort(), [['empty', 'rmdir', 'ok'], ['new', 'mkdir', 'ok'], ['new/deeper', 'mkdir', 'ok'], ['new/f.txt', 'create', 'ok']]);
  });

  it('an apply that fails before any file is placed leaves no folder behind and the folders staged', async () => {
    overlay.createDirectory(file('new'), meta());
    overlay.write(file('new/f.txt'), bytes('f\n'), meta());
    (overlay.disk as unknown as { writeTemp: () => Promise<void> }).writeTemp = async () => {
      throw new Error('disk full');
    };
    await assert.rejects(overlay.apply({ roots: [ws] }), /disk full/);
    assert.strictEqual(fs.existsSync(file('new')), false);
    assert.deepStrictEqual(listed().sort(), [['new', 'mkdir', 'ok'], ['new/f.txt', 'create', 'ok']]);
  });

  it('renaming an empty folder stages it made at the destination and removed at the source; Apply moves it', async () => {
    fs.mkdirSync(file('src/inner'));
    const records = overlay.rename(file('empty'), file('moved'), meta());
    assert.deepStrictEqual(records.map(r => [path.relative(ws, r.path), r.operation]), [['moved', 'mkdir'], ['empty', 'rmdir']]);
    // A folder with files moves file by file, and its empty folders as folders.
    overlay.rename(file('src'), file('lib'), meta());
    assert.deepStrictEqual(overlay.readDirectory(file('lib')).sort(), [['b.ts', 'file'], ['inner', 'directory']]);
    assert.deepStrictEqual(overlay.readDirectory(ws).map(([n]) => n).sort(), ['lib', 'moved']);
    await overlay.apply({ roots: [ws] });
    assert.deepStrictEqual(fs.readdirSync(ws).sort(), ['lib', 'moved']);
    assert.strictEqual(isDir('lib/inner'), true);
    assert.deepStrictEqual(listed(), []);
  });

  it('a file written into a staged folder applies with it', async () => {
    overlay.createDirectory(file('new'), meta());
    overlay.createDirectory(file('new/deeper'), meta());
    overlay.write(file('new/f.txt'), bytes('f\n'), meta());
    await overlay.apply({ roots: [ws] });
    assert.strictEqual(fs.readFileSync(file('new/f.txt'), 'utf8'), 'f\n');
    assert.strictEqual(isDir('new/deeper'), true);
    assert.deepStrictEqual(listed(), []);
  });
});
