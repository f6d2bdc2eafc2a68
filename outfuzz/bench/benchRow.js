"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.median = median;
exports.formatRatio = formatRatio;
exports.formatMs = formatMs;
/** Median of the samples, in the samples' unit. */
function median(samples) {
    const s = [...samples].sort((a, b) => a - b);
    const mid = s.length >> 1;
    return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
/** A ratio written the way the table shows it. */
function formatRatio(measured, reference) {
    return `${(measured / reference).toFixed(2)}x`;
}
function formatMs(ms) {
    return ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
}
//# sourceMappingURL=benchRow.js.map