/**
 * The session ids MCP callers get, and why (README "MCP bridge", identity rules).
 *
 * An MCP client's changes belong to its **namespace**, `mcp:<client name>`, taken from the `clientInfo.name` it
 * sent at `initialize` — never from a tool call's arguments, which is what a model (careless, or following
 * injected instructions) controls. A `sessionId` argument is only a **label inside that namespace**:
 * `mcp:<client name>/<label>`. So no argument can name the person's own session (`user`), another client's, or
 * a VS Code chat's.
 *
 * Stable across reconnects and bridge restarts: the namespace depends on the client's name only, not on its MCP
 * session (`Mcp-Session-Id` changes on every connection, and a CLI agent reconnects at every start; it would lose
 * its own staged work). Two windows of the same client share a namespace; a client that runs several
 * conversations gives each a label. What this does not do: authenticate the name. Every client holds the same
 * bearer token, and a process that has it can call itself anything at `initialize`; the token is the trust
 * boundary, and discarding or resolving another session's change asks the person whoever asks.
 */

export const MCP_PREFIX = 'mcp:';

/** The longest client name kept (longer ones are cut): it is shown in the Source Control view and in prompts. */
export const MAX_CLIENT_NAME = 64;

/**
 * Characters a label or message id may not contain: controls (line breaks included), line/paragraph separators,
 * bidirectional controls and zero-width characters. Ids are shown to the person; these would change how they read.
 */
export const FORBIDDEN_ID_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;

/**
 * The namespace of a client: `mcp:<name>`, the name made printable and bounded, without `/` (which separates the
 * label), `mcp:client` for a client that gave no usable name.
 */
export function mcpNamespace(clientName: string | undefined): string {
  const clean = (clientName ?? '')
    .replace(new RegExp(FORBIDDEN_ID_CHARS.source, 'gu'), ' ')
    .replace(/\//g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_CLIENT_NAME)
    .trim();
  return `${MCP_PREFIX}${clean || 'client'}`;
}

/**
 * The session a call is attributed to: the namespace itself without a label, `<namespace>/<label>` with one. A
 * label that already starts with the caller's own namespace (the id `overlay_listChanges` showed it) is taken as
 * that id, so a client can pass back what it was shown; any other id becomes a label of its own namespace.
 * The label must already be free of `FORBIDDEN_ID_CHARS` (`splitArguments` refuses them).
 */
export function mcpSessionOf(namespace: string, label: string | undefined): string {
  const l = label?.trim();
  if (!l || l === namespace) return namespace;
  const own = l.startsWith(`${namespace}/`) ? l.slice(namespace.length + 1) : l;
  return own ? `${namespace}/${own}` : namespace;
}

/** A session id taken apart: the client's name and its label, or undefined for an id that is not an MCP one. */
export function parseMcpSession(sessionId: string): { readonly client: string; readonly label?: string } | undefined {
  if (!sessionId.startsWith(MCP_PREFIX)) return undefined;
  const rest = sessionId.slice(MCP_PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash < 0) return { client: rest };
  return { client: rest.slice(0, slash), label: rest.slice(slash + 1) };
}
