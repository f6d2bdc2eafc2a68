import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NodeDisk } from '../../../src/fs/nodeDisk';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { FoldingDisk } from './foldingDisk';
import type { ChangeMeta } from '../../../src/fs/model/changeRecord';

const meta = (messageId = 'm1', sessionId = 's1'): ChangeMeta => ({ sessionId, messageId, turn: 1, description: `change from ${messageId}` });
const bytes = (s: string) => Buffer.from(s, 'utf8');
const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');

/** Issue 13 item 7: case-only renames on a case-insensitive disk are staged, shown and applied as renames. */
describe('a case-insensitive disk', () => {
  let root: string;
  let ws: string;
  let store: string;
  let overlay: OverlayWorkspace;
  const file = (rel: string) => path.join(ws, rel);
  /** What the folder really holds: names as spelled on disk, with content. */
  const listing = (rel = '.') => fs.readdirSync(path.join(ws, rel)).sort().map(n => [n, fs.statSync(path.join(ws, rel, n)).isFile() ? fs.readFileSync(path.join(ws, rel, n), 'utf8') : 'dir']);

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-fold-'));
    ws = path.join(root, 'ws');
    store = path.join(root, 'store');
    fs.mkdirSync(path.join(ws, 'docs'), { recursive: true });
    fs.writeFileSync(file('readme.md'), 'the only copy\n', { mode: 0o755 });
    fs.chmodSync(file('readme.md'), 0o755);
    fs.writeFileSync(file('docs/guide.md'), 'guide\n');
    overlay = await OverlayWorkspace.open(store, { disk: new FoldingDisk() });
  });

  afterEach(async () => {
    await overlay.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('is detected per volume; this machine\'s own disk is case-sensitive', () => {
    assert.strictEqual(overlay.disk.foldsCase(file('readme.md')), true);
    assert.strictEqual(overlay.disk.caseTwin(file('README.md')), file('readme.md'));
    assert.strictEqual(overlay.disk.caseTwin(file('readme.md')), undefined);
    // Names are exact: the other spelling reads as absent (the OS would find the file).
    assert.strictEqual(overlay.disk.read(file('README.md')), undefined);
    assert.strictEqual(overlay.disk.stat(file('DOCS')), undefined);
    const real = new NodeDisk();
    assert.strictEqual(real.foldsCase(file('readme.md')), false);
    assert.strictEqual(real.caseTwin(file('README.md')), undefined);
  });

  it('a case-only rename is staged and listed as a rename, then applied: one file, new name, same content and mode', async () => {
    overlay.rename(file('readme.md'), file('README.md'), meta());
    assert.deepStrictEqual(overlay.composites().map(c => [c.kind, c.path, c.fromPath]), [['rename', file('README.md'), file('readme.md')]]);
    assert.strictEqual(text(overlay.readFile(file('README.md'))), 'the only copy\n');
    assert.throws(() => overlay.readFile(file('readme.md')), { code: 'FileNotFound' });
    assert.deepStrictEqual(listing(), [['docs', 'dir'], ['readme.md', 'the only copy\n']], 'the disk is untouched before Apply');

    const result = await overlay.apply();
    assert.deepStrictEqual(result.refused, []);
    assert.deepStrictEqual(listing(), [['README.md', 'the only copy\n'], ['docs', 'dir']]);
    assert.strictEqual(fs.statSync(file('README.md')).mode & 0o777, 0o755);
    assert.deepStrictEqual(overlay.composites(), []);

    // Undo gives the old spelling back, and the proposal back in review.
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual(undo.refused, []);
    assert.deepStrictEqual(listing(), [['docs', 'dir'], ['readme.md', 'the only copy\n']]);
    assert.deepStrictEqual(overlay.composites().map(c => [c.kind, c.path, c.fromPath]), [['rename', file('README.md'), file('readme.md')]]);
  });

  it('a crash between the delete of the old spelling and the new name\'s write is finished on the next open', async () => {
    overlay.rename(file('readme.md'), file('README.md'), meta());
    await overlay.flush();
    await overlay.close();
    // The disk fails the first commit of a temp file over its target, after the old spelling was removed.
    class CrashingDisk extends FoldingDisk {
      override async commitTemp(): Promise<void> {
        throw new Error('crash');
      }
    }
    const crashing = await OverlayWorkspace.open(store, { disk: new CrashingDisk() });
    await assert.rejects(crashing.apply(), /crash/);
    assert.deepStrictEqual(listing().map(([n]) => n).filter(n => !n.endsWith('.tmp')), ['docs'], 'the old spelling is gone, the new one not yet there');
    await crashing.close();

    overlay = await OverlayWorkspace.open(store, { disk: new FoldingDisk() });
    assert.deepStrictEqual(listing(), [['README.md', 'the only copy\n'], ['docs', 'dir']]);
    assert.deepStrictEqual(overlay.composites(), []);
  });

  it('a new name that is another spelling of a file is refused, unless that file is staged away', () => {
    assert.throws(() => overlay.write(file('README.MD'), bytes('second\n'), meta()), /README\.MD already exists as .*readme\.md/);
    assert.throws(() => overlay.write(file('DOCS/new.md'), bytes('x\n'), meta()), /already exists as .*docs/);
    overlay.write(file('Notes.md'), bytes('notes\n'), meta());
    assert.throws(() => overlay.write(file('notes.md'), bytes('other\n'), meta()), /notes\.md already exists as .*Notes\.md/);
    assert.throws(() => overlay.rename(file('docs/guide.md'), file('NOTES.md'), meta()), /already exists as .*Notes\.md/);
    overlay.delete(file('readme.md'), meta());
    overlay.write(file('README.MD'), bytes('second\n'), meta());
    assert.deepStrictEqual(listing(), [['docs', 'dir'], ['readme.md', 'the only copy\n']]);
  });

  it('a new spelling whose old file is deleted by another change is applied with that change, and Undo gives the old file back', async () => {
    overlay.delete(file('readme.md'), meta());
    overlay.write(file('README.MD'), bytes('rewritten\n'), meta('m2'));
    assert.deepStrictEqual(overlay.appliedWith([file('README.MD')]).map(c => [c.kind, c.path]).sort(), [['create', file('README.MD')], ['delete', file('readme.md')]]);
    const result = await overlay.apply({ paths: [file('README.MD')] });
    assert.deepStrictEqual(result.refused, []);
    assert.deepStrictEqual([...result.applied].sort(), [file('README.MD'), file('readme.md')].sort());
    assert.deepStrictEqual(listing(), [['README.MD', 'rewritten\n'], ['docs', 'dir']]);
    assert.deepStrictEqual(overlay.composites(), []);
    await overlay.undoLastApply();
    assert.deepStrictEqual(listing(), [['docs', 'dir'], ['readme.md', 'the only copy\n']]);
  });

  it('the delete of the old spelling takes the new spelling\'s change along: one file on this disk, planned as one', async () => {
    // Issue 23: applied alone, the delete left a disk without the file the review showed under the other spelling.
    overlay.delete(file('readme.md'), meta());
    overlay.write(file('README.MD'), bytes('rewritten\n'), meta('m2'));
    assert.deepStrictEqual(overlay.appliedWith([file('readme.md')]).map(c => [c.kind, c.path]).sort(), [['create', file('README.MD')], ['delete', file('readme.md')]]);
    const result = await overlay.apply({ paths: [file('readme.md')] });
    assert.deepStrictEqual(result.refused, []);
    assert.deepStrictEqual([...result.applied].sort(), [file('README.MD'), file('readme.md')].sort());
    assert.deepStrictEqual(listing(), [['README.MD', 'rewritten\n'], ['docs', 'dir']]);
    assert.deepStrictEqual(overlay.composites(), []);
  });

  it('provenance folding seed 1984: applying the file an overwriting rename replaces under another spelling applies the rename too', async () => {
    // The rename onto README.md replaces readme.md (one file here): the delete of readme.md and the rename are two
    // changes, and applying the delete alone left the disk without the file the review showed at that name.
    overlay.rename(file('docs/guide.md'), file('README.md'), meta(), { overwrite: true });
    assert.deepStrictEqual(overlay.composites().map(c => [c.kind, c.path, c.fromPath]).sort(), [['delete', file('readme.md'), undefined], ['rename', file('README.md'), file('docs/guide.md')]]);
    const result = await overlay.apply({ paths: [file('readme.md')] });
    assert.deepStrictEqual(result.refused, []);
    assert.deepStrictEqual(listing(), [['README.md', 'guide\n'], ['docs', 'dir']]);
    assert.deepStrictEqual(listing('docs'), []);
    assert.deepStrictEqual(overlay.composites(), []);
    // Undo gives both files back.
    assert.deepStrictEqual((await overlay.undoLastApply()).refused, []);
    assert.deepStrictEqual(listing(), [['docs', 'dir'], ['readme.md', 'the only copy\n']]);
    assert.deepStrictEqual(listing('docs'), [['guide.md', 'guide\n']]);
  });

  it('renaming onto another spelling of a third file with overwrite replaces that file, and nothing else', async () => {
    fs.writeFileSync(file('b.md'), 'old b\n');
    assert.throws(() => overlay.rename(file('docs/guide.md'), file('B.md'), meta()), /B\.md already exists as .*b\.md/);
    overlay.rename(file('docs/guide.md'), file('B.md'), meta(), { overwrite: true });
    const result = await overlay.apply({ roots: [ws] });
    assert.deepStrictEqual(result.refused, []);
    assert.deepStrictEqual(listing(), [['B.md', 'guide\n'], ['readme.md', 'the only copy\n']]);
  });

  it('a person\'s file that appears under another spelling before Apply is never written over', async () => {
    overlay.write(file('Notes.md'), bytes('agent notes\n'), meta());
    fs.writeFileSync(file('notes.md'), 'my notes\n');
    const result = await overlay.apply();
    assert.deepStrictEqual(result.refused.map(r => [r.path, r.reason]), [[file('Notes.md'), 'sameName']]);
    assert.deepStrictEqual(listing(), [['docs', 'dir'], ['notes.md', 'my notes\n'], ['readme.md', 'the only copy\n']]);
  });

  it('a folder rename that changes only letter case is refused with a way round it, staging nothing', () => {
    assert.throws(() => overlay.rename(file('docs'), file('Docs'), meta()), /one folder on this case-insensitive disk: rename it to another name/);
    assert.deepStrictEqual(overlay.composites(), []);
  });

  it('a folder move whose files are two spellings of one name is refused whole: nothing of it is staged (provenance folding 17895)', () => {
    // The agent's staged docs/notes.md, then the person's docs/Notes.md on disk: one name on this disk, two files in
    // the overlay's view until Apply (which refuses one as sameName).
    overlay.write(file('docs/notes.md'), bytes('the agent\'s notes\n'), meta());
    fs.writeFileSync(file('docs/Notes.md'), 'the person\'s notes\n');
    const before = overlay.composites().map(c => [c.kind, c.path, c.fromPath]);
    assert.throws(() => overlay.rename(file('docs'), file('moved'), meta('m2')), /would be one file on this case-insensitive disk/);
    assert.deepStrictEqual(overlay.composites().map(c => [c.kind, c.path, c.fromPath]), before, 'no rename of the refused move stays staged');
  });
});

