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
const alignedMerge_1 = require("../../../src/fs/merge/alignedMerge");
const threeWayMerge_1 = require("../../../src/fs/merge/threeWayMerge");
const mergeCases_1 = require("./mergeCases");
/** Seeded generator of in-place line replacements, with a small alphabet so neighbours often repeat. */
function replacements(seed) {
    const rand = (0, mergeCases_1.prng)(seed);
    const alphabet = 2 + Math.floor(rand() * 30);
    const n = 1 + Math.floor(rand() * 30);
    const line = () => `l${Math.floor(rand() * alphabet)}\n`;
    const base = Array.from({ length: n }, line);
    const edit = () => {
        const x = [...base];
        for (let k = Math.floor(rand() * 2); k >= 0; k--)
            x[Math.floor(rand() * n)] = rand() < 0.5 ? line() : `new${Math.floor(rand() * 4)}\n`;
        return x.join('');
    };
    const noFinal = (s) => (rand() < 0.2 ? s.slice(0, -1) : s);
    return { base: noFinal(base.join('')), ours: edit(), theirs: edit() };
}
describe('alignedMerge (the fast path of threeWayMerge)', () => {
    it('agrees with git merge-file on every case it takes, over 3,000 in-place replacement cases', () => {
        let taken = 0;
        for (let seed = 0; seed < 3000; seed++) {
            const c = replacements(seed);
            const fast = (0, alignedMerge_1.alignedMerge)(c.base, c.ours, c.theirs);
            if (fast === undefined)
                continue;
            taken++;
            const git = (0, mergeCases_1.gitMergeFile)(c);
            assert.strictEqual(git.conflicts, 0, `seed ${seed}: git sees a conflict where the fast path merged ${JSON.stringify(c)}`);
            assert.strictEqual(fast, git.text, `seed ${seed}: ${JSON.stringify(c)}`);
        }
        // The generator must reach the fast path often, or this proves little.
        assert.ok(taken > 500, `only ${taken} cases took the fast path`);
    });
    it('declines what it cannot decide alone: different line counts, neighbouring or overlapping changes', () => {
        assert.strictEqual((0, alignedMerge_1.alignedMerge)('a\nb\nc\n', 'a\nB\nc\n', 'a\nb\nc\nd\n'), undefined);
        assert.strictEqual((0, alignedMerge_1.alignedMerge)('a\nb\nc\nd\n', 'a\nB\nc\nd\n', 'a\nb\nC\nd\n'), undefined);
        assert.strictEqual((0, alignedMerge_1.alignedMerge)('a\nb\nc\n', 'a\nB\nc\n', 'a\nX\nc\n'), undefined);
        assert.strictEqual((0, alignedMerge_1.alignedMerge)('a\nb\na\n', 'a\na\na\n', 'a\nb\na\n'), undefined, 'the replacement equals a neighbour');
        assert.strictEqual((0, threeWayMerge_1.threeWayMerge)('a\nb\nc\nd\n', 'a\nB\nc\nd\n', 'a\nb\nc\nD\n').kind, 'clean');
    });
});
//# sourceMappingURL=alignedMerge.test.js.map