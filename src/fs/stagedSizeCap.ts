/**
 * One size cap on every staged result, whatever tool or path produced it (a tool's content, an edit's result, a
 * save through `agent-staged:`, a copy): the overlay holds staged contents in memory and in its store, so an
 * agent's single call must not be able to stage hundreds of megabytes (issue 24: a `replaceAll` of a one-character
 * string over a 1 MB file staged 477 MB). Text tools count characters, before building the text; the overlay
 * counts the bytes it is asked to stage. The byte cap is the character cap in UTF-8 (at most 3 bytes for each
 * UTF-16 character), so every text a tool accepts also passes the overlay.
 */
export const MAX_STAGED_CHARS = 5_000_000;
export const MAX_STAGED_BYTES = 3 * MAX_STAGED_CHARS;

/** A staged result over the cap: refused before it is built or stored; nothing is staged. */
export class StagedTooLargeError extends Error {
  readonly code = 'TooLarge';
  constructor(readonly what: string, readonly size: number, readonly unit: 'characters' | 'bytes') {
    super(`${what} would be ${size.toLocaleString('en-US')} ${unit}, more than the ${(unit === 'bytes' ? MAX_STAGED_BYTES : MAX_STAGED_CHARS).toLocaleString('en-US')} ${unit} a staged file may hold`);
  }
}

/** Throws `StagedTooLargeError` when `byteLength` bytes would pass the cap. */
export function checkStagedBytes(what: string, byteLength: number): void {
  if (byteLength > MAX_STAGED_BYTES) throw new StagedTooLargeError(what, byteLength, 'bytes');
}

/** How many times `needle` (not empty) occurs in `text`, without overlaps, as `split` and `replaceAll` count. */
export function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

/**
 * Throws `StagedTooLargeError` when replacing `count` occurrences of `oldLength` characters by `newLength` in a
 * text of `textLength` would pass the character cap: computed before the new text is built.
 */
export function checkReplacedLength(what: string, textLength: number, count: number, oldLength: number, newLength: number): void {
  const size = textLength + count * (newLength - oldLength);
  if (size > MAX_STAGED_CHARS) throw new StagedTooLargeError(what, size, 'characters');
}
