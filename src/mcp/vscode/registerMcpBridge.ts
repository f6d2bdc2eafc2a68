import * as os from 'os';
import * as vscode from 'vscode';
import { sourceCommand, writeConnectEnvFile } from '../../connect/connectEnvFile';
import type { AgentTool } from '../../tools/agentTool';
import { McpBridgeController, type McpStartOverrides } from '../mcpBridgeController';
import { MCP_WAS_RUNNING_KEY, keptBridgeToken, rotateBridgeToken, startBridgeAtActivation } from '../mcpBridgeToken';
import type { McpEndpoint } from '../mcpEndpoint';
import { MCP_CLIENT_FORMATS, TOKEN_ENV, authorizationHeader, renderClientConfig, supportsEnvForm, type McpClientFormat, type McpTokenForm } from '../mcpClientConfig';
import { McpToolService } from '../mcpToolService';
import { MCP_COMMANDS, MCP_PROVIDER_ID, MCP_SETTINGS } from '../mcpContributions';


/** What the integration tests reach through the extension's `testing` API. */
export interface McpTestSeam {
  /** The running endpoint (URL, port, token), if any. */
  endpoint(): McpEndpoint | undefined;
  /** As the Start command, with overrides only tests may give (a non-loopback host is refused). */
  start(overrides?: McpStartOverrides): Promise<McpEndpoint>;
  stop(): Promise<void>;
  /** As the Rotate MCP Token command: the new token (the bridge restarted with it when it ran). */
  rotateToken(): Promise<string>;
  /** The status bar item as shown. */
  statusBar(): { readonly visible: boolean; readonly text: string; readonly tooltip: string };
  /** Redirects `~` for the env file Copy MCP Client Configuration writes (tests never touch the real home). */
  setHome(home: string | undefined): void;
}

export interface McpBridge extends vscode.Disposable {
  readonly testSeam: McpTestSeam;
  /** The running endpoint, if any. */
  endpoint(): McpEndpoint | undefined;
  /** The running endpoint, starting the bridge first when it is stopped (a running bridge keeps its token). */
  ensureRunning(): Promise<McpEndpoint>;
  /** Every start, restart (after Rotate MCP Token: a new token) and stop. */
  onDidChangeEndpoint(listener: (endpoint: McpEndpoint | undefined) => void): vscode.Disposable;
}

/**
 * Capability C6's VS Code half: serves the same `AgentTool` objects VS Code's chat uses over MCP (so their consent
 * prompts appear in this window), started by a command or `agentOverlay.mcp.enabled`, shown in the status bar,
 * and advertised to VS Code's own MCP support.
 */
