import * as path from 'path';
import * as vscode from 'vscode';
import type { CompositeChange } from '../fs/model/overlayQueries';
import { isFolderOperation } from '../fs/model/changeRecord';
import type { OverlayWorkspace } from '../fs/overlayWorkspace';
import { diskPathOf, reviewUriOf } from '../fs/vscode/stagedFileSystemProvider';
import { UNKNOWN_SESSION } from '../tools/agentTool';
import { FirstSeenRank, planGroups } from './groupOrder';
import { ancestorsOf, CONFLICTS, StagedViewIndex } from './stagedViewIndex';
import { TwinIndex } from './twinIndex';
import { offersQuickDiff } from './quickDiffRule';
import { badgeOf, changeSummary, diffTitle, LETTER, sessionStory } from './changePresentation';
import type { SessionNames } from './sessionNames';
import { hasHiddenCharacters, showName } from '../fs/stagedNames';
import { canRunCodeHere } from './runsCodeSetting';

/** Resource states carry their composite so commands can act on it without a second lookup. */
export interface StagedResourceState extends vscode.SourceControlResourceState {
  readonly change: CompositeChange;
}

/**
 * The "Agent Staged Changes" Source Control view (SPEC §2 Review): Conflicts (hidden when empty), then staged
 * changes — one group per chat session once more than one session has changes. Clicking a resource opens the
 * native diff editor, disk (left) ↔ staged (right). Also the gutter's quick diff for `agent-staged:` editors.
 */
export class StagedChangesScm implements vscode.Disposable {
  readonly sourceControl: vscode.SourceControl;
  private readonly conflicts: vscode.SourceControlResourceGroup;
  private readonly sessionGroups = new Map<string, vscode.SourceControlResourceGroup>();
  /** Where each session's group goes, for the window's life (see groupOrder.ts). */
  private readonly ranks = new FirstSeenRank();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly statusBar: vscode.StatusBarItem;
  /** The rows, kept path by path (see stagedViewIndex.ts). */
  private readonly index = new StagedViewIndex<StagedResourceState>(path.sep);
  /** Paths changed since the last flush, and the timer that will flush them. */
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly twins = new TwinIndex();
  /** Staged new files and folders, for the Explorer's view of them (stagedNewFilesView.ts). */
  private readonly created = new Map<string, CompositeChange>();
  private readonly _onDidUpdate = new vscode.EventEmitter<ViewCounts>();
  /** Fires after each refresh with what the groups and the status bar now show. */
  readonly onDidUpdate = this._onDidUpdate.event;

  constructor(private readonly overlay: OverlayWorkspace, private readonly names: SessionNames) {
    this.sourceControl = vscode.scm.createSourceControl('agentOverlay', 'Agent Staged Changes');
    // The input box has no use for a commit message here; while nothing is staged its read-only value is the
    // empty state's text (VS Code shows a view's welcome content only when no source control is registered at
    // all, and a placeholder would be cut to one line where the value wraps).
    this.sourceControl.inputBox.enabled = false;
    this.sourceControl.quickDiffProvider = {
      // Issue 27 item 4: only the agent's own editors (agent-staged:) get a gutter diff. The review form is what
      // the staged diff shows on its right, where VS Code computes a second, unbounded quick diff for extensions'
      // diff information: a 5,000-line rewrite kept the editor worker busy for minutes and every later diff blank.
      provideOriginalResource: (uri: vscode.Uri) => (offersQuickDiff(uri.scheme) ? vscode.Uri.file(diskPathOf(uri)) : undefined),
    };
    // With one source control VS Code hides the provider's row: the groups themselves must say "agent".
    this.conflicts = this.sourceControl.createResourceGroup('conflicts', 'Agent: Conflicts');
    this.conflicts.hideWhenEmpty = true;
    this.conflicts.contextValue = 'conflicts';
    this.statusBar = vscode.window.createStatusBarItem('agentOverlay.staged', vscode.StatusBarAlignment.Left, 50);
    this.statusBar.name = 'Agent Staged Changes';
    this.statusBar.command = 'workbench.view.scm';
    const sub = overlay.onDidChange(paths => this.schedule(paths));
    this.disposables.push(this.sourceControl, this.statusBar, this._onDidUpdate, { dispose: () => sub.dispose() }, { dispose: () => clearTimeout(this.timer) });
    this.refresh();
  }

