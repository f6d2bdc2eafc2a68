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
exports.BaselineContentProvider = exports.BASELINE_SCHEME = void 0;
const vscode = __importStar(require("vscode"));
const textContent_1 = require("../fs/model/textContent");
exports.BASELINE_SCHEME = 'agent-overlay-baseline';
/**
 * Read-only documents for a diff's other side when it is not a file: stored content by ref (a conflict's base,
 * the disk version a change started from) or nothing at all (the left side of a create, the right of a delete).
 * Binary content shows a notice with its size instead of bytes.
 */
class BaselineContentProvider {
    store;
    constructor(store) {
        this.store = store;
    }
    /** A URI for stored content (undefined/null ref: an empty document) that keeps the file's name for the title. */
    static uri(filePath, ref, label) {
        return vscode.Uri.from({ scheme: exports.BASELINE_SCHEME, path: filePath, query: new URLSearchParams({ ref: ref ?? '', label }).toString() });
    }
    provideTextDocumentContent(uri) {
        const ref = new URLSearchParams(uri.query).get('ref');
        if (!ref)
            return '';
        const bytes = this.store.get(ref);
        return (0, textContent_1.decodeText)(bytes) ?? `Binary content, ${bytes.byteLength.toLocaleString()} bytes: no text diff is shown.`;
    }
}
exports.BaselineContentProvider = BaselineContentProvider;
//# sourceMappingURL=baselineContentProvider.js.map