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
exports.MAX_WORKSPACE_PATH_LENGTH = exports.WorkspacePathError = void 0;
exports.parseWorkspaceRelativePath = parseWorkspaceRelativePath;
exports.resolveWorkspacePath = resolveWorkspacePath;
const nodePath = __importStar(require("path"));
const historyFileSystem_1 = require("./historyFileSystem");
class WorkspacePathError extends Error {
    code;
    input;
    constructor(code, input, message) {
        super(message);
        this.code = code;
        this.input = input;
        this.name = 'WorkspacePathError';
    }
}
exports.WorkspacePathError = WorkspacePathError;
exports.MAX_WORKSPACE_PATH_LENGTH = 4096;
const ALLOWED = 'Give a path relative to the workspace folder, like "src/app.ts"';
/**
 * The lexical half of the policy (no file system): the path's segments, or a `WorkspacePathError`.
 * Backslashes count as separators on every platform, so `..\\x` is refused everywhere.
 */
function parseWorkspaceRelativePath(input, platform = process.platform) {
    if (typeof input !== 'string') {
        throw new WorkspacePathError('notAString', input, `filePath must be a string. ${ALLOWED}.`);
    }
    if (input.includes('\0')) {
        throw new WorkspacePathError('nulByte', input, `filePath contains a NUL byte, which no file name can contain. ${ALLOWED}.`);
    }
    const trimmed = input.trim();
    if (trimmed === '')
        throw new WorkspacePathError('empty', input, `filePath is empty. ${ALLOWED}.`);
    if (input.length > exports.MAX_WORKSPACE_PATH_LENGTH) {
        throw new WorkspacePathError('tooLong', input, `filePath is longer than ${exports.MAX_WORKSPACE_PATH_LENGTH} characters. ${ALLOWED}.`);
    }
    if (/^[/\\]/.test(trimmed) || /^[A-Za-z]:/.test(trimmed) || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(trimmed) || /^~(?:[/\\]|$)/.test(trimmed)) {
        throw new WorkspacePathError('absolute', input, `Absolute paths are not accepted (got ${JSON.stringify(input)}). ${ALLOWED}, without a leading "/", drive letter, "~" or URI scheme.`);
    }
    const segments = trimmed.split(/[/\\]+/).filter((s) => s !== '' && s !== '.');
    for (const s of segments) {
        // `...` is refused too: Windows strips trailing dots, so it can act like `..`.
        if (/^\.{2,}\s*$/.test(s)) {
            throw new WorkspacePathError('parentSegment', input, `filePath must not contain ".." segments (got ${JSON.stringify(input)}): only files inside the workspace are reachable. ${ALLOWED}.`);
        }
        if (platform === 'win32' && /[:*?"<>|]/.test(s)) {
            throw new WorkspacePathError('invalidSegment', input, `filePath contains a character Windows does not allow in file names (got ${JSON.stringify(input)}). ${ALLOWED}.`);
        }
    }
    if (segments.length === 0) {
        throw new WorkspacePathError('workspaceRoot', input, `filePath names the workspace folder itself, not a file. ${ALLOWED}.`);
    }
    return segments;
}
/** Resolves an agent's `filePath` against the workspace folders; see the module comment for what is refused. */
async function resolveWorkspacePath(input, roots, options = {}) {
    const platform = options.platform ?? process.platform;
    const fs = options.fs ?? historyFileSystem_1.nodeHistoryFileSystem;
    const p = platform === 'win32' ? nodePath.win32 : nodePath.posix;
    const segments = parseWorkspaceRelativePath(input, platform);
    if (roots.length === 0) {
        throw new WorkspacePathError('noWorkspace', input, 'No workspace folder is open, so there is no file this path can name. Ask the user to open a folder.');
    }
    // Multi-root: `<folder name>/rest` picks that folder (VS Code's asRelativePath writes paths that way).
    const named = roots.length > 1 && segments.length > 1 ? roots.filter((r) => r.name === segments[0]) : [];
    const choices = named.length > 0
        ? named.map((root) => ({ root, rel: segments.slice(1) }))
        : roots.map((root) => ({ root, rel: segments }));
    let chosen;
    let firstError;
    for (const { root, rel } of choices) {
        try {
            const resolved = await resolveIn(input, root, rel, roots.length > 1, fs, p);
            if (resolved.exists)
                return resolved;
            chosen ??= resolved; // no folder has it yet: the first folder is where it would be
        }
        catch (err) {
            if (!(err instanceof WorkspacePathError))
                throw err;
            firstError ??= err;
        }
    }
    if (chosen)
        return chosen;
    throw firstError ?? new WorkspacePathError('outsideWorkspace', input, `${JSON.stringify(input)} is not inside a workspace folder. ${ALLOWED}.`);
}
async function resolveIn(input, root, rel, multiRoot, fs, p) {
    const rootPath = p.resolve(root.path);
    const absolutePath = p.join(rootPath, ...rel);
    if (!isInside(p, rootPath, absolutePath) || absolutePath === rootPath) {
        throw new WorkspacePathError('outsideWorkspace', input, `${JSON.stringify(input)} is not inside the workspace folder "${root.name}". ${ALLOWED}.`);
    }
    let rootReal;
    try {
        rootReal = await fs.realpath(rootPath);
    }
    catch {
        throw new WorkspacePathError('noWorkspace', input, `The workspace folder "${root.name}" cannot be read. Ask the user to check the workspace.`);
    }
    // Realpath the deepest part that exists: a symlinked file, or a symlinked directory above a file that does
    // not exist yet, must not lead outside the folder.
    let probe = absolutePath;
    let exists = true;
    let realPath;
    for (;;) {
        try {
            realPath = await fs.realpath(probe);
            break;
        }
        catch (err) {
            if (!(0, historyFileSystem_1.isNotFound)(err)) {
                const code = err.code;
                if (code === 'ELOOP') {
                    throw new WorkspacePathError('symlinkOutside', input, `${JSON.stringify(input)} is a symlink loop. ${ALLOWED}.`);
                }
                throw err;
            }
            // A dangling symlink: lstat sees it, realpath does not. Where it points is unknown, so refuse it.
            if (probe === absolutePath && await isSymlink(fs, probe)) {
                throw new WorkspacePathError('symlinkOutside', input, `${JSON.stringify(input)} is a symlink to a missing target. ${ALLOWED}.`);
            }
            exists = false;
            const parent = p.dirname(probe);
            if (parent === probe || !isInside(p, rootPath, parent)) {
                realPath = rootReal;
                break;
            }
            probe = parent;
        }
    }
    if (!isInside(p, rootReal, realPath) || (exists && realPath === rootReal)) {
        throw new WorkspacePathError('symlinkOutside', input, `${JSON.stringify(input)} leads outside the workspace folder "${root.name}" through a symbolic link; only files inside the workspace are reachable.`);
    }
    const relativePath = rel.join('/');
    return {
        absolutePath,
        realPath,
        root,
        relativePath,
        displayPath: multiRoot ? `${root.name}/${relativePath}` : relativePath,
        exists,
    };
}
async function isSymlink(fs, path) {
    try {
        return (await fs.lstat(path)).isSymbolicLink();
    }
    catch {
        return false;
    }
}
function isInside(p, root, candidate) {
    const rel = p.relative(root, candidate);
    return rel === '' || (rel !== '..' && !rel.startsWith(`..${p.sep}`) && !p.isAbsolute(rel));
}
//# sourceMappingURL=workspacePath.js.map