"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.newDiffSide = newDiffSide;
exports.bogoSqrt = bogoSqrt;
function newDiffSide(text) {
    const n = text.ids.length;
    return { n, ids: text.ids, changed: new Uint8Array(n + 2), rindex: new Int32Array(0), ha: new Int32Array(0), nreff: 0 };
}
/** xdiff's cheap square root (a power of two ≥ √n), used for its thresholds. */
function bogoSqrt(n) {
    let i = 1;
    for (; n > 0; n = Math.floor(n / 4))
        i *= 2;
    return i;
}
//# sourceMappingURL=diffSide.js.map