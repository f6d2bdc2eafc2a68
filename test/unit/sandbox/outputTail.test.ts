import * as assert from 'assert';
import { OutputTail } from '../../../src/sandbox/outputTail';

describe('OutputTail', () => {
  it('keeps everything when under the limit', () => {
    const t = new OutputTail(100);
    t.push(Buffer.from('hello '));
    t.push(Buffer.from('world'));
    assert.deepStrictEqual(t.result(), { text: 'hello world', truncated: false, totalBytes: 11 });
  });

  it('keeps the last bytes and says the start was cut', () => {
    const t = new OutputTail(10);
    for (let i = 0; i < 100; i++) t.push(Buffer.from(`line ${i}\n`));
    const r = t.result();
    assert.strictEqual(r.truncated, true);
    assert.strictEqual(r.text, '8\nline 99\n');
    // 'line 0\n'…'line 9\n' are 7 bytes, 'line 10\n'…'line 99\n' 8.
    assert.strictEqual(r.totalBytes, 10 * 7 + 90 * 8);
  });

  it('never starts with half a UTF-8 character', () => {
    const t = new OutputTail(5);
    t.push(Buffer.from('ééééé'));
    const r = t.result();
    assert.ok(!r.text.includes('\ufffd'), JSON.stringify(r.text));
    assert.strictEqual(r.text, 'éé');
  });
});
