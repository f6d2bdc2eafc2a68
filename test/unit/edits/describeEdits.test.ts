import * as assert from 'assert';
import type { DocumentEdit } from '../../../src/edits/documentEdit';
import { enclosingSymbolName, type OutlineSymbol } from '../../../src/edits/enclosingSymbol';
import { formatRecentEdits } from '../../../src/edits/formatRecentEdits';

const outline: OutlineSymbol[] = [
  { name: 'login', kind: 'function', startLine: 10, endLine: 30 },
  {
    name: 'UserService', kind: 'class', startLine: 40, endLine: 80, children: [
      { name: 'save', kind: 'method', startLine: 45, endLine: 60 },
      { name: 'constructor', kind: 'constructor', startLine: 41, endLine: 43 },
    ],
  },
];

const edit = (over: Partial<DocumentEdit>): DocumentEdit => ({
  uri: 'file:///ws/src/login.ts', timestamp: Date.UTC(2025, 0, 15, 10, 30, 42), editType: 'insert', origin: 'user',
  range: { start: { line: 11, character: 0 }, end: { line: 11, character: 0 } }, oldText: '', newText: 'a\nb\nc\nd\ne\nf\ng\n', ...over,
});

describe('edit descriptions in words (symbols, quoted short texts)', () => {
  it('names the innermost symbol containing a line, as code', () => {
    assert.strictEqual(enclosingSymbolName(outline, 11), 'login()');
    assert.strictEqual(enclosingSymbolName(outline, 50), 'UserService.save()');
    assert.strictEqual(enclosingSymbolName(outline, 70), 'UserService');
    assert.strictEqual(enclosingSymbolName(outline, 35), undefined);
  });

  it('says "Added 7 lines in `login()`" when the symbol is known, and only the line without it', () => {
    const e = edit({});
    const withSymbol = formatRecentEdits([e], { fileLabel: () => 'src/login.ts', symbolOf: x => enclosingSymbolName(outline, x.range.start.line) });
    assert.match(withSymbol, /\] insert: Added 7 lines in `login\(\)` at src\/login\.ts:12\n/);
    assert.match(formatRecentEdits([e], { fileLabel: () => 'src/login.ts' }), /\] insert: Added 7 lines at src\/login\.ts:12\n/);
  });

  it('quotes short single-line replacements and says where a removal was taken from', () => {
    const symbolOf = (x: DocumentEdit) => enclosingSymbolName(outline, x.range.start.line);
    const rename = edit({ editType: 'replace', oldText: 'total', newText: 'grandTotal', range: { start: { line: 50, character: 4 }, end: { line: 50, character: 9 } } });
    assert.match(formatRecentEdits([rename], { fileLabel: () => 'a.ts', symbolOf }), /replace: Replaced `total` with `grandTotal` in `UserService\.save\(\)` at a\.ts:51/);
    const removed = edit({ editType: 'delete', oldText: 'x\ny\n', newText: '', range: { start: { line: 12, character: 0 }, end: { line: 14, character: 0 } } });
    assert.match(formatRecentEdits([removed], { fileLabel: () => 'a.ts', symbolOf }), /delete: Removed 2 lines from `login\(\)` at a\.ts:13/);
    const long = edit({ editType: 'replace', oldText: 'x'.repeat(41), newText: 'y' });
    assert.match(formatRecentEdits([long], { fileLabel: () => 'a.ts' }), /Replaced 41 characters with 1 character at a\.ts:12/);
    const ticks = edit({ editType: 'replace', oldText: 'a`b', newText: 'c' });
    assert.match(formatRecentEdits([ticks], { fileLabel: () => 'a.ts' }), /Replaced `` a`b `` with `c`/);
  });
});
