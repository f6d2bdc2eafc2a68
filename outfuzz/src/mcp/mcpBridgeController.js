"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.McpBridgeController = void 0;
const mcpRequestGuard_1 = require("./mcpRequestGuard");
const mcpEndpoint_1 = require("./mcpEndpoint");
/**
 * Starts, restarts and stops the bridge, one operation at a time (a command and a settings change may race), and
 * tells listeners whenever the endpoint changes (status bar, VS Code's MCP server list).
 */
class McpBridgeController {
    base;
    defaultPort;
    server;
    queue = Promise.resolve();
    listeners = new Set();
    disposed = false;
    constructor(base, defaultPort) {
        this.base = base;
        this.defaultPort = defaultPort;
    }
    /** The running endpoint, if any. */
    get endpoint() {
        return this.server;
    }
    get running() {
        return this.server !== undefined;
    }
    onDidChange(listener) {
        this.listeners.add(listener);
        return { dispose: () => void this.listeners.delete(listener) };
    }
    /** Starts the bridge, or restarts it (new token) when it runs. Rejects with `McpBindError` (and keeps a running one for a refused host). */
    start(overrides = {}) {
        return this.serially(async () => {
            if (this.disposed)
                throw new Error('The MCP bridge was shut down with the extension.');
            const host = overrides.host ?? mcpRequestGuard_1.LOOPBACK_HOST;
            (0, mcpEndpoint_1.assertLoopbackHost)(host); // before the running server is touched
            await this.stopNow();
            // Loaded on the first start, not at activation: evaluating the MCP SDK (and zod) takes hundreds of ms. A plain
            // require keeps it in the one bundle (an `import()` would become a separate webpack chunk).
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            const { McpBridgeServer } = require('./mcpBridgeServer');
            const server = await McpBridgeServer.start({ ...this.base, host, port: overrides.port ?? this.defaultPort() });
            this.server = server;
            this.fire();
            return server;
        });
    }
    stop() {
        return this.serially(() => this.stopNow());
    }
    async dispose() {
        this.disposed = true;
        await this.stop();
        this.listeners.clear();
    }
    async stopNow() {
        const s = this.server;
        if (!s)
            return;
        this.server = undefined;
        await s.stop();
        this.fire();
    }
    fire() {
        for (const l of [...this.listeners])
            l(this.server);
    }
    serially(op) {
        const next = this.queue.then(op, op);
        this.queue = next.catch(() => undefined);
        return next;
    }
}
exports.McpBridgeController = McpBridgeController;
//# sourceMappingURL=mcpBridgeController.js.map