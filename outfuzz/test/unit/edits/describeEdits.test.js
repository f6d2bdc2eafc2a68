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
const enclosingSymbol_1 = require("../../../src/edits/enclosingSymbol");
const formatRecentEdits_1 = require("../../../src/edits/formatRecentEdits");
const outline = [
    { name: 'login', kind: 'function', startLine: 10, endLine: 30 },
    {
        name: 'UserService', kind: 'class', startLine: 40, endLine: 80, children: [
            { name: 'save', kind: 'method', startLine: 45, endLine: 60 },
            { name: 'constructor', kind: 'constructor', startLine: 41, endLine: 43 },
        ],
    },
];
const edit = (over) => ({
    uri: 'file:///ws/src/login.ts', timestamp: Date.UTC(2025, 0, 15, 10, 30, 42), editType: 'insert', origin: 'user',
    range: { start: { line: 11, character: 0 }, end: { line: 11, character: 0 } }, oldText: '', newText: 'a\nb\nc\nd\ne\nf\ng\n', ...over,
});
describe('edit descriptions in words (symbols, quoted short texts)', () => {
    it('names the innermost symbol containing a line, as code', () => {
        assert.strictEqual((0, enclosingSymbol_1.enclosingSymbolName)(outline, 11), 'login()');
        assert.strictEqual((0, enclosingSymbol_1.enclosingSymbolName)(outline, 50), 'UserService.save()');
        assert.strictEqual((0, enclosingSymbol_1.enclosingSymbolName)(outline, 70), 'UserService');
        assert.strictEqual((0, enclosingSymbol_1.enclosingSymbolName)(outline, 35), undefined);
    });
    it('says "Added 7 lines in `login()`" when the symbol is known, and only the line without it', () => {
        const e = edit({});
        const withSymbol = (0, formatRecentEdits_1.formatRecentEdits)([e], { fileLabel: () => 'src/login.ts', symbolOf: x => (0, enclosingSymbol_1.enclosingSymbolName)(outline, x.range.start.line) });
        assert.match(withSymbol, /\] insert: Added 7 lines in `login\(\)` at src\/login\.ts:12\n/);
        assert.match((0, formatRecentEdits_1.formatRecentEdits)([e], { fileLabel: () => 'src/login.ts' }), /\] insert: Added 7 lines at src\/login\.ts:12\n/);
    });
    it('quotes short single-line replacements and says where a removal was taken from', () => {
        const symbolOf = (x) => (0, enclosingSymbol_1.enclosingSymbolName)(outline, x.range.start.line);
        const rename = edit({ editType: 'replace', oldText: 'total', newText: 'grandTotal', range: { start: { line: 50, character: 4 }, end: { line: 50, character: 9 } } });
        assert.match((0, formatRecentEdits_1.formatRecentEdits)([rename], { fileLabel: () => 'a.ts', symbolOf }), /replace: Replaced `total` with `grandTotal` in `UserService\.save\(\)` at a\.ts:51/);
        const removed = edit({ editType: 'delete', oldText: 'x\ny\n', newText: '', range: { start: { line: 12, character: 0 }, end: { line: 14, character: 0 } } });
        assert.match((0, formatRecentEdits_1.formatRecentEdits)([removed], { fileLabel: () => 'a.ts', symbolOf }), /delete: Removed 2 lines from `login\(\)` at a\.ts:13/);
        const long = edit({ editType: 'replace', oldText: 'x'.repeat(41), newText: 'y' });
        assert.match((0, formatRecentEdits_1.formatRecentEdits)([long], { fileLabel: () => 'a.ts' }), /Replaced 41 characters with 1 character at a\.ts:12/);
        const ticks = edit({ editType: 'replace', oldText: 'a`b', newText: 'c' });
        assert.match((0, formatRecentEdits_1.formatRecentEdits)([ticks], { fileLabel: () => 'a.ts' }), /Replaced `` a`b `` with `c`/);
    });
});
//# sourceMappingURL=describeEdits.test.js.map