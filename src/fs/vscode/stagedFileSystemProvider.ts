import * as vscode from 'vscode';
import { toFileParts } from '../stagedUri';

/**
 * `agent-staged:` — the workspace as the agent sees it: disk plus pending changes. Writes never reach the disk.
 * (Foundation: reads pass through to the disk; the overlay model fills in staged content.)
 */
export class StagedFileSystemProvider implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly _onDidChangeFile = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this._onDidChangeFile.event;

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }
  stat(uri: vscode.Uri): Thenable<vscode.FileStat> {
    return vscode.workspace.fs.stat(diskUri(uri));
  }
  readDirectory(uri: vscode.Uri): Thenable<[string, vscode.FileType][]> {
    return vscode.workspace.fs.readDirectory(diskUri(uri));
  }
  readFile(uri: vscode.Uri): Thenable<Uint8Array> {
    return vscode.workspace.fs.readFile(diskUri(uri));
  }
  createDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.Unavailable(uri);
  }
  writeFile(uri: vscode.Uri): never {
    throw vscode.FileSystemError.Unavailable(uri);
  }
  delete(uri: vscode.Uri): never {
    throw vscode.FileSystemError.Unavailable(uri);
  }
  rename(uri: vscode.Uri): never {
    throw vscode.FileSystemError.Unavailable(uri);
  }
  dispose(): void {
    this._onDidChangeFile.dispose();
  }
}

function diskUri(staged: vscode.Uri): vscode.Uri {
  return vscode.Uri.from(toFileParts(staged));
}
