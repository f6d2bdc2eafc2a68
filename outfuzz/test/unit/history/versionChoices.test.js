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
const historyUri_1 = require("../../../src/history/historyUri");
const historyViewRegistry_1 = require("../../../src/history/historyViewRegistry");
const versionChoices_1 = require("../../../src/history/versionChoices");
const MIN = 60_000;
const NOW = new Date(2025, 4, 1, 12, 0, 0).getTime();
const v = (sourceId, ago, label = 'File Saved') => ({
    store: 'vscodeLocalHistory', sourceId, timestamp: NOW - ago, label, source: undefined, contentPath: `/h/1/${sourceId}`, size: 1,
});
describe('version pickers', () => {
    const versions = [v('old.ts', 2 * 60 * MIN, 'Undo / Redo'), v('new.ts', 5 * MIN), v('mid.ts', 30 * MIN)];
    it('labels as the seed does — "script.py (5 minutes ago)" — newest first, with source and exact time', () => {
        const choices = (0, versionChoices_1.versionChoices)('script.py', versions, NOW, 50);
        assert.deepStrictEqual(choices.map((c) => [c.label, c.description]), [
            ['script.py (5 minutes ago)', 'File Saved'],
            ['script.py (30 minutes ago)', 'File Saved'],
            ['script.py (2 hours ago)', 'Undo / Redo'],
        ]);
        assert.strictEqual(choices[0].detail, '2025-05-01 11:55:00');
        assert.strictEqual((0, versionChoices_1.versionChoices)('a', versions, NOW, 2).length, 2);
        assert.strictEqual((0, versionChoices_1.localDateTime)(new Date(2024, 0, 2, 3, 4, 5).getTime()), '2024-01-02 03:04:05');
    });
    it('the accepted versions are exactly the checked rows, newest first, each once', () => {
        const choices = (0, versionChoices_1.versionChoices)('a.ts', versions, NOW, 50);
        assert.strictEqual((0, versionChoices_1.allRecentLabel)(10), 'All recent (up to 10)');
        assert.deepStrictEqual((0, versionChoices_1.checkedVersions)(choices, [2, 0, 2, 7, -1, 1.5]).map((x) => x.sourceId), ['new.ts', 'old.ts']);
        assert.deepStrictEqual((0, versionChoices_1.checkedVersions)(choices, []), []);
    });
    describe('"All recent (up to N)" is a shortcut that checks rows, never a grant of its own', () => {
        const none = { allRecent: false, versions: [] };
        it('checking it checks the N newest rows, keeping rows already checked', () => {
            assert.deepStrictEqual((0, versionChoices_1.nextPickerChecks)({ allRecent: false, versions: [4] }, { allRecent: true, versions: [4] }, 5, 2), { allRecent: true, versions: [0, 1, 4] });
            assert.deepStrictEqual((0, versionChoices_1.nextPickerChecks)(none, { allRecent: true, versions: [] }, 3, 10), { allRecent: true, versions: [0, 1, 2] });
        });
        it('unchecking one of the N newest unchecks it, and that row stays unchecked (the leak of issue 16)', () => {
            const all = (0, versionChoices_1.nextPickerChecks)(none, { allRecent: true, versions: [] }, 3, 10);
            const after = (0, versionChoices_1.nextPickerChecks)(all, { allRecent: true, versions: [0, 2] }, 3, 10);
            assert.deepStrictEqual(after, { allRecent: false, versions: [0, 2] });
            const choices = (0, versionChoices_1.versionChoices)('a.ts', versions, NOW, 50);
            assert.deepStrictEqual((0, versionChoices_1.checkedVersions)(choices, after.versions).map((x) => x.sourceId), ['new.ts', 'old.ts']);
        });
        it('unchecking it unchecks the rows it stands for; checking all N by hand checks it', () => {
            assert.deepStrictEqual((0, versionChoices_1.nextPickerChecks)({ allRecent: true, versions: [0, 1, 4] }, { allRecent: false, versions: [0, 1, 4] }, 5, 2), { allRecent: false, versions: [4] });
            assert.deepStrictEqual((0, versionChoices_1.nextPickerChecks)({ allRecent: false, versions: [0] }, { allRecent: false, versions: [0, 1] }, 5, 2), { allRecent: true, versions: [0, 1] });
        });
        it('with no versions it cannot be checked', () => {
            assert.deepStrictEqual((0, versionChoices_1.nextPickerChecks)(none, { allRecent: true, versions: [] }, 0, 10), none);
        });
    });
    it('reads count settings defensively', () => {
        assert.strictEqual((0, versionChoices_1.countSetting)(undefined, 10, 1, 50), 10);
        assert.strictEqual((0, versionChoices_1.countSetting)('5', 10, 1, 50), 10);
        assert.strictEqual((0, versionChoices_1.countSetting)(0, 10, 1, 50), 1);
        assert.strictEqual((0, versionChoices_1.countSetting)(99, 10, 1, 50), 50);
        assert.strictEqual((0, versionChoices_1.countSetting)(7.9, 10, 1, 50), 7);
        assert.strictEqual((0, versionChoices_1.countSetting)(NaN, 10, 1, 50), 10);
    });
});
describe('history: URIs and views', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    it('round-trips /<id>/<file name>; anything else names nothing', () => {
        assert.strictEqual((0, historyUri_1.historyUriPath)({ id, fileName: 'notes.txt' }), `/${id}/notes.txt`);
        assert.deepStrictEqual((0, historyUri_1.parseHistoryUriPath)(`/${id}/notes.txt`), { id, fileName: 'notes.txt' });
        assert.strictEqual((0, historyUri_1.historyUriPath)({ id, fileName: 'a/b\\c' }), `/${id}/a_b_c`);
        for (const p of ['/', `/${id}`, `/${id}/`, `/${id}/a/b`, '/not-an-id/notes.txt', `/${id.toUpperCase()}/x`, `${id}/x`, `/${id}/x/..`]) {
            assert.strictEqual((0, historyUri_1.parseHistoryUriPath)(p), undefined, p);
        }
        assert.throws(() => (0, historyUri_1.historyUriPath)({ id: '../x', fileName: 'a' }));
    });
    it('keeps views by id, bounded, and clears them by origin', () => {
        let n = 0;
        const newId = () => `00000000-0000-4000-8000-${String(n++).padStart(12, '0')}`;
        const views = new historyViewRegistry_1.HistoryViewRegistry(newId, 3);
        const base = { file: { filePath: '/ws/a.ts', displayPath: 'a.ts' }, fileName: 'a.ts', version: v('x.ts', MIN), label: '1 minute ago (File Saved)' };
        const a = views.add({ ...base, origin: 'user' });
        const b = views.add({ ...base, origin: 'agentGrant', id: id.toUpperCase() });
        assert.strictEqual(views.get(a.id)?.origin, 'user');
        assert.strictEqual(views.get(id)?.id, id, 'ids are case-folded');
        views.add({ ...base, origin: 'user' });
        views.add({ ...base, origin: 'user' });
        assert.strictEqual(views.size, 3);
        assert.strictEqual(views.get(a.id), undefined, 'the oldest view went first');
        views.clear('agentGrant');
        assert.strictEqual(views.get(b.id), undefined);
        assert.strictEqual(views.size, 2);
        views.clear();
        assert.strictEqual(views.size, 0);
    });
});
//# sourceMappingURL=versionChoices.test.js.map