import * as vscode from 'vscode';
import { StagedDiffLinkError, stagedDiffMarkdownLink, stagedDiffPathOf, type StagedDiffLinkTarget } from '../stagedDiffLink';

/** What the handler needs: whether a file has a staged change now. */
export interface StagedDiffOpener {
  hasStagedChange(absolutePath: string): boolean;
}

/** The links' target in this window: the app's URL scheme and this extension's id. */
export function stagedDiffLinkTarget(context: vscode.ExtensionContext): StagedDiffLinkTarget {
  return { uriScheme: vscode.env.uriScheme, extensionId: context.extension.id };
}

/** The overlay tools' `reviewLink`: a Markdown link to the staged diff, in this window's URL scheme. */
export function stagedDiffLinker(target: StagedDiffLinkTarget): (absolute: string, display: string) => string {
  return (absolute, display) => stagedDiffMarkdownLink(target, absolute, display);
}

/**
 * Opens the staged diff a chat answer's link names (`stagedDiffLink.ts`), with the command Source Control's rows
 * run. A link to a change that was applied or discarded since says so instead of opening an empty diff.
 */
export function registerStagedDiffUriHandler(opener: StagedDiffOpener): vscode.Disposable {
  return vscode.window.registerUriHandler({
    async handleUri(uri: vscode.Uri): Promise<void> {
      let absolute: string;
      try {
        absolute = stagedDiffPathOf(uri.path, uri.query);
      } catch (e) {
        if (e instanceof StagedDiffLinkError) return void vscode.window.showWarningMessage(e.message);
        throw e;
      }
      const file = vscode.Uri.file(absolute);
      if (!opener.hasStagedChange(file.fsPath)) {
        return void vscode.window.showInformationMessage(`${vscode.workspace.asRelativePath(file)} has no staged change now: it was applied or discarded.`);
      }
      await vscode.commands.executeCommand('agentOverlay.openChange', file);
    },
  });
}
