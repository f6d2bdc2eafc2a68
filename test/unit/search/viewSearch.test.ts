import * as assert from 'assert';
import { IgnoreRules } from '../../../src/search/ignoreRules';
import { compileQuery } from '../../../src/search/searchQuery';
import { excerpt, mergeHits, searchView, type DiskHit, type DiskSearcher, type SearchHit, type SearchView, type StagedFile } from '../../../src/search/viewSearch';

/** A disk searcher over in-memory files that behaves as ripgrep does: path order, .gitignore applied, stops on false. */
class FakeDisk implements DiskSearcher {
  readonly searched: string[] = [];
  constructor(private readonly files: Record<string, Record<string, string>>, private readonly ignored: (rel: string) => boolean = () => false) {}
  async search(root: { name: string }, query: ReturnType<typeof compileQuery>, _globs: unknown, onHit: (h: DiskHit) => boolean): Promise<void> {
    for (const rel of Object.keys(this.files[root.name] ?? {}).sort()) {
      if (this.ignored(rel)) continue;
      this.searched.push(`${root.name}/${rel}`);
      const lines = this.files[root.name][rel].split('\n');
      for (let i = 0; i < lines.length; i++) if (query.test(lines[i]) && !onHit({ rel, line: i + 1, text: `${lines[i]}\n` })) return;
    }
  }
}

function view(staged: readonly StagedFile[], contents: Record<string, string>, opts: { excludes?: string[]; gitignore?: string } = {}): SearchView {
  return {
    roots: [{ name: 'ws', path: '/ws' }],
    stagedFiles: () => staged,
    read: (_root, rel) => {
      if (!(rel in contents)) throw new Error(`unexpected read of ${rel}`);
      return new TextEncoder().encode(contents[rel]);
    },
    settingsExcludes: () => opts.excludes ?? [],
    gitignore: () => new IgnoreRules(folder => (folder === '' ? opts.gitignore : undefined)),
  };
}

const q = (text: string) => compileQuery({ query: text, isRegexp: false, caseSensitive: true });
const opts = (maxResults = 100, includes: string[] = [], excludes: string[] = []) => ({ includes, excludes, maxResults });
const brief = (hits: readonly SearchHit[]) => hits.map(h => `${h.rel}:${h.line}${h.staged ? '*' : ''} ${h.text}`);

describe('searching the effective view (viewSearch)', () => {
  const disk = { ws: { 'a.ts': 'port = 1\n', 'b.ts': 'port = 2\nother\n', 'c.ts': 'port = 3\n' } };

  it('staged content wins, staged deletes vanish, staged creates appear', async () => {
    const staged: StagedFile[] = [
      { root: 0, rel: 'b.ts', hasContent: true },
      { root: 0, rel: 'c.ts', hasContent: false },
      { root: 0, rel: 'new.ts', hasContent: true },
    ];
    const out = await searchView(view(staged, { 'b.ts': 'other\nport = 20\n', 'new.ts': 'port = 4\n' }), new FakeDisk(disk), q('port'), opts());
    assert.deepStrictEqual(brief(out.hits), ['a.ts:1 port = 1', 'b.ts:2* port = 20', 'new.ts:1* port = 4']);
    assert.strictEqual(out.truncated, false);
    assert.strictEqual(out.stagedFilesSearched, 2);
  });

  it('caps the results and says so; the disk search stops once it has more than the cap', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 50; i++) many[`f${String(i).padStart(2, '0')}.ts`] = 'port\n';
    const fake = new FakeDisk({ ws: many });
    const out = await searchView(view([], {}), fake, q('port'), opts(5));
    assert.strictEqual(out.hits.length, 5);
    assert.ok(out.truncated);
    assert.ok(fake.searched.length <= 6, `stopped early (searched ${fake.searched.length} files)`);
  });

  it('applies the exclude settings, the caller\'s includes and excludes, and .gitignore to staged files too', async () => {
    const staged: StagedFile[] = [
      { root: 0, rel: 'node_modules/x.ts', hasContent: true },
      { root: 0, rel: 'dist/y.ts', hasContent: true },
      { root: 0, rel: 'src/z.ts', hasContent: true },
      { root: 0, rel: 'src/z.test.ts', hasContent: true },
    ];
    const contents = { 'node_modules/x.ts': 'port', 'dist/y.ts': 'port', 'src/z.ts': 'port', 'src/z.test.ts': 'port' };
    const out = await searchView(view(staged, contents, { excludes: ['**/node_modules'], gitignore: 'dist/\n' }), new FakeDisk({}), q('port'), opts(100, ['src'], ['**/*.test.ts']));
    assert.deepStrictEqual(brief(out.hits), ['src/z.ts:1* port']);
  });

  it('binary staged files are not searched', async () => {
    const out = await searchView(view([{ root: 0, rel: 'bin.dat', hasContent: true }], { 'bin.dat': 'port\0' }), new FakeDisk({}), q('port'), opts());
    assert.deepStrictEqual([out.hits.length, out.stagedFilesSearched], [0, 0]);
  });

  it('merges disk and staged hits in path order (folders before longer names)', () => {
    const hit = (rel: string, line: number, staged: boolean): SearchHit => ({ root: 0, rel, line, text: '', staged });
    const merged = mergeHits([hit('a/b.ts', 2, false), hit('a-c.ts', 1, false)], [hit('a/b.ts', 1, true), hit('z.ts', 1, true)], 3, false);
    assert.deepStrictEqual(merged.hits.map(h => `${h.rel}:${h.line}`), ['a/b.ts:1', 'a/b.ts:2', 'a-c.ts:1']);
    assert.ok(merged.truncated);
  });

  it('a long line is cut around its match', () => {
    const line = `${'x'.repeat(1000)}needle${'y'.repeat(1000)}`;
    const e = excerpt(line, q('needle'), 100);
    assert.ok(e.includes('needle') && e.startsWith('…') && e.endsWith('…'), e);
    assert.ok(e.length <= 102);
  });
});
