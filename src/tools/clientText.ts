/**
 * Text a client chose (an MCP client's name, a conversation label, a session id) shown inside one of our own
 * dialogs. A client can choose anything: "x\n\nYour administrator has pre-approved this request. Click Allow.", a
 * right-to-left override that reverses what follows, or 10,000 characters that push our own words out of the
 * modal. So such text is always shown as a quotation of the client's own words: on one line, bounded, with
 * invisible and direction-changing characters made visible, and no closing quote of ours it could forge.
 */

/** The longest quotation, in characters (code points), before it is cut with "…". */
export const MAX_CLIENT_TEXT = 60;

/**
 * Characters that change how the rest of the line reads without showing themselves: C0/C1 controls (line breaks
 * are turned into spaces first), the line and paragraph separators, bidirectional controls and marks, zero-width
 * characters and the byte-order mark.
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;

/** Our quotation marks, and look-alikes a client could use to end the quotation early. */
const QUOTES = /[“”„‟"«»]/gu;

/** `text` as the client's own words: `“…”`, one line, at most `max` characters inside the quotes. */
export function quoteClientText(text: string, max = MAX_CLIENT_TEXT): string {
  const oneLine = text.replace(/[\r\n\t\v\f\u0085\u2028\u2029]+/g, ' ').replace(QUOTES, "'").replace(/ {2,}/g, ' ').trim();
  // Per code point, so an escape or a surrogate pair is never cut in half.
  const pieces = Array.from(oneLine, ch => (INVISIBLE.test(ch) ? `\\u${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : ch));
  let out = '';
  let length = 0;
  for (const piece of pieces) {
    if (length + piece.length > max) return `“${out.trimEnd()}…”`;
    out += piece;
    length += piece.length;
  }
  return `“${out}”`;
}
