"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.silentHistoryLog = void 0;
/** A log that drops everything (for callers that do not care). */
exports.silentHistoryLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
//# sourceMappingURL=historyLog.js.map