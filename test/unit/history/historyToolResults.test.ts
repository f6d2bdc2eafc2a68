import * as assert from 'assert';
import type { Grant } from '../../../src/history/grants';
import {
  deniedByUser, errorResultFor, noHistoryError, requestVersionsSuccess, sharedContentResult, toIsoSeconds, toolError,
  versionContentSuccess, versionIdError, versionLabel,
} from '../../../src/history/historyToolResults';
import { HistoryReadError, type HistoryVersion } from '../../../src/history/historyVersion';
import { formatRelativeTime } from '../../../src/history/relativeTime';
import { decodeVersion, decodeVersionText, VersionTextError, whatwgLabel } from '../../../src/history/versionText';
import { WorkspacePathError } from '../../../src/history/workspacePath';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2025, 4, 1, 12, 0, 0);

const version: HistoryVersion = {
  store: 'vscodeLocalHistory', sourceId: 'Ab12.ts', timestamp: NOW - 5 * MIN, label: 'File Saved', source: undefined,
  contentPath: '/u/History/1/Ab12.ts', size: 3,
};
const grant = (id: string, timestamp: number, label = 'File Saved'): Grant => ({
  id, filePath: '/ws/src/a.ts', displayPath: 'src/a.ts', version: { ...version, timestamp, label }, label, timestamp, expiresAt: NOW + 10 * MIN,
});

describe('historyToolResults', () => {
  it('history_requestVersions success: picked versions newest first, ISO 8601 seconds, relative labels', () => {
    const result = requestVersionsSuccess([grant('id-old', NOW - 2 * HOUR, 'Undo / Redo'), grant('id-new', NOW - 5 * MIN)], NOW);
    assert.deepStrictEqual(result, {
      status: 'success',
      versions: [
        { id: 'id-new', timestamp: '2025-05-01T11:55:00Z', label: '5 minutes ago (File Saved)' },
        { id: 'id-old', timestamp: '2025-05-01T10:00:00Z', label: '2 hours ago (Undo / Redo)' },
      ],
    });
    assert.deepStrictEqual(JSON.parse(JSON.stringify(result)), result);
  });

  it('denied and error shapes', () => {
    assert.deepStrictEqual(deniedByUser(), { status: 'denied_by_user' });
    assert.deepStrictEqual(toolError('x'), { status: 'error', message: 'x' });
    assert.strictEqual(noHistoryError('src/a.ts').status, 'error');
    assert.match(noHistoryError('src/a.ts').message, /No local history is available for src\/a\.ts/);
  });

  it('history_getVersionContent success names the file as the agent knows it', () => {
    assert.deepStrictEqual(versionContentSuccess(grant('id-1', NOW), 'text'), {
      status: 'success', filePath: 'src/a.ts', versionId: 'id-1', content: 'text',
    });
  });

  it('explains a refused version id and what to do next', () => {
    for (const kind of ['expired', 'otherFile', 'unknown'] as const) {
      const r = versionIdError({ kind }, 'src/a.ts');
      assert.strictEqual(r.status, 'error');
      assert.match(r.message, /history_requestVersions/);
    }
  });

  it('history_getSharedContent shapes, with the seed\'s mismatch message', () => {
    assert.deepStrictEqual(sharedContentResult({ kind: 'no_content_available' }), { status: 'no_content_available' });
    assert.deepStrictEqual(sharedContentResult({ kind: 'no_matching_content', sharedDisplayPath: 'src/a.ts', hint: 'b.ts' }), {
      status: 'no_matching_content',
      message: 'Content for a different file (src/a.ts) was shared by the user, not for the hinted b.ts.',
    });
    const shared = { filePath: '/ws/src/a.ts', displayPath: 'src/a.ts', version, label: 'x', timestamp: 1, content: 'old', sharedAt: 1, expiresAt: 2 };
    assert.deepStrictEqual(sharedContentResult({ kind: 'success', shared }), { status: 'success', filePath: 'src/a.ts', content: 'old' });
  });

  it('maps typed errors to messages once, and hides internals of unknown ones', () => {
    assert.deepStrictEqual(errorResultFor(new WorkspacePathError('absolute', '/x', 'Absolute paths are not accepted')),
      { status: 'error', message: 'Absolute paths are not accepted' });
    assert.match(errorResultFor(new HistoryReadError('contentMissing', 'gone', '/p'), 'src/a.ts').message, /no longer exists/);
    assert.match(errorResultFor(new HistoryReadError('contentTooLarge', 'big')).message, /too large/);
    assert.match(errorResultFor(new VersionTextError('binary', 'binary!')).message, /binary!/);
    const internal = errorResultFor(new Error('EACCES /home/u/secret'));
    assert.ok(!internal.message.includes('secret'));
  });

  it('writes ISO 8601 without milliseconds', () => {
    assert.strictEqual(toIsoSeconds(Date.UTC(2024, 0, 2, 3, 4, 5, 678)), '2024-01-02T03:04:05Z');
    assert.strictEqual(versionLabel({ timestamp: NOW, label: 'File Saved' }, NOW), 'just now (File Saved)');
  });
});

