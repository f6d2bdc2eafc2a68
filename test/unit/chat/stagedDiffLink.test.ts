import * as assert from 'assert';
import { markdownLink, STAGED_DIFF_LINK_PATH, StagedDiffLinkError, stagedDiffMarkdownLink, stagedDiffPathOf, stagedDiffUri } from '../../../src/chat/stagedDiffLink';

const TARGET = { uriScheme: 'code-oss', extensionId: 'agent-overlay.agent-overlay' };

/** What VS Code's URI handler is handed for a link: the path and the percent-decoded query (vscode.Uri decodes). */
function handlerParts(href: string): { path: string; query: string } {
  const url = new URL(href);
  return { path: url.pathname, query: decodeURIComponent(url.search.slice(1)) };
}

/**
 * The `[text](href)` links in `md`, read as CommonMark reads an inline link whose target has no spaces, angle
 * brackets or parentheses (the link module's promise): text up to the first unescaped `]`, target up to `)`.
 */
function renderedLinks(md: string): { text: string; href: string }[] {
  const out: { text: string; href: string }[] = [];
  for (const m of md.matchAll(/\[((?:\\.|[^\\\]])*)\]\(([^()\s<>]*)\)/g)) out.push({ text: m[1].replace(/\\(.)/g, '$1'), href: m[2] });
  return out;
}

describe('staged-diff links in chat answers (issue 27 item 8)', () => {
  it('names the file in the app\'s URL scheme, addressed to the extension', () => {
    const href = stagedDiffUri(TARGET, '/home/me/proj/src/a.ts');
    const url = new URL(href);
    assert.deepStrictEqual([url.protocol, url.host, url.pathname], ['code-oss:', 'agent-overlay.agent-overlay', STAGED_DIFF_LINK_PATH]);
  });

  for (const file of ['/home/me/proj/src/a.ts', '/home/me/my proj/notes (draft).md', '/p/100% & more?#1.txt', '/p/[x]_*y*`z`.ts', 'C:\\Users\\me\\proj\\a.ts', '/p/名前.txt']) {
    it(`carries ${JSON.stringify(file)} through a Markdown link to the URI handler unchanged`, () => {
      const md = stagedDiffMarkdownLink(TARGET, file, file);
      const links = renderedLinks(`Staged: ${md} — waiting in Source Control.`);
      assert.strictEqual(links.length, 1, md);
      assert.doesNotMatch(links[0].href, /[\s()<>]/, 'nothing in the target ends a Markdown link early');
      assert.strictEqual(links[0].text, file, 'the link shows the name as written');
      const parts = handlerParts(links[0].href);
      assert.strictEqual(stagedDiffPathOf(parts.path, parts.query), file);
    });
  }

  it('keeps each link whole when a model lists them one per line', () => {
    const files = ['/p/a (1).ts', '/p/b.ts'];
    const list = files.map(f => `- ${stagedDiffMarkdownLink(TARGET, f, f.slice(3))}`).join('\n');
    const links = renderedLinks(list);
    assert.deepStrictEqual(links.map(l => l.text), ['a (1).ts', 'b.ts']);
    assert.deepStrictEqual(links.map(l => { const p = handlerParts(l.href); return stagedDiffPathOf(p.path, p.query); }), files);
  });

  it('refuses a link of another shape or with no file, with a typed error', () => {
    assert.throws(() => stagedDiffPathOf('/open', '/p/a.ts'), (e: unknown) => e instanceof StagedDiffLinkError && e.code === 'UnknownLink');
    assert.throws(() => stagedDiffPathOf(STAGED_DIFF_LINK_PATH, ''), (e: unknown) => e instanceof StagedDiffLinkError && e.code === 'NoPath');
  });

  it('escapes the characters Markdown reads in a link\'s text', () => {
    assert.strictEqual(markdownLink('a_[b]*.ts', 'x:y'), '[a\\_\\[b\\]\\*.ts](x:y)');
  });
});
