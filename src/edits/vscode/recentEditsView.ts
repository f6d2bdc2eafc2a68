import * as vscode from 'vscode';
import type { EditTrackerAdapter } from './editTrackerAdapter';

/** Scheme of the read-only "Recent Edits" document. */
export const RECENT_EDITS_SCHEME = 'agent-overlay-edits';
export const RECENT_EDITS_URI = vscode.Uri.from({ scheme: RECENT_EDITS_SCHEME, path: '/Recent Edits.md' });
export const SHOW_RECENT_EDITS_COMMAND = 'agentOverlay.showRecentEdits';

/** How long the view waits after an edit before it refreshes, so typing does not re-render it per keystroke. */
const REFRESH_DELAY_MS = 300;

/**
 * "Agent Overlay: Show Recent Edits": the tracker's history as the seed's "RECENT EDITS" prompt block, what an
 * agent would be given, in a read-only Markdown document that refreshes while it is open.
 *
 * Why a read-only file system rather than an untitled document or an output channel: an untitled document
 * would ask to be saved when closed and would itself be edited on every refresh; an output channel shows
 * plain text without the code fences' highlighting and cannot be searched or copied as comfortably. A
 * provider registered `isReadonly` gives a Markdown document that is never dirty, says it is read-only the way
 * the `history:` editor does, and is not a workspace file, so the tracker does not record its own report.
 */
export class RecentEditsView implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly _onDidChangeFile = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this._onDidChangeFile.event;
  private readonly disposables: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private rendered: Promise<{ text: Uint8Array; mtime: number }> | undefined;

  constructor(private readonly adapter: EditTrackerAdapter) {
    this.disposables.push(
      this._onDidChangeFile,
      vscode.workspace.registerFileSystemProvider(RECENT_EDITS_SCHEME, this, {
        isReadonly: new vscode.MarkdownString('Recent Edits is a report of your recent edits, as an agent would be given them; it refreshes by itself.'),
      }),
      vscode.commands.registerCommand(SHOW_RECENT_EDITS_COMMAND, () => this.show()),
      adapter.onDidRecord(() => this.refreshSoon()),
      vscode.workspace.onDidChangeConfiguration(e => {
        if (e.affectsConfiguration('agentOverlay.editHistory')) this.refreshSoon();
      }),
    );
  }

  async show(): Promise<vscode.TextEditor> {
    this.changed();
    const doc = await vscode.workspace.openTextDocument(RECENT_EDITS_URI);
    return vscode.window.showTextDocument(doc, { preview: false });
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const r = await this.render(uri);
    return { type: vscode.FileType.File, ctime: r.mtime, mtime: r.mtime, size: r.text.byteLength, permissions: vscode.FilePermission.Readonly };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.render(uri)).text;
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  writeFile(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  /** The report, rendered once per change (stat and read must agree on its size). */
  private render(uri: vscode.Uri): Promise<{ text: Uint8Array; mtime: number }> {
    if (uri.path !== RECENT_EDITS_URI.path) throw vscode.FileSystemError.FileNotFound(uri);
    const mtime = Date.now();
    this.rendered ??= renderRecentEdits(this.adapter).then(text => ({ text: new TextEncoder().encode(text), mtime }));
    return this.rendered;
  }

  private changed(): void {
    this.rendered = undefined;
    this._onDidChangeFile.fire([{ type: vscode.FileChangeType.Changed, uri: RECENT_EDITS_URI }]);
  }

  private refreshSoon(): void {
    if (this.timer || !vscode.workspace.textDocuments.some(d => d.uri.toString() === RECENT_EDITS_URI.toString())) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.changed();
    }, REFRESH_DELAY_MS);
  }
}

export async function renderRecentEdits(adapter: EditTrackerAdapter): Promise<string> {
  if (!adapter.enabled) {
    return 'RECENT EDITS: tracking is off\n\nTurn on the setting `agentOverlay.editHistory.enabled` to record the edits you make in open editors.\n';
  }
  const settings = adapter.tracker.currentSettings;
  const edits = adapter.getRecent({ maxEdits: 1 });
  if (edits.length === 0) {
    return [
      'RECENT EDITS: none yet',
      '',
      `Edits you make in open workspace and untitled editors appear here, most recent first, for ${settings.maxAgeMinutes} minutes`
      + ` (at most ${settings.maxEdits} per file and ${settings.maxGlobalEdits} in all).`
      + (settings.ignoreSingleChar ? ` Keystrokes typed in a row become one edit; edits shorter than ${settings.minEditLength} characters are left out.` : '')
      + (settings.ignoreWhitespace ? ' Whitespace-only edits are left out.' : ''),
      'Agents read the same list with the `edits_getRecent` tool. Settings: `agentOverlay.editHistory.*`.',
      '',
    ].join('\n');
  }
  return await adapter.recentEditsText({ maxEdits: settings.maxGlobalEdits + settings.maxGlobalUndoRedoEdits }) + '\n';
}
