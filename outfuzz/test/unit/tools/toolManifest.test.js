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
const toolCatalog_1 = require("../../../src/tools/toolCatalog");
const toolManifest_1 = require("../../../src/tools/toolManifest");
const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8'));
describe('tool manifest', () => {
    it('package.json declares exactly the catalog (run `npm run sync-manifest` after changing a tool)', () => {
        assert.deepStrictEqual(pkg.contributes.languageModelTools ?? [], toolCatalog_1.TOOL_CATALOG.map(toolManifest_1.toolContribution));
    });
    it('names every tool the way VS Code accepts, once', () => {
        const names = toolCatalog_1.TOOL_CATALOG.map(t => t.toolName);
        for (const n of names)
            assert.match(n, toolManifest_1.TOOL_NAME);
        assert.strictEqual(new Set(names).size, names.length);
    });
    it('describes when to use each tool, with an example', () => {
        for (const t of toolCatalog_1.TOOL_CATALOG) {
            assert.match(t.modelDescription, /use (this|it) (tool )?(when|to)/i, `${t.toolName} says when to use it`);
            assert.match(t.modelDescription, /example/i, `${t.toolName} gives an example`);
        }
    });
});
//# sourceMappingURL=toolManifest.test.js.map