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
const localHistorySourceLabel_1 = require("../../../src/history/localHistorySourceLabel");
describe('localHistorySourceLabel', () => {
    const table = [
        [undefined, undefined, 'File Saved'],
        ['', undefined, 'File Saved'],
        ['default.source', undefined, 'File Saved'],
        ['undoRedo.source', undefined, 'Undo / Redo'],
        ['renamed.source', '~/proj/old.ts', 'File Renamed (from ~/proj/old.ts)'],
        ['moved.source', '~/proj/a/x.ts', 'File Moved (from ~/proj/a/x.ts)'],
        ['renamed.source', undefined, 'File Renamed'],
        ['localHistoryRestore.source', undefined, 'File Restored'],
        ['textFileCreate.source', undefined, 'File Created'],
        ['fileWorkingCopyCreate.source', undefined, 'File Created'],
        ['textFileEncoding.source', undefined, 'File Encoding Changed'],
        ['searchReplace.source', undefined, 'Search and Replace'],
        ['merge-editor.source', undefined, 'Before Resolving Conflicts In Merge Editor'],
        ['Workspace Edit', undefined, 'Workspace Edit'],
        ['before refactor', 'ignored for free text', 'before refactor'],
        ['two\nlines\u0007', undefined, 'two lines'],
    ];
    for (const [source, description, label] of table) {
        it(`${JSON.stringify(source)} → ${JSON.stringify(label)}`, () => {
            assert.strictEqual((0, localHistorySourceLabel_1.localHistorySourceLabel)(source, description), label);
        });
    }
    it('bounds a very long user-typed name', () => {
        const label = (0, localHistorySourceLabel_1.localHistorySourceLabel)('x'.repeat(1000));
        assert.strictEqual(label.length, 120);
        assert.ok(label.endsWith('…'));
    });
});
//# sourceMappingURL=localHistorySourceLabel.test.js.map