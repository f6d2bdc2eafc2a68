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
exports.candidatePaths = candidatePaths;
exports.isInside = isInside;
exports.isInsideAny = isInsideAny;
exports.displayPathOf = displayPathOf;
exports.allowedPathsOf = allowedPathsOf;
/**
 * Where a reference in a prompt points (an absolute file-system path), whether the notebook may read it
 * (inside one of its allowed roots), and how the model is shown it (workspace-relative).
 */
const path = __importStar(require("path"));
const url_1 = require("url");
/**
 * The absolute paths a reference may mean, most likely first. Absolute paths and `file:` URIs mean themselves;
 * `folder/rest` picks that folder in a multi-root workspace; otherwise the path is tried in each folder, then
 * next to the notebook (`baseDir`). Undefined for URIs of other schemes.
 */
function candidatePaths(ref, roots, baseDir) {
    const r = ref.trim();
    if (/^file:/i.test(r)) {
        try {
            return [path.normalize((0, url_1.fileURLToPath)(r))];
        }
        catch {
            return undefined;
        }
    }
    if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(r) && !/^[A-Za-z]:[\\/]/.test(r))
        return undefined;
    if (path.isAbsolute(r))
        return [path.normalize(r)];
    const rel = r.replace(/^\.[\\/]/, '');
    const out = [];
    const segments = rel.split(/[\\/]+/);
    if (roots.length > 1 && segments.length > 1) {
        for (const root of roots)
            if (root.name === segments[0])
                out.push(path.join(root.path, ...segments.slice(1)));
    }
    for (const root of roots)
        out.push(path.join(root.path, rel));
    if (baseDir)
        out.push(path.join(baseDir, rel));
    return [...new Set(out)];
}
/** True when `p` is `root` or inside it (lexically). */
function isInside(root, p) {
    const rel = path.relative(root, p);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
function isInsideAny(roots, p) {
    return roots.some(r => isInside(r, p));
}
/** How the model is shown a path: relative to its folder (prefixed by the folder name when there are several). */
function displayPathOf(abs, roots) {
    for (const root of roots) {
        if (isInside(root.path, abs) && abs !== root.path) {
            const rel = path.relative(root.path, abs).split(path.sep).join('/');
            return roots.length > 1 ? `${root.name}/${rel}` : rel;
        }
    }
    return abs;
}
/**
 * The file-system paths of `allowedUris` (`file:` URIs only; anything else is reported in `ignored`).
 */
function allowedPathsOf(allowedUris) {
    const paths = [];
    const ignored = [];
    for (const uri of allowedUris) {
        try {
            if (!/^file:/i.test(uri))
                throw new Error('not a file: URI');
            paths.push(path.normalize((0, url_1.fileURLToPath)(uri)));
        }
        catch {
            ignored.push(uri);
        }
    }
    return { paths, ignored };
}
//# sourceMappingURL=referencePaths.js.map