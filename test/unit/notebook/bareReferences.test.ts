import * as assert from 'assert';
import { looksLikePath, parseContextReferences } from '../../../src/notebook/contextReferences';

const files = (prompt: string) => parseContextReferences(prompt).map(r => (r.kind === 'file' ? `${r.path}${r.bare ? ' (bare)' : ''}` : r.kind));

describe('bare @path references', () => {
  it('reads the seed\'s own example: @rules/api-rules.md in a Chinese sentence', () => {
    assert.deepStrictEqual(files('#define API_VERSION v2\n#define TIMEOUT 30\n\n请帮我检查 @rules/api-rules.md 中的配置是否正确。'), ['rules/api-rules.md (bare)']);
  });

  it('ends a bare path at whitespace, quotes, brackets, CJK punctuation and sentence punctuation', () => {
    assert.deepStrictEqual(files('See @src/app.ts. Also (@docs/a.md), "@b/c.txt" and 检查 @d/e.md，谢谢'), ['src/app.ts (bare)', 'docs/a.md (bare)', 'd/e.md (bare)']);
  });

  it('keeps @[path] for paths with spaces, alongside bare ones, in prompt order', () => {
    assert.deepStrictEqual(files('@README.md then @[docs/my notes.md] then @src/x.ts'), ['README.md (bare)', 'docs/my notes.md', 'src/x.ts (bare)']);
  });

  it('ignores words that are not paths: mentions, e-mail addresses, URLs, code', () => {
    assert.deepStrictEqual(files('ask @alice, mail bob@example.com, see @https://x.org/a.md and `@src/code.ts`\n```\n@src/fenced.ts\n```'), []);
  });

  it('decides what looks like a path', () => {
    for (const yes of ['a/b', 'rules/api-rules.md', 'README.md', './x', '../up/y.ts', 'C:\\dir\\f.txt', 'types/node']) assert.ok(looksLikePath(yes), yes);
    for (const no of ['alice', 'v2', '...', 'x.', 'https://a.b/c.md', '/']) assert.ok(!looksLikePath(no), no);
  });
});
