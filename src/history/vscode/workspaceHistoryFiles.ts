import * as path from 'path';
import * as vscode from 'vscode';
import type { HistoryLog } from '../historyLog';
import type { HistorySources } from '../historySources';
import type { HistoryVersion } from '../historyVersion';
import { decodeVersionText } from '../versionText';
import { resolveWorkspacePath, WorkspacePathError, type ResolvedWorkspacePath, type WorkspaceRoot } from '../workspacePath';
import type { HistoryFileAccess } from '../../tools/history/historyToolPorts';

/** Tool results carry text; larger versions are refused with a clear error (the editor view has no such cap). */
export const MAX_TOOL_CONTENT_BYTES = 2 * 1024 * 1024;

/** The workspace's files and their history, as the tools and commands see them (file: folders only). */
export class WorkspaceHistoryFiles implements HistoryFileAccess {
  constructor(private readonly sources: HistorySources, private readonly log: HistoryLog) {}

  roots(): WorkspaceRoot[] {
    return (vscode.workspace.workspaceFolders ?? [])
      .filter((f) => f.uri.scheme === 'file')
      .map((f) => ({ name: f.name, path: f.uri.fsPath }));
  }

  resolve(filePath: unknown): Promise<ResolvedWorkspacePath> {
    return resolveWorkspacePath(filePath, this.roots());
  }

  /** A file the user pointed at (Explorer, editor tab): the same policy as an agent's path. */
  resolveUri(uri: vscode.Uri): Promise<ResolvedWorkspacePath> {
    const folder = uri.scheme === 'file' ? vscode.workspace.getWorkspaceFolder(uri) : undefined;
    if (!folder || folder.uri.scheme !== 'file') {
      return Promise.reject(new WorkspacePathError('outsideWorkspace', uri.toString(), `${uri.fsPath || uri.toString()} is not a file of an open workspace folder.`));
    }
    const rel = path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/');
    const roots = this.roots();
    return resolveWorkspacePath(roots.length > 1 ? `${folder.name}/${rel}` : rel, roots);
  }

  async listVersions(file: ResolvedWorkspacePath): Promise<readonly HistoryVersion[]> {
    const t0 = Date.now();
    const listing = await this.sources.listVersions(file);
    const stores = listing.folders.length ? listing.folders.map((f) => path.basename(f)).join(', ') : 'no local history folder';
    this.log.info(`history: listed ${listing.versions.length} version(s) of ${file.displayPath} in ${Date.now() - t0} ms (${stores}${listing.usedIndex ? ', found through the entries.json index' : ''})`);
    return listing.versions;
  }

  async readText(version: HistoryVersion, filePath: string): Promise<string> {
    // The file's own files.encoding (it can differ per folder or language), as VS Code would open it.
    const encoding = vscode.workspace.getConfiguration('files', vscode.Uri.file(filePath)).get<string>('encoding');
    return decodeVersionText(await this.sources.readContent(version, MAX_TOOL_CONTENT_BYTES), { encoding });
  }
}
