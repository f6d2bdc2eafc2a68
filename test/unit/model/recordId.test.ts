import * as assert from 'assert';
import { newRecordId } from '../../../src/fs/model/recordId';

/** Record ids are made a batch at a time from random bytes (issue 28): each must still be a fresh uuid v4. */
describe('newRecordId', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('makes uuid v4 ids (version 4, variant 10) across several batches, never the same twice', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1_000; i++) {
      const id = newRecordId();
      assert.match(id, UUID_V4);
      assert.ok(!seen.has(id), `id ${id} made twice`);
      seen.add(id);
    }
  });

  it('draws every random digit: each position other than the fixed ones takes several values', () => {
    const ids = Array.from({ length: 600 }, () => newRecordId());
    for (let pos = 0; pos < 36; pos++) {
      const values = new Set(ids.map((id) => id[pos]));
      if ([8, 13, 18, 23].includes(pos)) assert.deepStrictEqual([...values], ['-']);
      else if (pos === 14) assert.deepStrictEqual([...values], ['4']);
      else if (pos === 19) assert.ok([...values].every((v) => '89ab'.includes(v)) && values.size > 1, `variant digit: ${[...values]}`);
      else assert.ok(values.size >= 8, `position ${pos} took only ${[...values].join('')}`);
    }
  });
});