export function registerMcpBridge(context: vscode.ExtensionContext, tools: readonly AgentTool<never>[]): McpBridge {
  const log = vscode.window.createOutputChannel('Agent Overlay MCP', { log: true });
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const config = () => vscode.workspace.getConfiguration(MCP_SETTINGS.section);
  const warn = (message: string) => log.warn(message);
  // The kept token is read from SecretStorage at each start (another window may have rotated it); a rotation
  // hands its new token to the restart directly, in case the secret storage could not keep it.
  let rotated: string | undefined;
  const tokenForStart = async (): Promise<string> => {
    const token = rotated ?? (await keptBridgeToken(context.secrets, warn));
    rotated = undefined;
    return token;
  };
  const controller = new McpBridgeController(
    {
      tools: new McpToolService(tools),
      serverInfo: { name: 'agent-overlay', version },
      log: (level, message) => (level === 'warn' ? log.warn(message) : log.info(message)),
      // A client Connect set up for a project is served only by that project's window (mcpEndpoint.ts `projectUrl`).
      projects: () => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath),
    },
    () => config().get<number>('port', 0),
    tokenForStart,
  );

  const status = vscode.window.createStatusBarItem('agentOverlay.mcp', vscode.StatusBarAlignment.Right, 100);
  status.name = 'Agent Overlay MCP Server';
  status.command = MCP_COMMANDS.copyConfig;
  const updateStatus = (endpoint: McpEndpoint | undefined) => {
    // The Command Palette offers Start while the server is stopped and Stop while it runs.
    void vscode.commands.executeCommand('setContext', 'agentOverlay.mcp.running', !!endpoint);
    if (!endpoint) return status.hide();
    status.text = `$(radio-tower) MCP :${endpoint.port}`;
    status.tooltip = `Agent Overlay MCP server running at ${endpoint.url} (loopback only, bearer token). Click to copy a client configuration.`;
    status.show();
  };

  const definitionsChanged = new vscode.EventEmitter<void>();
  const disposables: vscode.Disposable[] = [log, status, definitionsChanged];
  disposables.push(toDisposable(controller.onDidChange(endpoint => {
    updateStatus(endpoint);
    definitionsChanged.fire();
  })));

  // "Running" is remembered per window, so a reload starts the bridge again; only a Stop (command, or turning the
  // setting off) forgets it: the stop at deactivation does not go through here.
  const rememberRunning = (running: boolean) => void Promise.resolve(context.workspaceState.update(MCP_WAS_RUNNING_KEY, running)).catch(e => warn(`Could not remember whether the MCP server runs: ${String(e)}`));
  const start = async (overrides?: McpStartOverrides): Promise<McpEndpoint> => {
    const endpoint = await controller.start(overrides);
    rememberRunning(true);
    log.info(`MCP server listening at ${endpoint.url}.`);
    return endpoint;
  };
  const ensureRunning = async (): Promise<McpEndpoint> => controller.endpoint ?? start();
  const stop = async () => {
    rememberRunning(false);
    if (!controller.running) return;
    await controller.stop();
    log.info('MCP server stopped.');
  };
  /** Command wrapper: failures become one error message, never an unhandled rejection. */
  const userAction = (what: string, f: () => Promise<unknown>) => async () => {
    try {
      await f();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      log.error(`${what} failed: ${message}`);
      void vscode.window.showErrorMessage(`Agent Overlay: ${what} failed: ${message}`);
    }
  };

  /** A new kept token; a running bridge restarts with it (which rewrites `~/.agent-overlay/mcp.env` when Connect made it). */
  const rotateToken = async (): Promise<string> => {
    const token = await rotateBridgeToken(context.secrets, warn);
    if (controller.running) {
      rotated = token;
      await start();
    }
    log.info('MCP token rotated.');
    return token;
  };

  let homeOverride: string | undefined;
  /**
   * The command. The environment-variable form comes first wherever the client supports it (the copied text holds
   * no secret; the env file `~/.agent-overlay/mcp.env` is written for the shell, as Connect does); the literal
   * token is the second choice, for a person who asks for it. Programs (tests) pass both answers.
   */
  const copyConfig = async (format?: McpClientFormat, tokenForm?: McpTokenForm): Promise<string | undefined> => {
    let endpoint = controller.endpoint;
    if (!endpoint) {
      const choice = await vscode.window.showWarningMessage('The Agent Overlay MCP server is not running.', 'Start and Copy');
      if (choice !== 'Start and Copy') return undefined;
      endpoint = await start();
    }
    const chosen = format ?? (await vscode.window.showQuickPick(
      MCP_CLIENT_FORMATS.map(f => ({ label: f.label, detail: f.detail, id: f.id })),
      { title: 'Copy MCP client configuration for…' },
    ))?.id;
    if (!chosen) return undefined;
    let form: McpTokenForm | undefined = supportsEnvForm(chosen) ? tokenForm : 'literal';
    if (!form) {
      type FormItem = vscode.QuickPickItem & { form: McpTokenForm };
      form = (await vscode.window.showQuickPick<FormItem>([
        { form: 'env', label: `Read the token from $${TOKEN_ENV} (recommended)`, detail: 'The configuration holds no secret, so it can be shared or committed; the token reaches the agent\'s shell through ~/.agent-overlay/mcp.env.' },
        { form: 'literal', label: 'Include the token itself', detail: 'Valid until the token is rotated (Agent Overlay: Rotate MCP Token); keep the configuration to yourself.' },
      ], { title: 'How should the client get the token?' }))?.form;
      if (!form) return undefined;
    }
    const text = renderClientConfig(endpoint, chosen, form);
    await vscode.env.clipboard.writeText(text);
    if (form === 'env') {
      const envFile = await writeConnectEnvFile(homeOverride ?? os.homedir(), endpoint);
      void vscode.window.showInformationMessage(`Copied the MCP client configuration for ${endpoint.url}. It reads the token from ${TOKEN_ENV}: run \`${sourceCommand(envFile)}\` in the shell you start the agent from (the file is yours only and is refreshed on every server start).`);
    } else {
      void vscode.window.showInformationMessage(`Copied the MCP client configuration for ${endpoint.url}. It contains the secret token: keep it to yourself; it stays valid across restarts until you run Agent Overlay: Rotate MCP Token.`);
    }
    return text;
  };

  disposables.push(
    vscode.commands.registerCommand(MCP_COMMANDS.start, userAction('Starting the MCP server', async () => {
      const endpoint = await start();
      void vscode.window.showInformationMessage(`Agent Overlay MCP server running at ${endpoint.url}.`, 'Copy Client Configuration').then(c => {
        if (c) void vscode.commands.executeCommand(MCP_COMMANDS.copyConfig);
      });
    })),
    vscode.commands.registerCommand(MCP_COMMANDS.stop, userAction('Stopping the MCP server', stop)),
    vscode.commands.registerCommand(MCP_COMMANDS.rotateToken, userAction('Rotating the MCP token', async () => {
      const wasRunning = controller.running;
      await rotateToken();
      void vscode.window.showInformationMessage(wasRunning
        ? 'Agent Overlay: new MCP token; the server restarted with it. Clients configured with the old token need the new one (Copy MCP Client Configuration, or source ~/.agent-overlay/mcp.env again).'
        : 'Agent Overlay: new MCP token; the server uses it from its next start.');
    })),
    vscode.commands.registerCommand(MCP_COMMANDS.copyConfig, async (format?: McpClientFormat, tokenForm?: McpTokenForm) => {
      try {
        return await copyConfig(format, tokenForm);
      } catch (e) {
        void vscode.window.showErrorMessage(`Agent Overlay: copying the MCP configuration failed: ${e instanceof Error ? e.message : String(e)}`);
        return undefined;
      }
    }),
    vscode.workspace.onDidChangeConfiguration(e => {
      // Turning the setting on while the server runs, or pinning the port it already listens on (the Connect
      // commands do both), keeps the running server and its token: clients configured a moment ago stay valid.
      if (e.affectsConfiguration(MCP_SETTINGS.enabled)) {
        void userAction('Applying agentOverlay.mcp.enabled', () => (config().get<boolean>('enabled', false) ? ensureRunning() : stop()))();
      } else if (e.affectsConfiguration(MCP_SETTINGS.port) && controller.running) {
        const wanted = config().get<number>('port', 0);
        if (wanted !== 0 && wanted !== controller.endpoint?.port) void userAction('Restarting the MCP server on the new port', () => start())();
      }
    }),
  );

  // VS Code's own MCP support lists the running server too (with the current token); guarded for older hosts.
  if (typeof vscode.lm.registerMcpServerDefinitionProvider === 'function') {
    const definition = () => {
      const endpoint = controller.endpoint;
      return endpoint ? new vscode.McpHttpServerDefinition('Agent Overlay', vscode.Uri.parse(endpoint.url), authorizationHeader(endpoint), version) : undefined;
    };
    disposables.push(vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: definitionsChanged.event,
      provideMcpServerDefinitions: () => {
        const d = definition();
        return d ? [d] : [];
      },
      // The token may have changed since the list was read: hand out the current one, or nothing when stopped.
      resolveMcpServerDefinition: () => definition(),
    }));
  }

  if (startBridgeAtActivation(config().get<boolean>('enabled', false), context.workspaceState.get<boolean>(MCP_WAS_RUNNING_KEY, false))) {
    void userAction('Starting the MCP server', start)();
  }

  return {
    endpoint: () => controller.endpoint,
    ensureRunning,
    onDidChangeEndpoint: listener => toDisposable(controller.onDidChange(listener)),
    testSeam: {
      endpoint: () => controller.endpoint,
      start,
      stop,
      rotateToken,
      statusBar: () => ({ visible: controller.running, text: status.text, tooltip: String(status.tooltip ?? '') }),
      setHome: home => void (homeOverride = home),
    },
    dispose: () => {
      for (const d of disposables.reverse()) d.dispose();
      void controller.dispose();
    },
  };
}

function toDisposable(d: { dispose(): void }): vscode.Disposable {
  return new vscode.Disposable(() => d.dispose());
}
