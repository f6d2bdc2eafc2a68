import * as assert from 'assert';
import { SchemeMismatchError, toFileParts, toStagedParts, type UriParts } from '../../src/fs/stagedUri';

const file = (path: string, authority = ''): UriParts => ({ scheme: 'file', authority, path, query: '', fragment: '' });

describe('stagedUri', () => {
  const paths = ['/ws/a.txt', '/ws two/ünï cödé.md', '/ws/hash#name?.ts', '/other root/deep/dir/x', '/'];
  for (const p of paths) {
    it(`round-trips ${JSON.stringify(p)}`, () => {
      const staged = toStagedParts(file(p));
      assert.strictEqual(staged.scheme, 'agent-staged');
      assert.strictEqual(staged.path, p);
      assert.deepStrictEqual(toFileParts(staged), file(p));
    });
  }

  it('keeps a UNC authority', () => {
    assert.deepStrictEqual(toFileParts(toStagedParts(file('/share/x.txt', 'server'))), file('/share/x.txt', 'server'));
  });

  it('refuses a URI of another scheme', () => {
    assert.throws(() => toStagedParts({ ...file('/x'), scheme: 'untitled' }), SchemeMismatchError);
    assert.throws(() => toFileParts(file('/x')), SchemeMismatchError);
  });

});
