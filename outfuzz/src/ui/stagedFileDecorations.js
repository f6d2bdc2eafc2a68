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
exports.StagedFileDecorations = void 0;
const vscode = __importStar(require("vscode"));
const changePresentation_1 = require("./changePresentation");
/**
 * Marks files with pending agent changes in the Explorer, on editor tabs and in the multi-file diff (SPEC §2
 * Review), with the letters the SCM view shows. A file staged to be renamed away is marked at its old path too,
 * and the marks propagate to the folders above, as git's do.
 */
class StagedFileDecorations {
    overlay;
    _onDidChange = new vscode.EventEmitter();
    onDidChangeFileDecorations = this._onDidChange.event;
    sub;
    /** Old paths of staged renames, so their mark goes away when the rename does. */
    renamedAway = new Map();
    constructor(overlay) {
        this.overlay = overlay;
        this.indexRenames();
        this.sub = overlay.onDidChange(paths => {
            const before = [...this.renamedAway.keys()];
            this.indexRenames();
            const changed = [...new Set([...paths, ...before, ...this.renamedAway.keys()])];
            this._onDidChange.fire(changed.flatMap(p => [vscode.Uri.file(p), vscode.Uri.file(p).with({ scheme: 'agent-staged' })]));
        });
    }
    indexRenames() {
        this.renamedAway = new Map(this.overlay.composites().filter(c => c.fromPath !== undefined).map(c => [c.fromPath, c]));
    }
    provideFileDecoration(uri) {
        if (uri.scheme !== 'file' && uri.scheme !== 'agent-staged')
            return undefined;
        const p = uri.with({ scheme: 'file' }).fsPath;
        const c = this.overlay.model.composite(p);
        if (!c) {
            const moved = uri.scheme === 'file' ? this.renamedAway.get(p) : undefined;
            if (!moved)
                return undefined;
            return decoration(changePresentation_1.LETTER.rename, `Agent staged: renamed to ${vscode.workspace.asRelativePath(moved.path)}`, (0, changePresentation_1.stagedColor)('rename'));
        }
        if (c.conflict)
            return decoration('!', `Agent change in conflict (${c.conflict.kind})`, 'gitDecoration.conflictingResourceForeground');
        return decoration(changePresentation_1.LETTER[c.kind], `Agent staged: ${changePresentation_1.OPERATION_LABEL[c.kind]}`, (0, changePresentation_1.stagedColor)(c.kind));
    }
    dispose() {
        this.sub.dispose();
        this._onDidChange.dispose();
    }
}
exports.StagedFileDecorations = StagedFileDecorations;
function decoration(letter, tooltip, color) {
    const d = new vscode.FileDecoration(letter, tooltip, new vscode.ThemeColor(color));
    d.propagate = true;
    return d;
}
//# sourceMappingURL=stagedFileDecorations.js.map