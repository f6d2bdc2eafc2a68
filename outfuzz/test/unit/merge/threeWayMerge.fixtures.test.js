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
const threeWayMerge_1 = require("../../../src/fs/merge/threeWayMerge");
const mergeFixtures_1 = require("./mergeFixtures");
describe('threeWayMerge fixtures (expected = git merge-file -p --diff3 -L agent -L base -L disk)', () => {
    const fixtures = (0, mergeFixtures_1.readMergeFixtures)();
    it('finds the fixture folders', () => {
        assert.ok(fixtures.length >= 20, `only ${fixtures.length} fixtures found`);
    });
    for (const f of fixtures) {
        it(f.name, () => {
            const result = (0, threeWayMerge_1.threeWayMerge)(f.base, f.ours, f.theirs);
            if (f.conflicts === 0) {
                assert.strictEqual(result.kind, 'clean', `expected a clean merge, got ${result.kind}`);
                assert.strictEqual(result.kind === 'clean' ? result.text : '', f.expected);
            }
            else {
                assert.strictEqual(result.kind, 'conflict', 'expected a conflict');
                if (result.kind !== 'conflict')
                    return;
                assert.strictEqual(result.regions.length, f.conflicts);
                assert.strictEqual(result.markedUp, f.expected);
            }
        });
    }
});
//# sourceMappingURL=threeWayMerge.fixtures.test.js.map