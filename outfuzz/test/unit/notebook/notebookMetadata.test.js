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
const notebookMetadata_1 = require("../../../src/notebook/notebookMetadata");
describe('notebook metadata: retracting deleted cells', () => {
    const metadata = {
        model: { vendor: 'copilot' },
        macroContext: { API_VERSION: 'v2', TIMEOUT: '30', HAND: 'written' },
        macroOrigins: { API_VERSION: 'c1', TIMEOUT: 'c2' },
        contextItems: [{ kind: 'file', key: 'rules/api-rules.md', cellId: 'c1' }, { kind: 'file', key: 'src/app.ts', cellId: 'c2' }],
    };
    it('forgets the macros a deleted cell defined and the context it brought; keeps the rest and hand-written macros', () => {
        assert.deepStrictEqual((0, notebookMetadata_1.retractCells)(metadata, new Set(['c1'])), {
            contextItems: [{ kind: 'file', key: 'src/app.ts', cellId: 'c2' }],
            macroContext: { TIMEOUT: '30', HAND: 'written' },
            macroOrigins: { TIMEOUT: 'c2' },
        });
    });
    it('changes nothing (undefined) when the deleted cells brought nothing', () => {
        assert.strictEqual((0, notebookMetadata_1.retractCells)(metadata, new Set(['c9'])), undefined);
        assert.strictEqual((0, notebookMetadata_1.retractCells)(undefined, new Set(['c1'])), undefined);
    });
    it('reads macro origins defensively: non-string or empty cell ids are dropped', () => {
        assert.deepStrictEqual((0, notebookMetadata_1.readNotebookMetadata)({ macroOrigins: { A: 'c1', B: 3, C: '' } }).macroOrigins, { A: 'c1' });
        assert.deepStrictEqual((0, notebookMetadata_1.readNotebookMetadata)({ macroOrigins: ['A'] }).macroOrigins, {});
    });
});
//# sourceMappingURL=notebookMetadata.test.js.map