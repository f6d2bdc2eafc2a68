"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.THEIRS_LABEL = exports.BASE_LABEL = exports.OURS_LABEL = void 0;
exports.threeWayMerge = threeWayMerge;
const alignedMerge_1 = require("./alignedMerge");
const diffLines_1 = require("./diffLines");
const internLines_1 = require("./internLines");
const mergeHunks_1 = require("./mergeHunks");
/** Labels of the conflict markers: ours is the agent's staged text, theirs is what is on disk now. */
exports.OURS_LABEL = 'agent';
exports.BASE_LABEL = 'base';
exports.THEIRS_LABEL = 'disk';
/**
 * Three-way line merge giving exactly what `git merge-file -p --diff3 -L agent -L base -L disk ours base theirs`
 * gives: the same clean text, or the same conflicts rendered with the same markers (CRLF markers when the
 * surrounding lines use CRLF, a newline added after a side that lacks a final one, as git does).
 */
function threeWayMerge(base, ours, theirs) {
    const aligned = (0, alignedMerge_1.alignedMerge)(base, ours, theirs);
    if (aligned !== undefined)
        return { kind: 'clean', text: aligned };
    const [b, o, t] = (0, internLines_1.internLines)([base, ours, theirs]);
    const toOurs = (0, diffLines_1.diffLines)(b, o);
    if (toOurs.length === 0)
        return { kind: 'clean', text: theirs };
    const toTheirs = (0, diffLines_1.diffLines)(b, t);
    if (toTheirs.length === 0)
        return { kind: 'clean', text: ours };
    const hunks = (0, mergeHunks_1.mergeHunks)(toOurs, toTheirs, o.n - b.n, t.n - b.n, (i1, i2, n) => {
        for (let k = 0; k < n; k++)
            if (o.ids[i1 + k] !== t.ids[i2 + k])
                return false;
        return true;
    });
    return render(b, o, t, hunks);
}
/** Does line i end in `\r\n` (checked as git's is_eol_crlf: it must end in `\n`)? */
function endsInCrlf(t, i) {
    const end = t.starts[i + 1];
    return end - t.starts[i] > 1 && t.text.charCodeAt(end - 2) === 13;
}
/** Is line i of the text CRLF-terminated? undefined when it cannot tell (git's is_eol_crlf). */
function isEolCrlf(t, i) {
    if (i < t.n - 1)
        return endsInCrlf(t, i);
    if (t.n === 0)
        return undefined;
    if (t.text.charCodeAt(t.starts[i + 1] - 1) === 10)
        return endsInCrlf(t, i);
    if (i === 0)
        return undefined;
    return endsInCrlf(t, i - 1);
}
/** Markers (and newlines added after a side) use CRLF when the lines before the conflict and the base do. */
function needsCr(b, o, t, m) {
    let crlf = isEolCrlf(o, m.i1 ? m.i1 - 1 : 0);
    if (crlf !== false)
        crlf = isEolCrlf(t, m.i2 ? m.i2 - 1 : 0);
    if (crlf !== false)
        crlf = isEolCrlf(b, 0);
    return crlf === true;
}
function countNewlines(text) {
    let n = 0;
    for (let p = text.indexOf('\n'); p >= 0; p = text.indexOf('\n', p + 1))
        n++;
    return n;
}
function render(b, o, t, hunks) {
    const hasConflict = hunks.some((h) => h.take === 'conflict');
    const parts = [];
    const regions = [];
    // Lines of markedUp emitted so far; only worth counting when there will be regions to place.
    let outLine = 0;
    const emit = (s) => {
        if (s.length === 0)
            return;
        parts.push(s);
        if (hasConflict)
            outLine += countNewlines(s);
    };
    let i = 0;
    for (const m of hunks) {
        if (m.take === 'conflict') {
            emit((0, internLines_1.sliceLines)(o, i, m.i1 - i));
            const eol = needsCr(b, o, t, m) ? '\r\n' : '\n';
            const side = (text) => (text.length === 0 || text.endsWith('\n') ? text : text + eol);
            const region = {
                ours: (0, internLines_1.sliceLines)(o, m.i1, m.chg1),
                base: (0, internLines_1.sliceLines)(b, m.i0, m.chg0),
                theirs: (0, internLines_1.sliceLines)(t, m.i2, m.chg2),
                oursLine: m.i1,
                oursLineCount: m.chg1,
                baseLine: m.i0,
                baseLineCount: m.chg0,
                theirsLine: m.i2,
                theirsLineCount: m.chg2,
                markedUpLine: outLine,
            };
            regions.push(region);
            emit(`<<<<<<< ${exports.OURS_LABEL}${eol}`);
            emit(side(region.ours));
            emit(`||||||| ${exports.BASE_LABEL}${eol}`);
            emit(side(region.base));
            emit(`=======${eol}`);
            emit(side(region.theirs));
            emit(`>>>>>>> ${exports.THEIRS_LABEL}${eol}`);
        }
        else if (m.take === 'ours') {
            emit((0, internLines_1.sliceLines)(o, i, m.i1 + m.chg1 - i));
        }
        else {
            emit((0, internLines_1.sliceLines)(o, i, m.i1 - i));
            emit((0, internLines_1.sliceLines)(t, m.i2, m.chg2));
        }
        i = m.i1 + m.chg1;
    }
    emit((0, internLines_1.sliceLines)(o, i, o.n - i));
    const text = parts.join('');
    return hasConflict ? { kind: 'conflict', regions, markedUp: text } : { kind: 'clean', text };
}
//# sourceMappingURL=threeWayMerge.js.map