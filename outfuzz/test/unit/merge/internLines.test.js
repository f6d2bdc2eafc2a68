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
const internLines_1 = require("../../../src/fs/merge/internLines");
describe('internLines', () => {
    it('cuts lines after each \\n, keeping \\r and an unterminated last line', () => {
        const [t] = (0, internLines_1.internLines)(['a\r\nb\rc\nlast']);
        assert.strictEqual(t.n, 3);
        assert.deepStrictEqual([0, 1, 2].map((k) => (0, internLines_1.sliceLines)(t, k, 1)), ['a\r\n', 'b\rc\n', 'last']);
    });
    it('gives equal lines the same id across texts, and different lines different ids', () => {
        const [a, b] = (0, internLines_1.internLines)(['x\ny\nx\nz', 'y\nx\nz\nz\n']);
        assert.deepStrictEqual(Array.from(a.ids), [0, 1, 0, 2]);
        // 'z' without and with its newline are different lines.
        assert.deepStrictEqual(Array.from(b.ids), [1, 0, 3, 3]);
        assert.strictEqual(a.counts[0], 2);
        assert.strictEqual(b.counts[3], 2);
    });
    it('handles empty texts', () => {
        const [a, b] = (0, internLines_1.internLines)(['', 'x']);
        assert.strictEqual(a.n, 0);
        assert.strictEqual((0, internLines_1.sliceLines)(a, 0, 0), '');
        assert.strictEqual(b.n, 1);
    });
    it('finds the same ids whether a derived text follows the base closely or not', () => {
        const base = Array.from({ length: 500 }, (_, i) => `l${i % 37}\n`).join('');
        const edited = base.replace('l5\nl6\n', 'new\n').replace(/l30\n/g, 'l30\r\n') + 'tail';
        const [b, e] = (0, internLines_1.internLines)([base, edited]);
        const lines = edited.match(/[^\n]*\n|[^\n]+$/g) ?? [];
        assert.strictEqual(e.n, lines.length);
        for (let k = 0; k < e.n; k++) {
            assert.strictEqual((0, internLines_1.sliceLines)(e, k, 1), lines[k]);
            const at = base.split(/(?<=\n)/).indexOf(lines[k]);
            if (at >= 0)
                assert.strictEqual(e.ids[k], b.ids[at], `line ${k}`);
        }
    });
});
//# sourceMappingURL=internLines.test.js.map