  /**
   * Issue 27 item 5: changes are gathered and shown once per batch (about a frame), path by path: a busy agent's
   * thousand writes cost a few refreshes of what changed, not a thousand rebuilds of everything.
   */
  private schedule(paths: readonly string[]): void {
    for (const p of paths) this.pending.add(p);
    this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
  }

  /** Rebuilds every row from the model (names learned, or nothing known about what changed). */
  refresh(): void {
    this.index.clear();
    this.created.clear();
    this.pending.clear();
    for (const c of this.overlay.composites()) this.pending.add(c.path);
    this.twins.clear();
    this.flush();
  }

  /** Shows the pending changes now. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const dirty = new Set(this.pending);
    this.pending.clear();
    // A folder's own change (made or removed) is listed at its path, which the event about its files may not name.
    // Only folders with folder records can have one (as composites() lists them): asking every folder above every
    // path would weigh each folder's whole contents per write.
    // A folder already listed is asked again too: its change may be gone with the files below it.
    const folders = new Set(this.overlay.model.folderPaths());
    const mayList = (dir: string) => folders.has(dir) || this.index.get(dir) !== undefined;
    for (const p of [...dirty]) for (const dir of ancestorsOf(p, path.sep)) if (mayList(dir)) dirty.add(dir);
    const found = new Map<string, CompositeChange>();
    for (const p of dirty) {
      const c = this.overlay.composite(p);
      if (c) found.set(p, c);
    }
    // Twins are looked for among the changes found; a twin's partner is shown again too (its tooltip names it).
    for (const p of this.twins.update(dirty, q => found.has(q), dir => safeList(this.overlay, dir))) {
      if (dirty.has(p)) continue;
      dirty.add(p);
      const c = this.overlay.composite(p);
      if (c) found.set(p, c);
    }
    for (const p of dirty) {
      const c = found.get(p);
      if (c && c.path === p && !c.conflict && (c.kind === 'create' || c.kind === 'mkdir')) this.created.set(p, c);
      else this.created.delete(p);
      if (!c || c.path !== p) this.index.delete(p);
      else this.index.set(p, c.conflict ? CONFLICTS : c.sessions[c.sessions.length - 1] ?? UNKNOWN_SESSION, this.resourceOf(c));
    }
    this.show();
  }

  /** Hands the groups whose rows changed to VS Code, with the count, the status bar and the group order. */
  private show(): void {
    const changed = this.index.takeChanged();
    if (changed.has(CONFLICTS)) this.conflicts.resourceStates = [...this.index.rowsOf(CONFLICTS)];
    const owners = this.index.owners();
    const split = owners.length > 1;
    // First sight ranks a session by its oldest change still staged, so the first chat to stage comes first.
    const unseen = owners.filter(k => !this.ranks.has(k));
    if (unseen.length > 0) {
      const oldest = new Map(unseen.map(k => [k, this.index.rowsOf(k).reduce((m, r) => r.change.records.reduce((n, rec) => Math.min(n, rec.timestamp), m), Infinity)]));
      this.ranks.see(unseen.sort((a, b) => oldest.get(a)! - oldest.get(b)!));
    }
    const wanted = split ? owners : ['*'];
    const plan = planGroups([...this.sessionGroups.keys()], wanted, k => (k === '*' ? -1 : this.ranks.rank(k)));
    for (const key of plan.dispose) {
      this.sessionGroups.get(key)?.dispose();
      this.sessionGroups.delete(key);
    }
    const created = new Set(plan.create);
    for (const key of plan.create) {
      const group = this.sourceControl.createResourceGroup(key === '*' ? 'staged' : `session:${key}`, 'Agent: Staged Changes');
      group.contextValue = 'staged';
      // After Apply an empty "Staged Changes 0" says nothing: the input box's text says it instead.
      group.hideWhenEmpty = true;
      this.sessionGroups.set(key, group);
    }
    for (const key of wanted) {
      const group = this.sessionGroups.get(key)!;
      // Named on every refresh: a chat's title may arrive after its first change.
      const label = key === '*' ? 'Agent: Staged Changes' : `Agent: ${this.names.session(key)}`;
      if (group.label !== label) group.label = label;
      const rowsOwner = key === '*' ? owners[0] : key;
      // Only the groups whose rows moved are handed over again: VS Code sorts and diffs each group it is given.
      if (created.has(key) || (rowsOwner !== undefined && changed.has(rowsOwner)) || (key === '*' && changed.size > 0 && !split)) {
        group.resourceStates = rowsOwner === undefined ? [] : [...this.index.rowsOf(rowsOwner)];
      }
    }
    const count = this.index.size;
    const conflicted = count - this.index.stagedCount;
    this.sourceControl.count = count;
    this.sourceControl.inputBox.visible = count === 0;
    const empty = count === 0 ? EMPTY_TEXT : '';
    if (this.sourceControl.inputBox.value !== empty) this.sourceControl.inputBox.value = empty;
    this.statusBar.text = `$(git-pull-request-draft) ${count}`;
    this.statusBar.tooltip = `${count} staged agent change${count === 1 ? '' : 's'}${conflicted ? `, ${conflicted} in conflict` : ''} — click to review`;
    if (count > 0) this.statusBar.show();
    else this.statusBar.hide();
    this._onDidUpdate.fire({ count, statusBar: count, groups: [this.conflicts, ...this.sessionGroups.values()].reduce((n, g) => n + g.resourceStates.length, 0) });
  }

