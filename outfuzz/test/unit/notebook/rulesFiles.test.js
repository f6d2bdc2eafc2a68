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
const rulesFiles_1 = require("../../../src/notebook/rulesFiles");
/** A directory tree as nested objects: a string is a file. Listing anything else fails like a missing folder. */
function treeLister(tree) {
    return dir => {
        let node = tree;
        for (const part of dir.split('/').filter(Boolean))
            node = node?.[part];
        if (typeof node !== 'object' || node === null)
            throw Object.assign(new Error(`${dir} is not a directory`), { code: 'FileNotFound' });
        return Object.entries(node).map(([name, v]) => [name, typeof v === 'string' ? 'file' : 'directory']);
    };
}
const tree = {
    ws: {
        '.agent': { rules: { 'b.md': '', 'a.md': '', 'notes.txt': '', sub: { 'c.md': '' } } },
        docs: { rules: { 'd.md': '' }, deep: { rules: { 'e.md': '' } } },
    },
};
describe('rules files', () => {
    it('lists the default location, sorted, files only', () => {
        assert.deepStrictEqual((0, rulesFiles_1.listRuleFiles)('/ws', '.agent/rules/*.md', treeLister(tree)), ['/ws/.agent/rules/a.md', '/ws/.agent/rules/b.md']);
    });
    it('supports ** across folders and ? in names', () => {
        assert.deepStrictEqual((0, rulesFiles_1.listRuleFiles)('/ws', '**/rules/?.md', treeLister(tree)), ['/ws/.agent/rules/a.md', '/ws/.agent/rules/b.md', '/ws/docs/deep/rules/e.md', '/ws/docs/rules/d.md']);
    });
    it('finds nothing (no error) when the folder does not exist', () => {
        assert.deepStrictEqual((0, rulesFiles_1.listRuleFiles)('/ws', 'nowhere/*.md', treeLister(tree)), []);
    });
    it('refuses globs that leave the workspace folder', () => {
        for (const glob of ['/etc/*.md', '../rules/*.md', '', 'C:/x/*.md']) {
            assert.throws(() => (0, rulesFiles_1.listRuleFiles)('/ws', glob, treeLister(tree)), rulesFiles_1.RulesGlobError, glob);
        }
    });
});
//# sourceMappingURL=rulesFiles.test.js.map