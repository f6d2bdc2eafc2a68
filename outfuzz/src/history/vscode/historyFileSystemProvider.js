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
exports.HistoryFileSystemProvider = void 0;
const vscode = __importStar(require("vscode"));
const historyVersion_1 = require("../historyVersion");
const historyUri_1 = require("../historyUri");
/**
 * `history:` — read-only. It serves a version only while the user's consent covers it (a view the user opened,
 * or a grant whose content the user allowed); every other read, every stat of anything else and every
 * directory listing is `NoPermissions`, so a generic file-reading tool cannot bypass consent. Every served read
 * and every refused one is logged.
 */
class HistoryFileSystemProvider {
    source;
    log;
    _onDidChangeFile = new vscode.EventEmitter();
    onDidChangeFile = this._onDidChangeFile.event;
    constructor(source, log) {
        this.source = source;
        this.log = log;
    }
    watch() {
        // Versions never change; a view that ends makes the next read fail instead.
        return new vscode.Disposable(() => undefined);
    }
    stat(uri) {
        const view = this.view(uri, 'stat');
        return {
            type: vscode.FileType.File,
            ctime: view.version.timestamp,
            mtime: view.version.timestamp,
            size: view.version.size,
            permissions: vscode.FilePermission.Readonly,
        };
    }
    readDirectory(uri) {
        this.log.warn(`history: refused to list ${uri.toString()} (history: never lists directories)`);
        throw vscode.FileSystemError.NoPermissions(uri);
    }
    async readFile(uri) {
        const view = this.view(uri, 'read');
        try {
            const bytes = await this.source.read(view);
            this.log.info(`history: served ${view.file.displayPath} from ${view.label} to an editor (${view.origin === 'user' ? 'opened by the user' : 'allowed for the agent'})`);
            return bytes;
        }
        catch (err) {
            this.log.error(`history: could not read ${view.file.displayPath} from ${view.label}: ${err.message}`);
            if (err instanceof historyVersion_1.HistoryReadError && err.code === 'contentMissing')
                throw vscode.FileSystemError.FileNotFound(uri);
            throw vscode.FileSystemError.Unavailable(uri);
        }
    }
    createDirectory(uri) {
        throw vscode.FileSystemError.NoPermissions(uri);
    }
    writeFile(uri) {
        throw vscode.FileSystemError.NoPermissions(uri);
    }
    delete(uri) {
        throw vscode.FileSystemError.NoPermissions(uri);
    }
    rename(uri) {
        throw vscode.FileSystemError.NoPermissions(uri);
    }
    dispose() {
        this._onDidChangeFile.dispose();
    }
    view(uri, op) {
        const parts = (0, historyUri_1.parseHistoryUriPath)(uri.path);
        const view = parts && this.source.servable(parts.id, parts.fileName);
        if (!view) {
            // Editors stat liberally, and other extensions probe any open URI: a refused read is routine, not a warning.
            if (op === 'read')
                this.log.debug(`history: refused to read ${uri.toString()}: no consent covers it`);
            else
                this.log.trace(`history: refused to stat ${uri.toString()}`);
            throw vscode.FileSystemError.NoPermissions(uri);
        }
        return view;
    }
}
exports.HistoryFileSystemProvider = HistoryFileSystemProvider;
//# sourceMappingURL=historyFileSystemProvider.js.map