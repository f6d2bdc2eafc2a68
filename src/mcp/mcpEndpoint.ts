import { LOOPBACK_HOST } from './mcpRequestGuard';

/**
 * The light half of the bridge: what a client needs to connect, and the bind rule. Kept apart from
 * `mcpBridgeServer.ts` so the extension can activate without loading the MCP SDK (it loads on the first start).
 */
export interface McpEndpoint {
  readonly url: string;
  readonly port: number;
  readonly token: string;
}

/** The path the MCP endpoint is served on: `http://127.0.0.1:<port>/mcp`. */
export const MCP_PATH = '/mcp';

/** The bridge refuses to listen on anything but the loopback address, or the port is taken. */
export class McpBindError extends Error {
  constructor(readonly code: 'NotLoopback' | 'PortInUse' | 'ListenFailed', message: string) {
    super(message);
    this.name = 'McpBindError';
  }
}

/** Throws `McpBindError` for any bind address but 127.0.0.1 (not 0.0.0.0, not ::, not a LAN address, not "localhost"). */
export function assertLoopbackHost(host: string): void {
  if (host !== LOOPBACK_HOST) throw new McpBindError('NotLoopback', `The MCP bridge listens on ${LOOPBACK_HOST} only; refusing to bind to ${JSON.stringify(host)}.`);
}

export function endpointUrl(port: number): string {
  return `http://${LOOPBACK_HOST}:${port}${MCP_PATH}`;
}
