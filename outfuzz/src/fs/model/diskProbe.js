"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.diskProbeOf = diskProbeOf;
/** A probe that can only read. */
function diskProbeOf(read) {
    return { read };
}
//# sourceMappingURL=diskProbe.js.map