import * as vscode from 'vscode';

/** The "Agent Staged Changes" Source Control view: where a person reviews, applies and discards agent changes. */
export class StagedChangesScm implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  readonly sourceControl: vscode.SourceControl;
  readonly conflicts: vscode.SourceControlResourceGroup;
  readonly staged: vscode.SourceControlResourceGroup;

  constructor() {
    this.sourceControl = vscode.scm.createSourceControl('agentOverlay', 'Agent Staged Changes');
    this.conflicts = this.sourceControl.createResourceGroup('conflicts', 'Conflicts');
    this.conflicts.hideWhenEmpty = true;
    this.staged = this.sourceControl.createResourceGroup('staged', 'Staged Changes');
    this.sourceControl.inputBox.visible = false;
    this.disposables.push(
      this.sourceControl,
      vscode.commands.registerCommand('agentOverlay.refresh', () => this.refresh()),
    );
  }

  refresh(): void {
    this.sourceControl.count = this.staged.resourceStates.length + this.conflicts.resourceStates.length;
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
