import { CHAT_TOOL_ERRORS, ChatTool, ChatToolError, inputRecord, optionalSessionId, type ChatToolContext } from './chatTool';
import type { ToolMetadata } from '../tools/toolManifest';

export interface GetRequestInput {
  /** 1-based position of the request in the dialog. */
  readonly index: number;
  readonly sessionId?: string;
}

export interface GetRequestResult {
  readonly sessionId: string;
  /** The request's full text. */
  readonly request: string;
  readonly index: number;
  /** Unix ms, or null when the session did not record it. */
  readonly timestamp: number | null;
  readonly totalRequests: number;
}

export const GET_REQUEST_INPUT_SCHEMA = {
  type: 'object',
  properties: {
    index: {
      type: 'number',
      description: 'Required: Position of the request (1-based). 1 = first request, 2 = second, etc.',
    },
    sessionId: {
      type: 'string',
      description: 'Optional: Dialog session ID. If omitted, uses current active dialog.',
    },
  },
  required: ['index'],
} as const;

export const GET_REQUEST_MODEL_DESCRIPTION = `Retrieves a specific user request by position from a VS Code chat dialog (the chat session this conversation lives in, or another one by its session ID).

**Use this tool when:**
- You need to recall a specific request from the dialog history (for example after context compression)
- User asks about their Nth question or request
- You need to reference a particular point in the conversation, or the full text of the first request (index 1)

**Parameters:**
- index (required): Position of the request (1-based, where 1 is the first request)
- sessionId (optional): Specific dialog session ID. If not provided, uses current active dialog.

**Returns:**
JSON with:
- success: boolean
- sessionId: string (if found)
- request: string (full request message)
- index: number (the requested position)
- timestamp: number (Unix ms), or null if the dialog did not record it
- totalRequests: number (total requests in dialog)
- error: string (if failed): "Index must be 1 or greater", "Index {n} exceeds total requests ({total})" (call again with an index from 1 to total), "No active dialog found", "Session not found: {id}", "Chat data not available for session" or "Service temporarily unavailable"

**Example usage scenarios:**
1. Get 2nd request from current dialog:
   Call with { "index": 2 }

2. Get 3rd request from specific dialog:
   Call with { "index": 3, "sessionId": "abc-123-def-456" }`;

export const GET_REQUEST_TOOL: ToolMetadata = {
  toolName: 'chat_getRequest',
  displayName: 'Get chat request by position',
  toolReferenceName: 'chatRequest',
  userDescription: 'Recalls the full text of your Nth request in this chat (or another chat session).',
  modelDescription: GET_REQUEST_MODEL_DESCRIPTION,
  tags: ['chat'],
  inputSchema: GET_REQUEST_INPUT_SCHEMA,
};

/** `chat_getRequest {index, sessionId?}` (SPEC §5). */
export class GetRequestTool extends ChatTool<GetRequestInput, GetRequestResult> {
  static readonly toolName = GET_REQUEST_TOOL.toolName;
  readonly definition = GET_REQUEST_TOOL;

  protected parseInput(input: unknown): GetRequestInput {
    const record = inputRecord(input);
    const sessionId = optionalSessionId(record);
    let index = record.index;
    // Models now and then send numbers as strings ("2"); accept those, nothing looser.
    if (typeof index === 'string' && /^\s*[+-]?\d+\s*$/.test(index)) index = Number(index);
    if (index === undefined || index === null) throw new ChatToolError('invalidInput', 'Invalid input: index is required (1 = first request)');
    if (typeof index !== 'number' || !Number.isInteger(index)) {
      throw new ChatToolError('invalidInput', 'Invalid input: index must be a whole number (1 = first request)');
    }
    return sessionId === undefined ? { index } : { index, sessionId };
  }

  protected async call(input: GetRequestInput, context: ChatToolContext): Promise<GetRequestResult> {
    if (input.index < 1) throw new ChatToolError('indexTooSmall', CHAT_TOOL_ERRORS.indexTooSmall);
    const session = await this.resolveSession(input.sessionId, context);
    const total = session.requests.length;
    if (input.index > total) throw new ChatToolError('indexTooLarge', CHAT_TOOL_ERRORS.indexTooLarge(input.index, total));
    const request = session.requests[input.index - 1];
    return {
      sessionId: session.sessionId,
      request: request.text,
      index: input.index,
      timestamp: request.timestamp ?? null,
      totalRequests: total,
    };
  }
}
