import * as assert from 'assert';
import { ChangedUriBatches, MAX_EVENT_URIS } from '../../../src/ui/changedUriBatches';

describe('ChangedUriBatches (decoration events VS Code does not cap)', () => {
  it('announces each path once, in events of at most 250 URIs, and starts over', () => {
    const b = new ChangedUriBatches();
    for (let i = 0; i < 1000; i++) b.add(`/w/f${i}`);
    b.add('/w/f0');
    const events = b.take(p => [`file:${p}`, `staged:${p}`, `review:${p}`]);
    assert.ok(events.every(e => e.length <= MAX_EVENT_URIS), 'no event over the cap');
    const all = events.flat();
    assert.strictEqual(all.length, 3000);
    assert.strictEqual(new Set(all).size, 3000);
    assert.deepStrictEqual(b.take(p => [p]), []);
  });
});
