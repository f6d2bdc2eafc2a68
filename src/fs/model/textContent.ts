import { isUtf8 } from 'buffer';

/**
 * Bytes ⇄ text for the three-way merge. Decoding is strict so that encode(decode(bytes)) is the same bytes:
 * invalid UTF-8 is treated as binary rather than replaced with U+FFFD, and a BOM is kept as text rather than
 * stripped. CRLF and a missing final newline need nothing special: they are just characters.
 */
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** The text of the bytes, or undefined when they are binary (contain NUL or are not valid UTF-8). */
export function decodeText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return undefined;
  }
  // NUL is valid UTF-8, so it is looked for in the text: a string search, cheaper than a typed array's `includes`.
  return text.includes('\0') ? undefined : text;
}

export function encodeText(text: string): Uint8Array {
  return encoder.encode(text);
}

export function isBinary(bytes: Uint8Array): boolean {
  return decodeText(bytes) === undefined;
}

/**
 * True when `decodeText(bytes)` would give a text (valid UTF-8, no NUL), found without making the string: a prune's
 * merge of bytes (`alignedMergeBytes`) needs only the answer.
 */
export function isText(bytes: Uint8Array): boolean {
  return bytes.indexOf(0) < 0 && (isUtf8 ? isUtf8(bytes) : decodeText(bytes) !== undefined);
}
