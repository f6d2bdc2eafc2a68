import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ApplyJournal, isCutShort, type ApplyIntent } from '../../../src/fs/store/applyJournal';
import { encodeJsonFrame } from '../../../src/fs/store/frameCodec';
import { TempDirs } from './tempDirs';

/**
 * Issue 28 (perf-move6): `begin` makes the entry and its record durable in one flush of the disk's journal — both
 * written whole under temp names, renamed into place (the record first), then the two files' fsyncs and the
 * journal folder's side by side — where it used to sync the contents, rename, and sync the folder: two flushes in
 * a row before any target of the apply could be touched. A power loss before those fsyncs end may keep a rename
 * without the content it names; that intent had not resolved, so opening removes an entry cut short as never begun.
 */
describe('ApplyJournal.begin: one flush for the entry, its record and their names', () => {
  const temp = new TempDirs();
  afterEach(() => temp.cleanup());

  const intent = (id: string): ApplyIntent => ({ id, files: [{ path: '/w/a.txt', undoRef: null, afterRef: null }], meta: { m: 1 } });

  it('renames both files into place before any fsync, and resolves only once all three fsyncs have ended', async function () {
    if (process.platform === 'win32') this.skip();
    const store = temp.make();
    const { journal } = await ApplyJournal.open(store);
    const events: string[] = [];
    const rename = fs.promises.rename;
    const probe = await fs.promises.open(path.join(store, 'probe'), 'w');
    const handleProto = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
    await probe.close();
    const sync = handleProto.sync;
    fs.promises.rename = async (from: fs.PathLike, to: fs.PathLike) => {
      events.push(`rename ${path.basename(String(to))}`);
      return rename(from, to);
    };
    handleProto.sync = async function (this: unknown) {
      events.push('sync');
      await sync.call(this);
      events.push('synced');
    };
    try {
      await journal.begin({ ...intent('one'), record: Buffer.from('{"record":1}') });
    } finally {
      fs.promises.rename = rename;
      handleProto.sync = sync;
    }
    events.push('begun');
    assert.deepStrictEqual(events.slice(0, 2), ['rename record-one', 'rename apply-one'], 'the record is renamed first, then the entry, before any fsync');
    // The two files' fsyncs are issued together; the folder's as soon as it is open (not after theirs end).
    assert.deepStrictEqual(events.slice(2, 4), ['sync', 'sync'], 'the two files are synced side by side, after the renames');
    assert.strictEqual(events.filter(e => e === 'sync').length, 3, 'the files and the journal folder');
    assert.strictEqual(events[events.length - 1], 'begun');
    assert.strictEqual(events.filter(e => e === 'synced').length, 3, 'begin resolves only once all three have ended');
    assert.ok(fs.existsSync(path.join(store, 'journal', 'apply-one')) && fs.existsSync(path.join(store, 'journal', 'record-one')));
    journal.dispose();
  });

  it('an fsync that fails leaves no entry under its name (not begun), nor its record', async function () {
    if (process.platform === 'win32') this.skip();
    const store = temp.make();
    const { journal } = await ApplyJournal.open(store);
    const probe = await fs.promises.open(path.join(store, 'probe'), 'w');
    const handleProto = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
    await probe.close();
    fs.rmSync(path.join(store, 'probe'));
    const sync = handleProto.sync;
    let calls = 0;
    handleProto.sync = async function (this: unknown) {
      // The entry's file (the second opened) fails; the record's and the folder's succeed.
      if (++calls === 2) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
      await sync.call(this);
    };
    try {
      await assert.rejects(journal.begin({ ...intent('failed'), record: Buffer.from('{"record":1}') }), /EIO/);
    } finally {
      handleProto.sync = sync;
    }
    assert.deepStrictEqual(fs.readdirSync(path.join(store, 'journal')), []);
    journal.dispose();
  });

  it('removes on opening an entry a power loss left empty or cut at a page boundary inside its frame, with its record', async () => {
    const store = temp.make();
    const { journal } = await ApplyJournal.open(store);
    const big = { ...intent('cut'), meta: { pad: 'x'.repeat(10_000) } };
    await journal.begin({ ...big, record: Buffer.from('{"record":1}') });
    await journal.begin({ ...intent('empty'), record: Buffer.from('{"record":2}') });
    journal.dispose();
    const dir = path.join(store, 'journal');
    const whole = fs.readFileSync(path.join(dir, 'apply-cut'));
    assert.ok(whole.length > 8192);
    // What a file system keeps of a file renamed and not yet synced: a prefix, in whole pages (here two).
    fs.writeFileSync(path.join(dir, 'apply-cut'), whole.subarray(0, 8192));
    fs.writeFileSync(path.join(dir, 'apply-empty'), Buffer.alloc(0));
    const reopened = await ApplyJournal.open(store);
    assert.deepStrictEqual(reopened.unfinished, []);
    assert.deepStrictEqual(reopened.corrupt, [], 'never begun: not reported as damaged');
    assert.deepStrictEqual(fs.readdirSync(dir), []);
    reopened.journal.dispose();
  });

  it('still sets aside and reports an entry that is whole but fails its checksum, or is cut elsewhere than at a page', async () => {
    const store = temp.make();
    const { journal } = await ApplyJournal.open(store);
    await journal.begin({ ...intent('flipped'), meta: { pad: 'x'.repeat(10_000) } });
    await journal.begin({ ...intent('odd'), meta: { pad: 'x'.repeat(10_000) } });
    journal.dispose();
    const dir = path.join(store, 'journal');
    const flipped = fs.readFileSync(path.join(dir, 'apply-flipped'));
    flipped[flipped.length - 100] ^= 0x04;
    fs.writeFileSync(path.join(dir, 'apply-flipped'), flipped);
    const odd = fs.readFileSync(path.join(dir, 'apply-odd'));
    fs.writeFileSync(path.join(dir, 'apply-odd'), odd.subarray(0, 5000));
    const reopened = await ApplyJournal.open(store);
    assert.deepStrictEqual(reopened.corrupt.map(c => c.code), ['JOURNAL_CORRUPT', 'JOURNAL_CORRUPT']);
    reopened.journal.dispose();
  });

  it('isCutShort: empty, or a page-sized prefix ending inside a frame; never a whole entry', () => {
    const frame = encodeJsonFrame({ pad: 'y'.repeat(9000) });
    assert.strictEqual(isCutShort(Buffer.alloc(0)), true);
    assert.strictEqual(isCutShort(frame.subarray(0, 4096)), true);
    assert.strictEqual(isCutShort(frame.subarray(0, 4095)), false);
    assert.strictEqual(isCutShort(frame), false);
    const whole = Buffer.concat([frame, encodeJsonFrame({ pad: 'z'.repeat(4096 * 3 - frame.length - 10 - 10) })]);
    assert.strictEqual(whole.length % 4096, 0);
    assert.strictEqual(isCutShort(whole), false, 'a whole entry that happens to fill whole pages');
  });
});
