"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.hasConflictMarkers = hasConflictMarkers;
/**
 * True when text still holds a conflict region: a line that opens one (`<<<<<<<`) or closes one (`>>>>>>>`), as
 * the three-way merge writes them and git does. Such a Result is never taken as a resolution: it would stage, and
 * later apply, the markers themselves.
 */
function hasConflictMarkers(text) {
    return /^(<{7}|>{7})(?:[ \t]|\r?$)/m.test(text);
}
//# sourceMappingURL=conflictMarkers.js.map