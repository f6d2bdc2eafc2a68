import * as assert from 'assert';
import { RulesGlobError, listRuleFiles, type ListDirectory } from '../../../src/notebook/rulesFiles';

/** A directory tree as nested objects: a string is a file. Listing anything else fails like a missing folder. */
function treeLister(tree: Record<string, unknown>): ListDirectory {
  return dir => {
    let node: unknown = tree;
    for (const part of dir.split('/').filter(Boolean)) node = (node as Record<string, unknown>)?.[part];
    if (typeof node !== 'object' || node === null) throw Object.assign(new Error(`${dir} is not a directory`), { code: 'FileNotFound' });
    return Object.entries(node).map(([name, v]) => [name, typeof v === 'string' ? 'file' : 'directory'] as const);
  };
}

const tree = {
  ws: {
    '.agent': { rules: { 'b.md': '', 'a.md': '', 'notes.txt': '', sub: { 'c.md': '' } } },
    docs: { rules: { 'd.md': '' }, deep: { rules: { 'e.md': '' } } },
  },
};

describe('rules files', () => {
  it('lists the default location, sorted, files only', () => {
    assert.deepStrictEqual(listRuleFiles('/ws', '.agent/rules/*.md', treeLister(tree)), ['/ws/.agent/rules/a.md', '/ws/.agent/rules/b.md']);
  });

  it('supports ** across folders and ? in names', () => {
    assert.deepStrictEqual(listRuleFiles('/ws', '**/rules/?.md', treeLister(tree)), ['/ws/.agent/rules/a.md', '/ws/.agent/rules/b.md', '/ws/docs/deep/rules/e.md', '/ws/docs/rules/d.md']);
  });

  it('finds nothing (no error) when the folder does not exist', () => {
    assert.deepStrictEqual(listRuleFiles('/ws', 'nowhere/*.md', treeLister(tree)), []);
  });

  it('refuses globs that leave the workspace folder', () => {
    for (const glob of ['/etc/*.md', '../rules/*.md', '', 'C:/x/*.md']) {
      assert.throws(() => listRuleFiles('/ws', glob, treeLister(tree)), RulesGlobError, glob);
    }
  });
});
