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
const stagedUri_1 = require("../../src/fs/stagedUri");
const file = (path, authority = '') => ({ scheme: 'file', authority, path, query: '', fragment: '' });
describe('stagedUri', () => {
    const paths = ['/ws/a.txt', '/ws two/ünï cödé.md', '/ws/hash#name?.ts', '/other root/deep/dir/x', '/'];
    for (const p of paths) {
        it(`round-trips ${JSON.stringify(p)}`, () => {
            const staged = (0, stagedUri_1.toStagedParts)(file(p));
            assert.strictEqual(staged.scheme, 'agent-staged');
            assert.strictEqual(staged.path, p);
            assert.deepStrictEqual((0, stagedUri_1.toFileParts)(staged), file(p));
        });
    }
    it('keeps a UNC authority', () => {
        assert.deepStrictEqual((0, stagedUri_1.toFileParts)((0, stagedUri_1.toStagedParts)(file('/share/x.txt', 'server'))), file('/share/x.txt', 'server'));
    });
    it('refuses a URI of another scheme', () => {
        assert.throws(() => (0, stagedUri_1.toStagedParts)({ ...file('/x'), scheme: 'untitled' }), stagedUri_1.SchemeMismatchError);
        assert.throws(() => (0, stagedUri_1.toFileParts)(file('/x')), stagedUri_1.SchemeMismatchError);
    });
});
//# sourceMappingURL=stagedUri.test.js.map