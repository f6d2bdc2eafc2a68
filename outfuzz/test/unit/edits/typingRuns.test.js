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
function setup(text = 'function loginUser() {\n}\n', options = {}) {
    const clock = new fakeDocument_1.ManualClock();
    const tracker = new editHistoryTracker_1.EditHistoryTracker({ ...options, clock: clock.read });
    const doc = new fakeDocument_1.FakeDocument(URI, text);
    tracker.track(doc.uri, doc.text, doc.version);
    /** Types `text` one character at a time at `offset`, `gapMs` apart, as an editor does. */
    const type = (offset, text, gapMs = 50) => {
        for (const ch of text) {
            clock.advance(gapMs);
            tracker.handleChange(doc.change([{ offset, length: 0, text: ch }]), doc.getText);
            offset += ch.length;
        }
        return offset;
    };
    const backspace = (offset, times = 1) => {
        for (let k = 0; k < times; k++) {
            clock.advance(50);
            tracker.handleChange(doc.change([{ offset: offset - 1, length: 1, text: '' }]), doc.getText);
            offset--;
        }
        return offset;
    };
    return { clock, tracker, doc, type, backspace };
}
describe('EditHistoryTracker typing runs', () => {
    it('gathers keystrokes typed in a row into one insert, recorded once it is 3 characters long', () => {
        const { tracker, doc, type } = setup();
        type(23, 'ab');
        assert.deepStrictEqual(tracker.getRecent(), [], 'two characters are still trivial');
        type(25, 'c();');
        const [edit, ...rest] = tracker.getRecent();
        assert.deepStrictEqual(rest, []);
        assert.strictEqual(edit.editType, 'insert');
        assert.strictEqual(edit.oldText, '');
        assert.strictEqual(edit.newText, 'abc();');
        assert.strictEqual(edit.changeCount, 6);
        assert.deepStrictEqual(edit.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } });
        assert.strictEqual(doc.text.slice(23, 29), 'abc();');
    });
    it('follows auto-closed brackets: keystrokes anywhere inside the run join it', () => {
        const { tracker, doc, clock } = setup('');
        const step = (offset, length, text) => {
            clock.advance(80);
            tracker.handleChange(doc.change([{ offset, length, text }]), doc.getText);
        };
        step(0, 0, 'f');
        step(1, 0, '(');
        step(2, 0, ')'); // the editor's auto-close inserted in the same keystroke in reality; here a separate change
        step(2, 0, 'x'); // typed between the brackets
        step(3, 0, 'y');
        assert.strictEqual(doc.text, 'f(xy)');
        assert.deepStrictEqual(tracker.getRecent().map(e => e.newText), ['f(xy)']);
    });
    it('applies backspaces inside the run, and a backspace past its start extends what it replaced', () => {
        const { tracker, doc, type, backspace } = setup('let value = 1;\n');
        let at = type(14, ' // note');
        at = backspace(at, 4);
        assert.strictEqual(tracker.getRecent()[0].newText, ' // ');
        at = backspace(at, 5); // the run's 4 characters, then the ';' before it
        assert.strictEqual(doc.text, 'let value = 1\n');
        type(at, '+2;');
        const [edit] = tracker.getRecent();
        assert.strictEqual(edit.oldText, ';');
        assert.strictEqual(edit.newText, '+2;');
        assert.strictEqual(edit.editType, 'replace');
        assert.deepStrictEqual(edit.range, { start: { line: 0, character: 13 }, end: { line: 0, character: 14 } });
    });
    it('drops the run from the history when backspacing makes it trivial again', () => {
        const { tracker, type, backspace } = setup();
        const end = type(23, 'abcd');
        assert.strictEqual(tracker.getRecent().length, 1);
        backspace(end, 3);
        assert.deepStrictEqual(tracker.getRecent(), []);
    });
    it('starts a new run after a pause, elsewhere in the document, or after any other edit', () => {
        const { tracker, doc, clock, type } = setup('aaaa\nbbbb\n');
        const at = type(4, 'xyz');
        clock.advance(editHistoryTracker_1.TYPING_PAUSE_MS);
        type(at, '123');
        type(13, 'QRS'); // the next line
        tracker.handleChange(doc.change([{ offset: 0, length: 0, text: 'pasted ' }]), doc.getText);
        type(7, 'uvw'); // right after the paste: a new run, not part of the paste
        assert.deepStrictEqual(tracker.getRecent({ maxEdits: 10 }).map(e => e.newText), ['uvw', 'pasted ', 'QRS', '123', 'xyz']);
    });
    it('lists a growing run as the most recent edit, even when another file was edited meanwhile', () => {
        const { tracker, type } = setup();
        const other = new fakeDocument_1.FakeDocument('file:///ws/other.ts', '');
        const at = type(23, 'abc');
        tracker.handleChange(other.change([{ offset: 0, length: 0, text: 'elsewhere' }]), other.getText);
        type(at, 'def');
        assert.deepStrictEqual(tracker.getRecent().map(e => e.newText), ['abcdef', 'elsewhere']);
    });
    it('attaches the selection after the last keystroke', () => {
        const { tracker, clock, type } = setup();
        type(23, 'abc');
        const selection = { start: { line: 1, character: 3 }, end: { line: 1, character: 3 } };
        assert.strictEqual(tracker.onSelection(URI, selection, clock.now + editHistoryTracker_1.SELECTION_WINDOW_MS - 1), true);
        assert.deepStrictEqual(tracker.getRecent()[0].selectionAfter, selection);
    });
    it('does not gather undo, redo or agent edits, and records keystrokes one by one when single-char filtering is off', () => {
        const { tracker, doc, clock } = setup('');
        for (const extra of [{ reason: 'undo' }, { reason: 'redo' }, { isAgentApply: true }]) {
            for (const ch of 'abc') {
                clock.advance(10);
                tracker.handleChange(doc.change([{ offset: doc.text.length, length: 0, text: ch }], extra), doc.getText);
            }
        }
        assert.deepStrictEqual(tracker.getRecent(), []);
        const off = setup('', { settings: { ignoreSingleChar: false } });
        off.type(0, 'abc');
        assert.deepStrictEqual(off.tracker.getRecent().map(e => e.newText), ['c', 'b', 'a']);
    });
    it('stops gathering at the stored-text cap', () => {
        const { tracker, type } = setup('', { settings: { maxStoredTextLength: 16 } });
        type(0, 'x'.repeat(20));
        const edits = tracker.getRecent();
        assert.strictEqual(edits[edits.length - 1].newText, 'x'.repeat(16));
        assert.ok(edits.every(e => e.newText.length <= 16));
    });
    it('forgets the run when the document closes', () => {
        const { tracker, doc, type } = setup();
        const at = type(23, 'abc');
        tracker.close(URI);
        tracker.track(URI, doc.text, doc.version);
        type(at, 'de');
        assert.deepStrictEqual(tracker.getRecent(), [], 'the old run is gone, the new one is still trivial');
    });
});
//# sourceMappingURL=typingRuns.test.js.map