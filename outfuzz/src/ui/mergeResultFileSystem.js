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
exports.MergeResultFileSystem = exports.MERGE_RESULT_SCHEME = void 0;
const vscode = __importStar(require("vscode"));
exports.MERGE_RESULT_SCHEME = 'agent-overlay-merge';
/**
 * The merge editor's Result for a conflicted staged file: a scratch document in memory, one per file path. It is
 * not the `agent-staged:` file on purpose: saving the Result (Ctrl+S, or the merge editor saving it when it opens)
 * must not settle the conflict. Only "Complete Merge" takes the Result into the staged change.
 */
class MergeResultFileSystem {
    files = new Map();
    _onDidChangeFile = new vscode.EventEmitter();
    onDidChangeFile = this._onDidChangeFile.event;
    static uri(filePath) {
        return vscode.Uri.file(filePath).with({ scheme: exports.MERGE_RESULT_SCHEME });
    }
    /** Starts (or restarts) a Result with this text. */
    seed(filePath, text) {
        const uri = MergeResultFileSystem.uri(filePath);
        this.files.set(uri.path, { data: new TextEncoder().encode(text), mtime: Date.now() });
        this._onDidChangeFile.fire([{ type: vscode.FileChangeType.Changed, uri }]);
        return uri;
    }
    /** The saved Result, or undefined when none was started for this file. */
    saved(uri) {
        return this.files.get(uri.path)?.data;
    }
    forget(uri) {
        this.files.delete(uri.path);
    }
    watch() {
        return new vscode.Disposable(() => undefined);
    }
    stat(uri) {
        const f = this.files.get(uri.path);
        if (!f)
            throw vscode.FileSystemError.FileNotFound(uri);
        return { type: vscode.FileType.File, ctime: f.mtime, mtime: f.mtime, size: f.data.byteLength };
    }
    readFile(uri) {
        const f = this.files.get(uri.path);
        if (!f)
            throw vscode.FileSystemError.FileNotFound(uri);
        return f.data;
    }
    writeFile(uri, content) {
        // Only Results this extension started exist here; anything else is not a merge in progress.
        if (!this.files.has(uri.path))
            throw vscode.FileSystemError.NoPermissions(`${uri.toString()} is not a merge in progress`);
        this.files.set(uri.path, { data: content, mtime: Date.now() });
        this._onDidChangeFile.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    }
    readDirectory() {
        return [];
    }
    createDirectory(uri) {
        throw vscode.FileSystemError.NoPermissions(uri);
    }
    delete(uri) {
        this.files.delete(uri.path);
    }
    rename(oldUri) {
        throw vscode.FileSystemError.NoPermissions(oldUri);
    }
    dispose() {
        this.files.clear();
        this._onDidChangeFile.dispose();
    }
}
exports.MergeResultFileSystem = MergeResultFileSystem;
//# sourceMappingURL=mergeResultFileSystem.js.map