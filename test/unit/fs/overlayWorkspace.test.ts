import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import type { ChangeMeta } from '../../../src/fs/model/changeRecord';

const meta = (messageId = 'm1', sessionId = 's1'): ChangeMeta => ({ sessionId, messageId, turn: 1, description: `change from ${messageId}` });
const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
const bytes = (s: string) => Buffer.from(s, 'utf8');

describe('OverlayWorkspace', () => {
  let root: string;
  let ws: string;
  let store: string;
  let overlay: OverlayWorkspace;
  const file = (rel: string) => path.join(ws, rel);
  const disk = (rel: string) => (fs.existsSync(file(rel)) ? fs.readFileSync(file(rel), 'utf8') : undefined);

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-ws-'));
    ws = path.join(root, 'ws');
    store = path.join(root, 'store');
    fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
    fs.writeFileSync(file('a.txt'), 'one\ntwo\nthree\n');
    fs.writeFileSync(file('src/b.ts'), 'export const b = 1;\n');
    overlay = await OverlayWorkspace.open(store);
  });

  /** Closes, ages every stored blob past the collector's grace period (as after a long pause), reopens, collects. */
  const reopenAfterCollection = async () => {
    await overlay.close();
    const blobs = path.join(store, 'blobs');
    const old = new Date(Date.now() - 3_600_000);
    for (const f of fs.readdirSync(blobs, { recursive: true, encoding: 'utf8' })) fs.utimesSync(path.join(blobs, f), old, old);
    overlay = await OverlayWorkspace.open(store);
    await overlay.overlay.compact();
  };

  afterEach(async () => {
    await overlay.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('reads the disk where nothing is staged', () => {
    assert.strictEqual(text(overlay.readFile(file('a.txt'))), 'one\ntwo\nthree\n');
    assert.deepStrictEqual(overlay.readDirectory(ws).sort(), [['a.txt', 'file'], ['src', 'directory']]);
  });

  it('stages writes, deletes and renames without touching the disk', () => {
    overlay.write(file('a.txt'), bytes('ONE\ntwo\nthree\n'), meta());
    overlay.write(file('new/c.md'), bytes('# c\n'), meta());
    overlay.delete(file('src/b.ts'), meta());
    assert.strictEqual(text(overlay.readFile(file('a.txt'))), 'ONE\ntwo\nthree\n');
    assert.strictEqual(text(overlay.readFile(file('new/c.md'))), '# c\n');
    assert.throws(() => overlay.readFile(file('src/b.ts')), { code: 'FileNotFound' });
    assert.deepStrictEqual(overlay.readDirectory(ws).sort(), [['a.txt', 'file'], ['new', 'directory'], ['src', 'directory']]);
    assert.deepStrictEqual(overlay.readDirectory(file('src')), []);
    assert.strictEqual(overlay.stat(file('new')).type, 'directory');
    assert.strictEqual(disk('a.txt'), 'one\ntwo\nthree\n');
    assert.strictEqual(disk('new/c.md'), undefined);
    assert.strictEqual(disk('src/b.ts'), 'export const b = 1;\n');
  });

  it('a folder rename is checked as a whole first: one taken destination stages nothing', () => {
    fs.mkdirSync(file('lib'));
    fs.writeFileSync(file('lib/b.ts'), 'taken\n');
    fs.writeFileSync(file('src/a.ts'), 'a\n');
    assert.throws(() => overlay.rename(file('src'), file('lib'), meta()), /lib\/b\.ts already exists/);
    assert.deepStrictEqual(overlay.model.stagedPaths(), []);
    assert.throws(() => overlay.rename(file('src'), file('src/inner'), meta()), /into itself/);
    const records = overlay.rename(file('src'), file('lib2'), meta());
    // The files move one by one; the source folder is removed (issue 13 item 11: folders are records).
    assert.deepStrictEqual(records.map(r => [r.path, r.operation]).sort(), [[file('lib2/a.ts'), 'rename'], [file('lib2/b.ts'), 'rename'], [file('src'), 'rmdir']]);
    assert.deepStrictEqual(overlay.readDirectory(file('lib2')).sort(), [['a.ts', 'file'], ['b.ts', 'file']]);
  });

  it('advances the effective mtime on every change', () => {
    const t0 = overlay.stat(file('a.txt')).mtime;
    overlay.write(file('a.txt'), bytes('x\n'), meta());
    const t1 = overlay.stat(file('a.txt')).mtime;
    overlay.write(file('a.txt'), bytes('y\n'), meta());
    const t2 = overlay.stat(file('a.txt')).mtime;
    assert.ok(t1 > t0 && t2 > t1, `${t0} < ${t1} < ${t2}`);
    assert.strictEqual(overlay.stat(file('a.txt')).size, 2);
  });

  it('stages many changes as one unit: one change event naming them all, nested units joining, all of it kept on reopen', async () => {
    const events: string[][] = [];
    const sub = overlay.onDidChange(paths => events.push([...paths]));
    overlay.stageAsOneUnit(() => {
      overlay.write(file('a.txt'), bytes('ONE\n'), meta());
      overlay.stageAsOneUnit(() => overlay.write(file('gen/x.txt'), bytes('x\n'), meta()));
      overlay.delete(file('src/b.ts'), meta());
      assert.deepStrictEqual(events, [], 'nothing announced before the unit ends');
    });
    sub.dispose();
    assert.strictEqual(events.length, 1);
    assert.deepStrictEqual([...events[0]].sort(), [file('a.txt'), file('gen/x.txt'), file('src/b.ts')]);
    await overlay.overlay.flush();
    await overlay.close();
    overlay = await OverlayWorkspace.open(store);
    assert.deepStrictEqual(overlay.model.stagedPaths().sort(), [file('a.txt'), file('gen/x.txt'), file('src/b.ts')]);
  });

  it('a unit that throws part-way still announces (once) what it staged before the throw', () => {
    const events: string[][] = [];
    const sub = overlay.onDidChange(paths => events.push([...paths]));
    assert.throws(() => overlay.stageAsOneUnit(() => {
      overlay.write(file('a.txt'), bytes('ONE\n'), meta());
      overlay.delete(file('missing.txt'), meta());
    }), { code: 'FileNotFound' });
    sub.dispose();
    assert.deepStrictEqual(events, [[file('a.txt')]]);
    assert.strictEqual(text(overlay.readFile(file('a.txt'))), 'ONE\n');
  });

  it('applies staged changes to the disk and undoes exactly that', async () => {
    overlay.write(file('a.txt'), bytes('ONE\ntwo\nthree\n'), meta());
    overlay.write(file('new/c.md'), bytes('# c\n'), meta());
    overlay.delete(file('src/b.ts'), meta());
    overlay.rename(file('a.txt'), file('renamed.txt'), meta());
    const result = await overlay.apply();
    assert.deepStrictEqual(result.refused, []);
    assert.strictEqual(disk('renamed.txt'), 'ONE\ntwo\nthree\n');
    assert.strictEqual(disk('a.txt'), undefined);
    assert.strictEqual(disk('new/c.md'), '# c\n');
    assert.strictEqual(disk('src/b.ts'), undefined);
    assert.deepStrictEqual(overlay.model.stagedPaths(), []);
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual(undo.refused, []);
    assert.strictEqual(disk('a.txt'), 'one\ntwo\nthree\n');
    assert.strictEqual(disk('renamed.txt'), undefined);
    assert.strictEqual(disk('new/c.md'), undefined);
    assert.strictEqual(disk('src/b.ts'), 'export const b = 1;\n');
  });

  it('Undo stages the applied changes again: same kinds and contents, the disk as before, applicable again', async () => {
    overlay.write(file('a.txt'), bytes('ONE\ntwo\nthree\n'), meta('m1', 's1'));
    overlay.write(file('new/c.md'), bytes('# c\n'), meta('m2', 's2'));
    overlay.delete(file('src/b.ts'), meta('m1', 's1'));
    overlay.rename(file('a.txt'), file('renamed.txt'), meta('m3', 's1'));
    const listed = () => overlay.composites().map(c => ({ kind: c.kind, path: c.path, fromPath: c.fromPath, before: c.before, after: c.after }));
    const proposal = listed();
    assert.strictEqual(proposal.length, 3);
    await overlay.apply({ roots: [ws] });
    assert.deepStrictEqual(overlay.composites(), []);
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual([undo.refused, undo.notRestaged], [[], []]);
    assert.deepStrictEqual([...undo.restaged].sort(), [file('new/c.md'), file('renamed.txt'), file('src/b.ts')]);
    assert.deepStrictEqual([disk('a.txt'), disk('renamed.txt'), disk('new/c.md'), disk('src/b.ts')], ['one\ntwo\nthree\n', undefined, undefined, 'export const b = 1;\n']);
    assert.deepStrictEqual(listed(), proposal);
    assert.strictEqual(overlay.canUndo, false);
    // It survives a reload, and applies again to the same result.
    await overlay.close();
    overlay = await OverlayWorkspace.open(store);
    assert.deepStrictEqual(listed(), proposal);
    assert.deepStrictEqual((await overlay.apply({ roots: [ws] })).refused, []);
    assert.deepStrictEqual([disk('a.txt'), disk('renamed.txt'), disk('new/c.md'), disk('src/b.ts')], [undefined, 'ONE\ntwo\nthree\n', '# c\n', undefined]);
  });

  it('Undo never turns the person\'s edit made after the apply into a proposal to overwrite it', async () => {
    overlay.write(file('a.txt'), bytes('agent\n'), meta());
    overlay.write(file('src/b.ts'), bytes('export const b = 2;\n'), meta());
    await overlay.apply();
    fs.writeFileSync(file('a.txt'), 'agent\nand mine\n');
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual([undo.refused, undo.notRestaged, undo.restaged], [[file('a.txt')], [file('a.txt')], [file('src/b.ts')]]);
    assert.strictEqual(disk('a.txt'), 'agent\nand mine\n');
    assert.strictEqual(text(overlay.readFile(file('a.txt'))), 'agent\nand mine\n');
    assert.deepStrictEqual(overlay.composites().map(c => c.path), [file('src/b.ts')]);
  });

  it('keeps permission bits and symlinks: an executable stays executable, a link stays a link', async () => {
    fs.writeFileSync(file('run.sh'), 'echo one\n', { mode: 0o755 });
    fs.chmodSync(file('run.sh'), 0o755);
    fs.writeFileSync(file('tool.sh'), 'echo tool\n');
    fs.chmodSync(file('tool.sh'), 0o750);
    fs.symlinkSync('a.txt', file('link.txt'));
    overlay.write(file('run.sh'), bytes('echo two\n'), meta());
    overlay.rename(file('tool.sh'), file('bin/tool.sh'), meta());
    overlay.write(file('link.txt'), bytes('through the link\n'), meta());
    const result = await overlay.apply();
    assert.deepStrictEqual(result.refused, []);
    assert.strictEqual(disk('run.sh'), 'echo two\n');
    assert.strictEqual(fs.statSync(file('run.sh')).mode & 0o777, 0o755);
    assert.strictEqual(fs.statSync(file('bin/tool.sh')).mode & 0o777, 0o750);
    assert.ok(fs.lstatSync(file('link.txt')).isSymbolicLink(), 'the link is still a link');
    assert.strictEqual(disk('a.txt'), 'through the link\n');
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual(undo.refused, []);
    assert.strictEqual(disk('a.txt'), 'one\ntwo\nthree\n');
    assert.ok(fs.lstatSync(file('link.txt')).isSymbolicLink());
    assert.strictEqual(fs.statSync(file('run.sh')).mode & 0o777, 0o755);
  });

  it('applies a rename as a move: the file keeps its inode (a second hard link, its mode), in a swap too', async () => {
    fs.writeFileSync(file('tool.sh'), '#!/bin/sh\n', { mode: 0o750 });
    fs.chmodSync(file('tool.sh'), 0o750);
    fs.linkSync(file('tool.sh'), file('alias.sh'));
    const ino = (rel: string) => fs.statSync(file(rel)).ino;
    const before = { tool: ino('tool.sh'), a: ino('a.txt'), b: ino('src/b.ts') };
    overlay.rename(file('tool.sh'), file('bin/tool.sh'), meta());
    // A swap: a.txt → tmp.txt, src/b.ts → a.txt, tmp.txt → src/b.ts.
    overlay.rename(file('a.txt'), file('tmp.txt'), meta());
    overlay.rename(file('src/b.ts'), file('a.txt'), meta());
    overlay.rename(file('tmp.txt'), file('src/b.ts'), meta());
    assert.deepStrictEqual((await overlay.apply({ roots: [ws] })).refused, []);
    assert.deepStrictEqual([ino('bin/tool.sh'), ino('src/b.ts'), ino('a.txt')], [before.tool, before.a, before.b]);
    assert.deepStrictEqual([disk('a.txt'), disk('src/b.ts'), disk('tool.sh'), disk('tmp.txt')], ['export const b = 1;\n', 'one\ntwo\nthree\n', undefined, undefined]);
    assert.strictEqual(fs.statSync(file('bin/tool.sh')).nlink, 2, 'still one file with alias.sh');
    assert.strictEqual(fs.statSync(file('bin/tool.sh')).mode & 0o777, 0o750);
    assert.deepStrictEqual(fs.readdirSync(ws).filter(n => n.endsWith('.tmp')), []);
  });

  it('a renamed file that was edited too is written anew, and a file system without hard links gets a copy', async () => {
    const ino = fs.statSync(file('a.txt')).ino;
    overlay.rename(file('a.txt'), file('edited.txt'), meta());
    overlay.write(file('edited.txt'), bytes('one\n2\nthree\n'), meta());
    overlay.rename(file('src/b.ts'), file('copied.ts'), meta());
    // A file system that refuses hard links (FAT, some network shares) answers EPERM.
    // The fs module itself (the namespace import's properties are read-only getters onto it).
    const realFs = (fs as unknown as { default?: typeof fs }).default ?? fs;
    const link = realFs.linkSync;
    let tried = 0;
    // Counted: the links that move a file (from the file); a new file's temp linked to its name (`placeNew`, from the
    // temp) falls back to the rename on such a file system.
    realFs.linkSync = (from: fs.PathLike) => {
      if (!String(from).endsWith('.agent-overlay.tmp')) tried++;
      throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
    };
    try {
      assert.deepStrictEqual((await overlay.apply()).refused, []);
    } finally {
      realFs.linkSync = link;
    }
    assert.strictEqual(tried, 1, 'only the unchanged file was to be moved');
    assert.deepStrictEqual([disk('edited.txt'), disk('copied.ts'), disk('a.txt'), disk('src/b.ts')], ['one\n2\nthree\n', 'export const b = 1;\n', undefined, undefined]);
    assert.notStrictEqual(fs.statSync(file('edited.txt')).ino, ino);
  });

  it('refuses, writing nothing, to apply two staged paths that are one file through a symlink', async () => {
    fs.symlinkSync('a.txt', file('link.txt'));
    overlay.write(file('link.txt'), bytes('via link\n'), meta());
    overlay.write(file('a.txt'), bytes('direct\n'), meta());
    await assert.rejects(overlay.apply(), /a\.txt and .*link\.txt are the same file on disk|link\.txt and .*a\.txt are the same file on disk/);
    assert.strictEqual(disk('a.txt'), 'one\ntwo\nthree\n');
    assert.strictEqual(overlay.model.stagedPaths().length, 2);
    assert.deepStrictEqual((await overlay.apply({ paths: [file('a.txt')] })).refused, []);
    assert.strictEqual(disk('a.txt'), 'direct\n');
  });

  it('lists what an apply takes along (what its confirmation shows): a rename chain, the changes inside a removed folder', () => {
    fs.mkdirSync(file('lib/deep'), { recursive: true });
    fs.writeFileSync(file('lib/deep/x.ts'), 'x\n');
    overlay.rename(file('a.txt'), file('c.txt'), meta());
    overlay.rename(file('src/b.ts'), file('a.txt'), meta());
    overlay.delete(file('lib'), meta(), { recursive: true });
    overlay.write(file('alone.md'), bytes('alone\n'), meta());
    const listed = (paths: string[]) => overlay.appliedWith(paths.map(file)).map(c => `${c.kind} ${path.relative(ws, c.path)}`).sort();
    assert.deepStrictEqual(listed(['a.txt']), ['rename a.txt', 'rename c.txt']);
    assert.deepStrictEqual(listed(['lib']), ['delete lib/deep/x.ts', 'rmdir lib', 'rmdir lib/deep']);
    assert.deepStrictEqual(listed(['alone.md']), ['create alone.md']);
    assert.deepStrictEqual(listed([]), []);
    assert.strictEqual(overlay.appliedWith().length, overlay.composites().length);
  });

  it('removes the folders an apply left empty, never a workspace folder, and Undo brings them back', async () => {
    fs.mkdirSync(file('lib/deep'), { recursive: true });
    fs.writeFileSync(file('lib/deep/x.ts'), 'x\n');
    fs.mkdirSync(file('keep'));
    fs.writeFileSync(file('keep/y.ts'), 'y\n');
    fs.writeFileSync(file('keep/z.ts'), 'z\n');
    overlay.delete(file('lib'), meta(), { recursive: true });
    overlay.rename(file('keep/y.ts'), file('moved/y.ts'), meta());
    overlay.delete(file('a.txt'), meta());
    overlay.delete(file('src/b.ts'), meta());
    assert.deepStrictEqual((await overlay.apply({ roots: [ws] })).refused, []);
    assert.deepStrictEqual([fs.existsSync(file('lib')), fs.existsSync(file('src')), fs.existsSync(file('keep'))], [false, false, true]);
    await overlay.undoLastApply();
    assert.deepStrictEqual([disk('lib/deep/x.ts'), disk('src/b.ts'), disk('keep/y.ts'), disk('a.txt')], ['x\n', 'export const b = 1;\n', 'y\n', 'one\ntwo\nthree\n']);
  });

  it('Undo removes the folders the apply created, and only those', async () => {
    fs.mkdirSync(file('docs'));
    overlay.write(file('new/deep/c.md'), bytes('# c\n'), meta());
    overlay.write(file('docs/d.md'), bytes('# d\n'), meta());
    assert.deepStrictEqual((await overlay.apply({ roots: [ws] })).refused, []);
    await overlay.undoLastApply();
    assert.deepStrictEqual([fs.existsSync(file('new')), fs.existsSync(file('docs'))], [false, true]);
  });

  it('Undo gives a file moved away its permission bits back', async () => {
    fs.writeFileSync(file('tool.sh'), 'echo tool\n');
    fs.chmodSync(file('tool.sh'), 0o750);
    overlay.rename(file('tool.sh'), file('bin/tool.sh'), meta());
    await overlay.apply({ roots: [ws] });
    await overlay.undoLastApply();
    assert.strictEqual(fs.statSync(file('tool.sh')).mode & 0o777, 0o750);
    assert.strictEqual(fs.existsSync(file('bin')), false);
  });

  it('offers Undo only while it can restore something, and forgets it once done', async () => {
    assert.strictEqual(overlay.canUndo, false);
    overlay.write(file('a.txt'), bytes('agent\n'), meta());
    await overlay.apply();
    assert.strictEqual(overlay.canUndo, true);
    fs.writeFileSync(file('a.txt'), 'edited by hand\n');
    assert.strictEqual(overlay.canUndo, false, 'the only file it wrote changed since');
    fs.writeFileSync(file('a.txt'), 'agent\n');
    await overlay.undoLastApply();
    assert.strictEqual(overlay.canUndo, false);
    await overlay.close();
    overlay = await OverlayWorkspace.open(store);
    assert.strictEqual(overlay.canUndo, false, 'the record is gone after a reload too');
  });

  it('a workspace folder emptied by an apply stays', async () => {
    overlay.delete(file('a.txt'), meta());
    overlay.delete(file('src/b.ts'), meta());
    await overlay.apply({ roots: [ws] });
    assert.deepStrictEqual(fs.readdirSync(ws), []);
  });

  it('without the workspace folders given, no folder is removed', async () => {
    overlay.delete(file('src/b.ts'), meta());
    await overlay.apply();
    assert.ok(fs.existsSync(file('src')));
  });

  it('Undo Last Apply still works after a reload that collected unused content', async () => {
    overlay.write(file('a.txt'), bytes('agent\n'), meta());
    await overlay.apply();
    await reopenAfterCollection();
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual([undo.refused, disk('a.txt')], [[], 'one\ntwo\nthree\n']);
  });

  it('Undo stages every message\'s records again: after it, a prune of either message takes out its part only', async () => {
    overlay.write(file('a.txt'), bytes('ONE\ntwo\nthree\n'), meta('m1'));
    overlay.write(file('a.txt'), bytes('ONE\ntwo\nTHREE\n'), meta('m2'));
    overlay.rename(file('src/b.ts'), file('src/c.ts'), meta('m1'));
    overlay.write(file('src/c.ts'), bytes('export const b = 2;\n'), meta('m2'));
    await overlay.apply({ roots: [ws] });
    await overlay.undoLastApply();
    assert.deepStrictEqual(overlay.composites().map(c => [path.relative(ws, c.path), c.records.map(r => r.messageId)]), [['a.txt', ['m1', 'm2']], ['src/c.ts', ['m1', 'm2']]]);
    // Across a reload (the undo record and the restaged records are on disk by now).
    await overlay.close();
    overlay = await OverlayWorkspace.open(store);
    overlay.model.prune('m1', 's1');
    assert.strictEqual(text(overlay.readFile(file('a.txt'))), 'one\ntwo\nTHREE\n');
    assert.strictEqual(text(overlay.readFile(file('src/b.ts'))), 'export const b = 2;\n');
    assert.throws(() => overlay.readFile(file('src/c.ts')), { code: 'FileNotFound' });
    overlay.model.prune('m2', 's1');
    assert.deepStrictEqual(overlay.composites(), []);
  });

  describe('an Undo interrupted after it restored the disk is finished by recovery, once', () => {
    const stageAndApply = async () => {
      overlay.write(file('a.txt'), bytes('ONE\ntwo\nthree\n'), meta('m1'));
      overlay.write(file('a.txt'), bytes('ONE\ntwo\nTHREE\n'), meta('m2'));
      await overlay.apply();
    };
    const messages = () => overlay.composites().map(c => c.records.map(r => r.messageId));
    const reopenAndCheck = async () => {
      await overlay.close();
      overlay = await OverlayWorkspace.open(store);
      assert.strictEqual(disk('a.txt'), 'one\ntwo\nthree\n');
      assert.deepStrictEqual(messages(), [['m1', 'm2']], 'every message\'s record, each once');
      assert.strictEqual(overlay.canUndo, false);
      overlay.model.prune('m1', 's1');
      assert.strictEqual(text(overlay.readFile(file('a.txt'))), 'one\ntwo\nTHREE\n');
    };

    it('before it staged anything again', async () => {
      await stageAndApply();
      overlay.overlay.unitOfOps = () => {
        throw new Error('killed before the restaging');
      };
      await assert.rejects(overlay.undoLastApply(), /killed before the restaging/);
      assert.deepStrictEqual(messages(), []);
      await reopenAndCheck();
    });

    it('after its restaging was durable, before the journal forgot it (nothing is staged twice)', async () => {
      await stageAndApply();
      const flush = overlay.overlay.flush.bind(overlay.overlay);
      overlay.overlay.flush = async () => {
        await flush();
        throw new Error('killed after the restaging');
      };
      await assert.rejects(overlay.undoLastApply(), /killed after the restaging/);
      assert.deepStrictEqual(messages(), [['m1', 'm2']]);
      await reopenAndCheck();
    });
  });

  it('the undo record keeps every step\'s content through a reload that collected unused content', async () => {
    overlay.write(file('a.txt'), bytes('ONE\ntwo\nthree\n'), meta('m1'));
    overlay.write(file('a.txt'), bytes('ONE\ntwo\nTHREE\n'), meta('m2'));
    await overlay.apply();
    await reopenAfterCollection();
    await overlay.undoLastApply();
    overlay.model.prune('m2', 's1');
    assert.strictEqual(text(overlay.readFile(file('a.txt'))), 'ONE\ntwo\nthree\n', 'm1\'s content, which only the undo record named');
  });

  it('writes the undo record as version 5 and still reads version 3 (each composite under its last message, as before)', async () => {
    overlay.write(file('a.txt'), bytes('ONE\ntwo\nthree\n'), meta('m1'));
    overlay.write(file('a.txt'), bytes('ONE\ntwo\nTHREE\n'), meta('m2'));
    await overlay.apply();
    await overlay.close();
    const recordFile = path.join(store, 'last-apply.json');
    const v4 = JSON.parse(fs.readFileSync(recordFile, 'utf8'));
    assert.strictEqual(v4.version, 5);
    assert.deepStrictEqual(v4.restageGroups[0].records.map((r: { messageId: string }) => r.messageId), ['m1', 'm2']);
    const { restageGroups, ...rest } = v4;
    const after = restageGroups[0].records[1].after;
    const origin = { sessionId: 's1', messageId: 'm2', turn: 1, description: 'change from m2' };
    fs.writeFileSync(recordFile, JSON.stringify({ ...rest, version: 3, restage: [{ kind: 'modify', path: file('a.txt'), after, origin }] }));
    overlay = await OverlayWorkspace.open(store);
    assert.ok(overlay.canUndo);
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual([undo.restored, undo.restaged], [[file('a.txt')], [file('a.txt')]]);
    assert.strictEqual(disk('a.txt'), 'one\ntwo\nthree\n');
    assert.deepStrictEqual(overlay.composites().map(c => c.records.map(r => r.messageId)), [['m2']]);
    assert.strictEqual(text(overlay.readFile(file('a.txt'))), 'ONE\ntwo\nTHREE\n');
  });

  it('an undo record with a record naming a path it has no baseline for is unreadable: no Undo, nothing else lost', async () => {
    overlay.write(file('a.txt'), bytes('ONE\ntwo\nthree\n'), meta('m1'));
    await overlay.apply();
    await overlay.close();
    const recordFile = path.join(store, 'last-apply.json');
    const v4 = JSON.parse(fs.readFileSync(recordFile, 'utf8'));
    v4.restageGroups[0].records[0].path = file('elsewhere.txt');
    fs.writeFileSync(recordFile, JSON.stringify(v4));
    overlay = await OverlayWorkspace.open(store);
    assert.strictEqual(overlay.canUndo, false);
    assert.strictEqual(text(overlay.readFile(file('a.txt'))), 'ONE\ntwo\nthree\n');
  });

  it('merges an external edit made between staging and apply', async () => {
    overlay.write(file('a.txt'), bytes('ONE\ntwo\nthree\n'), meta());
    fs.writeFileSync(file('a.txt'), 'one\ntwo\nTHREE\n');
    assert.strictEqual(text(overlay.readFile(file('a.txt'))), 'ONE\ntwo\nTHREE\n');
    await overlay.apply();
    assert.strictEqual(disk('a.txt'), 'ONE\ntwo\nTHREE\n');
  });

  it('turns an overlapping external edit into a conflict and never overwrites it', async () => {
    overlay.write(file('a.txt'), bytes('agent\ntwo\nthree\n'), meta());
    fs.writeFileSync(file('a.txt'), 'user\ntwo\nthree\n');
    overlay.reconcilePaths([file('a.txt')]);
    assert.strictEqual(overlay.model.conflicts().length, 1);
    const result = await overlay.apply();
    assert.deepStrictEqual(result.applied, []);
    assert.strictEqual(result.refused[0].reason, 'conflict');
    assert.strictEqual(disk('a.txt'), 'user\ntwo\nthree\n');
  });

  it('refuses a file that is dirty in an editor', async () => {
    overlay.write(file('a.txt'), bytes('x\n'), meta());
    const result = await overlay.apply({ isDirty: p => p === file('a.txt') });
    assert.strictEqual(result.refused[0].reason, 'dirtyEditor');
    assert.strictEqual(disk('a.txt'), 'one\ntwo\nthree\n');
    assert.strictEqual(overlay.model.stagedPaths().length, 1);
  });

  it('keeps staged changes across a reopen', async () => {
    overlay.write(file('a.txt'), bytes('persisted\n'), meta());
    overlay.delete(file('src/b.ts'), meta('m2'));
    await overlay.flush();
    await overlay.close();
    overlay = await OverlayWorkspace.open(store);
    assert.strictEqual(text(overlay.readFile(file('a.txt'))), 'persisted\n');
    assert.throws(() => overlay.readFile(file('src/b.ts')), { code: 'FileNotFound' });
    assert.strictEqual(overlay.model.recordsByMessage('m2').length, 1);
  });

  it('a change whose file vanished while closed is an orphan: kept as a deletion conflict and listed', async () => {
    overlay.write(file('a.txt'), bytes('agent\n'), meta());
    overlay.write(file('src/b.ts'), bytes('export const b = 2;\n'), meta());
    await overlay.flush();
    await overlay.close();
    fs.rmSync(file('a.txt'));
    overlay = await OverlayWorkspace.open(store);
    assert.deepStrictEqual(overlay.orphans, [file('a.txt')]);
    assert.strictEqual(overlay.model.composite(file('a.txt'))?.conflict?.kind, 'deletion');
    assert.strictEqual(text(overlay.readFile(file('a.txt'))), 'agent\n', 'the agent\'s work is kept');
    await overlay.close();
    overlay = await OverlayWorkspace.open(store);
    assert.deepStrictEqual(overlay.orphans, [], 'a known conflict is not news on the next start');
  });

  it('refuses to create what exists or to write into nothing, FileSystemProvider style', () => {
    assert.throws(() => overlay.write(file('a.txt'), bytes('x'), meta(), { create: true, overwrite: false }), { code: 'FileExists' });
    assert.throws(() => overlay.write(file('nope.txt'), bytes('x'), meta(), { create: false, overwrite: true }), { code: 'FileNotFound' });
    assert.throws(() => overlay.delete(file('src'), meta()), { code: 'InvalidOperation' });
    overlay.delete(file('src'), meta(), { recursive: true });
    assert.throws(() => overlay.readFile(file('src/b.ts')), { code: 'FileNotFound' });
  });

  it('prunes one message and keeps the rest', () => {
    overlay.write(file('a.txt'), bytes('ONE\ntwo\nthree\n'), meta('m1'));
    overlay.write(file('a.txt'), bytes('ONE\ntwo\nTHREE\n'), meta('m2'));
    overlay.model.prune('m1');
    assert.strictEqual(text(overlay.readFile(file('a.txt'))), 'one\ntwo\nTHREE\n');
  });
});

