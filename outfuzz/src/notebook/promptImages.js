"use strict";
/** Images in prompts: what format the bytes are, and `data:` URIs. */
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_IMAGE_BYTES = void 0;
exports.imageMimeType = imageMimeType;
exports.parseImageDataUri = parseImageDataUri;
exports.toBase64 = toBase64;
/** Images larger than this are not sent (most chat models refuse far smaller ones anyway). */
exports.MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const BY_EXTENSION = {
    png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp',
};
/** The image type of `bytes` from their signature, else from the file extension; undefined when neither says. */
function imageMimeType(bytes, name) {
    const b = bytes;
    if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47)
        return 'image/png';
    if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)
        return 'image/jpeg';
    if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38)
        return 'image/gif';
    if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP')
        return 'image/webp';
    const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
    return ext && b.length === 0 ? undefined : ext ? BY_EXTENSION[ext] : undefined;
}
/** `data:image/png;base64,…` → bytes and type; undefined for anything else. */
function parseImageDataUri(uri) {
    const m = /^data:(image\/[A-Za-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/.exec(uri);
    if (!m)
        return undefined;
    return { mimeType: m[1], bytes: Uint8Array.from(Buffer.from(m[2].replace(/\s+/g, ''), 'base64')) };
}
function toBase64(bytes) {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
function ascii(b, from, to) {
    return String.fromCharCode(...b.subarray(from, to));
}
//# sourceMappingURL=promptImages.js.map