import * as assert from 'assert';
import {
  REVIEW_SCHEME, SchemeMismatchError, UriShapeError, toFileParts, toReviewParts, toStagedParts, type UriParts,
} from '../../src/fs/stagedUri';

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

describe('stagedUri: the review shape (agent-staged-review:)', () => {
  const cases: [folder: string, path: string, reviewPath: string][] = [
    ['/ws', '/ws/src/app.ts', '/src/app.ts'],
    ['/ws/', '/ws/src/app.ts', '/src/app.ts'],
    ['/ws two', '/ws two/ünï cödé.md', '/ünï cödé.md'],
    ['/ws', '/ws/hash#name?.ts', '/hash#name?.ts'],
    ['/ws', '/ws', '/'],
    ['/', '/etc/x', '/etc/x'],
    ['/c:/Users/me/proj', '/c:/Users/me/proj/src/a.ts', '/src/a.ts'],
  ];
  for (const [folder, p, reviewPath] of cases) {
    it(`gives ${JSON.stringify(p)} in folder ${JSON.stringify(folder)} the folder-relative path ${JSON.stringify(reviewPath)}, and back`, () => {
      const review = toReviewParts(file(p), file(folder));
      assert.strictEqual(review.scheme, REVIEW_SCHEME);
      assert.strictEqual(review.path, reviewPath);
      assert.deepStrictEqual(toFileParts(review), file(p));
    });
  }

  it('keeps the folder in the query, so two folders of a multi-root workspace with the same relative path stay apart', () => {
    const a = toReviewParts(file('/api/src/a.ts'), file('/api'));
    const b = toReviewParts(file('/web/src/a.ts'), file('/web'));
    assert.strictEqual(a.path, b.path);
    assert.deepStrictEqual([a.query, b.query], ['/api', '/web']);
    assert.deepStrictEqual([toFileParts(a).path, toFileParts(b).path], ['/api/src/a.ts', '/web/src/a.ts']);
  });

  const named: [folder: string, path: string, reviewPath: string, query: string][] = [
    ['/home/me/api', '/home/me/api/src/a.ts', '/api/src/a.ts', '/home/me'],
    ['/api/', '/api/src/a.ts', '/api/src/a.ts', '/'],
    ['/api', '/api', '/api', '/'],
    ['/c:/work/api', '/c:/work/api/a.ts', '/api/a.ts', '/c:/work'],
    ['/c:/', '/c:/a.ts', '/a.ts', '/c:'],
    ['/', '/etc/x', '/etc/x', '/'],
  ];
  for (const [folder, p, reviewPath, query] of named) {
    it(`in a multi-root workspace starts the path of ${JSON.stringify(p)} with its folder's name: ${JSON.stringify(reviewPath)}, and back`, () => {
      const review = toReviewParts(file(p), file(folder), true);
      assert.deepStrictEqual([review.path, review.query], [reviewPath, query]);
      assert.deepStrictEqual(toFileParts(review), file(p));
    });
  }

  it('in a multi-root workspace still refuses a file of a sibling folder', () => {
    assert.throws(() => toReviewParts(file('/home/me/web/a.ts'), file('/home/me/api'), true), UriShapeError);
  });

  it('names the same file as the agent-staged: form', () => {
    const f = file('/ws/src/app.ts');
    assert.deepStrictEqual(toFileParts(toReviewParts(f, file('/ws'))), toFileParts(toStagedParts(f)));
  });

  it('keeps a UNC authority (the folder\'s server)', () => {
    const review = toReviewParts(file('/share/proj/x.txt', 'server'), file('/share/proj', 'server'));
    assert.strictEqual(review.authority, 'server');
    assert.deepStrictEqual(toFileParts(review), file('/share/proj/x.txt', 'server'));
  });

  it('matches a Windows folder whatever the case of its drive letter', () => {
    const review = toReviewParts(file('/C:/proj/a.ts'), file('/c:/proj'));
    assert.strictEqual(review.path, '/a.ts');
    assert.strictEqual(toFileParts(review).path, '/c:/proj/a.ts');
  });

  it('refuses a file outside the folder, a sibling sharing its prefix included', () => {
    assert.throws(() => toReviewParts(file('/other/a.ts'), file('/ws')), UriShapeError);
    assert.throws(() => toReviewParts(file('/ws2/a.ts'), file('/ws')), UriShapeError);
    assert.throws(() => toReviewParts(file('/share/ws/a.ts', 'one'), file('/share/ws', 'two')), UriShapeError);
  });

  it('refuses a file URI with a query (the review shape keeps the folder there)', () => {
    assert.throws(() => toReviewParts({ ...file('/ws/a.ts'), query: 'x=1' }, file('/ws')), UriShapeError);
  });

  it('refuses a review URI without its folder', () => {
    assert.throws(() => toFileParts({ scheme: REVIEW_SCHEME, authority: '', path: '/src/a.ts', query: '', fragment: '' }), UriShapeError);
    assert.throws(() => toFileParts({ scheme: REVIEW_SCHEME, authority: '', path: '/src/a.ts', query: 'ws', fragment: '' }), UriShapeError);
  });

  it('refuses URIs of other schemes', () => {
    assert.throws(() => toReviewParts({ ...file('/ws/a'), scheme: 'agent-staged' }, file('/ws')), SchemeMismatchError);
    assert.throws(() => toReviewParts(file('/ws/a'), { ...file('/ws'), scheme: 'vscode-remote' }), SchemeMismatchError);
  });

  it('leaves `..` to the provider\'s workspace check: the mapping is lexical', () => {
    const p = toFileParts({ scheme: REVIEW_SCHEME, authority: '', path: '/../etc/passwd', query: '/ws', fragment: '' }).path;
    assert.strictEqual(p, '/ws/../etc/passwd');
  });
});
