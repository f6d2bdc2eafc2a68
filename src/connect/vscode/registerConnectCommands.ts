import * as fs from 'fs/promises';
import * as os from 'os';
import * as vscode from 'vscode';
import type { McpBridge } from '../../mcp/vscode/registerMcpBridge';
import type { McpEndpoint } from '../../mcp/mcpEndpoint';
import { MCP_SETTINGS } from '../../mcp/mcpContributions';
import { assertStaysInProject, writeConnectFile } from '../connectFileWrite';
import { CONNECT_ENV, CONNECT_TARGETS, type ConnectAgentId, type ConnectRoots } from '../connectTargets';
import { connectEnvFilePath, sourceCommand, writeConnectEnvFile } from '../connectEnvFile';

/** `contributes.commands` ids; a unit test checks they agree with package.json. */
export const CONNECT_COMMANDS: Readonly<Record<ConnectAgentId, string>> = {
  claudeCode: 'agentOverlay.connect.claudeCode',
  codex: 'agentOverlay.connect.codex',
  geminiCli: 'agentOverlay.connect.geminiCli',
  copilotCli: 'agentOverlay.connect.copilotCli',
};

/** What a Connect command did (returned to callers such as tests; the person gets a message). */
export interface ConnectResult {
  readonly agent: ConnectAgentId;
  /** The agent's configuration file written. */
  readonly configFile: string;
  /** The user-level file holding the URL and token. */
  readonly envFile: string;
  readonly url: string;
}

export interface ConnectTestSeam {
  /** Redirects `~` and the project folder (tests write into temporary folders, never the real home). */
  setRoots(roots: ConnectRoots | undefined): void;
}

/**
 * The four "Agent Overlay: Connect …" commands. Each makes sure the bridge runs and will run again with VS Code
 * (`agentOverlay.mcp.enabled`) on the same port (`agentOverlay.mcp.port`, pinned from the running one when it was
 * `0`), writes the agent's MCP entry (URL + a reference to `AGENT_OVERLAY_MCP_TOKEN`) and the user-level env file
 * with the token, and says where both went. The env file is then rewritten on every bridge start.
 */
export function registerConnectCommands(bridge: McpBridge): vscode.Disposable & { readonly testSeam: ConnectTestSeam } {
  let override: ConnectRoots | undefined;
  const roots = (): ConnectRoots => override ?? {
    home: os.homedir(),
    project: vscode.workspace.workspaceFolders?.find(f => f.uri.scheme === 'file')?.uri.fsPath,
  };

  const connect = async (agent: ConnectAgentId): Promise<ConnectResult> => {
    const target = CONNECT_TARGETS[agent];
    const where = roots();
    const configFile = target.file(where);
    if (!configFile) throw new Error(`${target.label} reads this configuration from the project: open a folder first.`);
    // A project file never read or written through a link out of the project (connectFileWrite.ts).
    const project = target.scope === 'project' ? where.project : undefined;
    if (project) await assertStaysInProject(project, configFile);
    const endpoint = await keepBridgeRunning(bridge);
    const current = await readIfExists(configFile);
    const next = target.merge(current, configFile, endpoint.url); // throws ConfigMergeError before anything is written
    // Never in place: a crash must not leave the person's configuration cut short (a link stays a link).
    if (next !== current) await writeConnectFile(configFile, Buffer.from(next, 'utf8'), project ? { project } : {});
    const envFile = await writeConnectEnvFile(where.home, endpoint);
    return { agent, configFile, envFile, url: endpoint.url };
  };

  const disposables: vscode.Disposable[] = [
    // Keep the env file's token current across restarts, once a Connect command made it.
    bridge.onDidChangeEndpoint(endpoint => {
      if (!endpoint) return;
      const file = connectEnvFilePath(roots().home);
      void fs.access(file).then(() => writeConnectEnvFile(roots().home, endpoint), () => undefined);
    }),
  ];
  for (const agent of Object.keys(CONNECT_COMMANDS) as ConnectAgentId[]) {
    disposables.push(vscode.commands.registerCommand(CONNECT_COMMANDS[agent], async (): Promise<ConnectResult | undefined> => {
      const label = CONNECT_TARGETS[agent].label;
      try {
        const result = await connect(agent);
        void tell(result);
        return result;
      } catch (e) {
        void vscode.window.showErrorMessage(`Agent Overlay: connecting ${label} failed: ${e instanceof Error ? e.message : String(e)}`);
        return undefined;
      }
    }));
  }

  return {
    testSeam: { setRoots: r => void (override = r) },
    dispose: () => {
      for (const d of disposables.reverse()) d.dispose();
    },
  };
}

/** Starts the bridge if needed, and makes the written URL outlive this window: autostart on, port pinned. */
async function keepBridgeRunning(bridge: McpBridge): Promise<McpEndpoint> {
  const endpoint = await bridge.ensureRunning();
  const settings = vscode.workspace.getConfiguration(MCP_SETTINGS.section);
  // The settings listener keeps a server that already runs on the pinned port (same token).
  if (settings.get<number>('port', 0) === 0) await settings.update('port', endpoint.port, vscode.ConfigurationTarget.Global);
  if (!settings.get<boolean>('enabled', false)) await settings.update('enabled', true, vscode.ConfigurationTarget.Global);
  return bridge.ensureRunning();
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

async function tell(result: ConnectResult): Promise<void> {
  const target = CONNECT_TARGETS[result.agent];
  const source = sourceCommand(result.envFile);
  const choice = await vscode.window.showInformationMessage(
    `Agent Overlay: ${target.label} is connected to ${result.url} through ${result.configFile} (${target.scope === 'project' ? 'project file, safe to commit: it holds no token' : 'your user configuration'}). ` +
    `The token is in ${result.envFile} (yours only, refreshed on every bridge start): run \`${source}\` in the shell you start ${target.label} from, which sets ${CONNECT_ENV.token}. Check with \`${target.verify}\`.`,
    'Copy Source Command', 'Open Configuration',
  );
  if (choice === 'Copy Source Command') await vscode.env.clipboard.writeText(source);
  if (choice === 'Open Configuration') await vscode.window.showTextDocument(vscode.Uri.file(result.configFile));
}
