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
const contextReferences_1 = require("../../../src/notebook/contextReferences");
describe('prompt references', () => {
    it('finds @[path] file references in order', () => {
        const refs = (0, contextReferences_1.parseContextReferences)('See @[src/a.ts] and @[ docs/b c.md ], not @ [x] or @[unclosed');
        assert.deepStrictEqual(refs.map(r => (r.kind === 'file' ? r.path : r.kind)), ['src/a.ts', 'docs/b c.md']);
    });
    it('finds tool references with JSON arguments, brackets inside strings included', () => {
        const [a, b, c] = (0, contextReferences_1.parseContextReferences)('@[tool:overlay_listChanges] @[tool:overlay_readFile {"path": "a[1].ts", "x": [1, "]"]}] @[tool:bad {nope}]');
        assert.deepStrictEqual(a, { kind: 'tool', name: 'overlay_listChanges', args: {}, raw: '@[tool:overlay_listChanges]' });
        assert.deepStrictEqual(b.kind === 'tool' && b.args, { path: 'a[1].ts', x: [1, ']'] });
        assert.strictEqual(c.kind, 'invalid');
    });
    it('keys tools by name and arguments, whatever the key order', () => {
        assert.strictEqual((0, contextReferences_1.toolKey)('t', { b: 1, a: { d: 2, c: 3 } }), (0, contextReferences_1.toolKey)('t', { a: { c: 3, d: 2 }, b: 1 }));
        assert.strictEqual((0, contextReferences_1.canonicalJson)({ b: 1, a: 2 }), '{"a":2,"b":1}');
    });
    it('ignores references inside fenced code blocks', () => {
        assert.deepStrictEqual((0, contextReferences_1.parseContextReferences)('```\n@[in/code.ts]\n```\n@[out.ts]').map(r => r.raw), ['@[out.ts]']);
    });
    it('splits a prompt at its Markdown images', () => {
        const segs = (0, contextReferences_1.splitPromptImages)('A ![one](img/a.png) B ![two](<my pic.png> "title")\n```\n![code](x.png)\n```');
        assert.deepStrictEqual(segs.map(s => (s.kind === 'text' ? s.text : `[${s.alt}|${s.source}]`)), ['A ', '[one|img/a.png]', ' B ', '[two|my pic.png]', '\n```\n![code](x.png)\n```']);
    });
});
//# sourceMappingURL=contextReferences.test.js.map