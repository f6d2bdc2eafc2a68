import * as assert from 'assert';
import { IgnoreRules } from '../../../src/search/ignoreRules';
import { ViewFilter } from '../../../src/search/viewFilter';
import { listView, type EntryType, type ListingView, type StagedMark } from '../../../src/search/viewListing';

/** A tree of folders (objects) and files (strings); marks by absolute path. Unknown folders fail loudly. */
function fakeView(tree: Record<string, unknown>, marks: Record<string, StagedMark> = {}): ListingView {
  return {
    entries: dir => {
      let node: unknown = tree;
      for (const seg of dir.split('/').filter(s => s !== '' && s !== 'ws')) node = (node as Record<string, unknown>)[seg];
      if (typeof node !== 'object' || node === null) throw new Error(`${dir} is not a folder`);
      return Object.entries(node).map(([n, v]): [string, EntryType] => [n, typeof v === 'string' ? (v === '->' ? 'symlink' : 'file') : 'folder']);
    },
    mark: abs => marks[abs],
  };
}

const filter = (excludes: string[] = [], gitignore?: string) => new ViewFilter({ excludes, gitignore: new IgnoreRules(f => (f === '' ? gitignore : undefined)) });

describe('listing the effective view (viewListing)', () => {
  const tree = { src: { 'a.ts': '', deep: { 'b.ts': '' } }, 'README.md': '', node_modules: { x: '' }, '.git': { HEAD: '' }, link: '->' };

  it('one level: entries typed, staged ones marked, files.exclude applied, gitignored ones shown and marked', () => {
    const out = listView(fakeView(tree, { '/ws/README.md': 'modified' }), { dir: '/ws', relDir: '', recursive: false, maxEntries: 100, filter: filter(['**/.git'], 'node_modules/\n') });
    assert.deepStrictEqual(out.entries, [
      { name: 'link', type: 'symlink' },
      { name: 'node_modules', type: 'folder', gitignored: true },
      { name: 'README.md', type: 'file', staged: 'modified' },
      { name: 'src', type: 'folder' },
    ].sort((a, b) => (a.name < b.name ? -1 : 1)));
    assert.deepStrictEqual([out.excluded, out.gitignored, out.truncated], [1, 0, false]);
  });

  it('recursive: the whole tree, gitignored entries left out and counted, symlinks not followed', () => {
    const out = listView(fakeView(tree), { dir: '/ws', relDir: '', recursive: true, maxEntries: 100, filter: filter(['**/.git'], 'node_modules/\n') });
    assert.deepStrictEqual(out.entries.map(e => e.name), ['README.md', 'link', 'src', 'src/a.ts', 'src/deep', 'src/deep/b.ts']);
    assert.deepStrictEqual([out.excluded, out.gitignored], [1, 1]);
  });

  it('bounded breadth first: a cut listing keeps the top level and says it was cut', () => {
    const out = listView(fakeView(tree), { dir: '/ws', relDir: '', recursive: true, maxEntries: 4, filter: filter(['**/.git'], 'node_modules/\n') });
    assert.deepStrictEqual(out.entries.map(e => e.name), ['README.md', 'link', 'src', 'src/a.ts']);
    assert.ok(out.truncated);
  });

  it('filters a subfolder by its workspace-relative path', () => {
    const out = listView(fakeView(tree), { dir: '/ws/src', relDir: 'src', recursive: true, maxEntries: 100, filter: filter(['src/deep']) });
    assert.deepStrictEqual(out.entries.map(e => e.name), ['a.ts']);
  });
});
