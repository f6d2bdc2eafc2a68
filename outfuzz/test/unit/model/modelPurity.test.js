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
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const contentStore_1 = require("../../../src/fs/model/contentStore");
const textContent_1 = require("../../../src/fs/model/textContent");
describe('model basics', () => {
    it('no model module loads vscode (plain mocha must be able to test them)', () => {
        // Checks the compiled modules next to this test's compiled source tree.
        const dir = path.resolve(__dirname, '../../../src/fs/model');
        const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
        assert.ok(files.length > 10);
        for (const f of files)
            assert.doesNotMatch(fs.readFileSync(path.join(dir, f), 'utf8'), /require\("vscode"\)/, f);
    });
    it('content refs are sha-256 hex; the memory store copies bytes in and out', () => {
        const store = new contentStore_1.MemoryContentStore();
        const bytes = Uint8Array.from([1, 2, 3]);
        const ref = store.put(bytes);
        assert.strictEqual(ref, '039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81');
        assert.strictEqual((0, contentStore_1.contentRefOf)(bytes), ref);
        assert.ok((0, contentStore_1.isContentRef)(ref));
        bytes[0] = 9;
        const out = store.get(ref);
        assert.deepStrictEqual(Array.from(out), [1, 2, 3]);
        out[0] = 9;
        assert.deepStrictEqual(Array.from(store.get(ref)), [1, 2, 3]);
        assert.throws(() => store.get('0'.repeat(64)), (e) => e.code === 'ContentMissing');
    });
    it('text decoding is strict and round-trips byte for byte', () => {
        for (const t of ['', 'a', 'no newline', 'crlf\r\nlines\r\n', '\uFEFFbom kept', 'ünï cödé 🎉\n']) {
            assert.strictEqual((0, textContent_1.decodeText)((0, textContent_1.encodeText)(t)), t);
            assert.deepStrictEqual((0, textContent_1.encodeText)((0, textContent_1.decodeText)((0, textContent_1.encodeText)(t))), (0, textContent_1.encodeText)(t));
        }
        assert.strictEqual((0, textContent_1.isBinary)(Uint8Array.from([0x61, 0])), true);
        assert.strictEqual((0, textContent_1.isBinary)(Uint8Array.from([0xc3])), true); // truncated sequence
        assert.strictEqual((0, textContent_1.isBinary)(Uint8Array.from([0xed, 0xa0, 0x80])), true); // encoded surrogate
        assert.strictEqual((0, textContent_1.isBinary)((0, textContent_1.encodeText)('text')), false);
    });
});
//# sourceMappingURL=modelPurity.test.js.map