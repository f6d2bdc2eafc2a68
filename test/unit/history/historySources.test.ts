import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { HistoryLog } from '../../../src/history/historyLog';
import { HistorySources, type HistoryFileRef } from '../../../src/history/historySources';
import { HistoryReadError, type HistoryVersion } from '../../../src/history/historyVersion';
import { localHistoryFolderName } from '../../../src/history/localHistoryHash';
import { fileUriString, remoteUriString } from '../../../src/history/resourceUri';
import { makeTempDir, recordingFs, setMtime, snapshotTree } from './historyTestUtil';

describe('HistorySources (both stores, one file)', () => {
  let tmp: { dir: string; cleanup(): void };
  let user: string;
  let ws: string;
  let file: HistoryFileRef;
  const AUTH = '127.0.0.1:8080';
  beforeEach(() => {
    tmp = makeTempDir('src');
    user = path.join(tmp.dir, 'User');
    ws = path.join(tmp.dir, 'ws');
    fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'src', 'a.ts'), 'now');
    file = { absolutePath: path.join(ws, 'src', 'a.ts'), root: { path: ws }, relativePath: 'src/a.ts' };
  });
  afterEach(() => tmp.cleanup());

  function addFolder(resource: string, entries: Record<string, [string, number]>, source?: string): string {
    const folder = path.join(user, 'History', localHistoryFolderName(resource));
    fs.mkdirSync(folder, { recursive: true });
    for (const [id, [content, ts]] of Object.entries(entries)) {
      fs.writeFileSync(path.join(folder, id), content);
      setMtime(path.join(folder, id), ts);
    }
    fs.writeFileSync(path.join(folder, 'entries.json'), JSON.stringify({
      version: 1, resource, entries: Object.entries(entries).map(([id, [, timestamp]]) => ({ id, timestamp, ...(source ? { source } : {}) })),
    }));
    return folder;
  }

  function logSink(): HistoryLog & { lines: string[] } {
    const lines: string[] = [];
    return { lines, info: (m) => lines.push(`info ${m}`), warn: (m) => lines.push(`warn ${m}`), error: (m) => lines.push(`error ${m}`) };
  }

  const ids = (versions: readonly HistoryVersion[]) => versions.map((v) => v.sourceId);

  it('finds the code-server folder (vscode-remote://<authority><path>) directly, reading no other folder', async () => {
    const mine = addFolder(remoteUriString(AUTH, file.absolutePath), { 'Ab12.ts': ['one', 1_700_000_000_000], 'Cd34.ts': ['two', 1_700_000_100_000] });
    addFolder(remoteUriString(AUTH, path.join(ws, 'other.ts')), { 'Zz99.ts': ['secret', 1_700_000_200_000] });
    const rec = recordingFs();
    const sources = new HistorySources({ userDir: user, remoteAuthorities: [AUTH], fs: rec.fs, platform: 'linux' });
    const listing = await sources.listVersions(file);
    assert.deepStrictEqual(ids(listing.versions), ['Cd34.ts', 'Ab12.ts']);
    assert.strictEqual(listing.usedIndex, false);
    assert.deepStrictEqual(listing.folders, [mine]);
    // Only this file's candidate folders (the remote one, then file:) — never another file's.
    const candidates = sources.candidateLocations(file.absolutePath).map((l) => path.join(user, 'History', l.folderName));
    assert.strictEqual(candidates[0], mine);
    const touched = rec.calls.map((c) => c.path);
    assert.ok(touched.every((p) => !p.startsWith(path.join(user, 'History')) || candidates.some((c) => p === c || p.startsWith(c + path.sep))), touched.join('\n'));
    assert.ok(!touched.includes(path.join(user, 'History')), 'History/ itself is never listed on the direct path');
  });

  it('tries the file: URI too (a desktop-local window)', async () => {
    addFolder(fileUriString(file.absolutePath, 'linux'), { 'Ab12.ts': ['one', 1_700_000_000_000] });
    const sources = new HistorySources({ userDir: user, remoteAuthorities: [AUTH], platform: 'linux' });
    assert.deepStrictEqual(ids((await sources.listVersions(file)).versions), ['Ab12.ts']);
  });

  it('falls back to the entries.json header index for an unknown authority, then learns it', async () => {
    addFolder(remoteUriString('localhost:9999', file.absolutePath), { 'Ab12.ts': ['one', 1_700_000_000_000] }, 'undoRedo.source');
    const log = logSink();
    const sources = new HistorySources({ userDir: user, remoteAuthorities: ['ssh-remote'], log, platform: 'linux', searchWholeStore: () => true });
    const first = await sources.listVersions(file);
    assert.strictEqual(first.usedIndex, true);
    assert.deepStrictEqual(first.versions.map((v) => [v.sourceId, v.label]), [['Ab12.ts', 'Undo / Redo']]);
    assert.deepStrictEqual(sources.authorities, ['ssh-remote', 'localhost:9999']);
    assert.ok(log.lines.some((l) => l.includes('learnt the remote authority localhost:9999')));
    const second = await sources.listVersions(file);
    assert.strictEqual(second.usedIndex, false, 'the learnt authority makes the next lookup direct');
    assert.deepStrictEqual(ids(second.versions), ['Ab12.ts']);
  });

  it('reuses the header index briefly, then rebuilds it', async () => {
    let t = 0;
    const rec = recordingFs();
    const sources = new HistorySources({ userDir: user, platform: 'linux', fs: rec.fs, now: () => t, indexTtlMs: 1000, searchWholeStore: () => true });
    const historyRootListings = () => rec.calls.filter((c) => c.op === 'readdir' && c.path === path.join(user, 'History')).length;
    fs.mkdirSync(path.join(user, 'History'), { recursive: true });
    await sources.listVersions(file);
    await sources.listVersions(file);
    assert.strictEqual(historyRootListings(), 1);
    addFolder(remoteUriString('localhost:1', file.absolutePath), { 'Ab12.ts': ['one', 1_700_000_000_000] });
    t = 1000;
    assert.deepStrictEqual(ids((await sources.listVersions(file)).versions), ['Ab12.ts']);
    assert.strictEqual(historyRootListings(), 2);
  });

  it('by default never reads the store beyond this file\'s own folders, even when they hold nothing', async () => {
    addFolder(remoteUriString('localhost:9999', file.absolutePath), { 'Ab12.ts': ['one', 1_700_000_000_000] });
    addFolder(remoteUriString(AUTH, path.join(ws, 'other.ts')), { 'Zz99.ts': ['secret', 1_700_000_200_000] });
    const rec = recordingFs();
    const sources = new HistorySources({ userDir: user, remoteAuthorities: [AUTH], fs: rec.fs, platform: 'linux' });
    const listing = await sources.listVersions(file);
    assert.deepStrictEqual([listing.versions, listing.usedIndex], [[], false]);
    const candidates = sources.candidateLocations(file.absolutePath).map((l) => path.join(user, 'History', l.folderName));
    const touched = rec.calls.map((c) => c.path).filter((p) => p.startsWith(path.join(user, 'History')));
    assert.ok(touched.every((p) => candidates.some((c) => p === c || p.startsWith(c + path.sep))), touched.join('\n'));
  });

  it('no history anywhere is an empty list (the index finds nothing), not an error', async () => {
    const sources = new HistorySources({ userDir: user, platform: 'linux', searchWholeStore: () => true });
    const listing = await sources.listVersions(file);
    assert.deepStrictEqual(listing.versions, []);
    assert.strictEqual(listing.usedIndex, true);
  });

  it('merges the .history tree of this one file, newest first', async () => {
    addFolder(remoteUriString(AUTH, file.absolutePath), { 'Ab12.ts': ['one', new Date(2024, 0, 2, 3, 4, 0).getTime()] });
    const dot = path.join(ws, '.history', 'src');
    fs.mkdirSync(dot, { recursive: true });
    fs.writeFileSync(path.join(dot, 'a_20240102030405.ts'), 'dot');
    fs.writeFileSync(path.join(dot, 'b_20240102030406.ts'), 'another file');
    const sources = new HistorySources({ userDir: user, remoteAuthorities: [AUTH], platform: 'linux' });
    const listing = await sources.listVersions(file);
    assert.deepStrictEqual(listing.versions.map((v) => [v.store, v.sourceId]), [
      ['dotHistory', 'a_20240102030405.ts'],
      ['vscodeLocalHistory', 'Ab12.ts'],
    ]);
    assert.strictEqual(new TextDecoder().decode(await sources.readContent(listing.versions[0])), 'dot');
    assert.strictEqual(new TextDecoder().decode(await sources.readContent(listing.versions[1])), 'one');
    const off = new HistorySources({ userDir: user, remoteAuthorities: [AUTH], platform: 'linux', dotHistory: false });
    assert.deepStrictEqual(ids((await off.listVersions(file)).versions), ['Ab12.ts']);
  });

  it('refuses to read a version that no store listed (forged paths)', async () => {
    const sources = new HistorySources({ userDir: user, platform: 'linux' });
    const forged: HistoryVersion = {
      store: 'vscodeLocalHistory', sourceId: 'passwd', timestamp: 0, label: 'x', source: undefined, contentPath: '/etc/passwd', size: 1,
    };
    await assert.rejects(sources.readContent(forged), (e: HistoryReadError) => e.code === 'foreignVersion');
    await assert.rejects(sources.readContent({ ...forged, store: 'dotHistory' }), (e: HistoryReadError) => e.code === 'foreignVersion');
    await assert.rejects(sources.readContent({ ...forged, store: 'nope' as never }), (e: HistoryReadError) => e.code === 'foreignVersion');
  });

  it('logs reader warnings (a corrupted entries.json) and still lists the entry files', async () => {
    const folder = addFolder(remoteUriString(AUTH, file.absolutePath), { 'Ab12.ts': ['one', 1_700_000_000_000] });
    fs.writeFileSync(path.join(folder, 'entries.json'), '{"version":1,"resource":');
    const log = logSink();
    const sources = new HistorySources({ userDir: user, remoteAuthorities: [AUTH], log, platform: 'linux' });
    assert.deepStrictEqual(ids((await sources.listVersions(file)).versions), ['Ab12.ts']);
    assert.ok(log.lines.some((l) => l.startsWith('warn') && l.includes('not valid JSON')), log.lines.join('\n'));
  });

  it('never writes to either store', async () => {
    addFolder(remoteUriString(AUTH, file.absolutePath), { 'Ab12.ts': ['one', 1_700_000_000_000] });
    fs.mkdirSync(path.join(ws, '.history', 'src'), { recursive: true });
    fs.writeFileSync(path.join(ws, '.history', 'src', 'a_20240102030405.ts'), 'dot');
    const before = snapshotTree(tmp.dir);
    const sources = new HistorySources({ userDir: user, platform: 'linux' });
    const listing = await sources.listVersions(file);
    for (const v of listing.versions) await sources.readContent(v);
    assert.deepStrictEqual(snapshotTree(tmp.dir), before);
  });
});
