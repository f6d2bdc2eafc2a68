"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
const assert = __importStar(require("assert"));
const conflictMarkers_1 = require("../../../src/ui/conflictMarkers");
describe('hasConflictMarkers', () => {
    it('finds the markers the three-way merge writes, with LF or CRLF', () => {
        assert.ok((0, conflictMarkers_1.hasConflictMarkers)('a\n<<<<<<< agent\nx\n=======\ny\n>>>>>>> disk\n'));
        assert.ok((0, conflictMarkers_1.hasConflictMarkers)('a\r\n<<<<<<<\r\nx\r\n'));
        assert.ok((0, conflictMarkers_1.hasConflictMarkers)('>>>>>>> disk'));
    });
    it('leaves text that only looks similar alone', () => {
        assert.ok(!(0, conflictMarkers_1.hasConflictMarkers)('merged bee\n'));
        assert.ok(!(0, conflictMarkers_1.hasConflictMarkers)('x <<<<<<< agent\n'));
        assert.ok(!(0, conflictMarkers_1.hasConflictMarkers)('<<<<<<<<<< not a marker\n======= (a heading rule)\n'));
    });
});
//# sourceMappingURL=conflictMarkers.test.js.map