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
exports.ChatSessionStore = exports.nodeChatStorageFs = exports.ChatStorageError = void 0;
exports.isValidSessionId = isValidSessionId;
const fs_1 = require("fs");
const path = __importStar(require("path"));
const lru_cache_1 = require("lru-cache");
const chatSessionResource_1 = require("./chatSessionResource");
const parseChatSession_1 = require("./parseChatSession");
const replayChatLog_1 = require("./replayChatLog");
class ChatStorageError extends Error {
    code;
    sessionId;
    constructor(code, sessionId, message, options) {
        super(message, options);
        this.code = code;
        this.sessionId = sessionId;
    }
}
exports.ChatStorageError = ChatStorageError;
exports.nodeChatStorageFs = {
    readdir: dir => fs_1.promises.readdir(dir),
    stat: file => fs_1.promises.stat(file),
    readFile: file => fs_1.promises.readFile(file),
};
const DEFAULT_MAX_FILE_BYTES = 256 * 1024 * 1024;
const FILE_NAME = /^(.+)\.(jsonl|json)$/;
class ChatSessionStore {
    folder;
    fs;
    maxFileBytes;
    cache;
    constructor(folder, options = {}) {
        this.folder = folder;
        this.fs = options.fs ?? exports.nodeChatStorageFs;
        this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
        this.cache = new lru_cache_1.LRUCache({ max: Math.max(1, options.cacheSize ?? 16) });
    }
    /** Every session file, newest first; one per id (`.jsonl` over `.json`). A missing folder has none. */
    async listSessionFiles() {
        let names;
        try {
            names = await this.fs.readdir(this.folder);
        }
        catch (e) {
            if (isMissing(e))
                return [];
            throw new ChatStorageError('unavailable', undefined, `cannot list ${this.folder}: ${describe(e)}`, { cause: e });
        }
        const byId = new Map();
        const candidates = names.map(name => FILE_NAME.exec(name)).filter((m) => !!m && isValidSessionId(m[1]));
        const files = await Promise.all(candidates.map(m => this.statFile(m[1], m[2])));
        for (const file of files) {
            if (!file)
                continue;
            const seen = byId.get(file.sessionId);
            if (!seen || (seen.format === 'json' && file.format === 'jsonl'))
                byId.set(file.sessionId, file);
        }
        return [...byId.values()].sort((a, b) => b.mtimeMs - a.mtimeMs || a.sessionId.localeCompare(b.sessionId));
    }
    /** The file holding a session, or undefined; looked up by name, without listing the folder. */
    async findSessionFile(sessionId) {
        if (!isValidSessionId(sessionId))
            throw new ChatStorageError('invalidId', sessionId, `not a session id: ${JSON.stringify(sessionId)}`);
        return (await this.statFile(sessionId, 'jsonl')) ?? (await this.statFile(sessionId, 'json'));
    }
    async mostRecentSessionId() {
        return (await this.listSessionFiles())[0]?.sessionId;
    }
    /**
     * "The current dialog" (SPEC §5): the session named by the caller when there is one (a plain id or a
     * `vscode-chat-session://local/…` resource), else the most recently modified session file.
     */
    async currentSessionId(named) {
        return named !== undefined && named.trim() !== '' ? (0, chatSessionResource_1.normalizeSessionId)(named) : this.mostRecentSessionId();
    }
    async readSession(sessionId) {
        const file = await this.findSessionFile(sessionId);
        if (!file)
            throw new ChatStorageError('notFound', sessionId, `no session file for ${sessionId} in ${this.folder}`);
        return this.readFile(file);
    }
    /**
     * The ids of a session's requests in order, for `RequestRemovalDetector`: each request's id followed by its
     * alias ids (the ids its tool calls carry), so removing a request reports every id its staged changes may be
     * recorded under. Requests without any id are skipped.
     */
    async readRequestIds(sessionId) {
        const session = await this.readSession(sessionId);
        return session.requests.flatMap(r => [...(r.requestId ? [r.requestId] : []), ...r.aliasIds]);
    }
    /**
     * Ids, titles, last message dates and file times of every session, newest first. A file that cannot be read
     * gets an entry with `error` rather than failing the index.
     */
    async readIndex() {
        const out = [];
        for (const file of await this.listSessionFiles()) {
            const base = { sessionId: file.sessionId, format: file.format, mtimeMs: file.mtimeMs };
            try {
                const s = await this.readFile(file);
                out.push({ ...base, title: s.title, lastMessageDate: s.lastMessageDate, requestCount: s.requests.length });
            }
            catch (e) {
                if (!(e instanceof ChatStorageError))
                    throw e;
                out.push({ ...base, error: e.code });
            }
        }
        return out;
    }
    async readFile(file) {
        const { sessionId } = file;
        if (file.size > this.maxFileBytes)
            throw new ChatStorageError('tooLarge', sessionId, `${file.path} is ${file.size} bytes (limit ${this.maxFileBytes})`);
        const cached = this.cache.get(file.path);
        if (cached && cached.mtimeMs === file.mtimeMs && cached.size === file.size)
            return cached.session;
        let bytes;
        try {
            bytes = await this.fs.readFile(file.path);
        }
        catch (e) {
            if (isMissing(e))
                throw new ChatStorageError('notFound', sessionId, `${file.path} disappeared while reading`, { cause: e });
            throw new ChatStorageError('unavailable', sessionId, `cannot read ${file.path}: ${describe(e)}`, { cause: e });
        }
        const text = new TextDecoder('utf-8').decode(bytes);
        let session;
        try {
            const state = file.format === 'jsonl' ? (0, replayChatLog_1.replayChatLog)(text).state : parseJson(text);
            session = (0, parseChatSession_1.parseChatSession)(state, sessionId);
        }
        catch (e) {
            if (e instanceof replayChatLog_1.ChatLogError || e instanceof parseChatSession_1.ChatSessionFormatError || e instanceof SyntaxError) {
                throw new ChatStorageError('corrupt', sessionId, `${file.path}: ${e.message}`, { cause: e });
            }
            throw e;
        }
        this.cache.set(file.path, { mtimeMs: file.mtimeMs, size: file.size, session });
        return session;
    }
    async statFile(sessionId, format) {
        const file = path.join(this.folder, `${sessionId}.${format}`);
        try {
            const st = await this.fs.stat(file);
            return st.isFile() ? { sessionId, path: file, format, mtimeMs: st.mtimeMs, size: st.size } : undefined;
        }
        catch (e) {
            if (isMissing(e))
                return undefined;
            throw new ChatStorageError('unavailable', sessionId, `cannot stat ${file}: ${describe(e)}`, { cause: e });
        }
    }
}
exports.ChatSessionStore = ChatSessionStore;
/**
 * Whether a string can name a session file directly inside the folder. VS Code refuses the same things
 * (`getChatSessionStorageResource` throws unless the file is a direct child); here it also keeps a model-given
 * id from reading outside the folder.
 */
function isValidSessionId(id) {
    return id.length > 0 && id.length <= 200 && id !== '.' && id !== '..' && !/[\\/:\0]/.test(id) && id.trim() === id;
}
function parseJson(text) {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}
function isMissing(e) {
    const code = e?.code;
    return code === 'ENOENT' || code === 'ENOTDIR';
}
function describe(e) {
    return e instanceof Error ? e.message : String(e);
}
//# sourceMappingURL=chatSessionStore.js.map