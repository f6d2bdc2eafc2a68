"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ManualClock = exports.FakeDocument = void 0;
exports.positionAt = positionAt;
/**
 * A naive document that produces change events the way VS Code does: every change's offset and range are against
 * the text before the event, and the document's text/version afterwards are what `getText()`/`version` return.
 * The tracker's results are checked against this independent model.
 */
class FakeDocument {
    uri;
    text;
    version;
    constructor(uri, text, version = 1) {
        this.uri = uri;
        this.text = text;
        this.version = version;
    }
    /** Applies the replacements (given in any order, non-overlapping) and returns the event VS Code would fire. */
    change(replacements, extra = {}) {
        const before = this.text;
        const changes = replacements.map(r => ({
            rangeOffset: r.offset,
            rangeLength: r.length,
            range: { start: positionAt(before, r.offset), end: positionAt(before, r.offset + r.length) },
            text: r.text,
        }));
        const sorted = [...replacements].sort((a, b) => b.offset - a.offset);
        let text = before;
        for (const r of sorted)
            text = text.slice(0, r.offset) + r.text + text.slice(r.offset + r.length);
        this.text = text;
        this.version++;
        return { uri: this.uri, version: this.version, changes, ...extra };
    }
    /** `textAfter` for the tracker: the text right after the last event. */
    getText = () => this.text;
}
exports.FakeDocument = FakeDocument;
/** VS Code's position of an offset; documents in these tests break lines with LF or CRLF. */
function positionAt(text, offset) {
    let line = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1))
        line++;
    return { line, character: offset === 0 ? 0 : offset - (text.lastIndexOf('\n', offset - 1) + 1) };
}
/** A clock the test moves by hand. */
class ManualClock {
    now;
    constructor(now = Date.UTC(2025, 0, 15, 10, 0, 0)) {
        this.now = now;
    }
    read = () => this.now;
    advance(ms) {
        this.now += ms;
    }
}
exports.ManualClock = ManualClock;
//# sourceMappingURL=fakeDocument.js.map