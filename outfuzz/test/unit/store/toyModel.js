"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.replay = replay;
exports.toyOp = toyOp;
function replay(snapshot, ops) {
    const entries = { ...(snapshot?.entries ?? {}) };
    for (const op of ops) {
        switch (op.kind) {
            case 'set':
                entries[op.key] = op.value;
                break;
            case 'delete':
                delete entries[op.key];
                break;
        }
    }
    return { entries, applied: (snapshot?.applied ?? 0) + ops.length };
}
/** The i-th op of a reproducible stream: mostly sets, some deletes, over a small key space. */
function toyOp(i) {
    const key = `src/file${i % 37}.ts`;
    return i % 7 === 6 ? { kind: 'delete', key } : { kind: 'set', key, value: `v${i}` };
}
//# sourceMappingURL=toyModel.js.map