import type { ToolCaller } from '../tools/agentTool';
import { ToolInputError, type JsonSchema, type ObjectSchema } from '../tools/jsonSchema';
import { FORBIDDEN_ID_CHARS, mcpNamespace, mcpSessionOf } from './mcpSessionId';
import type { McpRequestNumbers } from './mcpRequestNumbers';

/**
 * MCP clients attribute a tool call to their own conversation with two optional top-level arguments, accepted by
 * every tool: `sessionId` (a label for the conversation, inside the client's own namespace: see `mcpSessionId.ts`;
 * staged changes are grouped and discarded by it) and `messageId` (the message; deleting it prunes its changes).
 * They are split off before the tool's own schema is checked.
 *
 * When a tool already has a property of that name (`overlay_discardChanges.messageId` = the message whose changes
 * to discard, `chat_getRequest.sessionId` = the VS Code chat to read), the argument keeps the tool's meaning and is
 * not used for attribution; none of those tools stages a change under the caller's message, so nothing is lost.
 */
export const ATTRIBUTION_FIELDS = ['sessionId', 'messageId'] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];

export const MAX_ATTRIBUTION_CHARS = 200;

const ATTRIBUTION_SCHEMAS: Readonly<Record<AttributionField, JsonSchema>> = {
  sessionId: {
    type: 'string',
    minLength: 1,
    maxLength: MAX_ATTRIBUTION_CHARS,
    description: 'Optional: a label for your conversation. Your changes are attributed to "mcp:<your client name>/<label>" (without it, "mcp:<your client name>"), and grouped, listed (sessionOnly) and discarded by it. It cannot name the user or another client: any value is a label of your own.',
  },
  messageId: {
    type: 'string',
    minLength: 1,
    maxLength: MAX_ATTRIBUTION_CHARS,
    description: 'Optional: the id of the message in your conversation that makes this call; its changes can later be discarded together (overlay_discardChanges {messageId}). Default: one id per call.',
  },
};

export interface SplitArguments {
  /** What the tool's own schema is checked against. */
  readonly toolInput: unknown;
  readonly sessionId?: string;
  readonly messageId?: string;
}

/** The schema an MCP client is shown: the tool's own, plus the attribution fields it does not define itself. */
export function advertisedInputSchema(own: ObjectSchema): ObjectSchema {
  const extra = ATTRIBUTION_FIELDS.filter(f => !(f in own.properties));
  if (extra.length === 0) return own;
  return { ...own, properties: { ...own.properties, ...Object.fromEntries(extra.map(f => [f, ATTRIBUTION_SCHEMAS[f]])) } };
}

/**
 * Splits a call's arguments into the tool's input and the attribution. Throws `ToolInputError` for a malformed
 * attribution field; anything wrong with the rest is left to the tool's schema. Never mutates `args`.
 */
export function splitArguments(own: ObjectSchema, args: unknown): SplitArguments {
  if (args === undefined || args === null) return { toolInput: {} };
  if (typeof args !== 'object' || Array.isArray(args)) return { toolInput: args };
  const toolInput: Record<string, unknown> = { ...(args as Record<string, unknown>) };
  const found: Partial<Record<AttributionField, string>> = {};
  const problems: string[] = [];
  for (const field of ATTRIBUTION_FIELDS) {
    if (field in own.properties || !(field in toolInput)) continue;
    const value = toolInput[field];
    delete toolInput[field];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.trim() === '') problems.push(`input.${field} must be a non-empty string`);
    else if (value.length > MAX_ATTRIBUTION_CHARS) problems.push(`input.${field} is ${value.length} characters long, more than the ${MAX_ATTRIBUTION_CHARS} allowed`);
    else if (FORBIDDEN_ID_CHARS.test(value)) problems.push(`input.${field} contains a control, line-break, zero-width or text-direction character; use printable characters only`);
    else found[field] = value;
  }
  if (problems.length) throw new ToolInputError(`Invalid input: ${problems.join('; ')}.`);
  return { toolInput, ...found };
}

/** Where a call came from, when the client gave no attribution of its own. */
export interface McpCallOrigin {
  /** `clientInfo.name` from the client's `initialize`, if any. */
  readonly clientName: string | undefined;
  /** The MCP session (`Mcp-Session-Id`) the call arrived on. */
  readonly mcpSessionId: string | undefined;
  /** The JSON-RPC id of the `tools/call` request. */
  readonly requestId: string | number;
}

/**
 * The caller a change is attributed to. The session is the client's namespace `mcp:<client name>` (from
 * `initialize`, never from the arguments), or `mcp:<client name>/<label>` when the call gives `sessionId`: the
 * arguments cannot name the person's session or another client's (`mcpSessionId.ts` says why the namespace
 * is the client's name and not its MCP session). The message defaults to `mcp:<first 8 characters of the MCP
 * session>/<number>`: the number is the session's count of calls (`numbers`, across connections), else the
 * JSON-RPC id; the MCP session prefix keeps two calls from ever sharing a message id (one call = one message). A message id is only ever looked up within its
 * session, so a client's "msg-1" never reaches another's.
 */
export function mcpCaller(split: SplitArguments, origin: McpCallOrigin, numbers?: McpRequestNumbers): ToolCaller {
  const namespace = mcpNamespace(origin.clientName);
  const connection = (origin.mcpSessionId ?? '').replace(/[^\w-]/g, '').slice(0, 8) || 'local';
  const sessionId = mcpSessionOf(namespace, split.sessionId);
  // With `numbers` (the bridge's), the session's own count, not the connection's JSON-RPC id (mcpRequestNumbers.ts).
  const number = () => (numbers ? numbers.next(sessionId) : origin.requestId);
  return {
    sessionId,
    messageId: split.messageId ?? `mcp:${connection}/${String(number())}`,
    via: 'mcp',
  };
}
