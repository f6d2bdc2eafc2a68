import * as assert from 'assert';
import * as zlib from 'zlib';
import { decodeFrames, encodeFrame, encodeJsonFrame, tableCrc32 } from '../../../src/fs/store/frameCodec';

describe('frameCodec', () => {
  const frames = [encodeJsonFrame({ a: 1 }), encodeFrame(new Uint8Array(0)), encodeJsonFrame('ünïcödé ✓')];
  const bytes = Buffer.concat(frames);

  it('round-trips frames, including an empty payload', () => {
    const decoded = decodeFrames(bytes);
    assert.strictEqual(decoded.damage, undefined);
    assert.strictEqual(decoded.end, bytes.length);
    assert.deepStrictEqual(decoded.frames.map((f) => f.payload.toString('utf8')), ['{"a":1}', '', '"ünïcödé ✓"']);
  });

  it('calls a partial last frame torn and stops before it', () => {
    const decoded = decodeFrames(bytes.subarray(0, bytes.length - 1));
    assert.strictEqual(decoded.frames.length, 2);
    assert.deepStrictEqual(decoded.damage, { kind: 'torn', offset: frames[0].length + frames[1].length });
  });

  it('calls damage followed by a whole frame corrupt', () => {
    const bad = Buffer.from(bytes);
    bad[frames[0].length - 1] ^= 1;
    assert.deepStrictEqual(decodeFrames(bad).damage, { kind: 'corrupt', offset: 0 });
  });

  it('calls a zero-filled tail torn', () => {
    const decoded = decodeFrames(Buffer.concat([bytes, Buffer.alloc(64)]));
    assert.strictEqual(decoded.frames.length, 3);
    assert.deepStrictEqual(decoded.damage, { kind: 'torn', offset: bytes.length });
  });

  it('detects a flipped bit in a length field', () => {
    const bad = Buffer.from(frames[0]);
    bad[2] ^= 0x01;
    assert.strictEqual(decodeFrames(Buffer.concat([bad, frames[1]])).frames.length, 0);
  });

  it('has a table crc32 equal to zlib', () => {
    const data = Buffer.from('The quick brown fox jumps over the lazy dog');
    assert.strictEqual(tableCrc32(data), 0x414fa339);
    if (typeof zlib.crc32 === 'function') assert.strictEqual(tableCrc32(data, 12345), zlib.crc32(data, 12345));
  });
});
