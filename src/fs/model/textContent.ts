/**
 * Bytes ⇄ text for the three-way merge. Decoding is strict so that encode(decode(bytes)) is the same bytes:
 * invalid UTF-8 is treated as binary rather than replaced with U+FFFD, and a BOM is kept as text rather than
 * stripped. CRLF and a missing final newline need nothing special: they are just characters.
 */
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** The text of the bytes, or undefined when they are binary (contain NUL or are not valid UTF-8). */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

export function encodeText(text: string): Uint8Array {
  return encoder.encode(text);
}

export function isBinary(bytes: Uint8Array): boolean {
  return decodeText(bytes) === undefined;
}
