/**
 * The framing every store file uses: a sequence of frames, each
 *
 *     0xF5 0xA0 | length: u32 LE | crc32(length bytes ‖ payload): u32 LE | payload (length bytes)
 *
 * The length tells a reader where a frame ends and the checksum tells it whether the frame is whole, so a write
 * torn by a crash (partial frame, zero-filled tail, garbage) is recognised instead of parsed. The checksum covers
 * the length too, so a flipped bit in the length cannot make a reader skip real data unnoticed. The first magic
 * byte, 0xF5, never occurs in UTF-8, so it never occurs inside a JSON payload: a reader that lost its footing can
 * look for the next frame without tripping over payload bytes.
 */
import * as zlib from 'zlib';

export const FRAME_MAGIC_0 = 0xf5;
export const FRAME_MAGIC_1 = 0xa0;
export const FRAME_HEADER_BYTES = 10;
/** Larger lengths are treated as damage: no snapshot or op is anywhere near this size (contents live in blobs). */
export const MAX_FRAME_BYTES = 512 * 1024 * 1024;

/** Node ≥ 20.15 (and every Electron VS Code 1.104 ships) has a native crc32; the table version covers the rest. */
const crc32: (data: Uint8Array, value?: number) => number =
  typeof zlib.crc32 === 'function' ? zlib.crc32 : tableCrc32;

export function encodeFrame(payload: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  frame[0] = FRAME_MAGIC_0;
  frame[1] = FRAME_MAGIC_1;
  frame.writeUInt32LE(payload.length, 2);
  frame.set(payload, FRAME_HEADER_BYTES);
  frame.writeUInt32LE(crc32(payload, crc32(frame.subarray(2, 6))), 6);
  return frame;
}

export function encodeJsonFrame(value: unknown): Buffer {
  return encodeFrame(Buffer.from(JSON.stringify(value), 'utf8'));
}

export interface Frame {
  /** Offset of the frame's first byte in the decoded buffer. */
  readonly offset: number;
  readonly payload: Buffer;
}

/**
 * Where the valid frames stop. `torn`: nothing valid follows, as a crash mid-write leaves it (partial frame,
 * zeros, garbage). `corrupt`: a whole frame is found further on, so bytes inside committed data were damaged.
 */
export interface FrameDamage {
  readonly kind: 'torn' | 'corrupt';
  readonly offset: number;
}

export interface DecodedFrames {
  readonly frames: Frame[];
  /** Offset just after the last valid frame: where an appender continues after truncating. */
  readonly end: number;
  readonly damage?: FrameDamage;
}

/** Decodes frames from `start` until the end of the buffer or the first frame that is not whole. */
export function decodeFrames(buf: Buffer, start = 0): DecodedFrames {
  const frames: Frame[] = [];
  let at = start;
  while (at < buf.length) {
    const payload = frameAt(buf, at);
    if (!payload) {
      return { frames, end: at, damage: { kind: validFrameAfter(buf, at + 1) ? 'corrupt' : 'torn', offset: at } };
    }
    frames.push({ offset: at, payload });
    at += FRAME_HEADER_BYTES + payload.length;
  }
  return { frames, end: at };
}

/** The payload of the whole, valid frame starting at `at`, or undefined. */
function frameAt(buf: Buffer, at: number): Buffer | undefined {
  if (buf.length - at < FRAME_HEADER_BYTES) return undefined;
  if (buf[at] !== FRAME_MAGIC_0 || buf[at + 1] !== FRAME_MAGIC_1) return undefined;
  const length = buf.readUInt32LE(at + 2);
  if (length > MAX_FRAME_BYTES || length > buf.length - at - FRAME_HEADER_BYTES) return undefined;
  const payload = buf.subarray(at + FRAME_HEADER_BYTES, at + FRAME_HEADER_BYTES + length);
  const expected = crc32(payload, crc32(buf.subarray(at + 2, at + 6)));
  return expected === buf.readUInt32LE(at + 6) ? payload : undefined;
}

function validFrameAfter(buf: Buffer, from: number): boolean {
  for (let at = buf.indexOf(FRAME_MAGIC_0, from); at !== -1; at = buf.indexOf(FRAME_MAGIC_0, at + 1)) {
    if (frameAt(buf, at)) return true;
  }
  return false;
}

let table: Uint32Array | undefined;

/** Plain CRC-32 (IEEE, reflected), the same function as zlib's, for runtimes without `zlib.crc32`. */
export function tableCrc32(data: Uint8Array, value = 0): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = ~value >>> 0;
  for (let i = 0; i < data.length; i++) crc = table[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return ~crc >>> 0;
}
