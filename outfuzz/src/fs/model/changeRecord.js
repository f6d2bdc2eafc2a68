"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.newChangeRecord = newChangeRecord;
const uuid_1 = require("uuid");
/** Builds a record with a fresh uuid v4. */
function newChangeRecord(fields, meta, now, newId = uuid_1.v4) {
    return {
        id: newId(),
        operation: fields.operation,
        path: fields.path,
        ...(fields.fromPath !== undefined ? { fromPath: fields.fromPath } : {}),
        before: fields.before,
        after: fields.after,
        sessionId: meta.sessionId,
        messageId: meta.messageId,
        turn: meta.turn,
        timestamp: meta.timestamp ?? now(),
        description: meta.description,
    };
}
//# sourceMappingURL=changeRecord.js.map