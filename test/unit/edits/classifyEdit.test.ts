import * as assert from 'assert';
import { classifyEdit, equalIgnoringWhitespace, ignoreReason, type IgnoreRules } from '../../../src/edits/classifyEdit';

describe('classifyEdit', () => {
  const table: [string, string, string][] = [
    ['', 'hello', 'insert'],
    ['0123456789', '', 'delete'],
    ['foo', 'bar', 'replace'],
    ['a  b', 'a b', 'format'],
    ['', '\n    ', 'format'],
    ['x;\r\n', 'x;\n', 'format'],
    ['\t', '', 'format'],
    ['foo()', 'foo ()', 'format'],
    ['foo', 'fo o!', 'replace'],
    ['a\u00a0b', 'a b', 'format'],
  ];
  for (const [oldText, newText, expected] of table) {
    it(`${JSON.stringify(oldText)} → ${JSON.stringify(newText)} is ${expected}`, () => assert.strictEqual(classifyEdit(oldText, newText), expected));
  }

  it('compares ignoring whitespace without being fooled by where the whitespace is', () => {
    assert.strictEqual(equalIgnoringWhitespace(' a b ', 'ab'), true);
    assert.strictEqual(equalIgnoringWhitespace('ab', 'abc'), false);
    assert.strictEqual(equalIgnoringWhitespace('   ', ''), true);
  });
});

describe('ignoreReason', () => {
  const rules: IgnoreRules = { ignoreSingleChar: true, ignoreWhitespace: true, minEditLength: 3 };
  it('follows the seed\'s rules', () => {
    assert.strictEqual(ignoreReason(0, 'a', 'insert', rules), 'singleChar');
    assert.strictEqual(ignoreReason(1, 'b', 'replace', rules), 'singleChar');
    assert.strictEqual(ignoreReason(2, 'ab', 'replace', rules), 'small');
    assert.strictEqual(ignoreReason(0, '    ', 'format', rules), 'whitespace');
    assert.strictEqual(ignoreReason(3, '', 'delete', rules), undefined);
    assert.strictEqual(ignoreReason(0, 'abc', 'insert', rules), undefined);
  });
  it('turns each rule off on its own', () => {
    assert.strictEqual(ignoreReason(0, 'a', 'insert', { ...rules, ignoreSingleChar: false }), undefined);
    assert.strictEqual(ignoreReason(0, 'ab', 'insert', { ...rules, minEditLength: 0 }), undefined);
    assert.strictEqual(ignoreReason(0, '    ', 'format', { ...rules, ignoreWhitespace: false }), undefined);
  });
});
