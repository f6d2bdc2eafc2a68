import * as vscode from 'vscode';
import { canRunCode } from './runsCode';

/** `canRunCode` for a staged file in this window: its workspace-relative path, its mode on disk, the setting's patterns. */
export function canRunCodeHere(fsPath: string, mode: number | undefined): boolean {
  const extraPatterns = vscode.workspace.getConfiguration('agentOverlay.review').get<string[]>('runsCodePatterns', []);
  return canRunCode(vscode.workspace.asRelativePath(fsPath, false), { ...(mode === undefined ? {} : { mode }), extraPatterns });
}
