import { LOOPBACK_HOST } from './mcpRequestGuard';
import { assertLoopbackHost, type McpEndpoint } from './mcpEndpoint';
import type { McpBridgeOptions, McpBridgeServer } from './mcpBridgeServer';

export interface McpStartOverrides {
  /** Only 127.0.0.1 is accepted; anything else is refused before the running server is touched. */
  readonly host?: string;
  readonly port?: number;
}

/**
 * Starts, restarts and stops the bridge, one operation at a time (a command and a settings change may race), and
 * tells listeners whenever the endpoint changes (status bar, VS Code's MCP server list).
 */
export class McpBridgeController {
  private server: McpBridgeServer | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<(endpoint: McpEndpoint | undefined) => void>();
  private disposed = false;

  /** `token` gives each start its bearer token (the kept one); without it every start makes a fresh one. */
  constructor(
    private readonly base: Omit<McpBridgeOptions, 'host' | 'port' | 'token'>,
    private readonly defaultPort: () => number,
    private readonly token?: () => Promise<string>,
  ) {}

  /** The running endpoint, if any. */
  get endpoint(): McpEndpoint | undefined {
    return this.server;
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  onDidChange(listener: (endpoint: McpEndpoint | undefined) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }

  /** Starts the bridge, or restarts it when it runs (with the token `token` gives now). Rejects with `McpBindError` (and keeps a running one for a refused host). */
  start(overrides: McpStartOverrides = {}): Promise<McpEndpoint> {
    return this.serially(async () => {
      if (this.disposed) throw new Error('The MCP bridge was shut down with the extension.');
      const host = overrides.host ?? LOOPBACK_HOST;
      assertLoopbackHost(host); // before the running server is touched
      const token = this.token ? await this.token() : undefined;
      await this.stopNow();
      // Loaded on the first start, not at activation: evaluating the MCP SDK (and zod) takes hundreds of ms. A plain
      // require keeps it in the one bundle (an `import()` would become a separate webpack chunk).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { McpBridgeServer } = require('./mcpBridgeServer') as typeof import('./mcpBridgeServer');
      const server = await McpBridgeServer.start({ ...this.base, host, port: overrides.port ?? this.defaultPort(), ...(token ? { token } : {}) });
      this.server = server;
      this.fire();
      return server;
    });
  }

  stop(): Promise<void> {
    return this.serially(() => this.stopNow());
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await this.stop();
    this.listeners.clear();
  }

  private async stopNow(): Promise<void> {
    const s = this.server;
    if (!s) return;
    this.server = undefined;
    await s.stop();
    this.fire();
  }

  private fire(): void {
    for (const l of [...this.listeners]) l(this.server);
  }

  private serially<T>(op: () => Promise<T>): Promise<T> {
    const next = this.queue.then(op, op);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
