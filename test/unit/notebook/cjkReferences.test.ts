import * as assert from 'assert';
import { parseContextReferences } from '../../../src/notebook/contextReferences';

/** Issue 27 item 18 (seed 004): a reference with no space before it, in text written without spaces. */
describe('bare @path references in CJK text', () => {
  it('finds `检查@rules/api-rules.md中` as rules/api-rules.md', () => {
    assert.deepStrictEqual(parseContextReferences('检查@rules/api-rules.md中的规则'), [{ kind: 'file', path: 'rules/api-rules.md', raw: '@rules/api-rules.md', bare: true }]);
  });

  it('keeps CJK names inside a path, and still leaves e-mail addresses alone', () => {
    assert.deepStrictEqual(parseContextReferences('请看@文档/说明.md').map(r => r.kind === 'file' ? r.path : r.kind), ['文档/说明.md']);
    assert.deepStrictEqual(parseContextReferences('mail user@example.com now'), []);
  });
});
