import * as vscode from 'vscode';
import { HistoryReadError } from '../historyVersion';
import { parseHistoryUriPath } from '../historyUri';
import type { HistoryView } from '../historyViewRegistry';

/** How the provider finds what it may serve; the bridge answers from its views and grants. */
export interface HistoryViewSource {
  /** The view `history:/<id>/<name>` names, only while it may be served (a live grant or the user's own view). */
  servable(id: string, fileName: string): HistoryView | undefined;
  /** The bytes of a servable view's version, read from the history store now. */
  read(view: HistoryView): Promise<Uint8Array>;
}

/**
 * `history:` — read-only. It serves a version only while the user's consent covers it (a view the user opened,
 * or a grant whose content the user allowed); every other read, every stat of anything else and every
 * directory listing is `NoPermissions`, so a generic file-reading tool cannot bypass consent. Every served read
 * and every refused one is logged.
 */
export class HistoryFileSystemProvider implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly _onDidChangeFile = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this._onDidChangeFile.event;

  constructor(private readonly source: HistoryViewSource, private readonly log: vscode.LogOutputChannel) {}

  watch(): vscode.Disposable {
    // Versions never change; a view that ends makes the next read fail instead.
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const view = this.view(uri, 'stat');
    return {
      type: vscode.FileType.File,
      ctime: view.version.timestamp,
      mtime: view.version.timestamp,
      size: view.version.size,
      permissions: vscode.FilePermission.Readonly,
    };
  }

  readDirectory(uri: vscode.Uri): never {
    this.log.warn(`history: refused to list ${uri.toString()} (history: never lists directories)`);
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const view = this.view(uri, 'read');
    try {
      const bytes = await this.source.read(view);
      this.log.info(`history: served ${view.file.displayPath} from ${view.label} to an editor (${view.origin === 'user' ? 'opened by the user' : 'allowed for the agent'})`);
      return bytes;
    } catch (err) {
      this.log.error(`history: could not read ${view.file.displayPath} from ${view.label}: ${(err as Error).message}`);
      if (err instanceof HistoryReadError && err.code === 'contentMissing') throw vscode.FileSystemError.FileNotFound(uri);
      throw vscode.FileSystemError.Unavailable(uri);
    }
  }

  createDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
  writeFile(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
  delete(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }
  rename(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    this._onDidChangeFile.dispose();
  }

  private view(uri: vscode.Uri, op: 'stat' | 'read'): HistoryView {
    const parts = parseHistoryUriPath(uri.path);
    const view = parts && this.source.servable(parts.id, parts.fileName);
    if (!view) {
      // Editors stat liberally, and other extensions probe any open URI: a refused read is routine, not a warning.
      if (op === 'read') this.log.debug(`history: refused to read ${uri.toString()}: no consent covers it`);
      else this.log.trace(`history: refused to stat ${uri.toString()}`);
      throw vscode.FileSystemError.NoPermissions(uri);
    }
    return view;
  }
}
