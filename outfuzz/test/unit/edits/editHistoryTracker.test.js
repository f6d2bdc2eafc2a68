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
const editHistoryTracker_1 = require("../../../src/edits/editHistoryTracker");
const fakeDocument_1 = require("./fakeDocument");
const URI = 'file:///ws/src/login.ts';
const MINUTE = 60_000;
function setup(text = 'function loginUser() {\n  return 1;\n}\n', options = {}) {
    const clock = new fakeDocument_1.ManualClock();
    const tracker = new editHistoryTracker_1.EditHistoryTracker({ ...options, clock: clock.read });
    const doc = new fakeDocument_1.FakeDocument(URI, text);
    tracker.track(doc.uri, doc.text, doc.version);
    return { clock, tracker, doc };
}
describe('EditHistoryTracker', () => {
    describe('the seed\'s table', () => {
        it('tracks an insert', () => {
            const { tracker, doc } = setup();
            const out = tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'hello' }]), doc.getText);
            assert.strictEqual(out.status, 'exact');
            const [edit] = tracker.getRecent();
            assert.strictEqual(edit.editType, 'insert');
            assert.strictEqual(edit.oldText, '');
            assert.strictEqual(edit.newText, 'hello');
            assert.strictEqual(edit.origin, 'user');
            assert.deepStrictEqual(edit.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
        });
        it('tracks a delete of 10 characters with the exact old text', () => {
            const { tracker, doc } = setup();
            tracker.handleChange(doc.change([{ offset: 9, length: 10, text: '' }]), doc.getText);
            const [edit] = tracker.getRecent();
            assert.strictEqual(edit.editType, 'delete');
            assert.strictEqual(edit.oldText, 'loginUser(');
            assert.strictEqual(edit.newText, '');
        });
        it('tracks a replace of "foo" with "bar"', () => {
            const { tracker, doc } = setup('const foo = 1;\n');
            tracker.handleChange(doc.change([{ offset: 6, length: 3, text: 'bar' }]), doc.getText);
            const [edit] = tracker.getRecent();
            assert.strictEqual(edit.editType, 'replace');
            assert.strictEqual(edit.oldText, 'foo');
            assert.strictEqual(edit.newText, 'bar');
            assert.deepStrictEqual(edit.range, { start: { line: 0, character: 6 }, end: { line: 0, character: 9 } });
        });
        it('ignores single-character typing', () => {
            const { tracker, doc } = setup();
            const out = tracker.handleChange(doc.change([{ offset: 3, length: 0, text: 'a' }]), doc.getText);
            assert.strictEqual(out.ignored, 1);
            assert.deepStrictEqual(tracker.getRecent(), []);
        });
        it('ignores added spaces by default, and records them as format when told not to', () => {
            const a = setup();
            a.tracker.handleChange(a.doc.change([{ offset: 0, length: 0, text: '    ' }]), a.doc.getText);
            assert.deepStrictEqual(a.tracker.getRecent(), []);
            const b = setup(undefined, { settings: { ignoreWhitespace: false } });
            b.tracker.handleChange(b.doc.change([{ offset: 0, length: 0, text: '    ' }]), b.doc.getText);
            assert.strictEqual(b.tracker.getRecent()[0].editType, 'format');
        });
        it('keeps only the last 10 edits of a file', () => {
            const { tracker, doc } = setup('');
            for (let i = 0; i < 15; i++)
                tracker.handleChange(doc.change([{ offset: doc.text.length, length: 0, text: `line${i}\n` }]), doc.getText);
            const edits = tracker.getRecent({ filePath: URI, maxEdits: 100 });
            assert.deepStrictEqual(edits.map(e => e.newText), Array.from({ length: 10 }, (_, k) => `line${14 - k}\n`));
        });
        it('drops an edit made 40 minutes ago', () => {
            const { tracker, doc, clock } = setup();
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'old edit' }]), doc.getText);
            clock.advance(40 * MINUTE);
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'new edit' }]), doc.getText);
            assert.deepStrictEqual(tracker.getRecent().map(e => e.newText), ['new edit']);
            assert.strictEqual(tracker.cleanup(), 1);
            assert.strictEqual(tracker.stats().edits, 1);
        });
        it('clears a document\'s history and shadow on close', () => {
            const { tracker, doc } = setup();
            const other = new fakeDocument_1.FakeDocument('file:///ws/other.ts', '');
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'hello' }]), doc.getText);
            tracker.handleChange(other.change([{ offset: 0, length: 0, text: 'world' }]), other.getText);
            tracker.close(URI);
            assert.strictEqual(tracker.isTracked(URI), false);
            assert.deepStrictEqual(tracker.getRecent().map(e => e.uri), ['file:///ws/other.ts']);
        });
    });
    describe('ignore rules', () => {
        it('ignores edits shorter than 3 characters on both sides, unless single-char filtering is off', () => {
            const a = setup();
            a.tracker.handleChange(a.doc.change([{ offset: 0, length: 2, text: 'ab' }]), a.doc.getText);
            assert.deepStrictEqual(a.tracker.getRecent(), []);
            const b = setup(undefined, { settings: { ignoreSingleChar: false } });
            b.tracker.handleChange(b.doc.change([{ offset: 0, length: 0, text: 'x' }]), b.doc.getText);
            b.tracker.handleChange(b.doc.change([{ offset: 0, length: 2, text: 'ab' }]), b.doc.getText);
            assert.deepStrictEqual(b.tracker.getRecent().map(e => e.newText), ['ab', 'x']);
        });
        it('keeps a deletion of code (the seed would have dropped it as "whitespace")', () => {
            const { tracker, doc } = setup();
            tracker.handleChange(doc.change([{ offset: 25, length: 9, text: '' }]), doc.getText);
            assert.strictEqual(tracker.getRecent()[0].oldText, 'return 1;');
        });
        it('does not record a change that leaves the text as it was', () => {
            const { tracker, doc } = setup();
            const out = tracker.handleChange(doc.change([{ offset: 0, length: 8, text: 'function' }]), doc.getText);
            assert.strictEqual(out.recorded.length, 0);
            assert.strictEqual(out.ignored, 0);
        });
    });
    describe('limits and settings', () => {
        it('keeps 50 edits across files', () => {
            const { tracker } = setup();
            const docs = Array.from({ length: 6 }, (_, k) => new fakeDocument_1.FakeDocument(`file:///ws/f${k}.ts`, ''));
            for (let i = 0; i < 10; i++)
                for (const d of docs)
                    tracker.handleChange(d.change([{ offset: 0, length: 0, text: `edit ${i}` }]), d.getText);
            assert.strictEqual(tracker.stats().edits, 50);
            assert.strictEqual(tracker.getRecent({ maxEdits: 1000 }).length, 50);
            assert.strictEqual(tracker.getRecent({ maxEdits: 1000 })[49].newText, 'edit 1');
        });
        it('defaults to 5 edits for one file and 10 across files', () => {
            const { tracker, doc } = setup('');
            for (let i = 0; i < 10; i++)
                tracker.handleChange(doc.change([{ offset: 0, length: 0, text: `edit ${i}` }]), doc.getText);
            assert.strictEqual(tracker.getRecent({ filePath: 'src/login.ts' }).length, 5);
            assert.strictEqual(tracker.getRecent().length, 10);
        });
        it('applies lower limits at once and forgets everything when disabled', () => {
            const { tracker, doc } = setup('');
            for (let i = 0; i < 8; i++)
                tracker.handleChange(doc.change([{ offset: 0, length: 0, text: `edit ${i}` }]), doc.getText);
            tracker.updateSettings({ maxEdits: 3 });
            assert.deepStrictEqual(tracker.getRecent().map(e => e.newText), ['edit 7', 'edit 6', 'edit 5']);
            tracker.updateSettings({ enabled: false });
            assert.strictEqual(tracker.stats().edits, 0);
            assert.strictEqual(tracker.isTracked(URI), false);
            const out = tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'ignored' }]), doc.getText);
            assert.strictEqual(out.status, 'disabled');
            assert.strictEqual(tracker.isTracked(URI), false);
        });
        it('pulls nonsense settings into range instead of failing', () => {
            const tracker = new editHistoryTracker_1.EditHistoryTracker({ settings: { maxEdits: -5, maxGlobalEdits: Number.NaN, maxAgeMinutes: 0 } });
            assert.strictEqual(tracker.currentSettings.maxEdits, 1);
            assert.strictEqual(tracker.currentSettings.maxGlobalEdits, 50);
            assert.strictEqual(tracker.currentSettings.maxAgeMinutes, 0.001, 'the smallest age kept: 60 ms, not 0 (which would keep nothing)');
        });
        it('keeps edits for maxAgeMinutes: one just inside the limit stays, one just past it goes', () => {
            const { clock, tracker, doc } = setup('', { settings: { maxAgeMinutes: 2 } });
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'older edit' }]), doc.getText);
            clock.advance(MINUTE);
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'newer edit ' }]), doc.getText);
            clock.advance(MINUTE + 1);
            assert.deepStrictEqual(tracker.getRecent().map(e => e.newText), ['newer edit ']);
            assert.strictEqual(tracker.cleanup(), 1);
            assert.strictEqual(tracker.stats().edits, 1);
        });
        it('cuts very long texts to the stored-text cap and says so', () => {
            const { tracker, doc } = setup('', { settings: { maxStoredTextLength: 100 } });
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'x'.repeat(1000) }]), doc.getText);
            const [edit] = tracker.getRecent();
            assert.strictEqual(edit.newText.length, 100);
            assert.strictEqual(edit.truncated, true);
        });
        it('finds a file by workspace-relative path, absolute path or URI, and filters by origin', () => {
            const { tracker, doc } = setup();
            const data = new fakeDocument_1.FakeDocument('file:///ws/src/data%20set.ts', '');
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: '// login' }]), doc.getText);
            tracker.handleChange(data.change([{ offset: 0, length: 0, text: '// data' }], { reason: 'undo' }), data.getText);
            assert.strictEqual(tracker.getRecent({ filePath: 'src/login.ts' }).length, 1);
            assert.strictEqual(tracker.getRecent({ filePath: '/ws/src/login.ts' }).length, 1);
            assert.strictEqual(tracker.getRecent({ filePath: URI }).length, 1);
            assert.strictEqual(tracker.getRecent({ filePath: 'gin.ts' }).length, 0);
            assert.strictEqual(tracker.getRecent({ filePath: 'data set.ts' }).length, 1);
            assert.deepStrictEqual(tracker.getRecent({ origins: ['user'] }).map(e => e.newText), ['// login']);
        });
    });
    describe('multi-change events', () => {
        const text = 'let alpha = 1;\nlet beta = alpha;\nlog(alpha);\n';
        const renames = [{ offset: 4, length: 5, text: 'first' }, { offset: 26, length: 5, text: 'first' }, { offset: 37, length: 5, text: 'first' }];
        for (const [name, order] of [['ascending', renames], ['descending', [...renames].reverse()], ['shuffled', [renames[1], renames[2], renames[0]]]]) {
            it(`reads each change's old text against the pre-event document (${name} order)`, () => {
                const { tracker, doc } = setup(text);
                tracker.handleChange(doc.change(order), doc.getText);
                const edits = tracker.getRecent();
                assert.deepStrictEqual(edits.map(e => [e.oldText, e.newText, e.range.start.line]), [['alpha', 'first', 0], ['alpha', 'first', 1], ['alpha', 'first', 2]]);
                tracker.handleChange(doc.change([{ offset: 0, length: 3, text: 'const' }]), doc.getText);
                assert.strictEqual(tracker.getRecent()[0].oldText, 'let');
            });
        }
        it('ignores multi-cursor typing of one character per cursor', () => {
            const { tracker, doc } = setup(text);
            const out = tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'x' }, { offset: 15, length: 0, text: 'x' }]), doc.getText);
            assert.strictEqual(out.recorded.length, 0);
        });
        it('turns a format-document event into one format edit', () => {
            const src = 'if (a) {\nfoo();\n    bar();\n}\n';
            const { tracker, doc } = setup(src, { settings: { ignoreWhitespace: false } });
            tracker.handleChange(doc.change([{ offset: 9, length: 0, text: '  ' }, { offset: 16, length: 4, text: '  ' }]), doc.getText);
            const edits = tracker.getRecent();
            assert.strictEqual(edits.length, 1);
            assert.strictEqual(edits[0].editType, 'format');
            assert.strictEqual(edits[0].changeCount, 2);
            assert.strictEqual(edits[0].oldText, 'foo();\n    ');
            assert.strictEqual(edits[0].newText, '  foo();\n  ');
            assert.deepStrictEqual(edits[0].range, { start: { line: 1, character: 0 }, end: { line: 2, character: 4 } });
        });
        it('drops a format-document event when whitespace edits are ignored', () => {
            const { tracker, doc } = setup('a\nb\nc\n');
            const out = tracker.handleChange(doc.change([{ offset: 0, length: 0, text: '    ' }, { offset: 2, length: 0, text: '    ' }]), doc.getText);
            assert.strictEqual(out.ignored, 1);
            assert.deepStrictEqual(tracker.getRecent(), []);
        });
        it('stays exact over many events of many changes (checked against a naive model)', () => {
            const { tracker, doc } = setup('', { shadow: { chunkSize: 16 } });
            let seed = 7;
            const rnd = (n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
            const words = ['alpha', 'beta\r\n', '😀x', '', 'gamma delta', '\n', 'ü'];
            for (let step = 0; step < 300; step++) {
                const count = 1 + rnd(40);
                const points = Array.from({ length: count * 2 }, () => rnd(doc.text.length + 1)).sort((a, b) => a - b);
                const reps = [];
                for (let k = 0; k < count; k++)
                    reps.push({ offset: points[2 * k], length: points[2 * k + 1] - points[2 * k], text: words[rnd(words.length)] });
                const deduped = [];
                for (const r of reps) {
                    const prev = deduped[deduped.length - 1];
                    if (!prev || (r.offset > prev.offset && r.offset >= prev.offset + prev.length))
                        deduped.push(r);
                }
                const before = doc.text;
                const event = doc.change(rnd(2) ? deduped : [...deduped].reverse());
                const out = tracker.handleChange(event, () => assert.fail('the shadow should never need a resync'));
                assert.strictEqual(out.status, 'exact');
                for (const edit of out.recorded) {
                    if (edit.changeCount)
                        continue;
                    const c = event.changes.find(ch => ch.range.start.line === edit.range.start.line && ch.range.start.character === edit.range.start.character && ch.text === edit.newText);
                    assert.ok(c, 'recorded edit matches a change');
                    assert.strictEqual(edit.oldText, before.slice(c.rangeOffset, c.rangeOffset + c.rangeLength));
                }
            }
        });
    });
    describe('text encodings and sizes', () => {
        it('handles CRLF documents: offsets count both characters, old text keeps them', () => {
            const { tracker, doc } = setup('one\r\ntwo\r\nthree\r\n');
            tracker.handleChange(doc.change([{ offset: 5, length: 5, text: 'TWO!\r\n' }]), doc.getText);
            const [edit] = tracker.getRecent();
            assert.strictEqual(edit.oldText, 'two\r\n');
            assert.deepStrictEqual(edit.range, { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } });
            tracker.handleChange(doc.change([{ offset: 11, length: 7, text: '' }]), doc.getText);
            assert.strictEqual(tracker.getRecent()[0].oldText, 'three\r\n');
        });
        it('treats a CRLF to LF change as format, and rebuilds the shadow on an end-of-line switch', () => {
            const { tracker, doc } = setup('a\r\nb\r\n', { settings: { ignoreWhitespace: false, ignoreSingleChar: false } });
            tracker.handleChange(doc.change([{ offset: 1, length: 2, text: '\n' }]), doc.getText);
            assert.strictEqual(tracker.getRecent()[0].editType, 'format');
            // VS Code's setEOL: the version moves, contentChanges is empty, every line break changed.
            doc.text = doc.text.replace(/\r?\n/g, '\r\n');
            doc.version++;
            const out = tracker.handleChange({ uri: doc.uri, version: doc.version, changes: [] }, doc.getText);
            assert.strictEqual(out.status, 'resynced');
            tracker.handleChange(doc.change([{ offset: 3, length: 3, text: 'bee' }]), doc.getText);
            assert.strictEqual(tracker.getRecent()[0].oldText, 'b\r\n');
        });
        it('counts offsets in UTF-16 code units, so astral characters take two', () => {
            const { tracker, doc } = setup('a😀b🎉c', { shadow: { chunkSize: 3 } });
            tracker.handleChange(doc.change([{ offset: 1, length: 3, text: '🙂🙂🙂' }]), doc.getText);
            assert.strictEqual(tracker.getRecent()[0].oldText, '😀b');
            tracker.handleChange(doc.change([{ offset: 3, length: 6, text: '' }]), doc.getText);
            assert.strictEqual(tracker.getRecent()[0].oldText, '🙂🙂🎉');
            assert.strictEqual(doc.text, 'a🙂c');
        });
        it('tracks a 1 MB document: shadow from the first insert, exact old text afterwards', function () {
            const line = 'const value = computeSomething(42); // ünïcode 😀\n';
            const big = line.repeat(Math.ceil((1 << 20) / line.length));
            const tracker = new editHistoryTracker_1.EditHistoryTracker();
            const doc = new fakeDocument_1.FakeDocument('file:///ws/big.ts', big);
            tracker.handleChange(doc.change([{ offset: 500_000, length: 0, text: 'inserted text' }]), doc.getText);
            // How fast is measured by the bench (npm run bench -- edits), never asserted here.
            for (let i = 0; i < 200; i++) {
                const offset = (i * 4099) % (doc.text.length - 100);
                const event = doc.change([{ offset, length: 20, text: 'replacement ' + i }]);
                const expected = event.changes[0];
                const out = tracker.handleChange(event, () => assert.fail('no resync expected'));
                assert.strictEqual(out.recorded[0].oldText?.length, expected.rangeLength);
            }
            const oldest = tracker.getRecent({ maxEdits: 1 })[0];
            assert.strictEqual(oldest.newText, 'replacement 199');
        });
    });
    describe('first sight of a document and version bookkeeping', () => {
        it('is exact without track() when the first event only inserts', () => {
            const tracker = new editHistoryTracker_1.EditHistoryTracker();
            const doc = new fakeDocument_1.FakeDocument(URI, 'abc def');
            const out = tracker.handleChange(doc.change([{ offset: 3, length: 0, text: ' inserted' }]), doc.getText);
            assert.strictEqual(out.status, 'exact');
            tracker.handleChange(doc.change([{ offset: 0, length: 12, text: 'ABC' }]), doc.getText);
            assert.strictEqual(tracker.getRecent()[0].oldText, 'abc inserted');
        });
        it('reports replaced text it never saw as unknown, then is exact again', () => {
            const tracker = new editHistoryTracker_1.EditHistoryTracker();
            const doc = new fakeDocument_1.FakeDocument(URI, 'hello world');
            const out = tracker.handleChange(doc.change([{ offset: 0, length: 5, text: 'howdy' }]), doc.getText);
            assert.strictEqual(out.status, 'resynced');
            assert.strictEqual(tracker.getRecent()[0].oldText, undefined);
            assert.strictEqual(tracker.getRecent()[0].editType, 'replace');
            tracker.handleChange(doc.change([{ offset: 6, length: 5, text: 'there' }]), doc.getText);
            assert.strictEqual(tracker.getRecent()[0].oldText, 'world');
        });
        it('resyncs after a missed event and skips a duplicate one', () => {
            const { tracker, doc } = setup('0123456789');
            doc.change([{ offset: 0, length: 1, text: 'A' }]); // never delivered
            const gap = doc.change([{ offset: 5, length: 5, text: 'five!' }]);
            assert.strictEqual(tracker.handleChange(gap, doc.getText).status, 'resynced');
            assert.strictEqual(tracker.getRecent()[0].oldText, undefined);
            assert.strictEqual(tracker.handleChange(gap, doc.getText).status, 'stale');
            tracker.handleChange(doc.change([{ offset: 0, length: 5, text: 'zero' }]), doc.getText);
            assert.strictEqual(tracker.getRecent()[0].oldText, 'A1234');
        });
        it('starts afresh when the version goes backwards (the document was re-created)', () => {
            const { tracker, doc } = setup('first model text');
            tracker.handleChange(doc.change([{ offset: 0, length: 5, text: 'FIRST' }]), doc.getText);
            tracker.handleChange(doc.change([{ offset: 6, length: 5, text: 'MODEL' }]), doc.getText);
            const reopened = new fakeDocument_1.FakeDocument(URI, 'second model text', 1);
            assert.strictEqual(tracker.handleChange(reopened.change([{ offset: 0, length: 6, text: 'SECOND' }]), reopened.getText).status, 'resynced');
            tracker.handleChange(reopened.change([{ offset: 7, length: 5, text: 'MODEL' }]), reopened.getText);
            assert.strictEqual(tracker.getRecent()[0].oldText, 'model');
        });
        it('resyncs when an event does not fit the shadow', () => {
            const { tracker, doc } = setup('short');
            doc.text = 'a much longer text than the tracker knows';
            const event = doc.change([{ offset: 20, length: 6, text: 'TEXT!!' }]);
            assert.strictEqual(tracker.handleChange(event, doc.getText).status, 'resynced');
            tracker.handleChange(doc.change([{ offset: 0, length: 6, text: 'A MUCH' }]), doc.getText);
            assert.strictEqual(tracker.getRecent()[0].oldText, 'a much');
        });
    });
    describe('origins', () => {
        it('labels undo and redo, and agent apply over either', () => {
            const { tracker, doc } = setup('');
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'typed' }]), doc.getText);
            tracker.handleChange(doc.change([{ offset: 0, length: 5, text: '' }], { reason: 'undo' }), doc.getText);
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'typed' }], { reason: 'redo' }), doc.getText);
            tracker.handleChange(doc.change([{ offset: 0, length: 5, text: 'agent wrote this' }], { isAgentApply: true, reason: 'undo' }), doc.getText);
            assert.deepStrictEqual(tracker.getRecent().map(e => [e.origin, e.editType, e.oldText]), [
                ['agent', 'replace', 'typed'], ['redo', 'insert', ''], ['undo', 'delete', 'typed'], ['user', 'insert', ''],
            ]);
            assert.deepStrictEqual(tracker.getRecent({ origins: ['undo', 'redo'] }).map(e => e.origin), ['redo', 'undo']);
        });
    });
    describe('selection after an edit', () => {
        const selection = { start: { line: 3, character: 1 }, end: { line: 3, character: 4 } };
        it('attaches a selection that comes within 1 s to the file\'s last edit', () => {
            const { tracker, doc, clock } = setup();
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'first' }]), doc.getText);
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'second' }]), doc.getText);
            assert.strictEqual(tracker.onSelection(URI, selection, clock.now + editHistoryTracker_1.SELECTION_WINDOW_MS - 1), true);
            const [last, first] = tracker.getRecent();
            assert.deepStrictEqual(last.selectionAfter, selection);
            assert.strictEqual(first.selectionAfter, undefined);
        });
        it('does not attach a selection that comes 1 s or more later, or for another file', () => {
            const { tracker, doc, clock } = setup();
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'first' }]), doc.getText);
            assert.strictEqual(tracker.onSelection('file:///ws/other.ts', selection), false);
            clock.advance(editHistoryTracker_1.SELECTION_WINDOW_MS);
            assert.strictEqual(tracker.onSelection(URI, selection), false);
            assert.strictEqual(tracker.getRecent()[0].selectionAfter, undefined);
        });
        it('returns copies, so callers cannot change the history', () => {
            const { tracker, doc } = setup();
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'first' }]), doc.getText);
            tracker.onSelection(URI, selection);
            const [edit] = tracker.getRecent();
            edit.range.start.line = 99;
            edit.selectionAfter.start.line = 99;
            assert.strictEqual(tracker.getRecent()[0].range.start.line, 0);
            assert.strictEqual(tracker.getRecent()[0].selectionAfter.start.line, 3);
        });
    });
});
describe('EditHistoryTracker: exact old text in every open document (shadow budget)', () => {
    const open = (tracker, uri, text) => {
        const doc = new fakeDocument_1.FakeDocument(uri, text);
        tracker.track(doc.uri, doc.text, doc.version);
        return doc;
    };
    it('records the exact old text of the first replace in a document copied when it was opened, never shown', () => {
        const tracker = new editHistoryTracker_1.EditHistoryTracker({ clock: new fakeDocument_1.ManualClock().read });
        const background = open(tracker, 'file:///ws/src/background.ts', 'const total = compute(items);\n');
        tracker.handleChange(background.change([{ offset: 6, length: 5, text: 'grandTotal' }]), () => { throw new Error('no resync expected'); });
        assert.deepStrictEqual(tracker.getRecent().map(e => [e.oldText, e.newText]), [['total', 'grandTotal']]);
    });
    it('does not copy a document over the size cap: its replaces say the old text is unknown', () => {
        const tracker = new editHistoryTracker_1.EditHistoryTracker({ clock: new fakeDocument_1.ManualClock().read, shadowBudget: { maxDocumentLength: 100 } });
        const big = open(tracker, 'file:///ws/big.txt', 'word '.repeat(50));
        assert.strictEqual(tracker.isTracked(big.uri), false);
        tracker.handleChange(big.change([{ offset: 0, length: 4, text: 'WORD' }]), big.getText);
        assert.deepStrictEqual(tracker.getRecent().map(e => e.oldText), [undefined]);
        assert.strictEqual(tracker.isTracked(big.uri), false, 'not copied on a resync either');
    });
    it('keeps the copies within the total budget, dropping the least recently used; an edit makes a copy recent', () => {
        // 3 documents of 1,000 code units = 2,000 bytes + overhead each; room for two.
        const tracker = new editHistoryTracker_1.EditHistoryTracker({ clock: new fakeDocument_1.ManualClock().read, shadowBudget: { maxTotalBytes: 7000 } });
        const a = open(tracker, 'file:///ws/a.ts', 'a'.repeat(1000));
        const b = open(tracker, 'file:///ws/b.ts', 'b'.repeat(1000));
        tracker.handleChange(a.change([{ offset: 0, length: 3, text: 'AAA' }]), a.getText); // a is now the most recent
        const c = open(tracker, 'file:///ws/c.ts', 'c'.repeat(1000));
        assert.deepStrictEqual([a, b, c].map(d => tracker.isTracked(d.uri)), [true, false, true]);
        assert.ok(tracker.stats().shadowLength <= 2000 + 3);
        // b's next replace is not exact (its copy was dropped), the one after is.
        tracker.handleChange(b.change([{ offset: 0, length: 3, text: 'BBB' }]), b.getText);
        tracker.handleChange(b.change([{ offset: 3, length: 3, text: 'XYZ' }]), b.getText);
        assert.deepStrictEqual(tracker.getRecent({ filePath: b.uri }).map(e => e.oldText), ['bbb', undefined]);
    });
    it('drops a copy that grows past the size cap', () => {
        const tracker = new editHistoryTracker_1.EditHistoryTracker({ clock: new fakeDocument_1.ManualClock().read, shadowBudget: { maxDocumentLength: 50 } });
        const doc = open(tracker, 'file:///ws/grow.ts', 'x'.repeat(40));
        tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'y'.repeat(20) }]), doc.getText);
        assert.strictEqual(tracker.isTracked(doc.uri), false);
    });
});
describe('EditHistoryTracker: undo and redo kept apart', () => {
    it('one user edit plus five undo/redo cycles keeps the user edit, and the undo/redo within their own limit', () => {
        const { tracker, doc } = setup('', { settings: { maxEdits: 3, maxUndoRedoEdits: 4 } });
        tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'validate(user);' }]), doc.getText);
        for (let i = 0; i < 5; i++) {
            tracker.handleChange(doc.change([{ offset: 0, length: 15, text: '' }], { reason: 'undo' }), doc.getText);
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'validate(user);' }], { reason: 'redo' }), doc.getText);
        }
        const all = tracker.getRecent({ maxEdits: 50 });
        assert.deepStrictEqual(all.map(e => e.origin), ['redo', 'undo', 'redo', 'undo', 'user']);
        assert.deepStrictEqual(tracker.getRecent({ includeUndoRedo: false }).map(e => [e.origin, e.newText]), [['user', 'validate(user);']]);
    });
    it('applies the global undo/redo limit across files, leaving the other edits alone', () => {
        const clock = new fakeDocument_1.ManualClock();
        const tracker = new editHistoryTracker_1.EditHistoryTracker({ clock: clock.read, settings: { maxGlobalUndoRedoEdits: 2 } });
        for (const name of ['a', 'b', 'c']) {
            const doc = new fakeDocument_1.FakeDocument(`file:///ws/${name}.ts`, '');
            tracker.track(doc.uri, doc.text, doc.version);
            tracker.handleChange(doc.change([{ offset: 0, length: 0, text: `edit of ${name}` }]), doc.getText);
            tracker.handleChange(doc.change([{ offset: 0, length: 9, text: '' }], { reason: 'undo' }), doc.getText);
        }
        assert.deepStrictEqual(tracker.getRecent({ maxEdits: 50 }).map(e => `${e.origin} ${e.uri.slice(-4)}`), ['undo c.ts', 'user c.ts', 'undo b.ts', 'user b.ts', 'user a.ts']);
    });
    it('keeps no undo/redo at all with a limit of 0', () => {
        const { tracker, doc } = setup('', { settings: { maxUndoRedoEdits: 0 } });
        tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'hello world' }]), doc.getText);
        tracker.handleChange(doc.change([{ offset: 0, length: 11, text: '' }], { reason: 'undo' }), doc.getText);
        assert.deepStrictEqual(tracker.getRecent().map(e => e.origin), ['user']);
    });
});
describe('EditHistoryTracker: large multi-change events', () => {
    it('records the topmost changes of a 200-change event within the per-file limit, each with its exact old text', () => {
        const line = 'let value = compute(value);\n';
        const { tracker, doc } = setup(line.repeat(300), { settings: { maxEdits: 10 } });
        const changes = Array.from({ length: 200 }, (_, k) => ({ offset: k * line.length + 4, length: 5, text: 'total' }));
        const out = tracker.handleChange(doc.change(changes), () => { throw new Error('no resync expected'); });
        assert.strictEqual(out.status, 'exact');
        assert.deepStrictEqual(out.recorded.map(e => e.range.start.line), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert.ok(out.recorded.every(e => e.oldText === 'value' && e.newText === 'total'));
        tracker.handleChange(doc.change([{ offset: 250 * line.length + 20, length: 5, text: 'items' }]), doc.getText);
        assert.strictEqual(tracker.getRecent()[0].oldText, 'value', 'the copy is still exact after the big event');
    });
});
//# sourceMappingURL=editHistoryTracker.test.js.map