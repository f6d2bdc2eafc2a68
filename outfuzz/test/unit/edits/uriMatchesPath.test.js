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
const uriMatchesPath_1 = require("../../../src/edits/uriMatchesPath");
describe('uriMatchesPath', () => {
    const uri = 'file:///ws/src/my%20file.ts';
    const cases = [
        [uri, true],
        ['src/my file.ts', true],
        ['./src/my file.ts', true],
        ['my file.ts', true],
        ['file.ts', false],
        ['/ws/src/my file.ts', true],
        ['/other/src/my file.ts', false],
        ['src\\my file.ts', true],
        ['', false],
    ];
    for (const [path, expected] of cases)
        it(`${JSON.stringify(path)} → ${expected}`, () => assert.strictEqual((0, uriMatchesPath_1.uriMatchesPath)(uri, path), expected));
    it('matches Windows drive paths either way round', () => {
        assert.strictEqual((0, uriMatchesPath_1.uriMatchesPath)('file:///c%3A/ws/a.ts', 'C:\\ws\\a.ts'), true);
        assert.strictEqual((0, uriMatchesPath_1.uriMatchesPath)('file:///c%3A/ws/a.ts', 'file:///C:/ws/a.ts'), true);
    });
    it('decodes a URI path and keeps a malformed one as it is', () => {
        assert.strictEqual((0, uriMatchesPath_1.uriPath)('vscode-remote://ssh%2Bhost/home/u/%C3%BC.ts'), '/home/u/ü.ts');
        assert.strictEqual((0, uriMatchesPath_1.uriPath)('file:///bad%E0%A4%A'), '/bad%E0%A4%A');
    });
});
//# sourceMappingURL=uriMatchesPath.test.js.map