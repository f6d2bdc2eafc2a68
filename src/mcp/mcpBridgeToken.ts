import { randomBytes } from 'crypto';

/**
 * The bridge's bearer token outlives a bridge start: it is made once, kept in the extension's SecretStorage (the
 * OS keychain, never a file in a project), and changes only when the user rotates it. So clients configured with
 * it, and `~/.agent-overlay/mcp.env`, stay valid across a Stop/Start and a window reload. No `vscode` here: the
 * adapter passes `context.secrets`, which has this shape.
 */
export interface McpTokenStore {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
}

/** The SecretStorage key. */
export const MCP_TOKEN_KEY = 'agentOverlay.mcp.token';

/** 32 random bytes, base64url: 43 characters that need no quoting in a header, a shell line or JSON. */
export function newBridgeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What `newBridgeToken` makes; anything else found in the store (empty, truncated, edited) is replaced. */
export function isBridgeToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/**
 * The kept token, made and stored on first use. When the store cannot be read or written (no keychain on this
 * machine), the bridge still starts: with a fresh token for this start, and `warn` says why it will not be kept.
 */
export async function keptBridgeToken(store: McpTokenStore, warn: (message: string) => void): Promise<string> {
  let kept: string | undefined;
  try {
    kept = await store.get(MCP_TOKEN_KEY);
  } catch (e) {
    warn(`Could not read the MCP token from the secret storage (${messageOf(e)}); this start uses a new token that will not be kept.`);
    return newBridgeToken();
  }
  if (isBridgeToken(kept)) return kept;
  return storeNewToken(store, warn);
}

/** A new token, stored in place of the old one (Rotate MCP Token). */
export function rotateBridgeToken(store: McpTokenStore, warn: (message: string) => void): Promise<string> {
  return storeNewToken(store, warn);
}

async function storeNewToken(store: McpTokenStore, warn: (message: string) => void): Promise<string> {
  const token = newBridgeToken();
  try {
    await store.store(MCP_TOKEN_KEY, token);
  } catch (e) {
    warn(`Could not keep the MCP token in the secret storage (${messageOf(e)}); it will change when the window reloads.`);
  }
  return token;
}

/**
 * Whether activation starts the bridge: when the setting asks for it, or when it was running as the window
 * reloaded (a person's Stop, or turning the setting off, clears that memory; closing the window does not).
 */
export function startBridgeAtActivation(enabledSetting: boolean, runningAtLastReload: boolean): boolean {
  return enabledSetting || runningAtLastReload;
}

/** The workspace-state key for "the bridge was running" (per window: each window has its own bridge). */
export const MCP_WAS_RUNNING_KEY = 'agentOverlay.mcp.wasRunning';

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
