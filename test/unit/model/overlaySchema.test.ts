import * as assert from 'assert';
import { OverlayError } from '../../../src/fs/model/overlayError';
import { parseOverlayOp, parseOverlaySnapshot } from '../../../src/fs/model/overlaySchema';
import { FakeDisk, enc, meta, newModel, readText } from './modelFixtures';
import type { OverlayOp } from '../../../src/fs/model/overlayOp';

const corrupt = (e: unknown) => e instanceof OverlayError && e.code === 'CorruptState';

function populated() {
  const disk = new FakeDisk({ '/w/a.txt': 'one\ntwo\nthree\nfour\nfive\n', '/w/b.txt': 'B\n' });
  const model = newModel();
  const ops: OverlayOp[] = [];
  model.onDidChange((e) => e.op && ops.push(e.op));
  model.write('/w/a.txt', enc('ONE\ntwo\nthree\nfour\nfive\n'), meta('m1'), disk);
  model.rename('/w/b.txt', '/w/c.txt', meta('m2'), disk);
  model.write('/w/a.txt', enc('ONE\ntwo\nthree\nfour\nFIVE\n'), meta('m3'), disk);
  disk.put('/w/a.txt', 'one\ntwo\nTHREE\nfour\nfive\n');
  model.reconcile('/w/a.txt', disk);
  disk.put('/w/n.txt', 'user\n');
  model.write('/w/n.txt', enc('agent\n'), meta('m4'), new FakeDisk());
  model.reconcile('/w/n.txt', disk);
  model.resolve('/w/n.txt', { kind: 'delegate' });
  model.prune('m1');
  return { disk, model, ops };
}