describe('relativeTime', () => {
  const table: Array<[number, string]> = [
    [-5 * MIN, 'just now'], [0, 'just now'], [59_999, 'just now'], [MIN, '1 minute ago'], [5 * MIN, '5 minutes ago'],
    [59 * MIN, '59 minutes ago'], [HOUR, '1 hour ago'], [2 * HOUR, '2 hours ago'], [23 * HOUR, '23 hours ago'],
    [DAY, 'yesterday'], [47 * HOUR, 'yesterday'], [2 * DAY, '2 days ago'], [6 * DAY, '6 days ago'], [7 * DAY, '1 week ago'],
    [20 * DAY, '2 weeks ago'], [30 * DAY, '1 month ago'], [200 * DAY, '6 months ago'], [365 * DAY, '1 year ago'],
    [800 * DAY, '2 years ago'],
  ];
  for (const [ago, label] of table) {
    it(`${ago} ms ago → ${label}`, () => assert.strictEqual(formatRelativeTime(NOW - ago, NOW), label));
  }
  it('treats a non-finite time as just now rather than crashing', () => {
    assert.strictEqual(formatRelativeTime(NaN, NOW), 'just now');
  });
});

describe('versionText', () => {
  it('decodes UTF-8 text', () => {
    assert.strictEqual(decodeVersionText(Buffer.from('héllo 😀\n', 'utf8')), 'héllo 😀\n');
    assert.strictEqual(decodeVersionText(new Uint8Array()), '');
  });
  it('refuses NUL bytes as binary (outside UTF-16)', () => {
    assert.throws(() => decodeVersionText(Uint8Array.from([0x61, 0, 0x62])), (e: unknown) => e instanceof VersionTextError && e.code === 'binary');
    assert.throws(() => decodeVersionText(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), { encoding: 'windows1252' }), (e: unknown) => e instanceof VersionTextError && e.code === 'binary');
  });
  it('decodes as VS Code would: a byte order mark, then files.encoding, then UTF-8, then windows-1252', () => {
    const latin1 = Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x0a]); // "café\n" in Latin-1: invalid UTF-8
    assert.deepStrictEqual(decodeVersion(latin1), { text: 'café\n', encoding: 'windows-1252' });
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo\0x', 'utf16le')]);
    assert.deepStrictEqual(decodeVersion(utf16le), { text: 'héllo\0x', encoding: 'utf-16le' });
    const utf16be = Buffer.from([0xfe, 0xff, 0x00, 0x68, 0x00, 0xe9]);
    assert.strictEqual(decodeVersionText(utf16be), 'hé');
    assert.strictEqual(decodeVersionText(Buffer.from([0xef, 0xbb, 0xbf, 0x61])), 'a', 'the BOM is not text');
    // files.encoding wins over UTF-8 validity: these two bytes are "Ã©" in windows-1252, "é" in UTF-8.
    assert.strictEqual(decodeVersionText(Buffer.from('é', 'utf8'), { encoding: 'windows1252' }), 'Ã©');
    assert.strictEqual(decodeVersionText(Buffer.from('é', 'utf8'), { encoding: 'utf8' }), 'é');
    assert.strictEqual(decodeVersionText(Buffer.from('hi', 'utf16le'), { encoding: 'utf16le' }), 'hi');
    assert.strictEqual(decodeVersionText(Uint8Array.from([0x82, 0xa0]), { encoding: 'shiftjis' }), 'あ');
    assert.throws(() => decodeVersionText(Uint8Array.from([0x61]), { encoding: 'cp437' }), (e: unknown) => e instanceof VersionTextError && e.code === 'unsupportedEncoding');
  });
  it('maps VS Code encoding ids to decoders', () => {
    assert.deepStrictEqual(['iso88591', 'iso88592', 'windows1251', 'koi8r', 'cp437'].map(whatwgLabel), ['windows-1252', 'iso-8859-2', 'windows-1251', 'koi8-r', undefined]);
  });
});
