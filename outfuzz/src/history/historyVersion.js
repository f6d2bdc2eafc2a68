"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HistoryReadError = void 0;
exports.compareNewestFirst = compareNewestFirst;
class HistoryReadError extends Error {
    code;
    path;
    cause;
    constructor(code, message, path, cause) {
        super(message);
        this.code = code;
        this.path = path;
        this.cause = cause;
        this.name = 'HistoryReadError';
    }
}
exports.HistoryReadError = HistoryReadError;
/** Newest first: the order a Quick Pick and an agent want ("5 minutes ago" before "2 days ago"). */
function compareNewestFirst(a, b) {
    return b.timestamp - a.timestamp || (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0);
}
//# sourceMappingURL=historyVersion.js.map