import { promises as fsp } from 'fs';
import * as path from 'path';
import { LRUCache } from 'lru-cache';
import { normalizeSessionId } from './chatSessionResource';
import { ChatSessionFormatError, parseChatSession, type ChatSession } from './parseChatSession';
import { ChatLogError, replayChatLog } from './replayChatLog';

/**
 * Reads one `chatSessions` folder of VS Code's workspace storage (research/formats.md §C1):
 * `<sessionId>.jsonl` (mutation log, VS Code ≥ 1.109) and/or `<sessionId>.json` (older flat JSON). When both
 * exist for one id the `.jsonl` wins, as in VS Code: it is the one being written. Read only; a session is
 * located by its file name directly, the folder is listed only to find the most recent session or build the
 * index. The adapter passes `Uri.joinPath(context.storageUri, '..', 'chatSessions').fsPath`.
 */
export type ChatStorageErrorCode =
  /** No session file with that id. */
  | 'notFound'
  /** The id cannot be a file name in the folder (path separators, `..`). */
  | 'invalidId'
  /** The file exists but does not hold a readable session (empty, not JSON, a broken log). */
  | 'corrupt'
  /** The file is larger than the reader accepts. */
  | 'tooLarge'
  /** The storage could not be read (permissions, I/O). */
  | 'unavailable';

