"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.diffLines = diffLines;
const discardLines_1 = require("./discardLines");
const diffSide_1 = require("./diffSide");
const myersCore_1 = require("./myersCore");
const slideHunks_1 = require("./slideHunks");
/*
 * A re-implementation of the line diff git's xdiff runs by default (Myers' O(ND) algorithm, linear space,
 * with its pre-pass and heuristics), because the merge must reproduce `git merge-file` exactly and the
 * conflict regions depend on which of several equally short alignments the diff picks. Every rule below
 * changes that choice somewhere, so none of them is an optional optimisation:
 * - common leading/trailing lines are trimmed first (here);
 * - lines with no match in the other text are marked changed up front and hidden from the core, and lines
 *   with very many matches are hidden too when they sit in a run of such lines (discardLines.ts);
 * - the core bisects at the middle snake, but past a cost budget takes a good-enough split point instead
 *   (myersCore.ts);
 * - afterwards every hunk is slid as far down as it goes, then back up to line up with a hunk of the other
 *   text if one can be reached (slideHunks.ts).
 */
/** Collects the changed-line marks of both texts into hunks. */
function buildScript(s1, s2) {
    const c1 = s1.changed;
    const c2 = s2.changed;
    const script = [];
    let i1 = 0;
    let i2 = 0;
    while (i1 < s1.n || i2 < s2.n) {
        if (c1[i1 + 1] || c2[i2 + 1]) {
            const start1 = i1;
            const start2 = i2;
            while (c1[i1 + 1])
                i1++;
            while (c2[i2 + 1])
                i2++;
            script.push({ i1: start1, chg1: i1 - start1, i2: start2, chg2: i2 - start2 });
        }
        else {
            i1++;
            i2++;
        }
    }
    return script;
}
/** The hunks turning `from` into `to`, exactly as git's default (Myers) diff chooses them. */
function diffLines(from, to) {
    const s1 = (0, diffSide_1.newDiffSide)(from);
    const s2 = (0, diffSide_1.newDiffSide)(to);
    const ids1 = s1.ids;
    const ids2 = s2.ids;
    let dstart = 0;
    const lim = Math.min(s1.n, s2.n);
    while (dstart < lim && ids1[dstart] === ids2[dstart])
        dstart++;
    let tail = 0;
    while (tail < lim - dstart && ids1[s1.n - 1 - tail] === ids2[s2.n - 1 - tail])
        tail++;
    if (dstart === s1.n && dstart === s2.n)
        return [];
    (0, discardLines_1.discardLines)(s1, to.counts, dstart, s1.n - tail - 1);
    (0, discardLines_1.discardLines)(s2, from.counts, dstart, s2.n - tail - 1);
    new myersCore_1.MyersCore(s1, s2).run();
    (0, slideHunks_1.slideHunks)(s1, s2);
    (0, slideHunks_1.slideHunks)(s2, s1);
    return buildScript(s1, s2);
}
//# sourceMappingURL=diffLines.js.map