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
const requestRemovalDetector_1 = require("../../../src/chat/requestRemovalDetector");
describe('findRemovedRequests', () => {
    it('lists ids that disappeared, in their old order', () => {
        assert.deepStrictEqual((0, requestRemovalDetector_1.findRemovedRequests)(['a', 'b', 'c', 'd'], ['a', 'b2', 'e']), ['b', 'c', 'd']);
    });
    it('finds nothing when requests were only added', () => {
        assert.deepStrictEqual((0, requestRemovalDetector_1.findRemovedRequests)(['a'], ['a', 'b']), []);
    });
    it('reports a duplicated id once', () => {
        assert.deepStrictEqual((0, requestRemovalDetector_1.findRemovedRequests)(['a', 'a'], []), ['a']);
    });
});
describe('RequestRemovalDetector', () => {
    it('compares each update of a session with the previous one', () => {
        const detector = new requestRemovalDetector_1.RequestRemovalDetector();
        assert.deepStrictEqual(detector.update('s1', ['r1', 'r2', 'r3']), []);
        assert.deepStrictEqual(detector.update('s2', ['x1']), []);
        assert.deepStrictEqual(detector.update('s1', ['r1', 'r2b']), ['r2', 'r3']);
        assert.deepStrictEqual(detector.update('s1', ['r1', 'r2b', 'r4']), []);
        assert.deepStrictEqual(detector.knownRequests('s1'), ['r1', 'r2b', 'r4']);
    });
    it('reports every request of a deleted session', () => {
        const detector = new requestRemovalDetector_1.RequestRemovalDetector();
        detector.update('s1', ['r1', 'r2']);
        assert.deepStrictEqual(detector.removeSession('s1'), ['r1', 'r2']);
        assert.deepStrictEqual(detector.removeSession('s1'), []);
        assert.strictEqual(detector.knownRequests('s1'), undefined);
    });
});
//# sourceMappingURL=requestRemovalDetector.test.js.map