/**
 * FoldingDisk's `exactAbove` (the provenance fuzz's scratch folder) skips listing the folders above it when NodeDisk
 * checks a name's spelling: every answer below it is the one the full walk from `/` gives.
 */
describe('FoldingDisk with an exact root', () => {
  let root: string;
  const at = (rel: string) => path.join(root, rel);

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-fold-exact-'));
    fs.mkdirSync(at('w/docs/deep'), { recursive: true });
    fs.writeFileSync(at('w/readme.md'), 'r\n');
    fs.writeFileSync(at('w/docs/Guide.md'), 'g\n');
    fs.writeFileSync(at('w/docs/deep/x'), 'x\n');
  });

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('answers every spelling case below it as the walk from / does: exact, another spelling of a file or a folder, missing, through a file', () => {
    const asked = ['w/readme.md', 'w/README.md', 'w/Readme.MD', 'w/docs/Guide.md', 'w/docs/guide.md', 'w/DOCS/Guide.md', 'w/Docs/deep/x', 'w/docs/DEEP/X', 'w/docs/deep/x', 'w/none', 'w/Docs/none', 'w/readme.md/x', 'W/readme.md', 'w', 'w/docs', 'w/Docs'].map(at);
    const answers = (disk: FoldingDisk) => asked.map(p => {
      const s = disk.stat(p);
      const bytes = disk.read(p);
      return [path.relative(root, p), s?.type ?? 'none', bytes === undefined ? 'unread' : Buffer.from(bytes).toString('utf8'), disk.caseTwin(p) ?? 'no twin', disk.readDirectory(p)?.map(e => e.join(' ')).sort().join(',') ?? 'no listing'];
    });
    const exact = answers(new FoldingDisk(root));
    assert.deepStrictEqual(exact, answers(new FoldingDisk()));
    // …and those answers are the case-insensitive disk's (a few spelled out, so an equal wrong pair cannot pass).
    const row = (rel: string) => exact.find(r => r[0] === rel);
    assert.deepStrictEqual(row('w/README.md'), ['w/README.md', 'none', 'unread', at('w/readme.md'), 'no listing']);
    assert.deepStrictEqual(row('w/Docs/deep/x'), ['w/Docs/deep/x', 'none', 'unread', at('w/docs/deep/x'), 'no listing']);
    assert.deepStrictEqual(row('w/docs/deep/x'), ['w/docs/deep/x', 'file', 'x\n', 'no twin', 'no listing']);
    assert.deepStrictEqual(row('w/docs'), ['w/docs', 'directory', 'unread', 'no twin', 'Guide.md file,deep directory']);
    assert.deepStrictEqual(row('W/readme.md'), ['W/readme.md', 'none', 'unread', at('w/readme.md'), 'no listing']);
  });
});
