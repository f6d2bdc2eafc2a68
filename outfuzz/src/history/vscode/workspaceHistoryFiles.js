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
exports.WorkspaceHistoryFiles = exports.MAX_TOOL_CONTENT_BYTES = void 0;
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const versionText_1 = require("../versionText");
const workspacePath_1 = require("../workspacePath");
/** Tool results carry text; larger versions are refused with a clear error (the editor view has no such cap). */
exports.MAX_TOOL_CONTENT_BYTES = 2 * 1024 * 1024;
/** The workspace's files and their history, as the tools and commands see them (file: folders only). */
class WorkspaceHistoryFiles {
    sources;
    log;
    constructor(sources, log) {
        this.sources = sources;
        this.log = log;
    }
    roots() {
        return (vscode.workspace.workspaceFolders ?? [])
            .filter((f) => f.uri.scheme === 'file')
            .map((f) => ({ name: f.name, path: f.uri.fsPath }));
    }
    resolve(filePath) {
        return (0, workspacePath_1.resolveWorkspacePath)(filePath, this.roots());
    }
    /** A file the user pointed at (Explorer, editor tab): the same policy as an agent's path. */
    resolveUri(uri) {
        const folder = uri.scheme === 'file' ? vscode.workspace.getWorkspaceFolder(uri) : undefined;
        if (!folder || folder.uri.scheme !== 'file') {
            return Promise.reject(new workspacePath_1.WorkspacePathError('outsideWorkspace', uri.toString(), `${uri.fsPath || uri.toString()} is not a file of an open workspace folder.`));
        }
        const rel = path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/');
        const roots = this.roots();
        return (0, workspacePath_1.resolveWorkspacePath)(roots.length > 1 ? `${folder.name}/${rel}` : rel, roots);
    }
    async listVersions(file) {
        const t0 = Date.now();
        const listing = await this.sources.listVersions(file);
        const stores = listing.folders.length ? listing.folders.map((f) => path.basename(f)).join(', ') : 'no local history folder';
        this.log.info(`history: listed ${listing.versions.length} version(s) of ${file.displayPath} in ${Date.now() - t0} ms (${stores}${listing.usedIndex ? ', found through the entries.json index' : ''})`);
        return listing.versions;
    }
    async readText(version, filePath) {
        // The file's own files.encoding (it can differ per folder or language), as VS Code would open it.
        const encoding = vscode.workspace.getConfiguration('files', vscode.Uri.file(filePath)).get('encoding');
        return (0, versionText_1.decodeVersionText)(await this.sources.readContent(version, exports.MAX_TOOL_CONTENT_BYTES), { encoding });
    }
}
exports.WorkspaceHistoryFiles = WorkspaceHistoryFiles;
//# sourceMappingURL=workspaceHistoryFiles.js.map