"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("assert"));
const historyToolResults_1 = require("../../../src/history/historyToolResults");
const historyVersion_1 = require("../../../src/history/historyVersion");
const relativeTime_1 = require("../../../src/history/relativeTime");
const versionText_1 = require("../../../src/history/versionText");
const workspacePath_1 = require("../../../src/history/workspacePath");
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2025, 4, 1, 12, 0, 0);
const version = {
    store: 'vscodeLocalHistory', sourceId: 'Ab12.ts', timestamp: NOW - 5 * MIN, label: 'File Saved', source: undefined,
    contentPath: '/u/History/1/Ab12.ts', size: 3,
};
const grant = (id, timestamp, label = 'File Saved') => ({
    id, filePath: '/ws/src/a.ts', displayPath: 'src/a.ts', version: { ...version, timestamp, label }, label, timestamp, expiresAt: NOW + 10 * MIN,
});
describe('historyToolResults', () => {
    it('history_requestVersions success: picked versions newest first, ISO 8601 seconds, relative labels', () => {
        const result = (0, historyToolResults_1.requestVersionsSuccess)([grant('id-old', NOW - 2 * HOUR, 'Undo / Redo'), grant('id-new', NOW - 5 * MIN)], NOW);
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
        assert.deepStrictEqual((0, historyToolResults_1.deniedByUser)(), { status: 'denied_by_user' });
        assert.deepStrictEqual((0, historyToolResults_1.toolError)('x'), { status: 'error', message: 'x' });
        assert.strictEqual((0, historyToolResults_1.noHistoryError)('src/a.ts').status, 'error');
        assert.match((0, historyToolResults_1.noHistoryError)('src/a.ts').message, /No local history is available for src\/a\.ts/);
    });
    it('history_getVersionContent success names the file as the agent knows it', () => {
        assert.deepStrictEqual((0, historyToolResults_1.versionContentSuccess)(grant('id-1', NOW), 'text'), {
            status: 'success', filePath: 'src/a.ts', versionId: 'id-1', content: 'text',
        });
    });
    it('explains a refused version id and what to do next', () => {
        for (const kind of ['expired', 'otherFile', 'unknown']) {
            const r = (0, historyToolResults_1.versionIdError)({ kind }, 'src/a.ts');
            assert.strictEqual(r.status, 'error');
            assert.match(r.message, /history_requestVersions/);
        }
    });
    it('history_getSharedContent shapes, with the seed\'s mismatch message', () => {
        assert.deepStrictEqual((0, historyToolResults_1.sharedContentResult)({ kind: 'no_content_available' }), { status: 'no_content_available' });
        assert.deepStrictEqual((0, historyToolResults_1.sharedContentResult)({ kind: 'no_matching_content', sharedDisplayPath: 'src/a.ts', hint: 'b.ts' }), {
            status: 'no_matching_content',
            message: 'Content for a different file (src/a.ts) was shared by the user, not for the hinted b.ts.',
        });
        const shared = { filePath: '/ws/src/a.ts', displayPath: 'src/a.ts', version, label: 'x', timestamp: 1, content: 'old', sharedAt: 1, expiresAt: 2 };
        assert.deepStrictEqual((0, historyToolResults_1.sharedContentResult)({ kind: 'success', shared }), { status: 'success', filePath: 'src/a.ts', content: 'old' });
    });
    it('maps typed errors to messages once, and hides internals of unknown ones', () => {
        assert.deepStrictEqual((0, historyToolResults_1.errorResultFor)(new workspacePath_1.WorkspacePathError('absolute', '/x', 'Absolute paths are not accepted')), { status: 'error', message: 'Absolute paths are not accepted' });
        assert.match((0, historyToolResults_1.errorResultFor)(new historyVersion_1.HistoryReadError('contentMissing', 'gone', '/p'), 'src/a.ts').message, /no longer exists/);
        assert.match((0, historyToolResults_1.errorResultFor)(new historyVersion_1.HistoryReadError('contentTooLarge', 'big')).message, /too large/);
        assert.match((0, historyToolResults_1.errorResultFor)(new versionText_1.VersionTextError('binary', 'binary!')).message, /binary!/);
        const internal = (0, historyToolResults_1.errorResultFor)(new Error('EACCES /home/u/secret'));
        assert.ok(!internal.message.includes('secret'));
    });
    it('writes ISO 8601 without milliseconds', () => {
        assert.strictEqual((0, historyToolResults_1.toIsoSeconds)(Date.UTC(2024, 0, 2, 3, 4, 5, 678)), '2024-01-02T03:04:05Z');
        assert.strictEqual((0, historyToolResults_1.versionLabel)({ timestamp: NOW, label: 'File Saved' }, NOW), 'just now (File Saved)');
    });
});
describe('relativeTime', () => {
    const table = [
        [-5 * MIN, 'just now'], [0, 'just now'], [59_999, 'just now'], [MIN, '1 minute ago'], [5 * MIN, '5 minutes ago'],
        [59 * MIN, '59 minutes ago'], [HOUR, '1 hour ago'], [2 * HOUR, '2 hours ago'], [23 * HOUR, '23 hours ago'],
        [DAY, 'yesterday'], [47 * HOUR, 'yesterday'], [2 * DAY, '2 days ago'], [6 * DAY, '6 days ago'], [7 * DAY, '1 week ago'],
        [20 * DAY, '2 weeks ago'], [30 * DAY, '1 month ago'], [200 * DAY, '6 months ago'], [365 * DAY, '1 year ago'],
        [800 * DAY, '2 years ago'],
    ];
    for (const [ago, label] of table) {
        it(`${ago} ms ago → ${label}`, () => assert.strictEqual((0, relativeTime_1.formatRelativeTime)(NOW - ago, NOW), label));
    }
    it('treats a non-finite time as just now rather than crashing', () => {
        assert.strictEqual((0, relativeTime_1.formatRelativeTime)(NaN, NOW), 'just now');
    });
});
describe('versionText', () => {
    it('decodes UTF-8 text', () => {
        assert.strictEqual((0, versionText_1.decodeVersionText)(Buffer.from('héllo 😀\n', 'utf8')), 'héllo 😀\n');
        assert.strictEqual((0, versionText_1.decodeVersionText)(new Uint8Array()), '');
    });
    it('refuses NUL bytes as binary (outside UTF-16)', () => {
        assert.throws(() => (0, versionText_1.decodeVersionText)(Uint8Array.from([0x61, 0, 0x62])), (e) => e instanceof versionText_1.VersionTextError && e.code === 'binary');
        assert.throws(() => (0, versionText_1.decodeVersionText)(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), { encoding: 'windows1252' }), (e) => e instanceof versionText_1.VersionTextError && e.code === 'binary');
    });
    it('decodes as VS Code would: a byte order mark, then files.encoding, then UTF-8, then windows-1252', () => {
        const latin1 = Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x0a]); // "café\n" in Latin-1: invalid UTF-8
        assert.deepStrictEqual((0, versionText_1.decodeVersion)(latin1), { text: 'café\n', encoding: 'windows-1252' });
        const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo\0x', 'utf16le')]);
        assert.deepStrictEqual((0, versionText_1.decodeVersion)(utf16le), { text: 'héllo\0x', encoding: 'utf-16le' });
        const utf16be = Buffer.from([0xfe, 0xff, 0x00, 0x68, 0x00, 0xe9]);
        assert.strictEqual((0, versionText_1.decodeVersionText)(utf16be), 'hé');
        assert.strictEqual((0, versionText_1.decodeVersionText)(Buffer.from([0xef, 0xbb, 0xbf, 0x61])), 'a', 'the BOM is not text');
        // files.encoding wins over UTF-8 validity: these two bytes are "Ã©" in windows-1252, "é" in UTF-8.
        assert.strictEqual((0, versionText_1.decodeVersionText)(Buffer.from('é', 'utf8'), { encoding: 'windows1252' }), 'Ã©');
        assert.strictEqual((0, versionText_1.decodeVersionText)(Buffer.from('é', 'utf8'), { encoding: 'utf8' }), 'é');
        assert.strictEqual((0, versionText_1.decodeVersionText)(Buffer.from('hi', 'utf16le'), { encoding: 'utf16le' }), 'hi');
        assert.strictEqual((0, versionText_1.decodeVersionText)(Uint8Array.from([0x82, 0xa0]), { encoding: 'shiftjis' }), 'あ');
        assert.throws(() => (0, versionText_1.decodeVersionText)(Uint8Array.from([0x61]), { encoding: 'cp437' }), (e) => e instanceof versionText_1.VersionTextError && e.code === 'unsupportedEncoding');
    });
    it('maps VS Code encoding ids to decoders', () => {
        assert.deepStrictEqual(['iso88591', 'iso88592', 'windows1251', 'koi8r', 'cp437'].map(versionText_1.whatwgLabel), ['windows-1252', 'iso-8859-2', 'windows-1251', 'koi8-r', undefined]);
    });
});
//# sourceMappingURL=historyToolResults.test.js.map