import * as vscode from 'vscode';
import { AgentApplyLabels, type AgentWrite } from '../agentApplyLabels';
import type { ChangeReason, ContentChange } from '../documentChangeEvent';
import type { DocumentEdit } from '../documentEdit';
import { EditHistoryTracker, type RecentEditsQuery } from '../editHistoryTracker';
import { startCleanupTimer } from '../cleanupTimer';
import { enclosingSymbolName } from '../enclosingSymbol';
import { recentEditsBlock, type RecentEditsSource } from '../recentEditsBlock';
import { DocumentOutlines } from './documentOutline';
import { EditExclusions, editExclusionSettingsFrom } from '../agentEditExclusions';
import { editTrackerSettingsFrom, type EditTrackerSettings } from '../editTrackerSettings';

/** Settings section: `agentOverlay.editHistory.*` (keys in `EDIT_TRACKER_SETTING_KEYS`). */
export const EDIT_HISTORY_SECTION = 'agentOverlay.editHistory';

/** `agentOverlay.editHistory.*` as the tracker takes it; missing or wrong values fall back to the defaults. */
export function readEditTrackerSettings(): Partial<EditTrackerSettings> {
  const c = vscode.workspace.getConfiguration(EDIT_HISTORY_SECTION);
  return editTrackerSettingsFrom(key => c.get(key));
}

/** `agentOverlay.editHistory.excludePatterns` and `.shareUntitled`: what agents never get. */
export function readEditExclusions(): EditExclusions {
  const c = vscode.workspace.getConfiguration(EDIT_HISTORY_SECTION);
  return new EditExclusions(editExclusionSettingsFrom(key => c.get(key)));
}

/**
 * Feeds VS Code's document events into the pure `EditHistoryTracker` (SPEC §4): content changes (with
 * Undo/Redo reasons and the overlay's apply labelled `agent`), the editor selection after an edit, document
 * close; settings read at start and on every change; a cleanup timer. Owns its subscriptions and timer.
 *
 * Tracked documents: untitled ones and those inside a workspace folder. Everything else (output channels,
 * the SCM input, settings files, documents outside the workspace) is not the user's work on this project and
 * is never recorded.
 */
export class EditTrackerAdapter implements vscode.Disposable {
  readonly tracker: EditHistoryTracker;
  private readonly labels = new AgentApplyLabels();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly trackable = new Map<string, boolean>();
  private readonly outlines = new DocumentOutlines();
  /** The tracker as the RECENT EDITS block and the `edits_getRecent` tool read it (symbols included). */
  readonly source: RecentEditsSource = {
    isEnabled: () => this.enabled,
    getRecent: query => this.getRecent(query),
    fileLabel: uri => this.fileLabel(uri),
    symbols: async edits => {
      await this.outlines.load(edits.map(e => e.uri));
      return edit => {
        const symbols = this.outlines.symbols(edit.uri);
        return symbols ? enclosingSymbolName(symbols, edit.range.start.line) : undefined;
      };
    },
  };
  private readonly _onDidRecord = new vscode.EventEmitter<readonly DocumentEdit[]>();
  /** Fires after a change event recorded edits (most recent first). */
  readonly onDidRecord = this._onDidRecord.event;
  private disposed = false;
  /** What agents never get (the person's own view shows everything); follows the settings. */
  exclusions = readEditExclusions();

