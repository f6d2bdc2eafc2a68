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
const files = (prompt) => (0, contextReferences_1.parseContextReferences)(prompt).map(r => (r.kind === 'file' ? `${r.path}${r.bare ? ' (bare)' : ''}` : r.kind));
describe('bare @path references', () => {
    it('reads the seed\'s own example: @rules/api-rules.md in a Chinese sentence', () => {
        assert.deepStrictEqual(files('#define API_VERSION v2\n#define TIMEOUT 30\n\n请帮我检查 @rules/api-rules.md 中的配置是否正确。'), ['rules/api-rules.md (bare)']);
    });
    it('ends a bare path at whitespace, quotes, brackets, CJK punctuation and sentence punctuation', () => {
        assert.deepStrictEqual(files('See @src/app.ts. Also (@docs/a.md), "@b/c.txt" and 检查 @d/e.md，谢谢'), ['src/app.ts (bare)', 'docs/a.md (bare)', 'd/e.md (bare)']);
    });
    it('keeps @[path] for paths with spaces, alongside bare ones, in prompt order', () => {
        assert.deepStrictEqual(files('@README.md then @[docs/my notes.md] then @src/x.ts'), ['README.md (bare)', 'docs/my notes.md', 'src/x.ts (bare)']);
    });
    it('ignores words that are not paths: mentions, e-mail addresses, URLs, code', () => {
        assert.deepStrictEqual(files('ask @alice, mail bob@example.com, see @https://x.org/a.md and `@src/code.ts`\n```\n@src/fenced.ts\n```'), []);
    });
    it('decides what looks like a path', () => {
        for (const yes of ['a/b', 'rules/api-rules.md', 'README.md', './x', '../up/y.ts', 'C:\\dir\\f.txt', 'types/node'])
            assert.ok((0, contextReferences_1.looksLikePath)(yes), yes);
        for (const no of ['alice', 'v2', '...', 'x.', 'https://a.b/c.md', '/'])
            assert.ok(!(0, contextReferences_1.looksLikePath)(no), no);
    });
});
//# sourceMappingURL=bareReferences.test.js.map