import type { ToolMetadata } from '../tools/toolManifest';
import type { ChatSession } from './parseChatSession';
import { ChatStorageError, type ChatSessionSource } from './chatSessionStore';
import { normalizeSessionId } from './chatSessionResource';

/**
 * The shared shape of the chat recall tools (seed 001 "Template Method"): `invoke` has the subclass parse its
 * input and run `call`, and turns the result or any error into the seed's JSON — `{success: true, ...}` or
 * `{success: false, error}` with the seed's exact error strings — so no subclass handles errors or JSON.
 * No `vscode` types: the VS Code and MCP front ends wrap `invoke`/`run`.
 */

/** `vscode.CancellationToken` satisfies this. */
export interface CancellationLike {
  readonly isCancellationRequested: boolean;
}

export interface ChatToolContext {
  /**
   * The chat session the tool is being called from, when VS Code says (decoded from the invocation's session
   * resource by the adapter). Used when the input names no session; otherwise the most recently modified
   * session file stands for "the current dialog".
   */
  readonly invocationSessionId?: string;
  readonly token?: CancellationLike;
}

export type ChatToolFailure = { readonly success: false; readonly error: string };
export type ChatToolResponse<T extends object> = ({ readonly success: true } & T) | ChatToolFailure;

/** The error strings of seed 001's table (SPEC §5), verbatim; tests compare against these. */
export const CHAT_TOOL_ERRORS = {
  noActiveDialog: 'No active dialog found',
  sessionNotFound: (id: string) => `Session not found: ${id}`,
  firstRequestNotAvailable: 'First request not available',
  indexTooSmall: 'Index must be 1 or greater',
  indexTooLarge: (index: number, total: number) => `Index ${index} exceeds total requests (${total})`,
  chatDataNotAvailable: 'Chat data not available for session',
  serviceUnavailable: 'Service temporarily unavailable',
} as const;

export type ChatToolErrorCode = 'noActiveDialog' | 'sessionNotFound' | 'firstRequestNotAvailable' | 'indexTooSmall' | 'indexTooLarge'
  | 'chatDataNotAvailable' | 'serviceUnavailable' | 'invalidInput' | 'cancelled';

/** An error whose message is what the model sees. */
export class ChatToolError extends Error {
  constructor(readonly code: ChatToolErrorCode, message: string) {
    super(message);
  }
}

export interface ChatToolOptions {
  /** Told about errors that are not the tool's own (reported to the model as "Service temporarily unavailable"). */
  readonly onUnexpectedError?: (error: unknown) => void;
}

export abstract class ChatTool<TInput, TResult extends object> {
  /** Name, descriptions and input schema: the catalog entry (`src/tools/toolCatalog.ts`) for this tool. */
  abstract readonly definition: ToolMetadata;

  /** `source` is undefined when there is no chat storage to read (no workspace storage folder). */
  constructor(protected readonly source: ChatSessionSource | undefined, private readonly options: ChatToolOptions = {}) {}

  /** The tool's answer as the JSON text the model receives. Never throws. */
  async invoke(input: unknown, context: ChatToolContext = {}): Promise<string> {
    return JSON.stringify(await this.run(input, context));
  }

  /** The same answer as an object (the MCP bridge may want structured content). Never throws. */
  async run(input: unknown, context: ChatToolContext = {}): Promise<ChatToolResponse<TResult>> {
    try {
      const parsed = this.parseInput(input);
      checkCancelled(context);
      const result = await this.call(parsed, context);
      checkCancelled(context);
      return { success: true, ...result };
    } catch (e) {
      return { success: false, error: this.errorMessage(e) };
    }
  }

  /** Turns the raw input into the tool's input type, or throws a `ChatToolError` that says what is wrong. */
  protected abstract parseInput(input: unknown): TInput;

  protected abstract call(input: TInput, context: ChatToolContext): Promise<TResult>;

  /** The session the caller means: the one named in the input, else the invocation's, else the newest. */
  protected async resolveSession(requested: string | undefined, context: ChatToolContext): Promise<ChatSession> {
    const source = this.source;
    if (!source) throw new ChatToolError('serviceUnavailable', CHAT_TOOL_ERRORS.serviceUnavailable);
    const fromInput = nonBlank(requested);
    const named = fromInput ?? nonBlank(context.invocationSessionId);
    const sessionId = named !== undefined ? normalizeSessionId(named) : await source.mostRecentSessionId();
    if (sessionId === undefined) throw new ChatToolError('noActiveDialog', CHAT_TOOL_ERRORS.noActiveDialog);
    checkCancelled(context);
    try {
      return await source.readSession(sessionId);
    } catch (e) {
      if (e instanceof ChatStorageError && (e.code === 'notFound' || e.code === 'invalidId')) {
        // The seed's two cases: an id the caller made up is "not found"; the session VS Code says we are in
        // exists, VS Code just has not written its file (yet).
        if (fromInput === undefined && named !== undefined) throw new ChatToolError('chatDataNotAvailable', CHAT_TOOL_ERRORS.chatDataNotAvailable);
        throw new ChatToolError('sessionNotFound', CHAT_TOOL_ERRORS.sessionNotFound(sessionId));
      }
      throw e;
    }
  }

  private errorMessage(e: unknown): string {
    if (e instanceof ChatToolError) return e.message;
    if (e instanceof ChatStorageError) {
      switch (e.code) {
        case 'notFound':
        case 'invalidId':
          return CHAT_TOOL_ERRORS.sessionNotFound(e.sessionId ?? '');
        case 'corrupt':
        case 'tooLarge':
          return CHAT_TOOL_ERRORS.chatDataNotAvailable;
        case 'unavailable':
          this.options.onUnexpectedError?.(e);
          return CHAT_TOOL_ERRORS.serviceUnavailable;
      }
    }
    this.options.onUnexpectedError?.(e);
    return CHAT_TOOL_ERRORS.serviceUnavailable;
  }
}

/** The input as a record: a missing input (`undefined`/`null`) is `{}`; anything else must be an object. */
export function inputRecord(input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new ChatToolError('invalidInput', 'Invalid input: expected a JSON object');
  return input as Record<string, unknown>;
}

/** An optional `sessionId` string field. */
export function optionalSessionId(record: Record<string, unknown>): string | undefined {
  const v = record.sessionId;
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new ChatToolError('invalidInput', 'Invalid input: sessionId must be a string (omit it for the current dialog)');
  return v;
}

function checkCancelled(context: ChatToolContext): void {
  if (context.token?.isCancellationRequested) throw new ChatToolError('cancelled', 'Cancelled');
}

function nonBlank(v: string | undefined): string | undefined {
  return v !== undefined && v.trim() !== '' ? v : undefined;
}
