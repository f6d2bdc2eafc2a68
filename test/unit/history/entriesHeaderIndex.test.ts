import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { EntriesHeaderIndex } from '../../../src/history/entriesHeaderIndex';
import { localHistoryFolderName } from '../../../src/history/localHistoryHash';
import { LocalHistoryReader } from '../../../src/history/localHistoryReader';
import { remoteUriString } from '../../../src/history/resourceUri';
import { copyVscodeFixture, makeTempDir, recordingFs, setMtime } from './historyTestUtil';

describe('EntriesHeaderIndex (fallback when the remote authority is unknown)', () => {
  let tmp: { dir: string; cleanup(): void };
  let historyRoot: string;
  beforeEach(() => {
    tmp = makeTempDir('idx');
    historyRoot = path.join(copyVscodeFixture(tmp.dir), 'History');
  });
  afterEach(() => tmp.cleanup());

  function addFolder(resource: string, opts: { folderName?: string; entriesJson?: string; mtime?: number } = {}): string {
    const folderName = opts.folderName ?? localHistoryFolderName(resource);
    const folder = path.join(historyRoot, folderName);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'Ab12.ts'), `content of ${resource}`);
    fs.writeFileSync(path.join(folder, 'entries.json'),
      opts.entriesJson ?? JSON.stringify({ version: 1, resource, entries: [{ id: 'Ab12.ts', timestamp: 1_700_000_000_000 }] }));
    if (opts.mtime !== undefined) setMtime(folder, opts.mtime);
    return folderName;
  }

  it('maps a path to its folders from the entries.json headers, and learns the remote authority', async () => {
    const viaHost = addFolder(remoteUriString('localhost:8080', '/home/coder/p/a.ts'));
    const viaIp = addFolder(remoteUriString('127.0.0.1:8080', '/home/coder/p/a.ts'));
    addFolder(remoteUriString('localhost:8080', '/home/coder/p/b.ts'));
    addFolder('vscode-userdata:/home/coder/.local/share/code-server/User/settings.json');
    const index = await EntriesHeaderIndex.build(historyRoot);
    const hits = index.lookup('/home/coder/p/a.ts');
    assert.deepStrictEqual(hits.map((h) => h.folderName).sort(), [viaHost, viaIp].sort());
    assert.deepStrictEqual(index.authorities(), ['localhost:8080', '127.0.0.1:8080']);
    assert.deepStrictEqual(index.lookup('/home/coder/.local/share/code-server/User/settings.json'), [], 'only file: and vscode-remote: are indexed');
    assert.strictEqual(index.stats.truncated, false);
  });

  it('reads at most headerBytes of each entries.json and never an entry file', async () => {
    addFolder(remoteUriString('ssh-remote+box', '/srv/app/main.go'));
    const rec = recordingFs();
    await EntriesHeaderIndex.build(historyRoot, { fs: rec.fs, headerBytes: 512 });
    assert.ok(rec.calls.length > 0);
    for (const call of rec.calls) {
      if (call.op === 'readdir') assert.strictEqual(call.path, historyRoot);
      else {
        assert.strictEqual(call.op, 'readHead', `unexpected ${call.op} ${call.path}`);
        assert.strictEqual(path.basename(call.path), 'entries.json');
        assert.strictEqual(call.maxBytes, 512);
      }
    }
  });

  it('finds Windows paths whatever the drive letter case', async () => {
    const index = await EntriesHeaderIndex.build(historyRoot);
    assert.deepStrictEqual(index.lookup('/C:/Users/Navee/gits/code-provenance/src/api/BobApiClient.ts').map((h) => h.folderName), ['2368b779']);
    const folded = await EntriesHeaderIndex.build(historyRoot, { caseInsensitivePaths: true });
    assert.strictEqual(folded.lookup('/c:/users/navee/GITS/code-provenance/src/api/BobApiClient.ts').length, 1);
  });

  it('skips folders without a readable header instead of failing', async () => {
    addFolder('file:///ws/corrupt.ts', { entriesJson: '{"version":1,"resou' });
    addFolder('file:///ws/long.ts', { entriesJson: `{"version":1,"padding":"${'x'.repeat(5000)}","resource":"file:///ws/long.ts"}` });
    fs.mkdirSync(path.join(historyRoot, '1234abcd')); // no entries.json yet
    fs.mkdirSync(path.join(historyRoot, 'not-a-hash'));
    const index = await EntriesHeaderIndex.build(historyRoot, { headerBytes: 4096 });
    assert.deepStrictEqual(index.lookup('/ws/corrupt.ts'), []);
    assert.deepStrictEqual(index.lookup('/ws/long.ts'), [], 'a resource beyond headerBytes is not read');
    assert.strictEqual(index.stats.withoutHeader, 3);
    assert.strictEqual(index.stats.foldersSeen, 5, 'not-a-hash is not a history folder');
  });

  it('is bounded in folder count, keeping the most recently modified', async () => {
    for (let i = 0; i < 10; i++) addFolder(`file:///ws/f${i}.ts`, { mtime: 1_600_000_000_000 + i * 1000 });
    setMtime(path.join(historyRoot, '-7eb5368e'), 1_500_000_000_000);
    setMtime(path.join(historyRoot, '2368b779'), 1_500_000_000_000);
    const index = await EntriesHeaderIndex.build(historyRoot, { maxFolders: 3 });
    assert.strictEqual(index.stats.truncated, true);
    assert.strictEqual(index.stats.indexed, 3);
    assert.deepStrictEqual(['/ws/f9.ts', '/ws/f8.ts', '/ws/f7.ts'].map((p) => index.lookup(p).length), [1, 1, 1]);
    assert.strictEqual(index.lookup('/ws/f0.ts').length, 0);
  });

  it('is bounded in memory', async () => {
    for (let i = 0; i < 50; i++) addFolder(`file:///ws/${'deep/'.repeat(20)}f${i}.ts`);
    const index = await EntriesHeaderIndex.build(historyRoot, { maxMemoryBytes: 4096 });
    assert.strictEqual(index.stats.truncated, true);
    assert.ok(index.stats.approxBytes <= 4096);
    assert.ok(index.stats.indexed < 52);
  });

  it('gives an empty index when there is no History/ yet', async () => {
    const index = await EntriesHeaderIndex.build(path.join(tmp.dir, 'nope', 'History'));
    assert.strictEqual(index.stats.foldersSeen, 0);
    assert.deepStrictEqual(index.lookup('/x'), []);
  });

  it('leads the reader to a folder the hash alone would not find', async () => {
    // A folder whose name is not hash(resource) (e.g. written by the 2022 toString(true) era): only the index finds it.
    const resource = remoteUriString('localhost:8080', '/home/coder/p/a.ts');
    addFolder(resource, { folderName: '1a2b3c4d' });
    const reader = new LocalHistoryReader(path.dirname(historyRoot));
    assert.deepStrictEqual((await reader.listVersions(resource)).versions, []);
    const index = await EntriesHeaderIndex.build(historyRoot);
    const listing = await reader.listVersionsIn(index.lookup('/home/coder/p/a.ts'));
    assert.deepStrictEqual(listing.versions.map((v) => v.sourceId), ['Ab12.ts']);
  });
});
