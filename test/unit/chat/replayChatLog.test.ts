import * as assert from 'assert';
import * as fs from 'fs';
import { ChatLogError, replayChatLog } from '../../../src/chat/replayChatLog';
import { fixtureSession } from './chatFixtures';

const log = (...entries: unknown[]) => entries.map(e => JSON.stringify(e)).join('\n') + '\n';
const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof ChatLogError, `expected a ChatLogError, got ${String(e)}`);
    return e.code;
  }
  assert.fail('expected an error');
};

describe('replayChatLog', () => {
  it('replays full state, set, push and delete', () => {
    const { state, entries, tornTail } = replayChatLog(log(
      { kind: 0, v: { a: { b: 1 }, list: [1], title: 'x' } },
      { kind: 1, k: ['a', 'b'], v: 2 },
      { kind: 2, k: ['list'], v: [2, 3] },
      { kind: 3, k: ['title'] },
      { kind: 1, k: ['list', 0], v: 'one' },
    ));
    assert.deepStrictEqual(state, { a: { b: 2 }, list: ['one', 2, 3], title: undefined });
    assert.strictEqual(entries, 5);
    assert.strictEqual(tornTail, false);
  });

  it('truncates before pushing when the push carries an index', () => {
    const { state } = replayChatLog(log({ kind: 0, v: { r: [1, 2, 3, 4] } }, { kind: 2, k: ['r'], i: 1, v: ['b'] }, { kind: 2, k: ['r'], i: 0 }, { kind: 2, k: ['r'], v: ['z'] }));
    assert.deepStrictEqual(state, { r: ['z'] });
  });

  it('creates the array a push names when it does not exist yet, as VS Code does', () => {
    assert.deepStrictEqual(replayChatLog(log({ kind: 0, v: {} }, { kind: 2, k: ['pending'], v: [1] })).state, { pending: [1] });
  });

  it('starts over at a full state mid-file (compaction)', () => {
    assert.deepStrictEqual(replayChatLog(log({ kind: 0, v: { n: 1 } }, { kind: 1, k: ['n'], v: 2 }, { kind: 0, v: { m: 3 } })).state, { m: 3 });
  });

  it('replaces the root on a set with an empty path', () => {
    assert.deepStrictEqual(replayChatLog(log({ kind: 0, v: { n: 1 } }, { kind: 1, k: [], v: { n: 9 } })).state, { n: 9 });
  });

  it('ignores a torn last line and blank lines, and accepts CRLF and a BOM', () => {
    const text = '\ufeff' + log({ kind: 0, v: { n: 1 } }).replace('\n', '\r\n') + '\n' + '{"kind":1,"k":["n"],"v":2}\n{"kind":1,"k":["n"],"v":';
    const { state, tornTail, entries } = replayChatLog(text);
    assert.deepStrictEqual(state, { n: 2 });
    assert.strictEqual(tornTail, true);
    assert.strictEqual(entries, 2);
  });

  it('handles a push of more items than fit in one call\'s arguments', () => {
    const many = Array.from({ length: 200_000 }, (_, k) => k);
    const { state } = replayChatLog(log({ kind: 0, v: { r: [] } }, { kind: 2, k: ['r'], v: many }));
    assert.strictEqual((state as { r: number[] }).r.length, 200_000);
  });

  it('keeps a "__proto__" key from the file as plain data', () => {
    const { state } = replayChatLog(log({ kind: 0, v: { o: {} } }, { kind: 1, k: ['o', '__proto__'], v: { polluted: true } }));
    const o = (state as { o: Record<string, unknown> }).o;
    assert.strictEqual(Object.getPrototypeOf(o), Object.prototype);
    assert.strictEqual((o as { polluted?: boolean }).polluted, undefined);
    assert.deepStrictEqual(Object.keys(o), ['__proto__']);
    assert.strictEqual(({} as { polluted?: boolean }).polluted, undefined);
  });

  describe('refuses broken logs with a typed error', () => {
    const cases: [string, string, string][] = [
      ['an empty file', '', 'empty'],
      ['only blank lines', '\n\n  \n', 'empty'],
      ['only a torn line', '{"kind":0,"v":{', 'empty'],
      ['garbage before the last line', '{"kind":0,"v":{}}\nnot json\n{"kind":1,"k":["a"],"v":1}\n', 'badLine'],
      ['an unknown kind', log({ kind: 0, v: {} }, { kind: 7, k: [] }), 'badEntry'],
      ['a line that is not an object', log({ kind: 0, v: {} }, [1, 2]), 'badEntry'],
      ['a path that is not a path', log({ kind: 0, v: {} }, { kind: 1, k: 'a.b', v: 1 }), 'badEntry'],
      ['a push of a non-array', log({ kind: 0, v: {} }, { kind: 2, k: ['a'], v: 'x' }), 'badEntry'],
      ['a negative truncation', log({ kind: 0, v: { a: [] } }, { kind: 2, k: ['a'], i: -1 }), 'badEntry'],
      ['a set before any full state', log({ kind: 1, k: ['a'], v: 1 }), 'noInitial'],
      ['a set through a missing object', log({ kind: 0, v: { requests: [] } }, { kind: 1, k: ['requests', 3, 'x'], v: 1 }), 'badPath'],
      ['a push onto a non-array', log({ kind: 0, v: { a: 1 } }, { kind: 2, k: ['a'], v: [1] }), 'badPath'],
      ['a delete of the root', log({ kind: 0, v: {} }, { kind: 3, k: [] }), 'badPath'],
      ['a named property of an array', log({ kind: 0, v: { a: [] } }, { kind: 1, k: ['a', 'length'], v: 1e9 }), 'badPath'],
    ];
    for (const [name, text, code] of cases) it(name, () => assert.strictEqual(codeOf(() => replayChatLog(text)), code));

    it('says which line is broken', () => {
      assert.throws(() => replayChatLog(fs.readFileSync(fixtureSession('corrupt-middle.jsonl'), 'utf8')), /line 2: not JSON/);
    });
  });
});