  /** Staged new files and folders (not in conflict). */
  newFiles(): CompositeChange[] {
    return [...this.created.values()];
  }

  newFileCount(): number {
    return this.created.size;
  }

  /** What the view shows, group by group (for the test seam: SCM state is not readable through the API). */
  describe(): { id: string; label: string; resources: { path: string; contextValue?: string; strikeThrough?: boolean; tooltip?: string; icon?: string }[] }[] {
    // Changes still gathered are shown first: the seam reports what the model says, not a batch in flight.
    if (this.pending.size > 0) this.flush();
    return [this.conflicts, ...this.sessionGroups.values()].map(g => ({
      id: g.id,
      label: g.label,
      resources: g.resourceStates.map(r => ({ path: r.resourceUri.fsPath, contextValue: r.contextValue, strikeThrough: r.decorations?.strikeThrough, tooltip: r.decorations?.tooltip, icon: r.decorations?.iconPath instanceof vscode.ThemeIcon ? r.decorations.iconPath.id : undefined })),
    }));
  }

  private resourceOf(c: CompositeChange): StagedResourceState {
    const file = vscode.Uri.file(c.path);
    // Issue 24: what the plain name hides (bidi controls, a twin spelling) and targets that can run code.
    const hidden = hasHiddenCharacters(path.basename(c.path)) ? `⚠ The name holds invisible characters: ${showName(path.basename(c.path))}` : undefined;
    const twin = this.twins.twinsOf(c.path);
    const twinLine = twin ? `⚠ Reads the same as ${twin.map(t => showName(vscode.workspace.asRelativePath(t))).join(', ')} (another Unicode spelling of the name)` : undefined;
    const runner = c.after !== null && canRunCodeHere(c.path, safeModeOf(this.overlay, c.path)) ? '⚠ Can run code (a task, hook, setting or executable): review it closely' : undefined;
    const last = c.records[c.records.length - 1];
    const sessions = c.sessions.map(s => this.names.session(s)).join(', ');
    // Issue 27 item 12: the row's icon means what the Explorer's letter means (one set, badgeOf); a change more
    // than one session wrote keeps its kind and says who did what (SPEC §2: flagged where the reviewer looks).
    const badge = badgeOf(c, s => this.names.session(s));
    const shared = c.sessions.length > 1;
    const tooltip = [
      runner,
      hidden,
      twinLine,
      shared ? `⚠ ${sessionStory(c, s => this.names.session(s))}: check that they did not undo each other` : undefined,
      changeSummary(c, c.fromPath ? showName(vscode.workspace.asRelativePath(c.fromPath)) : undefined),
      last?.description,
      `Session: ${sessions}`,
      last ? `Message: ${this.names.message(last.sessionId, last.messageId)}` : undefined,
      last ? `Time: ${new Date(last.timestamp).toLocaleString()}` : undefined,
      // The ids, for matching with logs and the agent's own records: detail, not the name.
      `Ids: session ${c.sessions.join(', ')}${last ? `; message ${last.messageId}` : ''}`,
    ].filter(Boolean).join('\n');
    return {
      change: c,
      resourceUri: file,
      // A folder's conflict (a file in its way) has no versions to merge: only Discard settles it.
      contextValue: c.conflict ? (isFolderOperation(c.kind) ? 'conflict-folder' : 'conflict') : `staged-${c.kind}`,
      decorations: {
        strikeThrough: c.kind === 'delete' || c.kind === 'rmdir',
        faded: false,
        tooltip,
        // A delegated conflict shows the agent's icon: the row says it is waiting on the agent.
        iconPath: new vscode.ThemeIcon(badge.icon, new vscode.ThemeColor(badge.color)),
      },
      // A folder has no diff to open: it is reviewed by its row (and applied or discarded from it).
      command: isFolderOperation(c.kind) ? undefined : {
        // A conflict opens its three versions, unresolved; nothing is decided by a click.
        command: c.conflict ? 'agentOverlay.openConflict' : 'agentOverlay.openChange',
        title: c.conflict ? 'Show Conflict' : 'Open Change',
        arguments: [file],
      },
    };
  }

