import * as vscode from 'vscode';

export const MERGE_RESULT_SCHEME = 'agent-overlay-merge';

/**
 * The merge editor's Result for a conflicted staged file: a scratch document in memory, one per file path. It is
 * not the `agent-staged:` file on purpose: saving the Result (Ctrl+S, or the merge editor saving it when it opens)
 * must not settle the conflict. Only "Complete Merge" takes the Result into the staged change.
 */
export class MergeResultFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly files = new Map<string, { data: Uint8Array; mtime: number }>();
  private readonly _onDidChangeFile = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this._onDidChangeFile.event;

  static uri(filePath: string): vscode.Uri {
    return vscode.Uri.file(filePath).with({ scheme: MERGE_RESULT_SCHEME });
  }

  /** Starts (or restarts) a Result with this text. */
  seed(filePath: string, text: string): vscode.Uri {
    const uri = MergeResultFileSystem.uri(filePath);
    this.files.set(uri.path, { data: new TextEncoder().encode(text), mtime: Date.now() });
    this._onDidChangeFile.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    return uri;
  }

  /** The saved Result, or undefined when none was started for this file. */
  saved(uri: vscode.Uri): Uint8Array | undefined {
    return this.files.get(uri.path)?.data;
  }

  forget(uri: vscode.Uri): void {
    this.files.delete(uri.path);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const f = this.files.get(uri.path);
    if (!f) throw vscode.FileSystemError.FileNotFound(uri);
    return { type: vscode.FileType.File, ctime: f.mtime, mtime: f.mtime, size: f.data.byteLength };
  }

  readFile(uri: vscode.Uri): Uint8Array {
    const f = this.files.get(uri.path);
    if (!f) throw vscode.FileSystemError.FileNotFound(uri);
    return f.data;
  }

  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    // Only Results this extension started exist here; anything else is not a merge in progress.
    if (!this.files.has(uri.path)) throw vscode.FileSystemError.NoPermissions(`${uri.toString()} is not a merge in progress`);
    this.files.set(uri.path, { data: content, mtime: Date.now() });
    this._onDidChangeFile.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    this.files.delete(uri.path);
  }

  rename(oldUri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(oldUri);
  }

  dispose(): void {
    this.files.clear();
    this._onDidChangeFile.dispose();
  }
}
