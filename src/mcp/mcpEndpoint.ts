import { createHash } from 'crypto';
import * as path from 'path';
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

/**
 * The query parameter that names the project a client was connected for (`/mcp?project=<key>`): a window's bridge
 * serves only its own workspace folders' keys, so an agent connected in one project never stages in another
 * window's (every window shares the token and the pinned port, and only one bridge can listen on it).
 */
export const PROJECT_PARAM = 'project';

/**
 * A workspace folder's key: 16 base64url characters of the SHA-256 of its absolute path. A hash, not the path, so a
 * project file that is committed (`.mcp.json`) does not carry the person's folder names, and so the URL stays ASCII.
 */
export function projectKey(folder: string): string {
  let p = path.resolve(folder);
  // VS Code spells a Windows drive letter either way; it is one folder.
  if (/^[A-Za-z]:/.test(p)) p = p[0].toLowerCase() + p.slice(1);
  return createHash('sha256').update(p, 'utf8').digest('base64url').slice(0, 16);
}

/** The endpoint's URL for a client connected for `folder`'s project. */
export function projectUrl(url: string, folder: string): string {
  const u = new URL(url);
  u.searchParams.set(PROJECT_PARAM, projectKey(folder));
  return u.toString();
}