  constructor() {
    this.tracker = new EditHistoryTracker({ settings: readEditTrackerSettings() });
    this.disposables.push(
      this._onDidRecord,
      startCleanupTimer(() => {
        this.tracker.cleanup();
        this.labels.prune();
      }),
      vscode.workspace.onDidChangeTextDocument(e => this.onChange(e)),
      vscode.window.onDidChangeTextEditorSelection(e => this.onSelection(e)),
      vscode.workspace.onDidCloseTextDocument(d => {
        const uri = d.uri.toString();
        this.tracker.close(uri);
        this.trackable.delete(uri);
        this.outlines.forget(uri);
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.trackable.clear()),
      vscode.workspace.onDidOpenTextDocument(d => this.trackOpen([d])),
      // Shown again after the copy was dropped (the budget's least recently used): copy it again.
      vscode.window.onDidChangeVisibleTextEditors(editors => this.trackOpen(editors.map(e => e.document))),
      vscode.workspace.onDidChangeConfiguration(e => {
        if (!e.affectsConfiguration(EDIT_HISTORY_SECTION)) return;
        this.exclusions = readEditExclusions();
        this.tracker.updateSettings(readEditTrackerSettings());
        this.trackOpen(vscode.workspace.textDocuments);
      }),
    );
    this.trackOpen(vscode.workspace.textDocuments);
  }

  get enabled(): boolean {
    return this.tracker.currentSettings.enabled;
  }

  getRecent(query: RecentEditsQuery): DocumentEdit[] {
    return this.tracker.getRecent(query);
  }

  /** The RECENT EDITS block for `query` ('' when off or empty), descriptions naming symbols where cheap. */
  recentEditsText(query: RecentEditsQuery = {}): Promise<string> {
    return recentEditsBlock(this.source, query);
  }

  /**
   * Runs the overlay's Apply writes so that the document changes they cause are labelled `agent`, not `user`.
   * Pass every file the writes touch, with the text it will hold when known (then only the reload that
   * produces exactly that text is labelled; see `AgentApplyLabels`). Open documents of those files are
   * snapshotted first, so the tracker records the exact text the apply replaced.
   */
  async markAgentApply<T>(files: readonly (vscode.Uri | AgentWrite)[], during: () => Promise<T>): Promise<T> {
    const writes: AgentWrite[] = files.map(f => (f instanceof vscode.Uri ? { uri: f.toString() } : f));
    const wanted = new Set(writes.map(w => w.uri));
    for (const doc of vscode.workspace.textDocuments) {
      const uri = doc.uri.toString();
      if (wanted.has(uri) && this.isTrackable(doc.uri, uri)) this.tracker.track(uri, doc.getText(), doc.version);
    }
    const end = this.labels.begin(writes);
    try {
      return await during();
    } finally {
      end();
    }
  }

  /** Workspace-relative path of a tracked document (with the folder name in multi-root workspaces). */
  fileLabel(uri: string): string {
    let parsed: vscode.Uri;
    try {
      parsed = vscode.Uri.parse(uri, true);
    } catch {
      return uri;
    }
    if (parsed.scheme === 'untitled') return parsed.path;
    return vscode.workspace.asRelativePath(parsed, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const d of this.disposables.splice(0)) d.dispose();
    this.tracker.clear();
    this.outlines.clear();
  }

  /** Synchronous on purpose: the tracker reads `getText()` as of THIS event when it has to resync. */
  private onChange(e: vscode.TextDocumentChangeEvent): void {
    const doc = e.document;
    const uri = doc.uri.toString();
    if (!this.isTrackable(doc.uri, uri)) return;
    if (e.contentChanges.length === 0 && !this.tracker.isTracked(uri)) return; // a dirty-state flip
    const isAgentApply = !this.labels.isEmpty && this.labels.isAgentChange(uri, () => doc.getText());
    const outcome = this.tracker.handleChange({
      uri,
      version: doc.version,
      // vscode.Range has the plain shape the tracker takes; it copies what it keeps.
      changes: e.contentChanges as readonly ContentChange[],
      reason: reasonOf(e.reason),
      isAgentApply,
      languageId: doc.languageId,
    }, () => doc.getText());
    if (outcome.recorded.length) this._onDidRecord.fire(outcome.recorded);
  }

  private onSelection(e: vscode.TextEditorSelectionChangeEvent): void {
    const uri = e.textEditor.document.uri.toString();
    if (this.tracker.isTracked(uri) && e.selections.length) this.tracker.onSelection(uri, e.selections[0]);
  }

  /**
   * Copies every open workspace document (not only the visible ones), so the first replace in a background tab
   * or in a file a refactor (rename symbol, replace all) opened and changed has an exact `oldText`. The tracker
   * keeps the copies in an LRU cache bounded in total bytes (`ShadowBudget`: documents up to 5 MB, 64 MB in
   * all); cheap for documents already copied and current.
   */
  private trackOpen(documents: readonly vscode.TextDocument[]): void {
    if (!this.tracker.currentSettings.enabled) return;
    for (const doc of documents) {
      const uri = doc.uri.toString();
      if (!this.isTrackable(doc.uri, uri) || this.tracker.trackedVersion(uri) === doc.version) continue;
      // The length without building the text: documents over the budget are not copied at all.
      const length = doc.offsetAt(doc.lineAt(doc.lineCount - 1).range.end);
      if (length <= this.tracker.shadowBudget.maxDocumentLength) this.tracker.track(uri, doc.getText(), doc.version);
    }
  }

  private isTrackable(uri: vscode.Uri, key: string): boolean {
    let known = this.trackable.get(key);
    if (known === undefined) {
      known = uri.scheme === 'untitled' || vscode.workspace.getWorkspaceFolder(uri) !== undefined;
      this.trackable.set(key, known);
    }
    return known;
  }
}

function reasonOf(reason: vscode.TextDocumentChangeReason | undefined): ChangeReason | undefined {
  switch (reason) {
    case vscode.TextDocumentChangeReason.Undo:
      return 'undo';
    case vscode.TextDocumentChangeReason.Redo:
      return 'redo';
    default:
      return undefined;
  }
}