describe('OverlayWorkspace external renames', () => {
  it('recognises a file renamed on disk by its identity: a rename conflict, not a deletion', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-rename-'));
    const overlay = await OverlayWorkspace.open(path.join(root, 'store'));
    try {
      const a = path.join(root, 'a.txt');
      const b = path.join(root, 'b.txt');
      fs.writeFileSync(a, 'one\n');
      overlay.write(a, Buffer.from('agent\n'), { sessionId: 's', messageId: 'm', turn: 1, description: 'edit' });
      fs.renameSync(a, b);
      overlay.reconcilePaths([a, b]);
      const conflict = overlay.model.composite(a)?.conflict;
      assert.strictEqual(conflict?.kind, 'rename');
      assert.strictEqual(conflict?.theirsPath, b);
    } finally {
      await overlay.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('a folder renamed on disk (events name only the folders) makes its staged files rename conflicts', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-rename-dir-'));
    const overlay = await OverlayWorkspace.open(path.join(root, 'store'));
    try {
      const src = path.join(root, 'src');
      fs.mkdirSync(path.join(src, 'deep'), { recursive: true });
      fs.writeFileSync(path.join(src, 'deep', 'a.ts'), 'one\n');
      fs.writeFileSync(path.join(src, 'b.ts'), 'two\n');
      const m = { sessionId: 's', messageId: 'm', turn: 1, description: 'edit' };
      overlay.write(path.join(src, 'deep', 'a.ts'), Buffer.from('agent a\n'), m);
      overlay.write(path.join(src, 'b.ts'), Buffer.from('agent b\n'), m);
      fs.renameSync(src, path.join(root, 'lib'));
      // Watchers coalesce a folder made and moved in one burst: only where it arrived may be reported.
      overlay.reconcilePaths([path.join(root, 'lib')]);
      const conflicts = ['deep/a.ts', 'b.ts'].map(rel => overlay.model.composite(path.join(src, rel))?.conflict);
      assert.deepStrictEqual(conflicts.map(c => [c?.kind, c?.theirsPath]), [
        ['rename', path.join(root, 'lib', 'deep', 'a.ts')],
        ['rename', path.join(root, 'lib', 'b.ts')],
      ]);
    } finally {
      await overlay.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

