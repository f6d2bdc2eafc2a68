"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.decodeText = decodeText;
exports.encodeText = encodeText;
exports.isBinary = isBinary;
/**
 * Bytes ⇄ text for the three-way merge. Decoding is strict so that encode(decode(bytes)) is the same bytes:
 * invalid UTF-8 is treated as binary rather than replaced with U+FFFD, and a BOM is kept as text rather than
 * stripped. CRLF and a missing final newline need nothing special: they are just characters.
 */
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();
/** The text of the bytes, or undefined when they are binary (contain NUL or are not valid UTF-8). */
function decodeText(bytes) {
    if (bytes.includes(0))
        return undefined;
    try {
        return decoder.decode(bytes);
    }
    catch {
        return undefined;
    }
}
function encodeText(text) {
    return encoder.encode(text);
}
function isBinary(bytes) {
    return decodeText(bytes) === undefined;
}
//# sourceMappingURL=textContent.js.map