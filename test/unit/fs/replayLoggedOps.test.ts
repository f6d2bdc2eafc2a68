/**
 * Which logged ops depend on a refused one (replayLoggedOps.ts): an op naming one of its paths, a folder above
 * or a file below one, or one of its records is refused with it; the others are kept; `discardAll` ends the
 * dependence. Ops are recorded from a real model, then replayed with one of them made invalid.
 */
import * as assert from 'assert';
import { MemoryContentStore } from '../../../src/fs/model/contentStore';
import { OverlayModel } from '../../../src/fs/model/overlayModel';
import { replayLoggedOps, type RefusedOp } from '../../../src/fs/replayLoggedOps';

const meta = { sessionId: 's', messageId: 'm', turn: 1, description: 'test' };
const noDisk = { read: () => undefined };
const text = (s: string) => Buffer.from(s);

/** The ops `script` makes, as the log holds them (JSON), on a model over `store`. */
function record(store: MemoryContentStore, script: (m: OverlayModel) => void): unknown[] {
  const m = new OverlayModel(store);
  const ops: unknown[] = [];
  m.onDidChange(e => e.op && ops.push(JSON.parse(JSON.stringify(e.op))));
  script(m);
  m.dispose();
  return ops;
}

/** `ops` replayed with op `bad` made invalid (an unknown operation): what is staged and what was refused. */
function replayWithout(store: MemoryContentStore, ops: unknown[], bad: number): { staged: string[]; refused: readonly RefusedOp[] } {
  const damaged = ops.map((op, i) => i === bad ? { ...(op as object), type: 'explode' } : op);
  const { model, refused } = replayLoggedOps(damaged, [], () => new OverlayModel(store));
  return { staged: model.stagedPaths().sort(), refused };
}

describe('replayLoggedOps: what depends on a refused op', () => {
  it('a rename from the refused file depends on it; other files do not', () => {
    const store = new MemoryContentStore();
    const ops = record(store, m => {
      m.write('/w/a', text('a'), meta, noDisk);
      m.write('/w/b', text('b'), meta, noDisk);
      m.rename('/w/a', '/w/c', meta, noDisk);
      m.write('/w/d', text('d'), meta, noDisk);
    });
    const { staged, refused } = replayWithout(store, ops, 0);
    assert.deepStrictEqual(staged, ['/w/b', '/w/d']);
    assert.deepStrictEqual(refused.map(r => [r.index, r.why]), [[0, 'invalid'], [2, 'depends']]);
    assert.deepStrictEqual(refused[1].paths, ['/w/c', '/w/a']);
  });

  it('a folder op above the refused file, and a file below a refused folder op, depend on it', () => {
    const store = new MemoryContentStore();
    const above = record(store, m => {
      m.write('/w/dir/x', text('x'), meta, noDisk);
      m.write('/w/e', text('e'), meta, noDisk);
      m.rmdir('/w/dir', meta);
      m.write('/w/dirt', text('a sibling whose name starts the same'), meta, noDisk);
    });
    const a = replayWithout(store, above, 0);
    assert.deepStrictEqual(a.staged, ['/w/dirt', '/w/e']);
    assert.deepStrictEqual(a.refused.map(r => [r.index, r.why]), [[0, 'invalid'], [2, 'depends']]);
    const below = record(store, m => {
      m.mkdir('/w/new', meta);
      m.write('/w/new/y', text('y'), meta, noDisk);
      m.write('/w/f', text('f'), meta, noDisk);
    });
    const b = replayWithout(store, below, 0);
    assert.deepStrictEqual(b.staged, ['/w/f']);
    assert.deepStrictEqual(b.refused.map(r => [r.index, r.why]), [[0, 'invalid'], [1, 'depends']]);
  });

  it('taking out the refused op\'s record depends on it, and what depends on that too', () => {
    const store = new MemoryContentStore();
    let id = '';
    const ops = record(store, m => {
      id = m.write('/w/a', text('a'), meta, noDisk)!.id;
      m.write('/w/b', text('b'), meta, noDisk);
      m.discardChange(id);
      m.write('/w/a', text('a again'), meta, noDisk);
    });
    const { staged, refused } = replayWithout(store, ops, 0);
    assert.ok(JSON.stringify(ops[2]).includes(id), 'the discard names the record');
    assert.deepStrictEqual(staged, ['/w/b']);
    assert.deepStrictEqual(refused.map(r => [r.index, r.why]), [[0, 'invalid'], [2, 'depends'], [3, 'depends']]);
  });

  it('files that only share content with the refused one do not depend on it', () => {
    const store = new MemoryContentStore();
    const disk = { read: () => text('the same original content\n') };
    const ops = record(store, m => {
      m.write('/w/a', text('a'), meta, disk);
      m.write('/w/b', text('a'), meta, disk);
    });
    assert.strictEqual((ops[0] as { record: { before: string } }).record.before, (ops[1] as { record: { before: string } }).record.before);
    const { staged, refused } = replayWithout(store, ops, 0);
    assert.deepStrictEqual(staged, ['/w/b']);
    assert.deepStrictEqual(refused.map(r => r.index), [0]);
  });

  it('after a discardAll nothing depends on the refused op any more', () => {
    const store = new MemoryContentStore();
    const ops = record(store, m => {
      m.write('/w/a', text('a'), meta, noDisk);
      m.write('/w/a', text('a2'), meta, noDisk);
      m.discardAll();
      m.write('/w/a', text('a3'), meta, noDisk);
    });
    const { staged, refused } = replayWithout(store, ops, 0);
    assert.deepStrictEqual(staged, ['/w/a']);
    assert.deepStrictEqual(refused.map(r => [r.index, r.why]), [[0, 'invalid'], [1, 'depends']]);
  });

  it('an op whose reach cannot be told stops the replay, and a discardAll after it starts it again', () => {
    const store = new MemoryContentStore();
    const ops = record(store, m => {
      m.write('/w/a', text('a'), meta, noDisk);
      m.write('/w/b', text('b'), meta, noDisk);
      m.discardAll();
      m.write('/w/c', text('c'), meta, noDisk);
    });
    const damaged = ops.map((op, i) => i === 0 ? 42 : op);
    const { model, refused } = replayLoggedOps(damaged, [], () => new OverlayModel(store));
    assert.deepStrictEqual(model.stagedPaths(), ['/w/c']);
    assert.deepStrictEqual(refused.map(r => [r.index, r.why]), [[0, 'invalid'], [1, 'unknown']]);
  });
});
