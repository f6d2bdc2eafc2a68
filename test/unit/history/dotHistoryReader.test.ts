import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DOT_HISTORY_LABEL, DotHistoryReader, dotHistoryTarget, parseDotHistoryName } from '../../../src/history/dotHistoryReader';
import { HistoryReadError } from '../../../src/history/historyVersion';
import { fixturesDir, makeTempDir, recordingFs, snapshotTree } from './historyTestUtil';

const local = (y: number, mo: number, d: number, h: number, mi: number, s: number) => new Date(y, mo - 1, d, h, mi, s).getTime();

describe('dotHistoryReader (the "Local History" extension)', () => {
  const ws = () => path.join(fixturesDir(), 'dotHistory', 'ws');

  describe('parseDotHistoryName', () => {
    const table: Array<[string, string, string, string, number | undefined]> = [
      // file name, path.parse name, ext, .history name, expected local time
      ['app.ts', 'app', '.ts', 'app_20240102030405.ts', local(2024, 1, 2, 3, 4, 5)],
      ['Makefile', 'Makefile', '', 'Makefile_20240105060708', local(2024, 1, 5, 6, 7, 8)],
      ['.gitignore', '.gitignore', '', '.gitignore_20240105060708', local(2024, 1, 5, 6, 7, 8)],
      ['archive.tar.gz', 'archive.tar', '.gz', 'archive.tar_20240105060708.gz', local(2024, 1, 5, 6, 7, 8)],
      ['.env.local', '.env', '.local', '.env_20240105060708.local', local(2024, 1, 5, 6, 7, 8)],
      ['app.ts', 'app', '.ts', 'app_20240102030405.js', undefined],
      ['app.ts', 'app', '.ts', 'application_20240102030405.ts', undefined],
      ['app.ts', 'app', '.ts', 'app_v2_20240102030405.ts', undefined],
      ['app.ts', 'app', '.ts', 'app_2024010203040.ts', undefined],
      ['app.ts', 'app', '.ts', 'app_20241301000000.ts', undefined],
      ['app.ts', 'app', '.ts', 'app_20240230000000.ts', undefined],
      ['app.ts', 'app', '.ts', 'app_20240102246000.ts', undefined],
      ['app.ts', 'app', '.ts', 'app_2024010203040x.ts', undefined],
      ['archive.tar.gz', 'archive.tar', '.gz', 'archive_20240105060708.tar.gz', undefined],
    ];
    for (const [file, name, ext, historyName, expected] of table) {
      it(`${file}: ${historyName} → ${expected === undefined ? 'not a version' : new Date(expected).toString()}`, () => {
        const parsed = path.posix.parse(file);
        assert.deepStrictEqual([parsed.name, parsed.ext], [name, ext], 'names follow path.parse');
        assert.strictEqual(parseDotHistoryName(historyName, name, ext), expected);
      });
    }
  });

  it('lists one file from its own .history folder only, newest first, local time', async () => {
    const rec = recordingFs();
    const listing = await new DotHistoryReader({ fs: rec.fs }).listVersions(ws(), 'src/lib/app.ts');
    assert.deepStrictEqual(listing.versions.map((v) => [v.sourceId, v.timestamp, v.label]), [
      ['app_20240102040506.ts', local(2024, 1, 2, 4, 5, 6), DOT_HISTORY_LABEL],
      ['app_20240102030405.ts', local(2024, 1, 2, 3, 4, 5), DOT_HISTORY_LABEL],
    ]);
    const folder = path.join(ws(), '.history', 'src', 'lib');
    assert.strictEqual(listing.folder, folder);
    for (const call of rec.calls) assert.ok(call.path === folder || path.dirname(call.path) === folder, `touched ${call.path}`);
    assert.deepStrictEqual(rec.calls.filter((c) => c.op === 'readdir').map((c) => c.path), [folder]);
    assert.ok(!rec.calls.some((c) => c.op === 'readFile'), 'listing reads no content');
  });

  for (const [rel, expected] of [
    ['.gitignore', ['.gitignore_20240105060708']],
    ['Makefile', ['Makefile_20240105060708']],
    ['archive.tar.gz', ['archive.tar_20240105060708.gz']],
    ['.env.local', ['.env_20240105060708.local']],
    ['src/lib/missing.ts', []],
  ] as Array<[string, string[]]>) {
    it(`lists ${rel}`, async () => {
      const listing = await new DotHistoryReader().listVersions(ws(), rel);
      assert.deepStrictEqual(listing.versions.map((v) => v.sourceId), expected);
    });
  }

  it('reports a missing .history folder as no versions', async () => {
    const listing = await new DotHistoryReader().listVersions(ws(), 'nowhere/x.ts');
    assert.strictEqual(listing.exists, false);
    assert.deepStrictEqual(listing.versions, []);
  });

  it('reads a version and never writes', async () => {
    const before = snapshotTree(ws());
    const reader = new DotHistoryReader();
    const [newest] = (await reader.listVersions(ws(), 'src/lib/app.ts')).versions;
    assert.strictEqual(Buffer.from(await reader.readContent(newest)).toString('utf8'), 'v-new\n');
    assert.deepStrictEqual(snapshotTree(ws()), before);
  });

  it('does not follow a symlink planted in .history, nor read versions of another store', async () => {
    const tmp = makeTempDir('dot');
    try {
      const dir = path.join(tmp.dir, '.history');
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(tmp.dir, 'secret'), 'outside');
      fs.symlinkSync(path.join(tmp.dir, 'secret'), path.join(dir, 'a_20240102030405.ts'));
      fs.writeFileSync(path.join(dir, 'a_20240102030406.ts'), 'real');
      const reader = new DotHistoryReader();
      const listing = await reader.listVersions(tmp.dir, 'a.ts');
      assert.deepStrictEqual(listing.versions.map((v) => v.sourceId), ['a_20240102030406.ts']);
      await assert.rejects(reader.readContent({ ...listing.versions[0], store: 'vscodeLocalHistory' }),
        (e: unknown) => e instanceof HistoryReadError && e.code === 'foreignVersion');
      await assert.rejects(reader.readContent({ ...listing.versions[0], contentPath: path.join(tmp.dir, 'secret'), sourceId: 'secret' }),
        (e: unknown) => e instanceof HistoryReadError && e.code === 'foreignVersion');
    } finally {
      tmp.cleanup();
    }
  });

  it('refuses paths that would leave the .history tree', () => {
    for (const bad of ['../x.ts', 'a/../../x.ts', '/etc/passwd', 'C:\\x.ts', '', '.', 'a\0b']) {
      assert.throws(() => dotHistoryTarget(ws(), bad), (e: unknown) => e instanceof HistoryReadError && e.code === 'badLocation', bad);
    }
    assert.deepStrictEqual(dotHistoryTarget('/ws', 'src\\lib\\app.ts'), { folder: path.join('/ws', '.history', 'src', 'lib'), name: 'app', ext: '.ts' });
  });
});
