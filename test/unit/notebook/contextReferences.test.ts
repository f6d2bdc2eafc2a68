import * as assert from 'assert';
import { canonicalJson, parseContextReferences, splitPromptImages, toolKey } from '../../../src/notebook/contextReferences';

describe('prompt references', () => {
  it('finds @[path] file references in order', () => {
    const refs = parseContextReferences('See @[src/a.ts] and @[ docs/b c.md ], not @ [x] or @[unclosed');
    assert.deepStrictEqual(refs.map(r => (r.kind === 'file' ? r.path : r.kind)), ['src/a.ts', 'docs/b c.md']);
  });

  it('finds tool references with JSON arguments, brackets inside strings included', () => {
    const [a, b, c] = parseContextReferences('@[tool:overlay_listChanges] @[tool:overlay_readFile {"path": "a[1].ts", "x": [1, "]"]}] @[tool:bad {nope}]');
    assert.deepStrictEqual(a, { kind: 'tool', name: 'overlay_listChanges', args: {}, raw: '@[tool:overlay_listChanges]' });
    assert.deepStrictEqual(b.kind === 'tool' && b.args, { path: 'a[1].ts', x: [1, ']'] });
    assert.strictEqual(c.kind, 'invalid');
  });

  it('keys tools by name and arguments, whatever the key order', () => {
    assert.strictEqual(toolKey('t', { b: 1, a: { d: 2, c: 3 } }), toolKey('t', { a: { c: 3, d: 2 }, b: 1 }));
    assert.strictEqual(canonicalJson({ b: 1, a: 2 }), '{"a":2,"b":1}');
  });

  it('ignores references inside fenced code blocks', () => {
    assert.deepStrictEqual(parseContextReferences('```\n@[in/code.ts]\n```\n@[out.ts]').map(r => r.raw), ['@[out.ts]']);
  });

  it('splits a prompt at its Markdown images', () => {
    const segs = splitPromptImages('A ![one](img/a.png) B ![two](<my pic.png> "title")\n```\n![code](x.png)\n```');
    assert.deepStrictEqual(segs.map(s => (s.kind === 'text' ? s.text : `[${s.alt}|${s.source}]`)), ['A ', '[one|img/a.png]', ' B ', '[two|my pic.png]', '\n```\n![code](x.png)\n```']);
  });
});
