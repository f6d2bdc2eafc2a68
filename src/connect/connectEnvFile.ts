import * as path from 'path';
import { writePrivateFile } from './connectFileWrite';
import { CONNECT_ENV } from './connectTargets';

/**
 * The user-level file that carries the bridge's URL and token to an agent's shell. It lives in the home directory
 * (never in a project), is readable by the user only, and the extension rewrites it on every bridge start once a
 * Connect command created it: the port may change (with `agentOverlay.mcp.port` 0), and the token does when the
 * user rotates it (SPEC §7).
 */
export function connectEnvFilePath(home: string): string {
  return path.join(home, '.agent-overlay', 'mcp.env');
}

export interface BridgeAddress {
  readonly url: string;
  readonly token: string;
}

/** POSIX shell lines (`source` them); the values are single-quoted, so nothing in them is expanded. */
export function renderConnectEnvFile(endpoint: BridgeAddress): string {
  return [
    '# Agent Overlay MCP bridge: rewritten by the extension on every bridge start and when the token is rotated.',
    '# Load it in the shell you start a CLI agent from:  source <this file>',
    `export ${CONNECT_ENV.url}=${shellQuote(endpoint.url)}`,
    `export ${CONNECT_ENV.token}=${shellQuote(endpoint.token)}`,
    '',
  ].join('\n');
}

/**
 * Writes (replaces) the env file with `endpoint`'s URL and token: readable by the user only from its first byte,
 * through a temporary file created exclusively under a random name, so nothing planted in `~/.agent-overlay`
 * (a link at the old fixed temp name, or at the file's own name) ever receives the token. Returns its path.
 */
export async function writeConnectEnvFile(home: string, endpoint: BridgeAddress): Promise<string> {
  const file = connectEnvFilePath(home);
  await writePrivateFile(file, Buffer.from(renderConnectEnvFile(endpoint), 'utf8'));
  return file;
}

/** The line to give the user. */
export function sourceCommand(file: string): string {
  return `source ${shellQuote(file)}`;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
