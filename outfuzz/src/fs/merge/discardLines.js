"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.discardLines = discardLines;
const diffSide_1 = require("./diffSide");
/*
 * xdiff's pre-pass (xprepare.c): lines of one text that the other text lacks are marked changed at once and
 * hidden from the Myers core, and so are "multimatch" lines (present in the other text at least ~√n times,
 * like blank lines and lone braces) when they sit among such unmatched lines. It makes the diff faster, but
 * it also changes which alignment the core picks, so it is part of matching git, not an optional speed-up.
 */
const MAX_EQ_LIMIT = 1024;
const SIMSCAN_WINDOW = 100;
const KPDIS_RUN = 4;
/**
 * Whether a multimatch line (dis = 2) at i should be discarded: only when the runs around it are mostly lines
 * that have no match at all.
 */
function cleanMultimatch(dis, i, s, e) {
    if (i - s > SIMSCAN_WINDOW)
        s = i - SIMSCAN_WINDOW;
    if (e - i > SIMSCAN_WINDOW)
        e = i + SIMSCAN_WINDOW;
    let rdis0 = 0;
    let rpdis0 = 1;
    for (let r = 1; i - r >= s; r++) {
        const v = dis[i - r];
        if (v === 0)
            rdis0++;
        else if (v === 2)
            rpdis0++;
        else
            break;
    }
    if (rdis0 === 0)
        return false;
    let rdis1 = 0;
    let rpdis1 = 1;
    for (let r = 1; i + r <= e; r++) {
        const v = dis[i + r];
        if (v === 0)
            rdis1++;
        else if (v === 2)
            rpdis1++;
        else
            break;
    }
    if (rdis1 === 0)
        return false;
    rdis1 += rdis0;
    rpdis1 += rpdis0;
    return rpdis1 * KPDIS_RUN < rpdis1 + rdis1;
}
/** 0 = no match in the other text, 1 = some, 2 = so many (≥ mlim) that the line is a "multimatch". */
function classifyLines(ids, otherCounts, dstart, len, mlim) {
    const dis = new Uint8Array(len);
    for (let i = 0; i < len; i++) {
        const nm = otherCounts[ids[dstart + i]];
        dis[i] = nm === 0 ? 0 : nm >= mlim ? 2 : 1;
    }
    return dis;
}
/** Fills rindex/ha with the lines the core sees and marks the others changed; returns how many it kept. */
function keepLines(dis, ids, changed, dstart, rindex, ha) {
    const len = dis.length;
    let nreff = 0;
    for (let i = 0; i < len; i++) {
        if (dis[i] === 1 || (dis[i] === 2 && !cleanMultimatch(dis, i, 0, len - 1))) {
            rindex[nreff] = dstart + i;
            ha[nreff] = ids[dstart + i];
            nreff++;
        }
        else {
            changed[dstart + i + 1] = 1;
        }
    }
    return nreff;
}
/** Marks unmatched (and some multimatch) lines of `side` in [dstart, dend] as changed; the rest go to the core. */
function discardLines(side, otherCounts, dstart, dend) {
    const len = Math.max(0, dend - dstart + 1);
    const dis = classifyLines(side.ids, otherCounts, dstart, len, Math.min((0, diffSide_1.bogoSqrt)(side.n), MAX_EQ_LIMIT));
    side.rindex = new Int32Array(len);
    side.ha = new Int32Array(len);
    side.nreff = keepLines(dis, side.ids, side.changed, dstart, side.rindex, side.ha);
}
//# sourceMappingURL=discardLines.js.map