import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { OverlayWorkspace } from '../../../src/fs/overlayWorkspace';
import { FoldingDisk } from './foldingDisk';
import type { ChangeMeta } from '../../../src/fs/model/changeRecord';

const meta = (messageId = 'm1', sessionId = 's1'): ChangeMeta => ({ sessionId, messageId, turn: 1, description: `change from ${messageId}` });
const bytes = (s: string) => Buffer.from(s, 'utf8');

/**
 * The workspace-level reproductions of issue 23 (Undo, permission bits, a case-insensitive disk): nothing a person
 * wrote, and nothing a person took out, comes back through Undo or is lost by it.
 */
describe('issue 23: Undo and Apply at workspace level', () => {
  let root: string;
  let ws: string;
  let store: string;
  let overlay: OverlayWorkspace;
  const file = (rel: string) => path.join(ws, rel);
  const disk = (rel: string) => (fs.existsSync(file(rel)) ? fs.readFileSync(file(rel), 'utf8') : undefined);

  const open = async (folding = false) => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-i23-'));
    ws = path.join(root, 'ws');
    store = path.join(root, 'store');
    fs.mkdirSync(ws, { recursive: true });
    fs.writeFileSync(file('x.txt'), 'x\n');
    fs.writeFileSync(file('b.txt'), 'b\n');
    fs.writeFileSync(file('e.txt'), 'e\n');
    fs.writeFileSync(file('run.sh'), '#!/bin/sh\necho one\n');
    fs.chmodSync(file('run.sh'), 0o755);
    overlay = await OverlayWorkspace.open(store, folding ? { disk: new FoldingDisk() } : {});
  };

  afterEach(async () => {
    await overlay.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('6. a message deleted after Apply is not staged again by Undo (also after a reopen), and the rest is', async () => {
    await open();
    overlay.write(file('x.txt'), bytes('m1\n'), meta('m1'));
    overlay.write(file('b.txt'), bytes('m2\n'), meta('m2'));
    assert.deepStrictEqual((await overlay.apply()).refused, []);
    await overlay.forgetMessage('m1', 's1');
    await overlay.close();
    overlay = await OverlayWorkspace.open(store);
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual(undo.refused, []);
    assert.strictEqual(disk('x.txt'), 'x\n', 'Undo restores the disk');
    assert.deepStrictEqual(overlay.composites().map(c => [c.path, c.records.map(r => r.messageId)]), [[file('b.txt'), ['m2']]], 'only the live message is back in review');
    await overlay.apply();
    assert.strictEqual(disk('x.txt'), 'x\n', 'a second Apply never writes the deleted message\'s change');
    assert.strictEqual(disk('b.txt'), 'm2\n');
  });

  it('provenance seed 1248: a session discarded after a partial Apply is not staged again by Undo', async () => {
    await open();
    overlay.write(file('x.txt'), bytes('s2 x\n'), meta('m1', 's2'));
    overlay.write(file('b.txt'), bytes('s2 b\n'), meta('m1', 's2'));
    assert.deepStrictEqual((await overlay.apply({ paths: [file('x.txt')] })).refused, []);
    await overlay.discardSession('s2');
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual(undo.refused, []);
    assert.strictEqual(disk('x.txt'), 'x\n', 'Undo restores the disk');
    assert.deepStrictEqual(overlay.composites(), [], 'nothing of the discarded session is back in review');
    await overlay.apply();
    assert.strictEqual(disk('x.txt'), 'x\n', 'a second Apply never writes the discarded session\'s change');
  });

  it('provenance seeds 38702, 74289: a message whose staged changes are discarded after a partial Apply is not staged again by Undo', async () => {
    await open();
    // One message, two files: the Apply takes x.txt; b.txt's change is still staged when the message is discarded
    // (in the seeds, a folder delete's rmdir or a cancelled create left staged beside the applied file delete).
    overlay.write(file('x.txt'), bytes('m1 x\n'), meta('m1', 's2'));
    overlay.write(file('b.txt'), bytes('m1 b\n'), meta('m1', 's2'));
    assert.deepStrictEqual((await overlay.apply({ paths: [file('x.txt')] })).refused, []);
    await overlay.discardMessage('m1', 's2');
    assert.deepStrictEqual(overlay.composites(), []);
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual(undo.refused, []);
    assert.strictEqual(disk('x.txt'), 'x\n', 'Undo restores the disk');
    assert.deepStrictEqual(overlay.composites(), [], 'nothing of the discarded message is back in review');
    await overlay.apply();
    assert.strictEqual(disk('x.txt'), 'x\n', 'a second Apply never writes the discarded message\'s change');
  });

  it('a message of which nothing is staged any more is not taken out by a discard: Undo stages its applied change again', async () => {
    await open();
    overlay.write(file('x.txt'), bytes('m1 x\n'), meta('m1', 's2'));
    await overlay.apply();
    await overlay.discardMessage('m1', 's2');
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual(undo.restaged, [file('x.txt')]);
    assert.strictEqual(disk('x.txt'), 'x\n');
  });

  it('provenance seed 76173: the watcher reconciles a change that cancelled out at a path the person wrote, so a read changes no listing', async () => {
    await open();
    fs.mkdirSync(file('d'));
    fs.writeFileSync(file('d/g.txt'), 'g\n');
    overlay.delete(file('d'), meta('m1'), { recursive: true });
    fs.rmSync(file('d/g.txt'));
    overlay.reconcilePaths([file('d/g.txt')]);
    fs.writeFileSync(file('d/g.txt'), 'the person\'s new g\n');
    overlay.reconcilePaths([file('d/g.txt')]);
    const listed = () => JSON.stringify({ root: overlay.readDirectory(ws), composites: overlay.composites().map(c => [c.path, c.kind, c.conflict?.kind]) });
    const seen = listed();
    // The delete saw another file: over the person's new one it is a conflict, found by the watcher, not by a read.
    assert.ok(overlay.composites().some(c => c.path === file('d/g.txt') && c.conflict), seen);
    try {
      overlay.readFile(file('d/g.txt'));
    } catch {
      // the view may hide it (the agent's side of the conflict is the delete): what matters is that nothing changes
    }
    assert.strictEqual(listed(), seen, 'a read of the file changed what the view lists');
  });

  it('6 (old records). an undo record of version 4 (no deleted messages known) is still read: Undo stages every applied change', async () => {
    await open();
    overlay.write(file('x.txt'), bytes('m1\n'), meta('m1'));
    await overlay.apply();
    await overlay.close();
    const recordFile = path.join(store, 'last-apply.json');
    const { forgotten, ...v4 } = JSON.parse(fs.readFileSync(recordFile, 'utf8'));
    assert.deepStrictEqual(forgotten, []);
    fs.writeFileSync(recordFile, JSON.stringify({ ...v4, version: 4 }));
    overlay = await OverlayWorkspace.open(store);
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual(undo.restaged, [file('x.txt')]);
    assert.strictEqual(disk('x.txt'), 'x\n');
  });

  it('provenance seed 16344 (class a\'): a later edit of an applied file whose message is deleted: Undo brings back none of that message\'s lines', async () => {
    await open();
    overlay.write(file('n.txt'), bytes('m0 one\nm0 two\n'), meta('m0'));
    assert.deepStrictEqual((await overlay.apply()).refused, []);
    // A later message edits the applied file (it saw m0's lines on disk), then m0 is deleted in the chat.
    overlay.write(file('n.txt'), bytes('m2\nm0 one\nm0 two\n'), meta('m2'));
    await overlay.forgetMessage('m0', 's1');
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual(undo.refused, []);
    assert.strictEqual(disk('n.txt'), undefined, 'Undo removes the file the apply created');
    const shown = (p: string) => {
      try {
        return Buffer.from(overlay.readFile(p)).toString('utf8');
      } catch {
        return undefined;
      }
    };
    assert.ok(!(shown(file('n.txt')) ?? '').includes('m0'), `the view holds no line of the deleted message: ${JSON.stringify(shown(file('n.txt')))}`);
    if (overlay.composite(file('n.txt'))?.conflict) overlay.model.resolve(file('n.txt'), { kind: 'acceptAgent' });
    await overlay.apply();
    assert.ok(!(disk('n.txt') ?? '').includes('m0'), `Apply writes no line of the deleted message: ${JSON.stringify(disk('n.txt'))}`);
  });

  it('Undo stages the applied change again beneath a later edit of the same file: the view is as if there had been no Apply', async () => {
    await open();
    overlay.write(file('x.txt'), bytes('m1\n'), meta('m1'));
    assert.deepStrictEqual((await overlay.apply()).refused, []);
    overlay.write(file('x.txt'), bytes('m1\nm2\n'), meta('m2'));
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual(undo.refused, []);
    assert.strictEqual(disk('x.txt'), 'x\n', 'Undo restores the disk');
    const c = overlay.composite(file('x.txt'));
    assert.strictEqual(c?.conflict, undefined, 'no conflict: the later edit sits on the change given back');
    assert.deepStrictEqual(c?.records.map(r => r.messageId), ['m1', 'm2']);
    assert.strictEqual(Buffer.from(overlay.readFile(file('x.txt'))).toString('utf8'), 'm1\nm2\n');
    await overlay.forgetMessage('m1', 's1');
    assert.ok(!Buffer.from(overlay.readFile(file('x.txt'))).toString('utf8').includes('m1'), 'a prune of the first message afterwards takes its line out');
  });

  it('8. Undo on a case-insensitive disk reports a path taken by another spelling as refused and restores the rest', async () => {
    await open(true);
    fs.writeFileSync(file('other.txt'), 'the person\'s\n');
    overlay.delete(file('e.txt'), meta('m1'));
    overlay.write(file('b.txt'), bytes('B\n'), meta('m1'));
    assert.deepStrictEqual((await overlay.apply()).refused, []);
    assert.strictEqual(disk('e.txt'), undefined);
    fs.renameSync(file('other.txt'), file('E.txt'));
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual(undo.refused, [file('e.txt')]);
    assert.strictEqual(disk('b.txt'), 'b\n', 'b.txt is restored');
    assert.strictEqual(fs.readFileSync(file('E.txt'), 'utf8'), 'the person\'s\n', 'the person\'s E.txt is untouched');
  });

  it('provenance seed 1333: Undo refuses a whole rename when the person took its source back, so the moved text stays', async () => {
    await open();
    overlay.rename(file('x.txt'), file('b.txt'), meta('m1'), { overwrite: true });
    assert.deepStrictEqual((await overlay.apply()).refused, []);
    fs.writeFileSync(file('x.txt'), 'the person\'s new x\n');
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual([...undo.refused].sort(), [file('b.txt'), file('x.txt')]);
    assert.deepStrictEqual(undo.restored, []);
    assert.strictEqual(disk('b.txt'), 'x\n', 'the moved text of x is not overwritten by the old b');
    assert.strictEqual(disk('x.txt'), 'the person\'s new x\n');
  });

  it('9. a rename plus a rewrite of an executable file keeps its executable bit', async () => {
    await open();
    overlay.rename(file('run.sh'), file('start.sh'), meta('m1'));
    overlay.write(file('start.sh'), bytes('#!/bin/sh\necho two\n'), meta('m1'));
    assert.deepStrictEqual((await overlay.apply()).refused, []);
    assert.strictEqual(disk('start.sh'), '#!/bin/sh\necho two\n');
    assert.strictEqual(fs.statSync(file('start.sh')).mode & 0o777, 0o755);
  });
});

/**
 * Issue 23, helper prov-after: after a discard or an Undo, no record removes a line it never saw, nor writes one
 * taken out (README, "Provenance fuzzing").
 */
describe('issue 23: after a discard or an Undo (prov-after)', () => {
  let root: string;
  let overlay: OverlayWorkspace;
  const file = (rel: string) => path.join(root, 'ws', rel);
  const disk = (rel: string) => (fs.existsSync(file(rel)) ? fs.readFileSync(file(rel), 'utf8') : undefined);

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-i23-after-'));
    fs.mkdirSync(path.join(root, 'ws'), { recursive: true });
    overlay = await OverlayWorkspace.open(path.join(root, 'store'));
  });

  afterEach(async () => {
    await overlay.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('provenance seed 174397: "Accept disk" after an Undo restaged a move the person had hand-merged to no file leaves nothing of the moved file at its source', async () => {
    overlay.write(file('e.txt'), bytes('r7\nr8\n'), meta('m1', 's2'));
    overlay.rename(file('e.txt'), file('c.txt'), meta('m0', 's1'), { overwrite: true });
    // The person creates c.txt on disk where the agent moved e.txt, and merges the conflict by hand to no file:
    // the moved file's lines r7, r8 are turned down.
    fs.writeFileSync(file('c.txt'), 'p11\np12\n');
    overlay.reconcilePaths([file('c.txt')]);
    assert.ok(overlay.composite(file('c.txt'))?.conflict);
    overlay.model.resolveManually(file('c.txt'), undefined);
    assert.deepStrictEqual((await overlay.apply()).refused, []);
    assert.strictEqual(disk('c.txt'), undefined);
    // The agent creates c.txt again; Undo stages the applied move and the hand merge again beneath it: a conflict.
    overlay.write(file('c.txt'), bytes('r16\n'), meta('m1', 's1'));
    await overlay.undoLastApply();
    assert.strictEqual(disk('c.txt'), 'p11\np12\n', 'Undo restores the person\'s c.txt');
    assert.ok(overlay.composite(file('c.txt'))?.conflict, 'the agent\'s new c.txt meets the person\'s');
    overlay.model.resolve(file('c.txt'), { kind: 'acceptDisk' });
    assert.strictEqual(overlay.composite(file('e.txt')), undefined, 'the move is turned down whole: nothing of it is staged at e.txt');
    await overlay.apply();
    assert.strictEqual(disk('e.txt'), undefined, 'Apply never writes r7, r8, which the person turned down at c.txt');
    assert.strictEqual(disk('c.txt'), 'p11\np12\n');
  });
});

/**
 * Session 13 (`prov-nodir`): a file the agent created and moved on with its folder, and the person's new file at its
 * old path. Walking the folder reads that file, and reading it must not change the listing under the walk (provenance
 * seeds 110165, 367835: the read made it a creation conflict hidden behind "absent", and the folder vanished from the
 * view mid-walk: "not a directory").
 */
describe('issue 23: a file the records only passed through, at workspace level (prov-nodir)', () => {
  let root: string;
  let overlay: OverlayWorkspace;

  afterEach(async () => {
    await overlay.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('provenance seed 110165: a walk of the folder reads the person\'s file there, and the listing holds', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-i23-nodir-'));
    const ws = path.join(root, 'ws');
    fs.mkdirSync(path.join(ws, 'd'), { recursive: true });
    overlay = await OverlayWorkspace.open(path.join(root, 'store'));
    overlay.write(path.join(ws, 'd', 'c'), bytes('agent\n'), meta('m0'));
    overlay.rename(path.join(ws, 'd'), path.join(ws, 'k'), meta('m0'));
    fs.mkdirSync(path.join(ws, 'd'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'd', 'c'), 'person\n');
    const walk = () => overlay.readDirectory(path.join(ws, 'd')).map(([name, type]) => {
      const p = path.join(ws, 'd', name);
      return [name, type === 'file' ? Buffer.from(overlay.readFile(p)).toString('utf8') : type];
    });
    const first = walk();
    assert.deepStrictEqual(first, [['c', 'person\n']]);
    assert.deepStrictEqual(walk(), first, 'reading the file changed nothing the walk lists');
    assert.strictEqual(Buffer.from(overlay.readFile(path.join(ws, 'k', 'c'))).toString('utf8'), 'agent\n');
    await overlay.apply();
    assert.strictEqual(fs.readFileSync(path.join(ws, 'd', 'c'), 'utf8'), 'person\n', 'Apply leaves the person\'s file');
    assert.strictEqual(fs.readFileSync(path.join(ws, 'k', 'c'), 'utf8'), 'agent\n');
  });
});

/**
 * Session 15 (`prov-side`): a rename chain moving a file back home after the person moved that file away on disk.
 * The home path's records were staged when the disk had the file there; the rename's replay keeps that baseline, so
 * the path holds a disk conflict no read of the view looks for (the listing follows the disk, which lacks the file).
 */
describe('issue 23: a rename landing where the disk file is gone, at workspace level (prov-side)', () => {
  let root: string;
  let overlay: OverlayWorkspace;

  afterEach(async () => {
    await overlay.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('provenance seed 864863: a partial Apply after the person deleted a waypoint of the chain leaves the view of its end as reviewed', async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-i23-side-'));
    const ws = path.join(root, 'ws');
    const file = (rel: string) => path.join(ws, rel);
    fs.mkdirSync(ws, { recursive: true });
    fs.writeFileSync(file('g'), 'p0\nr8\n');
    fs.writeFileSync(file('h'), 'p3\n');
    overlay = await OverlayWorkspace.open(path.join(root, 'store'));
    // s2 moves g to e; the person makes the same move on disk (a rename conflict at e about g's disk file).
    overlay.rename(file('g'), file('e'), meta('m2', 's2'));
    fs.renameSync(file('g'), file('e'));
    overlay.reconcilePaths([file('g'), file('e')]);
    // s1 moves it on over the person's h and back home to g, where the disk no longer has it.
    overlay.rename(file('e'), file('h'), meta('m1', 's1'), { overwrite: true });
    overlay.rename(file('h'), file('g'), meta('m1', 's1'), { overwrite: true });
    const view = () => overlay.readDirectory(ws).map(([name]) => name).sort().map((name) => {
      try {
        return [name, Buffer.from(overlay.readFile(file(name))).toString('utf8')];
      } catch {
        return [name, 'unreadable'];
      }
    });
    const review = view();
    // The person deletes h (their own file, which the agent's move had replaced) and applies h and e alone.
    fs.unlinkSync(file('h'));
    await overlay.apply({ paths: [file('h'), file('e')] });
    assert.deepStrictEqual(view(), review, 'the view of g, not applied, is as reviewed');
    assert.deepStrictEqual(review, [['g', 'p0\nr8\n']], 'the chain\'s end showed the file it moves there');
    // Session 17 (ref-old7, provenance seed 1014072's rule): g's records leave the file there as they found it (it
    // left and came back), so the disk losing g is the clean merge, not a deletion conflict (session 15 asserted one
    // here, which refused the Apply). Replayed from no file at g, the chain moves the file the person put at e, which
    // its rename out of e saw (the person made the agent's first move themselves), on to g: the view as reviewed.
    // Applied with h and e (one component), the disk is that view; the person's lines are at g, none lost.
    assert.ok(!overlay.composites().some((c) => c.conflict !== undefined), 'no conflict: g\'s records left its file as found');
    assert.strictEqual(fs.readFileSync(file('g'), 'utf8'), 'p0\nr8\n', 'the chain\'s end on disk, as reviewed');
    assert.ok(!fs.existsSync(file('e')) && !fs.existsSync(file('h')), 'the rest of the view as reviewed');
  });
});

/**
 * Session 15 (`prov-undo`): Undo never takes a line off the disk that it cannot put back. A path it refuses (the
 * person's new file there) keeps what the disk has, so the lines the apply took away from it are not restored; a
 * file the apply wrote of those lines elsewhere is then their only place, and restoring that path would lose them.
 */
describe('issue 23: Undo keeps the lines it cannot put back (prov-undo)', () => {
  let root: string;
  let overlay: OverlayWorkspace;
  const file = (rel: string) => path.join(root, 'ws', rel);
  const disk = (rel: string) => (fs.existsSync(file(rel)) ? fs.readFileSync(file(rel), 'utf8') : undefined);

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-i23-undo-'));
    fs.mkdirSync(path.join(root, 'ws'), { recursive: true });
    fs.writeFileSync(file('b.txt'), 'p0\np1\n');
    overlay = await OverlayWorkspace.open(path.join(root, 'store'));
  });

  afterEach(async () => {
    await overlay.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('provenance seed 460060: Undo refuses a file the apply wrote from the person\'s lines when it refuses their old place', async () => {
    overlay.write(file('b.txt'), bytes('r1\np0\np1\n'), meta('m0', 's1'));
    // The person moves b.txt into d/f on disk; the agent deletes the folder d/f, the person's moved file in it.
    fs.mkdirSync(file('d/f'), { recursive: true });
    fs.renameSync(file('b.txt'), file('d/f/g.txt'));
    overlay.reconcilePaths([file('b.txt'), file('d/f/g.txt')]);
    assert.strictEqual(Buffer.from(overlay.readFile(file('d/f/g.txt'))).toString('utf8'), 'p0\np1\n');
    overlay.delete(file('d/f'), meta('m1', 's2'), { recursive: true });
    // "Accept agent" at b.txt: the person keeps their lines there, under the agent's r1.
    assert.ok(overlay.composite(file('b.txt'))?.conflict);
    overlay.model.resolve(file('b.txt'), { kind: 'acceptAgent' });
    assert.deepStrictEqual((await overlay.apply()).refused, []);
    assert.strictEqual(disk('b.txt'), 'r1\np0\np1\n');
    assert.strictEqual(disk('d/f/g.txt'), undefined);
    // The person creates a new d/f/g.txt: Undo cannot put p0, p1 back there.
    fs.mkdirSync(file('d/f'), { recursive: true });
    fs.writeFileSync(file('d/f/g.txt'), 'p15\n');
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual([...undo.refused].sort(), [file('b.txt'), file('d/f/g.txt')]);
    assert.strictEqual(disk('b.txt'), 'r1\np0\np1\n', 'the person\'s lines stay where the apply put them');
    assert.strictEqual(disk('d/f/g.txt'), 'p15\n');
  });

  it('Undo still restores a file the apply wrote when the lines it takes off are put back elsewhere or were the apply\'s own', async () => {
    fs.writeFileSync(file('c.txt'), 'q0\n');
    overlay.write(file('b.txt'), bytes('r1\np0\np1\n'), meta('m0', 's1'));
    overlay.write(file('c.txt'), bytes('q0\nr2\n'), meta('m0', 's1'));
    assert.deepStrictEqual((await overlay.apply()).refused, []);
    fs.writeFileSync(file('c.txt'), 'the person\'s c\n');
    const undo = await overlay.undoLastApply();
    assert.deepStrictEqual(undo.refused, [file('c.txt')], 'c.txt owes q0, which b.txt never had');
    assert.strictEqual(disk('b.txt'), 'p0\np1\n');
  });
});
