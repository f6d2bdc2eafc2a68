"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.registerMcpBridge = registerMcpBridge;
const vscode = __importStar(require("vscode"));
const mcpBridgeController_1 = require("../mcpBridgeController");
const mcpClientConfig_1 = require("../mcpClientConfig");
const mcpToolService_1 = require("../mcpToolService");
const mcpContributions_1 = require("../mcpContributions");
/**
 * Capability C6's VS Code half: serves the same `AgentTool` objects VS Code's chat uses over MCP (so their consent
 * prompts appear in this window), started by a command or `agentOverlay.mcp.enabled`, shown in the status bar,
 * and advertised to VS Code's own MCP support.
 */
function registerMcpBridge(context, tools) {
    const log = vscode.window.createOutputChannel('Agent Overlay MCP', { log: true });
    const version = String(context.extension.packageJSON.version ?? '0.0.0');
    const config = () => vscode.workspace.getConfiguration(mcpContributions_1.MCP_SETTINGS.section);
    const controller = new mcpBridgeController_1.McpBridgeController({
        tools: new mcpToolService_1.McpToolService(tools),
        serverInfo: { name: 'agent-overlay', version },
        log: (level, message) => (level === 'warn' ? log.warn(message) : log.info(message)),
    }, () => config().get('port', 0));
    const status = vscode.window.createStatusBarItem('agentOverlay.mcp', vscode.StatusBarAlignment.Right, 100);
    status.name = 'Agent Overlay MCP Server';
    status.command = mcpContributions_1.MCP_COMMANDS.copyConfig;
    const updateStatus = (endpoint) => {
        // The Command Palette offers Start while the server is stopped and Stop while it runs.
        void vscode.commands.executeCommand('setContext', 'agentOverlay.mcp.running', !!endpoint);
        if (!endpoint)
            return status.hide();
        status.text = `$(radio-tower) MCP :${endpoint.port}`;
        status.tooltip = `Agent Overlay MCP server running at ${endpoint.url} (loopback only, bearer token). Click to copy a client configuration.`;
        status.show();
    };
    const definitionsChanged = new vscode.EventEmitter();
    const disposables = [log, status, definitionsChanged];
    disposables.push(toDisposable(controller.onDidChange(endpoint => {
        updateStatus(endpoint);
        definitionsChanged.fire();
    })));
    const start = async (overrides) => {
        const endpoint = await controller.start(overrides);
        log.info(`MCP server listening at ${endpoint.url}.`);
        return endpoint;
    };
    const ensureRunning = async () => controller.endpoint ?? start();
    const stop = async () => {
        if (!controller.running)
            return;
        await controller.stop();
        log.info('MCP server stopped.');
    };
    /** Command wrapper: failures become one error message, never an unhandled rejection. */
    const userAction = (what, f) => async () => {
        try {
            await f();
        }
        catch (e) {
            const message = e instanceof Error ? e.message : String(e);
            log.error(`${what} failed: ${message}`);
            void vscode.window.showErrorMessage(`Agent Overlay: ${what} failed: ${message}`);
        }
    };
    const copyConfig = async (format) => {
        let endpoint = controller.endpoint;
        if (!endpoint) {
            const choice = await vscode.window.showWarningMessage('The Agent Overlay MCP server is not running.', 'Start and Copy');
            if (choice !== 'Start and Copy')
                return undefined;
            endpoint = await start();
        }
        const chosen = format ?? (await vscode.window.showQuickPick(mcpClientConfig_1.MCP_CLIENT_FORMATS.map(f => ({ label: f.label, detail: f.detail, id: f.id })), { title: 'Copy MCP client configuration for…' }))?.id;
        if (!chosen)
            return undefined;
        const text = (0, mcpClientConfig_1.renderClientConfig)(endpoint, chosen);
        await vscode.env.clipboard.writeText(text);
        void vscode.window.showInformationMessage(`Copied the MCP client configuration for ${endpoint.url}. It contains this start's secret token: keep it to yourself; it changes when the server restarts.`);
        return text;
    };
    disposables.push(vscode.commands.registerCommand(mcpContributions_1.MCP_COMMANDS.start, userAction('Starting the MCP server', async () => {
        const endpoint = await start();
        void vscode.window.showInformationMessage(`Agent Overlay MCP server running at ${endpoint.url}.`, 'Copy Client Configuration').then(c => {
            if (c)
                void vscode.commands.executeCommand(mcpContributions_1.MCP_COMMANDS.copyConfig);
        });
    })), vscode.commands.registerCommand(mcpContributions_1.MCP_COMMANDS.stop, userAction('Stopping the MCP server', stop)), vscode.commands.registerCommand(mcpContributions_1.MCP_COMMANDS.copyConfig, async (format) => {
        try {
            return await copyConfig(format);
        }
        catch (e) {
            void vscode.window.showErrorMessage(`Agent Overlay: copying the MCP configuration failed: ${e instanceof Error ? e.message : String(e)}`);
            return undefined;
        }
    }), vscode.workspace.onDidChangeConfiguration(e => {
        // Turning the setting on while the server runs, or pinning the port it already listens on (the Connect
        // commands do both), keeps the running server and its token: clients configured a moment ago stay valid.
        if (e.affectsConfiguration(mcpContributions_1.MCP_SETTINGS.enabled)) {
            void userAction('Applying agentOverlay.mcp.enabled', () => (config().get('enabled', false) ? ensureRunning() : stop()))();
        }
        else if (e.affectsConfiguration(mcpContributions_1.MCP_SETTINGS.port) && controller.running) {
            const wanted = config().get('port', 0);
            if (wanted !== 0 && wanted !== controller.endpoint?.port)
                void userAction('Restarting the MCP server on the new port', () => start())();
        }
    }));
    // VS Code's own MCP support lists the running server too (with the current token); guarded for older hosts.
    if (typeof vscode.lm.registerMcpServerDefinitionProvider === 'function') {
        const definition = () => {
            const endpoint = controller.endpoint;
            return endpoint ? new vscode.McpHttpServerDefinition('Agent Overlay', vscode.Uri.parse(endpoint.url), (0, mcpClientConfig_1.authorizationHeader)(endpoint), version) : undefined;
        };
        disposables.push(vscode.lm.registerMcpServerDefinitionProvider(mcpContributions_1.MCP_PROVIDER_ID, {
            onDidChangeMcpServerDefinitions: definitionsChanged.event,
            provideMcpServerDefinitions: () => {
                const d = definition();
                return d ? [d] : [];
            },
            // The token may have changed since the list was read: hand out the current one, or nothing when stopped.
            resolveMcpServerDefinition: () => definition(),
        }));
    }
    if (config().get('enabled', false))
        void userAction('Starting the MCP server', start)();
    return {
        endpoint: () => controller.endpoint,
        ensureRunning,
        onDidChangeEndpoint: listener => toDisposable(controller.onDidChange(listener)),
        testSeam: {
            endpoint: () => controller.endpoint,
            start,
            stop,
            statusBar: () => ({ visible: controller.running, text: status.text, tooltip: String(status.tooltip ?? '') }),
        },
        dispose: () => {
            for (const d of disposables.reverse())
                d.dispose();
            void controller.dispose();
        },
    };
}
function toDisposable(d) {
    return new vscode.Disposable(() => d.dispose());
}
//# sourceMappingURL=registerMcpBridge.js.map