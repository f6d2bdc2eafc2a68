import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { OverlayWorkspace } from '../../fs/overlayWorkspace';
import type { AgentTool } from '../../tools/agentTool';
import { RunCommandTool } from '../../tools/overlay/runCommandTool';
import type { OverlayToolContext } from '../../tools/overlay/overlayToolContext';
import { CommandSandbox, type MechanismChoice } from '../commandSandbox';
import { StagedTerminal } from './stagedTerminal';

export interface SandboxRegistration extends vscode.Disposable {
  readonly sandbox: CommandSandbox;
  /** `overlay_runCommand`. */
  readonly tools: readonly AgentTool<never>[];
}

const MECHANISMS: readonly MechanismChoice[] = ['auto', 'overlayfs', 'copy'];

/**
 * Capability C7's VS Code half: the command sandbox (scratch beside the overlay's store), `overlay_runCommand`,
 * the staged terminal and "Drop Sandbox Scratch". `AGENT_OVERLAY_SANDBOX` (auto | overlayfs | copy) overrides the
 * setting, so a test run can force the copy on a machine that has overlay mounts.
 */
export function registerSandbox(overlayStore: string, ctx: OverlayToolContext & { readonly overlay: OverlayWorkspace }, privateDirs: () => readonly string[] = () => []): SandboxRegistration {
  const config = () => vscode.workspace.getConfiguration('agentOverlay.sandbox');
  const mechanism = (): MechanismChoice => {
    const forced = process.env.AGENT_OVERLAY_SANDBOX as MechanismChoice | undefined;
    if (forced && MECHANISMS.includes(forced)) return forced;
    const set = config().get<string>('mechanism', 'auto') as MechanismChoice;
    return MECHANISMS.includes(set) ? set : 'auto';
  };
  const shell = (): string => {
    const set = config().get<string>('shell', '').trim();
    if (set) return set;
    return fs.existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh';
  };
  // Beside the overlay's store (same workspace key), never inside a workspace folder.
  const scratchRoot = path.join(path.dirname(path.dirname(overlayStore)), 'sandbox', path.basename(overlayStore));
  const sandbox = new CommandSandbox(ctx.overlay, scratchRoot, { mechanism, shell, privateDirs });
  const roots = () => ctx.roots().map(r => r.path);
  const disposables: vscode.Disposable[] = [
    vscode.commands.registerCommand('agentOverlay.openStagedTerminal', async () => {
      const pty = new StagedTerminal(sandbox, roots);
      const terminal = vscode.window.createTerminal({ name: 'Staged', pty, iconPath: new vscode.ThemeIcon('beaker') });
      terminal.show();
      await pty.ready;
      return terminal;
    }),
    vscode.commands.registerCommand('agentOverlay.dropSandboxScratch', async () => {
      await sandbox.dropScratch();
      void vscode.window.showInformationMessage('Agent Overlay: the sandboxes\' scratch (node_modules and other ignored folders the commands made) was dropped.');
    }),
  ];
  return {
    sandbox,
    tools: [new RunCommandTool({ ...ctx, sandbox }) as AgentTool<never>],
    dispose: () => disposables.forEach(d => d.dispose()),
  };
}