export class ChatStorageError extends Error {
  constructor(readonly code: ChatStorageErrorCode, readonly sessionId: string | undefined, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export type ChatSessionFormat = 'jsonl' | 'json';

export interface ChatSessionFile {
  readonly sessionId: string;
  readonly path: string;
  readonly format: ChatSessionFormat;
  readonly mtimeMs: number;
  readonly size: number;
}

export interface ChatSessionIndexEntry {
  readonly sessionId: string;
  readonly format: ChatSessionFormat;
  readonly mtimeMs: number;
  readonly title?: string;
  readonly lastMessageDate?: number;
  readonly requestCount?: number;
  /** Set instead of the session's fields when its file could not be read. */
  readonly error?: ChatStorageErrorCode;
}

/** What the recall tools need from a store; tests substitute fakes. */
export interface ChatSessionSource {
  /** The newest session by file modification time, or undefined when there is none. */
  mostRecentSessionId(): Promise<string | undefined>;
  readSession(sessionId: string): Promise<ChatSession>;
}

/** The file-system calls the store makes, injectable so tests can make them fail. */
export interface ChatStorageFs {
  readdir(dir: string): Promise<string[]>;
  stat(file: string): Promise<{ readonly mtimeMs: number; readonly size: number; isFile(): boolean }>;
  readFile(file: string): Promise<Uint8Array>;
}

export const nodeChatStorageFs: ChatStorageFs = {
  readdir: dir => fsp.readdir(dir),
  stat: file => fsp.stat(file),
  readFile: file => fsp.readFile(file),
};

export interface ChatSessionStoreOptions {
  readonly fs?: ChatStorageFs;
  /** Parsed sessions kept, keyed by file and validated by mtime + size. */
  readonly cacheSize?: number;
  /** Larger files are refused rather than read into memory. */
  readonly maxFileBytes?: number;
}

const DEFAULT_MAX_FILE_BYTES = 256 * 1024 * 1024;
const FILE_NAME = /^(.+)\.(jsonl|json)$/;

interface Cached {
  readonly mtimeMs: number;
  readonly size: number;
  readonly session: ChatSession;
}

export class ChatSessionStore implements ChatSessionSource {
  private readonly fs: ChatStorageFs;
  private readonly maxFileBytes: number;
  private readonly cache: LRUCache<string, Cached>;

  constructor(readonly folder: string, options: ChatSessionStoreOptions = {}) {
    this.fs = options.fs ?? nodeChatStorageFs;
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.cache = new LRUCache({ max: Math.max(1, options.cacheSize ?? 16) });
  }

  /** Every session file, newest first; one per id (`.jsonl` over `.json`). A missing folder has none. */
  async listSessionFiles(): Promise<ChatSessionFile[]> {
    let names: string[];
    try {
      names = await this.fs.readdir(this.folder);
    } catch (e) {
      if (isMissing(e)) return [];
      throw new ChatStorageError('unavailable', undefined, `cannot list ${this.folder}: ${describe(e)}`, { cause: e });
    }
    const byId = new Map<string, ChatSessionFile>();
    const candidates = names.map(name => FILE_NAME.exec(name)).filter((m): m is RegExpExecArray => !!m && isValidSessionId(m[1]));
    const files = await Promise.all(candidates.map(m => this.statFile(m[1], m[2] as ChatSessionFormat)));
    for (const file of files) {
      if (!file) continue;
      const seen = byId.get(file.sessionId);
      if (!seen || (seen.format === 'json' && file.format === 'jsonl')) byId.set(file.sessionId, file);
    }
    return [...byId.values()].sort((a, b) => b.mtimeMs - a.mtimeMs || a.sessionId.localeCompare(b.sessionId));
  }

  /** The file holding a session, or undefined; looked up by name, without listing the folder. */
  async findSessionFile(sessionId: string): Promise<ChatSessionFile | undefined> {
    if (!isValidSessionId(sessionId)) throw new ChatStorageError('invalidId', sessionId, `not a session id: ${JSON.stringify(sessionId)}`);
    return (await this.statFile(sessionId, 'jsonl')) ?? (await this.statFile(sessionId, 'json'));
  }

  async mostRecentSessionId(): Promise<string | undefined> {
    return (await this.listSessionFiles())[0]?.sessionId;
  }

  /**
   * "The current dialog" (SPEC §5): the session named by the caller when there is one (a plain id or a
   * `vscode-chat-session://local/…` resource), else the most recently modified session file.
   */
  async currentSessionId(named?: string): Promise<string | undefined> {
    return named !== undefined && named.trim() !== '' ? normalizeSessionId(named) : this.mostRecentSessionId();
  }

  async readSession(sessionId: string): Promise<ChatSession> {
    const file = await this.findSessionFile(sessionId);
    if (!file) throw new ChatStorageError('notFound', sessionId, `no session file for ${sessionId} in ${this.folder}`);
    return this.readFile(file);
  }

  /**
   * The ids of a session's requests in order, for `RequestRemovalDetector`: each request's id followed by its
   * alias ids (the ids its tool calls carry), so removing a request reports every id its staged changes may be
   * recorded under. Requests without any id are skipped.
   */
  async readRequestIds(sessionId: string): Promise<string[]> {
    const session = await this.readSession(sessionId);
    return session.requests.flatMap(r => [...(r.requestId ? [r.requestId] : []), ...r.aliasIds]);
  }

  /**
   * Ids, titles, last message dates and file times of every session, newest first. A file that cannot be read
   * gets an entry with `error` rather than failing the index.
   */
  async readIndex(): Promise<ChatSessionIndexEntry[]> {
    const out: ChatSessionIndexEntry[] = [];
    for (const file of await this.listSessionFiles()) {
      const base = { sessionId: file.sessionId, format: file.format, mtimeMs: file.mtimeMs };
      try {
        const s = await this.readFile(file);
        out.push({ ...base, title: s.title, lastMessageDate: s.lastMessageDate, requestCount: s.requests.length });
      } catch (e) {
        if (!(e instanceof ChatStorageError)) throw e;
        out.push({ ...base, error: e.code });
      }
    }
    return out;
  }

  private async readFile(file: ChatSessionFile): Promise<ChatSession> {
    const { sessionId } = file;
    if (file.size > this.maxFileBytes) throw new ChatStorageError('tooLarge', sessionId, `${file.path} is ${file.size} bytes (limit ${this.maxFileBytes})`);
    const cached = this.cache.get(file.path);
    if (cached && cached.mtimeMs === file.mtimeMs && cached.size === file.size) return cached.session;
    let bytes: Uint8Array;
    try {
      bytes = await this.fs.readFile(file.path);
    } catch (e) {
      if (isMissing(e)) throw new ChatStorageError('notFound', sessionId, `${file.path} disappeared while reading`, { cause: e });
      throw new ChatStorageError('unavailable', sessionId, `cannot read ${file.path}: ${describe(e)}`, { cause: e });
    }
    const text = new TextDecoder('utf-8').decode(bytes);
    let session: ChatSession;
    try {
      const state = file.format === 'jsonl' ? replayChatLog(text).state : parseJson(text);
      session = parseChatSession(state, sessionId);
    } catch (e) {
      if (e instanceof ChatLogError || e instanceof ChatSessionFormatError || e instanceof SyntaxError) {
        throw new ChatStorageError('corrupt', sessionId, `${file.path}: ${e.message}`, { cause: e });
      }
      throw e;
    }
    this.cache.set(file.path, { mtimeMs: file.mtimeMs, size: file.size, session });
    return session;
  }

  private async statFile(sessionId: string, format: ChatSessionFormat): Promise<ChatSessionFile | undefined> {
    const file = path.join(this.folder, `${sessionId}.${format}`);
    try {
      const st = await this.fs.stat(file);
      return st.isFile() ? { sessionId, path: file, format, mtimeMs: st.mtimeMs, size: st.size } : undefined;
    } catch (e) {
      if (isMissing(e)) return undefined;
      throw new ChatStorageError('unavailable', sessionId, `cannot stat ${file}: ${describe(e)}`, { cause: e });
    }
  }
}

/**
 * Whether a string can name a session file directly inside the folder. VS Code refuses the same things
 * (`getChatSessionStorageResource` throws unless the file is a direct child); here it also keeps a model-given
 * id from reading outside the folder.
 */
export function isValidSessionId(id: string): boolean {
  return id.length > 0 && id.length <= 200 && id !== '.' && id !== '..' && !/[\\/:\0]/.test(id) && id.trim() === id;
}

function parseJson(text: string): unknown {
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

function isMissing(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
