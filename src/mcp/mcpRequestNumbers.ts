/**
 * Numbers MCP calls per attributed session, across connections (issue 27 item 14). JSON-RPC ids restart at 0 on
 * every connection, and a CLI agent may open a connection per call: numbered by id, every call of such a client
 * was "MCP request 1". Numbered here, a session's calls read 1, 2, 3 … for as long as the bridge runs, whichever
 * connection they came on; the message id keeps the connection's prefix too, so ids never collide with those of
 * an earlier run of the bridge.
 */
export class McpRequestNumbers {
  private readonly last = new Map<string, number>();

  /** The next number of a call attributed to `sessionId` (1 for its first). */
  next(sessionId: string): number {
    const n = (this.last.get(sessionId) ?? 0) + 1;
    this.last.set(sessionId, n);
    return n;
  }
}