describe('snapshot and op schema', () => {
  it('a snapshot survives JSON and restores the same model', () => {
    const { disk, model } = populated();
    const json = JSON.parse(JSON.stringify(model.snapshot()));
    assert.deepStrictEqual(parseOverlaySnapshot(json), model.snapshot());
    const restored = newModel(model.store);
    restored.restore(json);
    assert.deepStrictEqual(restored.snapshot(), model.snapshot());
    for (const p of ['/w/a.txt', '/w/b.txt', '/w/c.txt', '/w/n.txt']) assert.strictEqual(readText(restored, disk, p), readText(model, disk, p));
    assert.deepStrictEqual(restored.composites(), model.composites());
  });

  it('every op type round-trips through JSON and the validator', () => {
    const { ops } = populated();
    const extra: OverlayOp[] = [
      { type: 'discard', paths: ['/w/x'] },
      { type: 'discardAll' },
      { type: 'applied', paths: ['/w/y'] },
      { type: 'resolve', path: '/w/z', resolution: { kind: 'manual', content: null } },
    ];
    const types = new Set<string>();
    for (const op of [...ops, ...extra]) {
      types.add(op.type);
      assert.deepStrictEqual(parseOverlayOp(JSON.parse(JSON.stringify(op))), op);
    }
    assert.deepStrictEqual([...types].sort(), ['applied', 'conflict', 'discard', 'discardAll', 'replace', 'resolve', 'revert', 'stage']);
  });

  it('a record staged over a disk that moved is one replace op carrying it, and the op log rebuilds the same model', () => {
    // A rename there and back leaves /w/h reading through to the disk; the disk file then goes away and the agent
    // creates /w/h afresh: the component is replayed from the new baseline in the same op as the record is added.
    const disk = new FakeDisk({ '/w/h': 'h\n', '/w/g': 'g\n' });
    const model = newModel();
    const ops: OverlayOp[] = [];
    model.onDidChange((e) => e.op && ops.push(e.op));
    model.rename('/w/h', '/w/x', meta('m1'), disk);
    model.rename('/w/x', '/w/h', meta('m2'), disk);
    disk.remove('/w/h');
    const r = model.write('/w/h', enc('new\n'), meta('m3'), disk);
    const last = ops[ops.length - 1];
    assert.strictEqual(last.type, 'replace');
    assert.deepStrictEqual(last.type === 'replace' ? last.added?.map((x) => x.id) : undefined, [r?.id]);
    const rebuilt = newModel(model.store);
    for (const op of ops) rebuilt.apply(parseOverlayOp(JSON.parse(JSON.stringify(op))));
    assert.deepStrictEqual(rebuilt.snapshot(), model.snapshot());
    assert.strictEqual(readText(rebuilt, disk, '/w/h'), 'new\n');
    assert.throws(() => rebuilt.apply(last), corrupt, 'replaying the op twice would stage its record twice');
  });

  it('a corrupt snapshot is a CorruptState error and leaves the model as it was', () => {
    const { model } = populated();
    const good = JSON.parse(JSON.stringify(model.snapshot()));
    const before = model.snapshot();
    const bad: unknown[] = [
      null,
      [],
      { ...good, version: 2 },
      { ...good, records: 'x' },
      { ...good, records: [{ ...good.records[0], before: 'not-a-ref' }] },
      { ...good, records: [{ ...good.records[0], operation: 'delete' }] },
      { ...good, records: [{ ...good.records[0], turn: '1' }] },
      { ...good, entries: [{ ...good.entries[0], state: { kind: 'clean' } }] },
      { ...good, entries: [{ ...good.entries[0], conflict: { kind: 'weird' } }] },
      { ...good, entries: [{ ...good.entries[0], recordIds: ['ghost'] }] },
      { ...good, entries: [...good.entries, good.entries[0]] },
      { ...good, records: [...good.records, good.records[0]] },
      { ...good, entries: good.entries.filter((e: { movedFrom?: string }) => e.movedFrom === undefined) },
    ];
    for (const b of bad) {
      assert.throws(() => model.restore(b), corrupt, JSON.stringify(b)?.slice(0, 80));
      assert.deepStrictEqual(model.snapshot(), before);
    }
  });

  it('a corrupt op is a CorruptState error naming the field', () => {
    assert.throws(() => parseOverlayOp({ type: 'explode' }), corrupt);
    assert.throws(() => parseOverlayOp({ type: 'stage', record: { id: 1 } }), (e: unknown) => corrupt(e) && /at op\.record\./.test((e as Error).message));
    const record = { id: 7, operation: 'create', path: '/a', before: null, after: 'a'.repeat(64), sessionId: 's', messageId: 'm', turn: 1, timestamp: 1, description: '' };
    assert.throws(() => parseOverlayOp({ type: 'stage', record }), (e: unknown) => corrupt(e) && /at op\.record\.id/.test((e as Error).message));
    assert.deepStrictEqual(parseOverlayOp({ type: 'stage', record: { ...record, id: 'r7' } }), { type: 'stage', record: { ...record, id: 'r7' } });
    assert.throws(() => parseOverlayOp({ type: 'rebase', path: '/a', diskPath: '/a', base: 'zz', after: null }), corrupt);
    assert.throws(() => parseOverlayOp({ type: 'stage', record: { id: 'r', operation: 'rename', path: '/b', before: 'a'.repeat(64), after: 'a'.repeat(64), sessionId: 's', messageId: 'm', turn: 1, timestamp: 1, description: '' } }), corrupt);
  });

  it('a rename\'s or a modify\'s `vacated` is read back; absent (an older store) it is not set, and no other record may carry it (prov-hide6, takeOutOrders seed 543)', () => {
    const rename = { id: 'r8', operation: 'rename', path: '/b', fromPath: '/a', before: 'a'.repeat(64), after: 'a'.repeat(64), sessionId: 's', messageId: 'm', turn: 1, timestamp: 1, description: '' };
    assert.deepStrictEqual(parseOverlayOp({ type: 'stage', record: { ...rename, vacated: true } }), { type: 'stage', record: { ...rename, vacated: true } });
    assert.deepStrictEqual(parseOverlayOp({ type: 'stage', record: rename }), { type: 'stage', record: rename });
    assert.throws(() => parseOverlayOp({ type: 'stage', record: { ...rename, vacated: 'yes' } }), (e: unknown) => corrupt(e) && /vacated/.test((e as Error).message));
    const create = { id: 'r9', operation: 'create', path: '/a', before: null, after: 'a'.repeat(64), sessionId: 's', messageId: 'm', turn: 1, timestamp: 1, description: '', vacated: true };
    assert.throws(() => parseOverlayOp({ type: 'stage', record: create }), (e: unknown) => corrupt(e) && /vacated/.test((e as Error).message));
    const modify = { ...create, id: 'r10', operation: 'modify', before: 'b'.repeat(64) };
    assert.deepStrictEqual(parseOverlayOp({ type: 'stage', record: modify }), { type: 'stage', record: modify });
    const del = { ...create, id: 'r11', operation: 'delete', before: 'b'.repeat(64), after: null };
    assert.throws(() => parseOverlayOp({ type: 'stage', record: del }), (e: unknown) => corrupt(e) && /vacated/.test((e as Error).message));
  });

  it('a stage op replayed twice is refused (the log must not double-apply)', () => {
    const { model, ops } = populated();
    const stage = ops.find((o) => o.type === 'stage' && o.record.operation === 'rename');
    assert.ok(stage);
    assert.throws(() => model.apply(stage), corrupt);
  });
});
