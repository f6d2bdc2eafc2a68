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
/**
 * STYLE.md: rules live in modules plain mocha can load. Only adapters may import `vscode`: the composition root,
 * src/ui/, and files under a `vscode/` folder. (ESLint's no-restricted-imports says the same while editing.)
 */
const SRC = path.join(__dirname, '..', '..', '..', 'src');
const IMPORTS_VSCODE = /(?:from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\))/;
function isAdapter(rel) {
    return rel === 'extension.ts' || rel.startsWith('ui/') || rel.split('/').includes('vscode');
}
describe('pure modules', () => {
    it('never import vscode outside adapters', () => {
        const files = fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' })
            .map(f => f.split(path.sep).join('/'))
            .filter(f => f.endsWith('.ts') && !isAdapter(f));
        assert.ok(files.length > 10, 'the scan found the source tree');
        const offenders = files.filter(f => IMPORTS_VSCODE.test(fs.readFileSync(path.join(SRC, f), 'utf8')));
        assert.deepStrictEqual(offenders, []);
    });
});
//# sourceMappingURL=purity.test.js.map