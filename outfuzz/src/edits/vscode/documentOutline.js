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
exports.DocumentOutlines = exports.OUTLINE_TIMEOUT_MS = void 0;
const vscode = __importStar(require("vscode"));
/** How long an edit description waits for a document's symbols before it names lines only. */
exports.OUTLINE_TIMEOUT_MS = 500;
const KINDS = new Map([
    [vscode.SymbolKind.Function, 'function'],
    [vscode.SymbolKind.Method, 'method'],
    [vscode.SymbolKind.Constructor, 'constructor'],
    [vscode.SymbolKind.Class, 'class'],
    [vscode.SymbolKind.Interface, 'interface'],
    [vscode.SymbolKind.Struct, 'struct'],
    [vscode.SymbolKind.Enum, 'enum'],
    [vscode.SymbolKind.Namespace, 'namespace'],
    [vscode.SymbolKind.Module, 'namespace'],
]);
/**
 * The symbols of open documents, as the pure `enclosingSymbolName` takes them, cached per document version.
 * Asked only when a description is made (not per keystroke), only for documents still open, and given up on after
 * `OUTLINE_TIMEOUT_MS`: where the outline is not cheap to know, descriptions say the line.
 */
class DocumentOutlines {
    cache = new Map();
    async load(uris) {
        const open = new Map(vscode.workspace.textDocuments.map(d => [d.uri.toString(), d]));
        await Promise.all([...new Set(uris)].map(async (uri) => {
            const doc = open.get(uri);
            if (!doc || this.cache.get(uri)?.version === doc.version)
                return;
            const symbols = await withTimeout(Promise.resolve(vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', doc.uri)), exports.OUTLINE_TIMEOUT_MS).catch(() => undefined);
            if (symbols)
                this.cache.set(uri, { version: doc.version, symbols: toOutline(symbols) });
        }));
    }
    symbols(uri) {
        return this.cache.get(uri)?.symbols;
    }
    forget(uri) {
        this.cache.delete(uri);
    }
    clear() {
        this.cache.clear();
    }
}
exports.DocumentOutlines = DocumentOutlines;
/** Symbols worth naming; others (variables, Markdown headings) are skipped, their children kept. */
function toOutline(symbols) {
    const out = [];
    for (const s of symbols) {
        const range = 'location' in s ? s.location.range : s.range;
        const children = 'children' in s ? toOutline(s.children) : [];
        const kind = KINDS.get(s.kind);
        if (kind)
            out.push({ name: s.name, kind, startLine: range.start.line, endLine: range.end.line, ...(children.length ? { children } : {}) });
        else
            out.push(...children);
    }
    return out;
}
function withTimeout(promise, ms) {
    let timer;
    return Promise.race([
        promise,
        new Promise(resolve => { timer = setTimeout(() => resolve(undefined), ms); }),
    ]).finally(() => clearTimeout(timer));
}
//# sourceMappingURL=documentOutline.js.map