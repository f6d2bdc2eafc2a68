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
const macros_1 = require("../../../src/notebook/macros");
describe('notebook macros', () => {
    describe('extractMacroDefinitions', () => {
        it('reads #define NAME value lines, value = rest of the line', () => {
            const m = (0, macros_1.extractMacroDefinitions)('#define API_ENDPOINT https://api.example.com\n  #define MAX_RETRIES 5\ntext #define NOT_AT_START 1\n#define EMPTY\n');
            assert.deepStrictEqual([...m], [['API_ENDPOINT', 'https://api.example.com'], ['MAX_RETRIES', '5'], ['EMPTY', '']]);
        });
        it('lets a later definition of the same name win', () => {
            assert.strictEqual((0, macros_1.extractMacroDefinitions)('#define A 1\n#define A two words\n').get('A'), 'two words');
        });
        it('ignores definitions inside fenced code blocks and invalid names', () => {
            const m = (0, macros_1.extractMacroDefinitions)('```c\n#define IN_CODE 1\n```\n#define 9BAD x\n~~~\n#define ALSO_CODE 2\n~~~\n#define OK yes\r\n');
            assert.deepStrictEqual([...m], [['OK', 'yes']]);
        });
    });
    describe('MacroContext', () => {
        it('substitutes {{NAME}} (spaces allowed) and leaves unknown names as written', () => {
            const ctx = new macros_1.MacroContext();
            ctx.define('V', 'v2');
            assert.strictEqual(ctx.substitute('use {{V}} and {{ V }}, not {{W}} or {V}'), 'use v2 and v2, not {{W}} or {V}');
        });
        it('substitutes in one pass: a value is not expanded again', () => {
            const ctx = new macros_1.MacroContext();
            ctx.define('A', '{{B}}');
            ctx.define('B', 'b');
            assert.strictEqual(ctx.substitute('{{A}}'), '{{B}}');
        });
        it('loads persisted macros with setMacros, then define overrides', () => {
            const ctx = new macros_1.MacroContext();
            ctx.setMacros({ API_VERSION: 'v1', TIMEOUT: '10' });
            ctx.define('API_VERSION', 'v2');
            assert.deepStrictEqual(ctx.getMacrosObject(), { API_VERSION: 'v2', TIMEOUT: '10' });
        });
        it('setMacros replaces everything and skips entries that are not NAME → text', () => {
            const ctx = new macros_1.MacroContext();
            ctx.define('OLD', 'x');
            const skipped = ctx.setMacros({ GOOD: 'g', 'bad name': 'x', NUM: 5 });
            assert.deepStrictEqual(ctx.getMacrosObject(), { GOOD: 'g' });
            assert.deepStrictEqual(skipped, ['bad name', 'NUM']);
            assert.deepStrictEqual(new macros_1.MacroContext().setMacros(['a']), ['macroContext (not an object)']);
            assert.deepStrictEqual(new macros_1.MacroContext().setMacros(undefined), []);
        });
        it('refuses an invalid name in define', () => {
            assert.throws(() => new macros_1.MacroContext().define('1X', 'v'), /not a valid macro name/);
        });
    });
});
describe('notebook macros: #undef and substitution everywhere', () => {
    it('reads #define and #undef in order; #undef forgets a macro', () => {
        const m = new macros_1.MacroContext();
        m.apply((0, macros_1.extractMacroDirectives)('#define A 1\n#define B 2\n#undef A\n```\n#undef B\n```'));
        assert.deepStrictEqual(m.getMacrosObject(), { B: '2' });
        assert.deepStrictEqual((0, macros_1.extractMacroDefinitions)('#define A 1\n#undef A'), new Map());
    });
    it('substitutes inside every string of tool arguments, keys untouched', () => {
        const m = new macros_1.MacroContext();
        m.define('DIR', 'src');
        assert.deepStrictEqual(m.substituteDeep({ path: '{{DIR}}/a.ts', '{{DIR}}': ['{{DIR}}', 3, { deep: '{{ DIR }}' }] }), { path: 'src/a.ts', '{{DIR}}': ['src', 3, { deep: 'src' }] });
    });
});
//# sourceMappingURL=macros.test.js.map