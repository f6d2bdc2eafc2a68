import * as assert from 'assert';
import { localHistorySourceLabel } from '../../../src/history/localHistorySourceLabel';

describe('localHistorySourceLabel', () => {
  const table: Array<[string | undefined, string | undefined, string]> = [
    [undefined, undefined, 'File Saved'],
    ['', undefined, 'File Saved'],
    ['default.source', undefined, 'File Saved'],
    ['undoRedo.source', undefined, 'Undo / Redo'],
    ['renamed.source', '~/proj/old.ts', 'File Renamed (from ~/proj/old.ts)'],
    ['moved.source', '~/proj/a/x.ts', 'File Moved (from ~/proj/a/x.ts)'],
    ['renamed.source', undefined, 'File Renamed'],
    ['localHistoryRestore.source', undefined, 'File Restored'],
    ['textFileCreate.source', undefined, 'File Created'],
    ['fileWorkingCopyCreate.source', undefined, 'File Created'],
    ['textFileEncoding.source', undefined, 'File Encoding Changed'],
    ['searchReplace.source', undefined, 'Search and Replace'],
    ['merge-editor.source', undefined, 'Before Resolving Conflicts In Merge Editor'],
    ['Workspace Edit', undefined, 'Workspace Edit'],
    ['before refactor', 'ignored for free text', 'before refactor'],
    ['two\nlines\u0007', undefined, 'two lines'],
  ];
  for (const [source, description, label] of table) {
    it(`${JSON.stringify(source)} → ${JSON.stringify(label)}`, () => {
      assert.strictEqual(localHistorySourceLabel(source, description), label);
    });
  }

  it('bounds a very long user-typed name', () => {
    const label = localHistorySourceLabel('x'.repeat(1000));
    assert.strictEqual(label.length, 120);
    assert.ok(label.endsWith('…'));
  });
});
