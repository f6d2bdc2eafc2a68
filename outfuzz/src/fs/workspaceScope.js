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
exports.pathWithinRoots = pathWithinRoots;
exports.resolveInWorkspace = resolveInWorkspace;
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
/**
 * The normalized form of `fsPath` when it lies in one of `roots` (a root itself included), else undefined:
 * `agent-staged:` mirrors the workspace, not the machine. `..` segments are resolved before the check, so
 * `/ws/../etc/passwd` is outside `/ws`. Lexical only: see `resolveInWorkspace` for symlinks.
 */
function pathWithinRoots(fsPath, roots) {
    const resolved = path.resolve(fsPath);
    for (const root of roots) {
        const rel = path.relative(path.resolve(root), resolved);
        if (rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel)))
            return resolved;
    }
    return undefined;
}
/**
 * `pathWithinRoots`, and also where the path really leads: the existing part of it is resolved through symlinks
 * (one `realpath` call), so a link inside the workspace to a folder outside it does not open that folder.
 * Returns the normalized path as given (not the real one: the overlay keys changes by the path the user sees).
 */
function resolveInWorkspace(fsPath, roots) {
    const lexical = pathWithinRoots(fsPath, roots);
    if (lexical === undefined)
        return undefined;
    return pathWithinRoots(realPathOfDeepest(lexical), roots.map(realPathOfDeepest)) === undefined ? undefined : lexical;
}
/** The real path of `p`, or of its deepest existing ancestor with the rest appended (for files yet to exist). */
function realPathOfDeepest(p) {
    const rest = [];
    let probe = p;
    for (;;) {
        try {
            return path.join(fs.realpathSync.native(probe), ...rest);
        }
        catch {
            const parent = path.dirname(probe);
            if (parent === probe)
                return p;
            rest.unshift(path.basename(probe));
            probe = parent;
        }
    }
}
//# sourceMappingURL=workspaceScope.js.map