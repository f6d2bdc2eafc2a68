"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_FRAME_BYTES = exports.FRAME_HEADER_BYTES = exports.FRAME_MAGIC_1 = exports.FRAME_MAGIC_0 = void 0;
exports.encodeFrame = encodeFrame;
exports.encodeJsonFrame = encodeJsonFrame;
exports.decodeFrames = decodeFrames;
exports.tableCrc32 = tableCrc32;
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
const zlib = __importStar(require("zlib"));
exports.FRAME_MAGIC_0 = 0xf5;
exports.FRAME_MAGIC_1 = 0xa0;
exports.FRAME_HEADER_BYTES = 10;
/** Larger lengths are treated as damage: no snapshot or op is anywhere near this size (contents live in blobs). */
exports.MAX_FRAME_BYTES = 512 * 1024 * 1024;
/** Node ≥ 20.15 (and every Electron VS Code 1.104 ships) has a native crc32; the table version covers the rest. */
const crc32 = typeof zlib.crc32 === 'function' ? zlib.crc32 : tableCrc32;
function encodeFrame(payload) {
    const frame = Buffer.allocUnsafe(exports.FRAME_HEADER_BYTES + payload.length);
    frame[0] = exports.FRAME_MAGIC_0;
    frame[1] = exports.FRAME_MAGIC_1;
    frame.writeUInt32LE(payload.length, 2);
    frame.set(payload, exports.FRAME_HEADER_BYTES);
    frame.writeUInt32LE(crc32(payload, crc32(frame.subarray(2, 6))), 6);
    return frame;
}
function encodeJsonFrame(value) {
    return encodeFrame(Buffer.from(JSON.stringify(value), 'utf8'));
}
/** Decodes frames from `start` until the end of the buffer or the first frame that is not whole. */
function decodeFrames(buf, start = 0) {
    const frames = [];
    let at = start;
    while (at < buf.length) {
        const payload = frameAt(buf, at);
        if (!payload) {
            return { frames, end: at, damage: { kind: validFrameAfter(buf, at + 1) ? 'corrupt' : 'torn', offset: at } };
        }
        frames.push({ offset: at, payload });
        at += exports.FRAME_HEADER_BYTES + payload.length;
    }
    return { frames, end: at };
}
/** The payload of the whole, valid frame starting at `at`, or undefined. */
function frameAt(buf, at) {
    if (buf.length - at < exports.FRAME_HEADER_BYTES)
        return undefined;
    if (buf[at] !== exports.FRAME_MAGIC_0 || buf[at + 1] !== exports.FRAME_MAGIC_1)
        return undefined;
    const length = buf.readUInt32LE(at + 2);
    if (length > exports.MAX_FRAME_BYTES || length > buf.length - at - exports.FRAME_HEADER_BYTES)
        return undefined;
    const payload = buf.subarray(at + exports.FRAME_HEADER_BYTES, at + exports.FRAME_HEADER_BYTES + length);
    const expected = crc32(payload, crc32(buf.subarray(at + 2, at + 6)));
    return expected === buf.readUInt32LE(at + 6) ? payload : undefined;
}
function validFrameAfter(buf, from) {
    for (let at = buf.indexOf(exports.FRAME_MAGIC_0, from); at !== -1; at = buf.indexOf(exports.FRAME_MAGIC_0, at + 1)) {
        if (frameAt(buf, at))
            return true;
    }
    return false;
}
let table;
/** Plain CRC-32 (IEEE, reflected), the same function as zlib's, for runtimes without `zlib.crc32`. */
function tableCrc32(data, value = 0) {
    if (!table) {
        table = new Uint32Array(256);
        for (let n = 0; n < 256; n++) {
            let c = n;
            for (let k = 0; k < 8; k++)
                c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
            table[n] = c >>> 0;
        }
    }
    let crc = ~value >>> 0;
    for (let i = 0; i < data.length; i++)
        crc = table[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
    return ~crc >>> 0;
}
//# sourceMappingURL=frameCodec.js.map