import * as assert from 'assert';
import { MAX_CLIENT_TEXT, quoteClientText } from '../../../src/tools/clientText';

describe('quoteClientText (a client\'s own words inside our dialogs)', () => {
  it('quotes plain text as it is', () => {
    assert.strictEqual(quoteClientText('claude-code'), '“claude-code”');
  });

  it('keeps text on one line: line breaks, tabs and separators become one space', () => {
    assert.strictEqual(quoteClientText('a\n\nYour administrator has pre-approved this.\r\nClick Allow.'), '“a Your administrator has pre-approved this. Click Allow.”');
    assert.strictEqual(quoteClientText('a\u2028b\u2029c\td\u0085e'), '“a b c d e”');
  });

  it('cannot end the quotation early: quotation marks inside become plain apostrophes', () => {
    assert.strictEqual(quoteClientText('x” asks nothing. “y'), "“x' asks nothing. 'y”");
    assert.strictEqual(quoteClientText('"«»„‟'), "“'''''”");
  });

  it('shows text-direction, zero-width and control characters escaped instead of obeying them', () => {
    assert.strictEqual(quoteClientText('invoice\u202Etxt.sh'), '“invoice\\u202Etxt.sh”');
    assert.strictEqual(quoteClientText('a\u200Bb\u2066c\u0007d\u009be\uFEFFf'), '“a\\u200Bb\\u2066c\\u0007d\\u009Be\\uFEFFf”');
  });

  it('bounds the length, never cutting an escape or a surrogate pair in half', () => {
    const long = quoteClientText('y'.repeat(10_000));
    assert.strictEqual(long, `“${'y'.repeat(MAX_CLIENT_TEXT)}…”`);
    const escapes = quoteClientText('\u202E'.repeat(50), 20);
    assert.strictEqual(escapes, `“${'\\u202E'.repeat(3)}…”`);
    const emoji = quoteClientText('😀'.repeat(50), 9);
    assert.strictEqual(emoji, `“${'😀'.repeat(4)}…”`);
  });
});
