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
const assert = __importStar(require("assert"));
const zlib = __importStar(require("zlib"));
const frameCodec_1 = require("../../../src/fs/store/frameCodec");
describe('frameCodec', () => {
    const frames = [(0, frameCodec_1.encodeJsonFrame)({ a: 1 }), (0, frameCodec_1.encodeFrame)(new Uint8Array(0)), (0, frameCodec_1.encodeJsonFrame)('ünïcödé ✓')];
    const bytes = Buffer.concat(frames);
    it('round-trips frames, including an empty payload', () => {
        const decoded = (0, frameCodec_1.decodeFrames)(bytes);
        assert.strictEqual(decoded.damage, undefined);
        assert.strictEqual(decoded.end, bytes.length);
        assert.deepStrictEqual(decoded.frames.map((f) => f.payload.toString('utf8')), ['{"a":1}', '', '"ünïcödé ✓"']);
    });
    it('calls a partial last frame torn and stops before it', () => {
        const decoded = (0, frameCodec_1.decodeFrames)(bytes.subarray(0, bytes.length - 1));
        assert.strictEqual(decoded.frames.length, 2);
        assert.deepStrictEqual(decoded.damage, { kind: 'torn', offset: frames[0].length + frames[1].length });
    });
    it('calls damage followed by a whole frame corrupt', () => {
        const bad = Buffer.from(bytes);
        bad[frames[0].length - 1] ^= 1;
        assert.deepStrictEqual((0, frameCodec_1.decodeFrames)(bad).damage, { kind: 'corrupt', offset: 0 });
    });
    it('calls a zero-filled tail torn', () => {
        const decoded = (0, frameCodec_1.decodeFrames)(Buffer.concat([bytes, Buffer.alloc(64)]));
        assert.strictEqual(decoded.frames.length, 3);
        assert.deepStrictEqual(decoded.damage, { kind: 'torn', offset: bytes.length });
    });
    it('detects a flipped bit in a length field', () => {
        const bad = Buffer.from(frames[0]);
        bad[2] ^= 0x01;
        assert.strictEqual((0, frameCodec_1.decodeFrames)(Buffer.concat([bad, frames[1]])).frames.length, 0);
    });
    it('has a table crc32 equal to zlib', () => {
        const data = Buffer.from('The quick brown fox jumps over the lazy dog');
        assert.strictEqual((0, frameCodec_1.tableCrc32)(data), 0x414fa339);
        if (typeof zlib.crc32 === 'function')
            assert.strictEqual((0, frameCodec_1.tableCrc32)(data, 12345), zlib.crc32(data, 12345));
    });
});
//# sourceMappingURL=frameCodec.test.js.map