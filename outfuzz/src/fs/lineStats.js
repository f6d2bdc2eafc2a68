"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.lineStats = lineStats;
const diffLines_1 = require("./merge/diffLines");
const internLines_1 = require("./merge/internLines");
/** Lines added and removed between two texts, by the same line diff the merge uses. */
function lineStats(before, after) {
    const [a, b] = (0, internLines_1.internLines)([before, after]);
    let added = 0;
    let removed = 0;
    for (const h of (0, diffLines_1.diffLines)(a, b)) {
        removed += h.chg1;
        added += h.chg2;
    }
    return { added, removed };
}
//# sourceMappingURL=lineStats.js.map