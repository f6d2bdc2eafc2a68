import * as vscode from 'vscode';
import type { CompositeChange } from '../fs/model/overlayQueries';
import type { OverlayWorkspace } from '../fs/overlayWorkspace';
import { diskPathOf, isStagedUri, reviewUriOf, stagedUriOf } from '../fs/vscode/stagedFileSystemProvider';
import { LETTER, OPERATION_LABEL, stagedColor } from './changePresentation';

/**
 * Marks files with pending agent changes in the Explorer, on editor tabs and in the multi-file diff (SPEC §2
 * Review), with the letters the SCM view shows. A file staged to be renamed away is marked at its old path too,
 * and the marks propagate to the folders above, as git's do.
 */
export class StagedFileDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly _onDidChange = new vscode.EventEmitter<vscode.Uri[]>();
  readonly onDidChangeFileDecorations = this._onDidChange.event;
  private readonly sub: { dispose(): void };
  /** Old paths of staged renames, so their mark goes away when the rename does. */
  private renamedAway = new Map<string, CompositeChange>();

  constructor(private readonly overlay: OverlayWorkspace) {
    this.indexRenames();
    this.sub = overlay.onDidChange(paths => {
      const before = [...this.renamedAway.keys()];
      this.indexRenames();
      const changed = [...new Set([...paths, ...before, ...this.renamedAway.keys()])];
      this._onDidChange.fire(changed.flatMap(p => {
        const file = vscode.Uri.file(p);
        return [file, stagedUriOf(file), reviewUriOf(file)];
      }));
    });
  }

  private indexRenames(): void {
    this.renamedAway = new Map(this.overlay.composites().filter(c => c.fromPath !== undefined).map(c => [c.fromPath!, c]));
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== 'file' && !isStagedUri(uri)) return undefined;
    let p: string;
    try {
      p = diskPathOf(uri);
    } catch {
      return undefined; // a review URI of the wrong shape names no file
    }
    const c = this.overlay.composite(p);
    if (!c) {
      const moved = uri.scheme === 'file' ? this.renamedAway.get(p) : undefined;
      if (!moved) return undefined;
      return decoration(LETTER.rename, `Agent staged: renamed to ${vscode.workspace.asRelativePath(moved.path)}`, stagedColor('rename'));
    }
    if (c.conflict) return decoration('!', `Agent change in conflict (${c.conflict.kind})`, 'gitDecoration.conflictingResourceForeground');
    return decoration(LETTER[c.kind], `Agent staged: ${OPERATION_LABEL[c.kind]}`, stagedColor(c.kind));
  }

  dispose(): void {
    this.sub.dispose();
    this._onDidChange.dispose();
  }
}

function decoration(letter: string, tooltip: string, color: string): vscode.FileDecoration {
  const d = new vscode.FileDecoration(letter, tooltip, new vscode.ThemeColor(color));
  d.propagate = true;
  return d;
}
