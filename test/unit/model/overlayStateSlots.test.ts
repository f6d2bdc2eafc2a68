import * as assert from 'assert';
import { FakeDisk, enc, meta, newModel } from './modelFixtures';
import type { ChangeRecord } from '../../../src/fs/model/changeRecord';
import type { OverlayState } from '../../../src/fs/model/overlayState';

/**
 * The model keeps staged records in slots (two arrays, emptied slots dropped once at most half are in use) and a
 * message's record ids in a list compacted when read or grown (overlayState.ts, issue 28). These histories take
 * out enough records to make both compact, and check that every lookup still answers as the records say.
 */

const path = (i: number) => `/w/f${i}.txt`;

function stageMany(n: number, messageOf: (i: number) => string) {
  const disk = new FakeDisk({});
  const model = newModel();
  const records: ChangeRecord[] = [];
  for (let i = 0; i < n; i++) {
    const r = model.write(path(i), enc(`content ${i}\n`), meta(messageOf(i)), disk);
    assert.ok(r);
    records.push(r);
  }
  return { disk, model, records };
}

function assertLookups(model: ReturnType<typeof newModel>, kept: readonly ChangeRecord[], gone: readonly ChangeRecord[]): void {
  for (const r of kept) assert.strictEqual(model.record(r.id), r);
  for (const r of gone) assert.strictEqual(model.record(r.id), undefined);
  assert.deepStrictEqual(model.snapshot().records.map((r) => r.id), kept.map((r) => r.id));
  for (const m of new Set([...kept, ...gone].map((r) => r.messageId))) {
    assert.deepStrictEqual(model.recordsByMessage(m).map((r) => r.id), kept.filter((r) => r.messageId === m).map((r) => r.id), `message ${m}`);
  }
  assert.deepStrictEqual(model.recordsBySession('s1').map((r) => r.id), kept.map((r) => r.id));
}

describe('overlay state: record slots and message lists', () => {
  it('answers every lookup in staging order after most records are discarded (the slots compacted)', () => {
    const { model, records } = stageMany(3000, (i) => `m${i % 3}`);
    const kept: ChangeRecord[] = [];
    const gone: ChangeRecord[] = [];
    records.forEach((r, i) => (i % 4 === 1 ? kept : gone).push(r));
    for (const r of gone) model.discardChange(r.id);
    assertLookups(model, kept, gone);
    // Staging after the compaction orders after every survivor.
    const disk = new FakeDisk({});
    const late = model.write(path(5000), enc('late\n'), meta('m1'), disk);
    assert.ok(late);
    assertLookups(model, [...kept, late], gone);
  });

  it('answers a record and its order from one lookup as the two lookups do, after the slots are compacted', () => {
    const { model, records } = stageMany(3000, (i) => `m${i % 3}`);
    const kept = records.filter((_, i) => i % 4 === 1);
    for (const r of records.filter((_, i) => i % 4 !== 1)) model.discardChange(r.id);
    // The model's own state (the replay's view): a prune asks it for each record with its order (replayPlainFile.ts).
    const state = (model as unknown as { readonly state: OverlayState }).state;
    const orders: number[] = [];
    records.forEach((r, i) => {
      assert.strictEqual(state.recordWithOrder(r.id, orders, i), state.record(r.id));
      assert.strictEqual(orders[i], state.order(r.id));
    });
    const keptOrders = kept.map((r) => state.order(r.id));
    assert.ok(keptOrders.every((o, i) => o >= 0 && (i === 0 || o > keptOrders[i - 1])), 'survivors keep their staging order');
    assert.strictEqual(state.recordWithOrder('no such id', orders, 0), undefined);
    assert.strictEqual(orders[0], -1);
  });

  it('lists a message once per record when it grows again after most of its records were taken out', () => {
    const { disk, model, records } = stageMany(200, () => 'm1');
    for (const r of records.slice(0, 180)) model.discardChange(r.id);
    const more: ChangeRecord[] = [];
    for (let i = 0; i < 100; i++) {
      const r = model.write(path(1000 + i), enc(`more ${i}\n`), meta('m1'), disk);
      assert.ok(r);
      more.push(r);
    }
    assertLookups(model, [...records.slice(180), ...more], records.slice(0, 180));
  });

  it('lists a record staged again under its old id once, and prunes it with its message', () => {
    const { disk, model, records } = stageMany(3, () => 'm1');
    const [first] = records;
    model.discardChange(first.id);
    // The op log replays a record under the id it was staged with: it comes back under the same id.
    model.apply({ type: 'stage', record: first });
    assert.deepStrictEqual(model.recordsByMessage('m1').map((r) => r.id), [records[1].id, records[2].id, first.id]);
    model.prune('m1');
    assert.deepStrictEqual(model.recordsByMessage('m1'), []);
    assert.deepStrictEqual(model.stagedPaths(), []);
    assert.ok(disk);
  });

  it('keeps a message listed for its session until its last record goes', () => {
    const { model, records } = stageMany(4, (i) => (i < 2 ? 'm1' : 'm2'));
    model.discardChange(records[0].id);
    assert.deepStrictEqual(model.recordsBySession('s1').map((r) => r.id), records.slice(1).map((r) => r.id));
    model.discardChange(records[1].id);
    assert.deepStrictEqual(model.recordsByMessage('m1'), []);
    assert.deepStrictEqual(model.recordsBySession('s1').map((r) => r.id), records.slice(2).map((r) => r.id));
  });
});
