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
const classifyEdit_1 = require("../../../src/edits/classifyEdit");
describe('classifyEdit', () => {
    const table = [
        ['', 'hello', 'insert'],
        ['0123456789', '', 'delete'],
        ['foo', 'bar', 'replace'],
        ['a  b', 'a b', 'format'],
        ['', '\n    ', 'format'],
        ['x;\r\n', 'x;\n', 'format'],
        ['\t', '', 'format'],
        ['foo()', 'foo ()', 'format'],
        ['foo', 'fo o!', 'replace'],
        ['a\u00a0b', 'a b', 'format'],
    ];
    for (const [oldText, newText, expected] of table) {
        it(`${JSON.stringify(oldText)} → ${JSON.stringify(newText)} is ${expected}`, () => assert.strictEqual((0, classifyEdit_1.classifyEdit)(oldText, newText), expected));
    }
    it('compares ignoring whitespace without being fooled by where the whitespace is', () => {
        assert.strictEqual((0, classifyEdit_1.equalIgnoringWhitespace)(' a b ', 'ab'), true);
        assert.strictEqual((0, classifyEdit_1.equalIgnoringWhitespace)('ab', 'abc'), false);
        assert.strictEqual((0, classifyEdit_1.equalIgnoringWhitespace)('   ', ''), true);
    });
});
describe('ignoreReason', () => {
    const rules = { ignoreSingleChar: true, ignoreWhitespace: true, minEditLength: 3 };
    it('follows the seed\'s rules', () => {
        assert.strictEqual((0, classifyEdit_1.ignoreReason)(0, 'a', 'insert', rules), 'singleChar');
        assert.strictEqual((0, classifyEdit_1.ignoreReason)(1, 'b', 'replace', rules), 'singleChar');
        assert.strictEqual((0, classifyEdit_1.ignoreReason)(2, 'ab', 'replace', rules), 'small');
        assert.strictEqual((0, classifyEdit_1.ignoreReason)(0, '    ', 'format', rules), 'whitespace');
        assert.strictEqual((0, classifyEdit_1.ignoreReason)(3, '', 'delete', rules), undefined);
        assert.strictEqual((0, classifyEdit_1.ignoreReason)(0, 'abc', 'insert', rules), undefined);
    });
    it('turns each rule off on its own', () => {
        assert.strictEqual((0, classifyEdit_1.ignoreReason)(0, 'a', 'insert', { ...rules, ignoreSingleChar: false }), undefined);
        assert.strictEqual((0, classifyEdit_1.ignoreReason)(0, 'ab', 'insert', { ...rules, minEditLength: 0 }), undefined);
        assert.strictEqual((0, classifyEdit_1.ignoreReason)(0, '    ', 'format', { ...rules, ignoreWhitespace: false }), undefined);
    });
});
//# sourceMappingURL=classifyEdit.test.js.map