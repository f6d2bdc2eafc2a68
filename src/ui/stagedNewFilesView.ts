import * as path from 'path';
import * as vscode from 'vscode';
import type { CompositeChange } from '../fs/model/overlayQueries';
import { reviewUriOf } from '../fs/vscode/stagedFileSystemProvider';
import type { StagedChangesScm } from './stagedChangesScm';

/** The view's id (package.json contributes it to the Explorer). */
export const NEW_FILES_VIEW = 'agentOverlay.stagedNewFiles';
/** Set while at least one new file or folder is staged: the view shows only then. */
const HAS_NEW_FILES = 'agentOverlay.hasStagedNewFiles';

/**
 * Issue 27 item 7: files an agent created exist only in the overlay, so the Explorer (which lists the disk) cannot
 * show them, and a decoration cannot add a row. Nothing may be written to disk before Apply, and a second
 * `agent-staged:` workspace folder would change the workspace itself; so the Explorer gets a small view of its
 * own, "Agent: Staged New Files", shown only while there are some: each file with its folder, the Explorer's
 * icon and the same "A" mark, opening the staged file on a click.
 */
export class StagedNewFilesView implements vscode.TreeDataProvider<CompositeChange>, vscode.Disposable {
  private readonly _onDidChange = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this._onDidChange.event;
  private readonly disposables: vscode.Disposable[] = [];
  private shown = -1;

  constructor(private readonly scm: StagedChangesScm) {
    const view = vscode.window.createTreeView(NEW_FILES_VIEW, { treeDataProvider: this, showCollapseAll: false });
    this.disposables.push(view, this._onDidChange, scm.onDidUpdate(() => this.update()));
    this.update();
  }

  private update(): void {
    const count = this.scm.newFileCount();
    if ((count > 0) !== (this.shown > 0)) void vscode.commands.executeCommand('setContext', HAS_NEW_FILES, count > 0);
    // The tree is asked again only when it is visible: a busy agent's writes cost one event per view refresh.
    if (count > 0 || this.shown > 0) this._onDidChange.fire();
    this.shown = count;
  }

  getChildren(element?: CompositeChange): CompositeChange[] {
    if (element) return [];
    return this.scm.newFiles().sort((a, b) => vscode.workspace.asRelativePath(a.path).localeCompare(vscode.workspace.asRelativePath(b.path)));
  }

  getTreeItem(c: CompositeChange): vscode.TreeItem {
    const file = vscode.Uri.file(c.path);
    const item = new vscode.TreeItem(file, vscode.TreeItemCollapsibleState.None);
    item.label = path.basename(c.path);
    const folder = path.dirname(vscode.workspace.asRelativePath(file));
    item.description = folder === '.' ? '' : folder;
    item.contextValue = `staged-${c.kind}`;
    if (c.kind === 'mkdir') {
      item.iconPath = vscode.ThemeIcon.Folder;
      return item;
    }
    item.iconPath = vscode.ThemeIcon.File;
    // Opens what the agent wrote, as the Explorer opens a file; the diff is one click away in Source Control.
    item.command = { command: 'vscode.open', title: 'Open Staged File', arguments: [reviewUriOf(file)] };
    return item;
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
