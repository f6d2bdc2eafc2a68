/**
 * Composition root: builds the model and the adapters and registers them as one disposable. Nothing else here.
 */
import * as vscode from 'vscode';
import { HistoryFileSystemProvider } from './history/historyFileSystemProvider';
import { StagedFileSystemProvider } from './fs/stagedFileSystemProvider';
import { STAGED_SCHEME } from './fs/stagedUri';
import { HISTORY_SCHEME } from './history/historyUri';
import { StagedChangesScm } from './ui/stagedChangesScm';

export function activate(context: vscode.ExtensionContext): void {
  const staged = new StagedFileSystemProvider();
  const history = new HistoryFileSystemProvider();
  context.subscriptions.push(
    staged,
    history,
    vscode.workspace.registerFileSystemProvider(STAGED_SCHEME, staged, { isCaseSensitive: true }),
    vscode.workspace.registerFileSystemProvider(HISTORY_SCHEME, history, {
      isCaseSensitive: true,
      isReadonly: new vscode.MarkdownString('Local history versions are read-only. Use **History Helper: Open historical version** to see one, or share it with an agent.'),
    }),
    new StagedChangesScm(),
  );
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
