import * as assert from 'assert';
import { agentSide, personPart } from '../../../src/fs/model/agentSide';
import { MemoryContentStore } from '../../../src/fs/model/contentStore';
import { dec, enc } from './modelFixtures';

/** The agent's side of a conflict a replay finds (agentSide.ts), row by row of its table (issue 23, class a). */
describe('agentSide: a record\'s change onto what is there, without lines it only kept', () => {
  const store = new MemoryContentStore();
  const side = (saw: string, top: string, now: string | null): string | null | undefined => {
    const r = agentSide(store.put(enc(saw)), store.put(enc(top)), now === null ? null : store.put(enc(now)), store);
    return r === undefined || r === null ? r : dec(store.get(r));
  };
  const cases: [string, string, string, string | null, string | null][] = [
    ['a line kept by both is kept', 'a\nb\n', 'a\nb\nX\n', 'a\nb\n', 'a\nb\nX\n'],
    ['a line the record removed stays removed', 'a\nb\nc\n', 'a\nc\n', 'a\nb\nc\n', 'a\nc\n'],
    ['a line gone from what is there is not brought back', 'p\nr1\np5\n', 'p\nr1\nr4\n', 'p\np5\n', 'p\nr4\n'],
    ['the record\'s lines win where both wrote at one spot', 'a\nb\nc\n', 'a\nX\nc\n', 'a\nY\nc\n', 'a\nX\nc\n'],
    ['lines only what is there has stay where the record wrote nothing', 'a\nb\nc\n', 'a\nb\nX\n', 'N\na\nb\nc\n', 'N\na\nb\nX\n'],
    ['the file gone: only what the record wrote', 'a\nb\n', 'c\na\nb\n', null, 'c\n'],
    ['the file gone and the record wrote nothing of its own: nothing', 'a\nb\n', 'b\n', null, null],
  ];
  for (const [what, saw, top, now, want] of cases) {
    it(what, () => assert.strictEqual(side(saw, top, now), want));
  }

  it('overlap \'both\': where both wrote at one spot the record\'s lines come first and what is there keeps its own (a record nobody saw there, carried onto it: provenance seed 170891)', () => {
    const both = (saw: string, top: string, now: string): string | undefined => {
      const r = agentSide(store.put(enc(saw)), store.put(enc(top)), store.put(enc(now)), store, undefined, 'both');
      return r === undefined || r === null ? undefined : dec(store.get(r));
    };
    assert.strictEqual(both('a\nb\nc\n', 'a\nX\nc\n', 'a\nY\nc\n'), 'a\nX\nY\nc\n');
    assert.strictEqual(both('p0\np1\n', 'r1\np0\np1\n', 'p19\np0\np1\n'), 'r1\np19\np0\np1\n');
    assert.strictEqual(both('p\nr1\np5\n', 'p\nr1\nr4\n', 'p\np5\n'), 'p\nr4\n', 'a line gone from what is there still is not brought back');
  });

  it('binary content has no lines: undefined (the caller keeps the record\'s outcome)', () => {
    const bin = store.put(new Uint8Array([0, 1, 2]));
    assert.strictEqual(agentSide(bin, store.put(enc('a\n')), null, store), undefined);
  });
});

/** The person's part of a file gone from disk, narrowed to what the person chose (agentSide.ts `personPart`), row by row. */
describe('personPart: the person\'s part keeps only what the person\'s result keeps (prov-leak)', () => {
  const store = new MemoryContentStore();
  const part = (kept: string | undefined, chosen: string | null | undefined): string | undefined => {
    const k = kept === undefined ? undefined : store.put(enc(kept));
    const c = chosen === undefined || chosen === null ? chosen : store.put(enc(chosen));
    const r = personPart(k, c, store);
    return r === undefined ? r : dec(store.get(r));
  };
  it('the agent\'s version accepted (nothing chosen): the part is `kept`', () => assert.strictEqual(part('p\n', undefined), 'p\n'));
  it('no file chosen: no part', () => assert.strictEqual(part('p\n', null), undefined));
  it('a text keeping every line of `kept`: `kept`', () => assert.strictEqual(part('p\nq\n', 'r\np\nq\n'), 'p\nq\n'));
  it('a text dropping some of its lines: the lines it keeps (provenance seed 759743)', () => assert.strictEqual(part('p\nq\n', 'r\nq\n'), 'q\n'));
  it('a text keeping none of its lines: no part', () => assert.strictEqual(part('p\n', 'r16\n'), undefined));
  it('no `kept` (binary): none, whatever was chosen', () => assert.strictEqual(part(undefined, 'r\n'), undefined));
});
