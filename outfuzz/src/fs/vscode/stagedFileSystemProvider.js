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
exports.StagedFileSystemProvider = exports.USER_SESSION = void 0;
exports.diskUriOf = diskUriOf;
exports.stagedUriOf = stagedUriOf;
const vscode = __importStar(require("vscode"));
const overlayError_1 = require("../model/overlayError");
const textContent_1 = require("../model/textContent");
const conflictMarkers_1 = require("../../ui/conflictMarkers");
const stagedUri_1 = require("../stagedUri");
const workspaceScope_1 = require("../workspaceScope");
/** Changes a person makes by editing an `agent-staged:` document (e.g. fixing the agent's proposal). */
exports.USER_SESSION = 'user';
function userMeta() {
    return { sessionId: exports.USER_SESSION, messageId: `edit-${Date.now()}`, turn: 0, description: 'Edited in the staged view' };
}
function diskUriOf(staged) {
    return vscode.Uri.from((0, stagedUri_1.toFileParts)(staged));
}
function stagedUriOf(file) {
    return vscode.Uri.from((0, stagedUri_1.toStagedParts)(file));
}
/**
 * `agent-staged:` — the workspace as the agent sees it: disk plus pending changes (SPEC §2). Reads reconcile
 * lazily; writes, deletes and renames become staged changes and never touch the disk. Model errors map once,
 * here, to the matching `FileSystemError`; a failed read throws, never answers with an empty buffer.
 */
class StagedFileSystemProvider {
    overlay;
    roots;
    _onDidChangeFile = new vscode.EventEmitter();
    onDidChangeFile = this._onDidChangeFile.event;
    subscription;
    /** `roots`: the workspace folders' paths, asked on every call (folders come and go). */
    constructor(overlay, roots) {
        this.overlay = overlay;
        this.roots = roots;
        this.subscription = overlay.onDidChange(paths => {
            this._onDidChangeFile.fire(paths.map(p => ({ type: vscode.FileChangeType.Changed, uri: stagedUriOf(vscode.Uri.file(p)) })));
        });
    }
    watch() {
        // Every change is announced through the overlay's own event (see the constructor), watched or not.
        return new vscode.Disposable(() => undefined);
    }
    stat(uri) {
        return mapErrors(uri, () => {
            const s = this.overlay.stat(this.pathOf(uri));
            return { type: s.type === 'file' ? vscode.FileType.File : vscode.FileType.Directory, size: s.size, mtime: s.mtime, ctime: s.ctime };
        });
    }
    readDirectory(uri) {
        return mapErrors(uri, () => this.overlay.readDirectory(this.pathOf(uri)).map(([name, type]) => [name, type === 'file' ? vscode.FileType.File : vscode.FileType.Directory]));
    }
    readFile(uri) {
        return mapErrors(uri, () => this.overlay.readFile(this.pathOf(uri)));
    }
    async writeFile(uri, content, options) {
        mapErrors(uri, () => {
            const p = this.pathOf(uri);
            // A person saving a conflicted staged file has merged it by hand — unless conflict markers are still in it:
            // then nothing is settled (the editor stays dirty, nothing is lost) and the conflict stays.
            if (this.overlay.model.composite(p)?.conflict) {
                const text = (0, textContent_1.decodeText)(content);
                if (text !== undefined && (0, conflictMarkers_1.hasConflictMarkers)(text)) {
                    throw vscode.FileSystemError.NoPermissions(`${uri.toString()} still holds conflict markers (<<<<<<< … >>>>>>>): the conflict stays unresolved until they are gone`);
                }
                this.overlay.model.resolveManually(p, content);
            }
            else
                this.overlay.write(p, content, userMeta(), options);
        });
        await this.overlay.flush();
    }
    async delete(uri, options) {
        mapErrors(uri, () => this.overlay.delete(this.pathOf(uri), userMeta(), options));
        await this.overlay.flush();
    }
    async rename(oldUri, newUri, options) {
        mapErrors(oldUri, () => this.overlay.rename(this.pathOf(oldUri), this.pathOf(newUri), userMeta(), options));
        await this.overlay.flush();
    }
    createDirectory(uri) {
        mapErrors(uri, () => this.overlay.createDirectory(this.pathOf(uri)));
    }
    /** The disk path an `agent-staged:` URI stands for; nothing outside the workspace folders is mirrored. */
    pathOf(uri) {
        if (uri.scheme !== stagedUri_1.STAGED_SCHEME)
            throw vscode.FileSystemError.Unavailable(uri);
        const p = (0, workspaceScope_1.resolveInWorkspace)(diskUriOf(uri).fsPath, this.roots());
        if (p === undefined)
            throw vscode.FileSystemError.NoPermissions(`${uri.toString()} is outside the workspace folders; agent-staged: mirrors only them`);
        return p;
    }
    dispose() {
        this.subscription.dispose();
        this._onDidChangeFile.dispose();
    }
}
exports.StagedFileSystemProvider = StagedFileSystemProvider;
/** The one place overlay and disk errors become `FileSystemError`s. */
function mapErrors(uri, f) {
    try {
        return f();
    }
    catch (e) {
        if (e instanceof vscode.FileSystemError)
            throw e;
        if (e instanceof overlayError_1.OverlayError) {
            switch (e.code) {
                case 'FileNotFound': throw vscode.FileSystemError.FileNotFound(uri);
                case 'FileExists': throw vscode.FileSystemError.FileExists(uri);
                case 'InvalidOperation': throw vscode.FileSystemError.NoPermissions(`${e.message} (${uri.toString()})`);
                default: throw vscode.FileSystemError.Unavailable(`${e.message} (${uri.toString()})`);
            }
        }
        const code = e?.code;
        if (code === 'EACCES' || code === 'EPERM')
            throw vscode.FileSystemError.NoPermissions(uri);
        if (code === 'EISDIR')
            throw vscode.FileSystemError.FileIsADirectory(uri);
        if (code === 'ENOTDIR')
            throw vscode.FileSystemError.FileNotADirectory(uri);
        throw vscode.FileSystemError.Unavailable(`${e instanceof Error ? e.message : String(e)} (${uri.toString()})`);
    }
}
//# sourceMappingURL=stagedFileSystemProvider.js.map