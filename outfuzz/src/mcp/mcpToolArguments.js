"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MAX_ATTRIBUTION_CHARS = exports.ATTRIBUTION_FIELDS = void 0;
exports.advertisedInputSchema = advertisedInputSchema;
exports.splitArguments = splitArguments;
exports.mcpCaller = mcpCaller;
const jsonSchema_1 = require("../tools/jsonSchema");
/**
 * MCP clients attribute a tool call to their own conversation with two optional top-level arguments, accepted by
 * every tool: `sessionId` (the conversation; staged changes are grouped and discarded by it) and `messageId` (the
 * message; deleting it prunes its changes). They are split off before the tool's own schema is checked.
 *
 * When a tool already has a property of that name (`overlay_discardChanges.messageId` = the message whose changes
 * to discard, `chat_getRequest.sessionId` = the VS Code chat to read), the argument keeps the tool's meaning and is
 * not used for attribution; none of those tools stages a change under the caller's message, so nothing is lost.
 */
exports.ATTRIBUTION_FIELDS = ['sessionId', 'messageId'];
exports.MAX_ATTRIBUTION_CHARS = 200;
const ATTRIBUTION_SCHEMAS = {
    sessionId: {
        type: 'string',
        minLength: 1,
        maxLength: exports.MAX_ATTRIBUTION_CHARS,
        description: 'Optional: your own conversation id. Staged changes are grouped, listed (sessionOnly) and discarded by it. Default: "mcp:<your client name>".',
    },
    messageId: {
        type: 'string',
        minLength: 1,
        maxLength: exports.MAX_ATTRIBUTION_CHARS,
        description: 'Optional: the id of the message in your conversation that makes this call; its changes can later be discarded together (overlay_discardChanges {messageId}). Default: one id per call.',
    },
};
/** The schema an MCP client is shown: the tool's own, plus the attribution fields it does not define itself. */
function advertisedInputSchema(own) {
    const extra = exports.ATTRIBUTION_FIELDS.filter(f => !(f in own.properties));
    if (extra.length === 0)
        return own;
    return { ...own, properties: { ...own.properties, ...Object.fromEntries(extra.map(f => [f, ATTRIBUTION_SCHEMAS[f]])) } };
}
/**
 * Splits a call's arguments into the tool's input and the attribution. Throws `ToolInputError` for a malformed
 * attribution field; anything wrong with the rest is left to the tool's schema. Never mutates `args`.
 */
function splitArguments(own, args) {
    if (args === undefined || args === null)
        return { toolInput: {} };
    if (typeof args !== 'object' || Array.isArray(args))
        return { toolInput: args };
    const toolInput = { ...args };
    const found = {};
    const problems = [];
    for (const field of exports.ATTRIBUTION_FIELDS) {
        if (field in own.properties || !(field in toolInput))
            continue;
        const value = toolInput[field];
        delete toolInput[field];
        if (value === undefined)
            continue;
        if (typeof value !== 'string' || value.trim() === '')
            problems.push(`input.${field} must be a non-empty string`);
        else if (value.length > exports.MAX_ATTRIBUTION_CHARS)
            problems.push(`input.${field} is ${value.length} characters long, more than the ${exports.MAX_ATTRIBUTION_CHARS} allowed`);
        else
            found[field] = value;
    }
    if (problems.length)
        throw new jsonSchema_1.ToolInputError(`Invalid input: ${problems.join('; ')}.`);
    return { toolInput, ...found };
}
/**
 * The caller a change is attributed to. Defaults:
 * - sessionId `mcp:<client name>`: stable across reconnects and server restarts (a new token means a new MCP
 *   session), readable in the Source Control view, and shared by two windows of the same client — a client that
 *   runs several conversations passes its own `sessionId`;
 * - messageId `mcp:<first 8 characters of the MCP session>/<JSON-RPC id>`: JSON-RPC ids restart at 0 on every
 *   connection, so the MCP session prefix keeps two calls from ever sharing a message id (one call = one message).
 */
function mcpCaller(split, origin) {
    const client = cleanName(origin.clientName) || 'client';
    const connection = cleanName(origin.mcpSessionId)?.slice(0, 8) || 'local';
    return {
        sessionId: split.sessionId ?? `mcp:${client}`,
        messageId: split.messageId ?? `mcp:${connection}/${String(origin.requestId)}`,
        via: 'mcp',
    };
}
/** Printable, bounded: client names end up in the SCM view and in prompts. */
function cleanName(s) {
    return s?.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 64);
}
//# sourceMappingURL=mcpToolArguments.js.map