  dispose(): void {
    for (const g of this.sessionGroups.values()) g.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

/** What a refresh left the view showing: rows in the groups, the count and the status bar's number. */
export interface ViewCounts {
  readonly count: number;
  readonly groups: number;
  readonly statusBar: number;
}

/** How long changes are gathered before the view shows them (about a frame). */
const BATCH_MS = 16;

/** The Source Control view's text while nothing is staged. */
export const EMPTY_TEXT = 'No staged agent changes. Agents that write through agent-staged: or the overlay tools appear here.';

/** The diff a click opens: disk (or empty) on the left, staged (or empty) on the right. */
export function diffArgs(
  c: CompositeChange,
  baseline: (p: string, ref: string | null, label: string) => vscode.Uri,
  isBinary: (ref: string) => boolean = () => false,
): [vscode.Uri, vscode.Uri, string] {
  // Binary content has no text diff: both sides become notices with their sizes (SPEC §2 Binary files).
  if ((c.before !== null && isBinary(c.before)) || (c.after !== null && isBinary(c.after))) {
    return [baseline(c.fromPath ?? c.path, c.before, 'disk'), baseline(c.path, c.after, 'staged'), diffTitle(c, p => path.basename(p))];
  }
  const left = c.kind === 'create' ? baseline(c.path, null, 'absent') : vscode.Uri.file(c.fromPath ?? c.path);
  // The review form: the diff's breadcrumb is then the folder-relative path (see stagedUri.ts).
  const right = c.kind === 'delete' ? baseline(c.path, null, 'deleted') : reviewUriOf(vscode.Uri.file(c.path));
  return [left, right, diffTitle(c, p => path.basename(p))];
}

export { LETTER };

/** A folder's names on disk (none when it cannot be read: its staged names are still compared with each other). */
function safeList(overlay: OverlayWorkspace, dir: string): readonly string[] {
  try {
    return (overlay.disk.readDirectory(dir) ?? []).map(([name]) => name);
  } catch {
    return [];
  }
}

function safeModeOf(overlay: OverlayWorkspace, p: string): number | undefined {
  try {
    return overlay.disk.modeOf(p);
  } catch {
    return undefined;
  }
}
