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
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const dotHistoryReader_1 = require("../../../src/history/dotHistoryReader");
const historyVersion_1 = require("../../../src/history/historyVersion");
const historyTestUtil_1 = require("./historyTestUtil");
const local = (y, mo, d, h, mi, s) => new Date(y, mo - 1, d, h, mi, s).getTime();
describe('dotHistoryReader (the "Local History" extension)', () => {
    const ws = () => path.join((0, historyTestUtil_1.fixturesDir)(), 'dotHistory', 'ws');
    describe('parseDotHistoryName', () => {
        const table = [
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
                assert.strictEqual((0, dotHistoryReader_1.parseDotHistoryName)(historyName, name, ext), expected);
            });
        }
    });
    it('lists one file from its own .history folder only, newest first, local time', async () => {
        const rec = (0, historyTestUtil_1.recordingFs)();
        const listing = await new dotHistoryReader_1.DotHistoryReader({ fs: rec.fs }).listVersions(ws(), 'src/lib/app.ts');
        assert.deepStrictEqual(listing.versions.map((v) => [v.sourceId, v.timestamp, v.label]), [
            ['app_20240102040506.ts', local(2024, 1, 2, 4, 5, 6), dotHistoryReader_1.DOT_HISTORY_LABEL],
            ['app_20240102030405.ts', local(2024, 1, 2, 3, 4, 5), dotHistoryReader_1.DOT_HISTORY_LABEL],
        ]);
        const folder = path.join(ws(), '.history', 'src', 'lib');
        assert.strictEqual(listing.folder, folder);
        for (const call of rec.calls)
            assert.ok(call.path === folder || path.dirname(call.path) === folder, `touched ${call.path}`);
        assert.deepStrictEqual(rec.calls.filter((c) => c.op === 'readdir').map((c) => c.path), [folder]);
        assert.ok(!rec.calls.some((c) => c.op === 'readFile'), 'listing reads no content');
    });
    for (const [rel, expected] of [
        ['.gitignore', ['.gitignore_20240105060708']],
        ['Makefile', ['Makefile_20240105060708']],
        ['archive.tar.gz', ['archive.tar_20240105060708.gz']],
        ['.env.local', ['.env_20240105060708.local']],
        ['src/lib/missing.ts', []],
    ]) {
        it(`lists ${rel}`, async () => {
            const listing = await new dotHistoryReader_1.DotHistoryReader().listVersions(ws(), rel);
            assert.deepStrictEqual(listing.versions.map((v) => v.sourceId), expected);
        });
    }
    it('reports a missing .history folder as no versions', async () => {
        const listing = await new dotHistoryReader_1.DotHistoryReader().listVersions(ws(), 'nowhere/x.ts');
        assert.strictEqual(listing.exists, false);
        assert.deepStrictEqual(listing.versions, []);
    });
    it('reads a version and never writes', async () => {
        const before = (0, historyTestUtil_1.snapshotTree)(ws());
        const reader = new dotHistoryReader_1.DotHistoryReader();
        const [newest] = (await reader.listVersions(ws(), 'src/lib/app.ts')).versions;
        assert.strictEqual(Buffer.from(await reader.readContent(newest)).toString('utf8'), 'v-new\n');
        assert.deepStrictEqual((0, historyTestUtil_1.snapshotTree)(ws()), before);
    });
    it('does not follow a symlink planted in .history, nor read versions of another store', async () => {
        const tmp = (0, historyTestUtil_1.makeTempDir)('dot');
        try {
            const dir = path.join(tmp.dir, '.history');
            fs.mkdirSync(dir);
            fs.writeFileSync(path.join(tmp.dir, 'secret'), 'outside');
            fs.symlinkSync(path.join(tmp.dir, 'secret'), path.join(dir, 'a_20240102030405.ts'));
            fs.writeFileSync(path.join(dir, 'a_20240102030406.ts'), 'real');
            const reader = new dotHistoryReader_1.DotHistoryReader();
            const listing = await reader.listVersions(tmp.dir, 'a.ts');
            assert.deepStrictEqual(listing.versions.map((v) => v.sourceId), ['a_20240102030406.ts']);
            await assert.rejects(reader.readContent({ ...listing.versions[0], store: 'vscodeLocalHistory' }), (e) => e instanceof historyVersion_1.HistoryReadError && e.code === 'foreignVersion');
            await assert.rejects(reader.readContent({ ...listing.versions[0], contentPath: path.join(tmp.dir, 'secret'), sourceId: 'secret' }), (e) => e instanceof historyVersion_1.HistoryReadError && e.code === 'foreignVersion');
        }
        finally {
            tmp.cleanup();
        }
    });
    it('refuses paths that would leave the .history tree', () => {
        for (const bad of ['../x.ts', 'a/../../x.ts', '/etc/passwd', 'C:\\x.ts', '', '.', 'a\0b']) {
            assert.throws(() => (0, dotHistoryReader_1.dotHistoryTarget)(ws(), bad), (e) => e instanceof historyVersion_1.HistoryReadError && e.code === 'badLocation', bad);
        }
        assert.deepStrictEqual((0, dotHistoryReader_1.dotHistoryTarget)('/ws', 'src\\lib\\app.ts'), { folder: path.join('/ws', '.history', 'src', 'lib'), name: 'app', ext: '.ts' });
    });
});
//# sourceMappingURL=dotHistoryReader.test.js.map