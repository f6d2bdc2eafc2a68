import type { ToolMetadata } from './toolManifest';

/**
 * Who is calling: the chat session and message a change is attributed to. VS Code passes no stable ids to tools,
 * so the adapters fill in what they can (the chat session resource today, the MCP client's own ids) and
 * "unknown" otherwise.
 */
export interface ToolCaller {
  readonly sessionId: string;
  readonly messageId: string;
  /** Where the call came from, for logs and consent prompts. */
  readonly via: 'vscode-chat' | 'mcp' | 'notebook' | 'test';
}

export const UNKNOWN_SESSION = 'unknown session';
export const UNKNOWN_MESSAGE = 'unknown message';

/** A tool's answer: a sentence saying what it is, and the JSON the model reads. */
export interface ToolAnswer {
  readonly summary: string;
  readonly data: unknown;
}

/** An error whose message tells the model what to do next; `code` is stable for clients. */
export class ToolError extends Error {
  constructor(readonly code: string, message: string, readonly data?: unknown) {
    super(message);
    this.name = 'ToolError';
  }
}

/**
 * One agent tool, defined once and served by every front end (VS Code's `vscode.lm` tools, the MCP bridge, the
 * notebook agent). `package.json`'s `contributes.languageModelTools` must say the same (a unit test checks).
 */
export interface AgentTool<I = unknown> {
  /** The tool's declaration; the same object is listed in src/tools/toolCatalog.ts. */
  readonly metadata: ToolMetadata;
  /** Shown while the tool runs ("Staging src/a.ts…"); free of side effects. */
  invocationMessage(input: I): string;
  /** Runs the tool on validated input. Throws `ToolError` (or any error) for failures. */
  invoke(input: I, caller: ToolCaller, signal?: AbortSignal): Promise<ToolAnswer>;
  /** The answer for a failure before or during `invoke` (invalid input included), when the tool has its own shape. */
  errorAnswer?(error: unknown): ToolAnswer;
}
