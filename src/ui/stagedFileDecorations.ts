import * as vscode from 'vscode';
import type { OverlayWorkspace } from '../fs/overlayWorkspace';
import { LETTER, OPERATION_LABEL, stagedColor } from './changePresentation';

/** Marks files with pending agent changes in the Explorer and on editor tabs (SPEC §2 Review). */
export class StagedFileDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly _onDidChange = new vscode.EventEmitter<vscode.Uri[]>();
  readonly onDidChangeFileDecorations = this._onDidChange.event;
  private readonly sub: { dispose(): void };

  constructor(private readonly overlay: OverlayWorkspace) {
    this.sub = overlay.onDidChange(paths => this._onDidChange.fire(paths.map(p => vscode.Uri.file(p))));
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== 'file') return undefined;
    const c = this.overlay.model.composite(uri.fsPath);
    if (!c) return undefined;
    if (c.conflict) return new vscode.FileDecoration('!', `Agent change in conflict (${c.conflict.kind})`, new vscode.ThemeColor('gitDecoration.conflictingResourceForeground'));
    return new vscode.FileDecoration(LETTER[c.kind], `Agent staged: ${OPERATION_LABEL[c.kind]}`, new vscode.ThemeColor(stagedColor(c.kind)));
  }

  dispose(): void {
    this.sub.dispose();
    this._onDidChange.dispose();
  }
}
