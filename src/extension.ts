/**
 * Composition root: builds each capability's adapters and registers them as disposables. Nothing else here.
 */
import * as vscode from 'vscode';
import { registerHistoryBridge } from './history/vscode/historyBridge';
import { StagedFileSystemProvider } from './fs/vscode/stagedFileSystemProvider';
import { STAGED_SCHEME } from './fs/stagedUri';
import { StagedChangesScm } from './ui/stagedChangesScm';
import { registerAgentTools } from './tools/vscode/registerAgentTools';

export function activate(context: vscode.ExtensionContext): void {
  const staged = new StagedFileSystemProvider();
  const history = registerHistoryBridge(context);
  context.subscriptions.push(
    staged,
    vscode.workspace.registerFileSystemProvider(STAGED_SCHEME, staged, { isCaseSensitive: true }),
    new StagedChangesScm(),
    history,
    registerAgentTools([...history.tools]),
  );
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
