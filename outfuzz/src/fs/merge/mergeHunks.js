"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.mergeHunks = mergeHunks;
/**
 * Walks the two hunk lists (base→ours, base→theirs) the way git's xdl_do_merge does at the level
 * `git merge-file --diff3` uses (identical changes are not conflicts; no further refinement, because the
 * diff3 style shows the base and a refined conflict would no longer match it). Changes that overlap or
 * touch merge into one conflict; a change made identically on both sides is left out, so the result takes
 * it from ours like any unchanged stretch.
 *
 * `sameLines(i1, i2, n)` tells whether n lines of ours from i1 equal n lines of theirs from i2.
 */
function mergeHunks(xs1, xs2, oursDelta, theirsDelta, sameLines) {
    const out = [];
    const append = (take, i0, chg0, i1, chg1, i2, chg2) => {
        const m = out.length > 0 ? out[out.length - 1] : undefined;
        // Touching or overlapping the previous hunk in either side's postimage: they become one hunk.
        if (m && (i1 <= m.i1 + m.chg1 || i2 <= m.i2 + m.chg2)) {
            if (take !== m.take)
                m.take = 'conflict';
            m.chg0 = i0 + chg0 - m.i0;
            m.chg1 = i1 + chg1 - m.i1;
            m.chg2 = i2 + chg2 - m.i2;
        }
        else {
            out.push({ take, i0, chg0, i1, chg1, i2, chg2 });
        }
    };
    let p1 = 0;
    let p2 = 0;
    while (p1 < xs1.length && p2 < xs2.length) {
        const x1 = xs1[p1];
        const x2 = xs2[p2];
        if (x1.i1 + x1.chg1 < x2.i1) {
            append('ours', x1.i1, x1.chg1, x1.i2, x1.chg2, x2.i2 - x2.i1 + x1.i1, x1.chg1);
            p1++;
            continue;
        }
        if (x2.i1 + x2.chg1 < x1.i1) {
            append('theirs', x2.i1, x2.chg1, x1.i2 - x1.i1 + x2.i1, x2.chg1, x2.i2, x2.chg2);
            p2++;
            continue;
        }
        const identical = x1.i1 === x2.i1 && x1.chg1 === x2.chg1 && x1.chg2 === x2.chg2 && sameLines(x1.i2, x2.i2, x1.chg2);
        if (!identical) {
            const off = x1.i1 - x2.i1;
            const ffo = off + x1.chg1 - x2.chg1;
            let i0 = x1.i1;
            let i1 = x1.i2;
            let i2 = x2.i2;
            if (off > 0) {
                i0 -= off;
                i1 -= off;
            }
            else {
                i2 += off;
            }
            let chg0 = x1.i1 + x1.chg1 - i0;
            let chg1 = x1.i2 + x1.chg2 - i1;
            let chg2 = x2.i2 + x2.chg2 - i2;
            if (ffo < 0) {
                chg0 -= ffo;
                chg1 -= ffo;
            }
            else {
                chg2 += ffo;
            }
            append('conflict', i0, chg0, i1, chg1, i2, chg2);
        }
        const end1 = x1.i1 + x1.chg1;
        const end2 = x2.i1 + x2.chg1;
        if (end1 >= end2)
            p2++;
        if (end2 >= end1)
            p1++;
    }
    for (; p1 < xs1.length; p1++) {
        const x1 = xs1[p1];
        append('ours', x1.i1, x1.chg1, x1.i2, x1.chg2, x1.i1 + theirsDelta, x1.chg1);
    }
    for (; p2 < xs2.length; p2++) {
        const x2 = xs2[p2];
        append('theirs', x2.i1, x2.chg1, x2.i1 + oursDelta, x2.chg1, x2.i2, x2.chg2);
    }
    return out;
}
//# sourceMappingURL=mergeHunks.js.map