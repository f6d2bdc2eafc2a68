import * as fs from 'fs/promises';
import * as os from 'os';
import * as vscode from 'vscode';
import type { McpBridge } from '../../mcp/vscode/registerMcpBridge';
import type { McpEndpoint } from '../../mcp/mcpEndpoint';
import { MCP_SETTINGS } from '../../mcp/mcpContributions';
import * as path from 'path';
import { assertStaysInProject, writeConnectFile } from '../connectFileWrite';
import { CONNECT_ENV, CONNECT_TARGETS, connectUrl, type ConnectAgentId, type ConnectContext, type ConnectRoots, type ConnectWrite } from '../connectTargets';
import { connectEnvFilePath, sourceCommand, writeConnectEnvFile } from '../connectEnvFile';

/** `contributes.commands` ids; a unit test checks they agree with package.json. */
export const CONNECT_COMMANDS: Readonly<Record<ConnectAgentId, string>> = {
  claudeCode: 'agentOverlay.connect.claudeCode',
  codex: 'agentOverlay.connect.codex',
  geminiCli: 'agentOverlay.connect.geminiCli',
  copilotCli: 'agentOverlay.connect.copilotCli',
};

/** The "Agent Overlay: Disconnect …" commands; a unit test checks they agree with package.json. */
export const DISCONNECT_COMMANDS: Readonly<Record<ConnectAgentId, string>> = {
  claudeCode: 'agentOverlay.disconnect.claudeCode',
  codex: 'agentOverlay.disconnect.codex',
  geminiCli: 'agentOverlay.disconnect.geminiCli',
  copilotCli: 'agentOverlay.disconnect.copilotCli',
};

/** One file a Connect or Disconnect command wrote, and what it put in (or took out of) it. */
export interface ConnectFileChange {
  readonly file: string;
  readonly what: readonly string[];
  /** `written`: created or changed; `unchanged`: already as wanted; `deleted`: held only our entries. */
  readonly outcome: 'written' | 'unchanged' | 'deleted';
}

/** What a Connect command did (returned to callers such as tests; the person gets a message). */
export interface ConnectResult {
  readonly agent: ConnectAgentId;
  /** The agent's configuration file holding the MCP server entry (the first write). */
  readonly configFile: string;
  /** Every file written, in order. */
  readonly files: readonly ConnectFileChange[];
  /** The user-level file holding the URL and token. */
  readonly envFile: string;
  readonly url: string;
}

export interface ConnectTestSeam {
  /** Redirects `~` and the project folder (tests write into temporary folders, never the real home). */
  setRoots(roots: ConnectRoots | undefined): void;
}

/**
 * The four "Agent Overlay: Connect …" commands and their "Disconnect …" inverses. Each makes sure the bridge runs and will run again with VS Code
 * (`agentOverlay.mcp.enabled`) on the same port (`agentOverlay.mcp.port`, pinned from the running one when it was
 * `0`), writes the agent's MCP entry (URL + a reference to `AGENT_OVERLAY_MCP_TOKEN`) and the user-level env file
 * with the token, and says where both went. The env file is then rewritten on every bridge start.
 */
