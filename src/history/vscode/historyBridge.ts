import * as vscode from 'vscode';
import type { AgentTool } from '../../tools/agentTool';
import { HISTORY_SCHEME } from '../historyUri';
import { HistoryFileSystemProvider } from './historyFileSystemProvider';

export interface HistoryBridge extends vscode.Disposable {
  /** The history tools, registered with vscode.lm and served over MCP by the caller. */
  readonly tools: readonly AgentTool<never>[];
}

/** Capability C2's VS Code half: the `history:` scheme (and, as it grows, its consent UI, commands and tools). */
export function registerHistoryBridge(_context: vscode.ExtensionContext): HistoryBridge {
  const provider = new HistoryFileSystemProvider();
  const disposable = vscode.Disposable.from(
    provider,
    vscode.workspace.registerFileSystemProvider(HISTORY_SCHEME, provider, {
      isCaseSensitive: true,
      isReadonly: new vscode.MarkdownString('Local history versions are read-only. Use **History Helper: Open historical version** to see one, or share it with an agent.'),
    }),
  );
  return { tools: [], dispose: () => disposable.dispose() };
}