export function registerConnectCommands(bridge: McpBridge, extensionPath: string): vscode.Disposable & { readonly testSeam: ConnectTestSeam } {
  const pluginDir = path.join(extensionPath, 'plugin', 'agent-overlay');
  let override: ConnectRoots | undefined;
  const roots = (): ConnectRoots => override ?? {
    home: os.homedir(),
    project: vscode.workspace.workspaceFolders?.find(f => f.uri.scheme === 'file')?.uri.fsPath,
  };

  const connect = async (agent: ConnectAgentId): Promise<ConnectResult> => {
    const target = CONNECT_TARGETS[agent];
    const where = roots();
    const groups = byFile(target.writes, where, target.label);
    const endpoint = await keepBridgeRunning(bridge);
    const ctx: ConnectContext = { url: connectUrl(target, endpoint.url, where), pluginDir };
    // Every file's new text first (each throws ConfigMergeError before anything is written), then the writes.
    const planned = await Promise.all(groups.map(async ({ file, writes }) => {
      // A project file is never read or written through a link out of the project (connectFileWrite.ts).
      const project = projectOf(where, file);
      if (project) await assertStaysInProject(project, file);
      const current = await readIfExists(file);
      let next = current;
      for (const w of writes) next = w.apply(next, file, ctx);
      return { file, writes, current, next: next ?? '' };
    }));
    const files: ConnectFileChange[] = [];
    for (const { file, writes, current, next } of planned) {
      // Never in place: a crash must not leave the person's configuration cut short (a link stays a link).
      const project = projectOf(where, file);
      if (next !== current) await writeConnectFile(file, Buffer.from(next, 'utf8'), project ? { project } : {});
      files.push({ file, what: writes.map(w => w.what), outcome: next === current ? 'unchanged' : 'written' });
    }
    const envFile = await writeConnectEnvFile(where.home, endpoint);
    return { agent, configFile: files[0].file, files, envFile, url: ctx.url };
  };

  const disconnect = async (agent: ConnectAgentId): Promise<ConnectFileChange[]> => {
    const target = CONNECT_TARGETS[agent];
    const where = roots();
    const groups = byFile(target.writes, where, target.label);
    const planned = await Promise.all(groups.map(async ({ file, writes }) => {
      const project = projectOf(where, file);
      if (project) await assertStaysInProject(project, file);
      const current = await readIfExists(file);
      let next: string | undefined = current;
      for (const w of [...writes].reverse()) next = w.remove(next, file);
      return { file, writes, current, next };
    }));
    const files: ConnectFileChange[] = [];
    for (const { file, writes, current, next } of planned) {
      if (current === undefined || next === current) {
        files.push({ file, what: writes.map(w => w.what), outcome: 'unchanged' });
      } else if (next === undefined) {
        await fs.rm(file);
        // A folder Connect made for the file (.claude, .gemini, .codex) goes too, when nothing else is in it.
        await fs.rmdir(path.dirname(file)).catch(() => undefined);
        files.push({ file, what: writes.map(w => w.what), outcome: 'deleted' });
      } else {
        const project = projectOf(where, file);
        await writeConnectFile(file, Buffer.from(next, 'utf8'), project ? { project } : {});
        files.push({ file, what: writes.map(w => w.what), outcome: 'written' });
      }
    }
    return files;
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
    disposables.push(vscode.commands.registerCommand(DISCONNECT_COMMANDS[agent], async (): Promise<readonly ConnectFileChange[] | undefined> => {
      const label = CONNECT_TARGETS[agent].label;
      try {
        const files = await disconnect(agent);
        const changed = files.filter(f => f.outcome !== 'unchanged');
        void vscode.window.showInformationMessage(changed.length === 0
          ? `Agent Overlay: ${label} was not connected; nothing changed.`
          : `Agent Overlay: ${label} disconnected. ${changed.map(f => `${f.outcome === 'deleted' ? 'Deleted' : 'Removed from'} ${f.file}: ${f.what.join('; ')}.`).join(' ')} Your other entries are as they were.`);
        return files;
      } catch (e) {
        void vscode.window.showErrorMessage(`Agent Overlay: disconnecting ${label} failed: ${e instanceof Error ? e.message : String(e)}`);
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

/** The target's writes grouped by file, in first-write order (two writes to one file are one read and one replace). */
function byFile(writes: readonly ConnectWrite[], where: ConnectRoots, label: string): { file: string; writes: ConnectWrite[] }[] {
  const groups: { file: string; writes: ConnectWrite[] }[] = [];
  for (const w of writes) {
    const file = w.file(where);
    if (!file) throw new Error(`${label} reads this configuration from the project: open a folder first.`);
    const group = groups.find(g => g.file === file);
    if (group) group.writes.push(w);
    else groups.push({ file, writes: [w] });
  }
  return groups;
}

/** The project folder when `file` lies in it (checked against links before it is read or written), else undefined. */
function projectOf(where: ConnectRoots, file: string): string | undefined {
  if (!where.project) return undefined;
  const rel = path.relative(path.resolve(where.project), path.resolve(file));
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? where.project : undefined;
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
  const wrote = result.files.map(f => `${f.outcome === 'unchanged' ? 'already in' : 'wrote to'} ${f.file}: ${f.what.join('; ')}`).join('; ');
  const choice = await vscode.window.showInformationMessage(
    `Agent Overlay: ${target.label} is connected to ${result.url} (${target.scope === 'project' ? 'project files: they hold no token' : 'your user configuration'}); ${wrote}. ` +
    `The token is in ${result.envFile} (yours only, refreshed on every bridge start): run \`${source}\` in the shell you start ${target.label} from, which sets ${CONNECT_ENV.token}. Check with \`${target.verify}\`.` +
    (target.steps ? ` ${target.steps}` : '') + ` "Agent Overlay: Disconnect ${target.label}" takes it all out again.`,
    'Copy Source Command', 'Open Configuration',
  );
  if (choice === 'Copy Source Command') await vscode.env.clipboard.writeText(source);
  if (choice === 'Open Configuration') await vscode.window.showTextDocument(vscode.Uri.file(result.configFile));
}
