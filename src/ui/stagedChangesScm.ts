import * as path from 'path';
import * as vscode from 'vscode';
import type { CompositeChange } from '../fs/model/overlayQueries';
import { isFolderOperation } from '../fs/model/changeRecord';
import type { OverlayWorkspace } from '../fs/overlayWorkspace';
import { diskPathOf, isStagedUri, reviewUriOf } from '../fs/vscode/stagedFileSystemProvider';
import { UNKNOWN_SESSION } from '../tools/agentTool';
import { FirstSeenRank, planGroups } from './groupOrder';
import { changeSummary, diffTitle, LETTER, stagedColor } from './changePresentation';
import type { SessionNames } from './sessionNames';
import { hasHiddenCharacters, normalizationTwins, showName } from '../fs/stagedNames';
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

  constructor(private readonly overlay: OverlayWorkspace, private readonly names: SessionNames) {
    this.sourceControl = vscode.scm.createSourceControl('agentOverlay', 'Agent Staged Changes');
    // The input box has no use for a commit message here; while nothing is staged its read-only value is the
    // empty state's text (VS Code shows a view's welcome content only when no source control is registered at
    // all, and a placeholder would be cut to one line where the value wraps).
    this.sourceControl.inputBox.enabled = false;
    this.sourceControl.quickDiffProvider = {
      provideOriginalResource: (uri: vscode.Uri) => (isStagedUri(uri) ? vscode.Uri.file(diskPathOf(uri)) : undefined),
    };
    // With one source control VS Code hides the provider's row: the groups themselves must say "agent".
    this.conflicts = this.sourceControl.createResourceGroup('conflicts', 'Agent: Conflicts');
    this.conflicts.hideWhenEmpty = true;
    this.conflicts.contextValue = 'conflicts';
    this.statusBar = vscode.window.createStatusBarItem('agentOverlay.staged', vscode.StatusBarAlignment.Left, 50);
    this.statusBar.name = 'Agent Staged Changes';
    this.statusBar.command = 'workbench.view.scm';
    const sub = overlay.onDidChange(() => this.refresh());
    this.disposables.push(this.sourceControl, this.statusBar, { dispose: () => sub.dispose() });
    this.refresh();
  }

  /** Rebuilds the groups from the model (cheap: the model holds only refs). */
  refresh(): void {
    this.twins = twinsOf(this.overlay);
    const all = this.overlay.composites();
    const conflicted = all.filter(c => c.conflict);
    const staged = all.filter(c => !c.conflict);
    this.conflicts.resourceStates = conflicted.map(c => this.resourceOf(c));

    const bySession = new Map<string, CompositeChange[]>();
    for (const c of staged) {
      const owner = c.sessions[c.sessions.length - 1] ?? UNKNOWN_SESSION;
      bySession.set(owner, [...(bySession.get(owner) ?? []), c]);
    }
    const split = bySession.size > 1;
    // First sight ranks a session by its oldest change still staged, so the first chat to stage comes first.
    const unseen = [...bySession.keys()].filter(k => !this.ranks.has(k));
    if (unseen.length > 0) {
      const oldest = new Map(unseen.map(k => [k, (bySession.get(k) ?? []).reduce((m, c) => c.records.reduce((n, r) => Math.min(n, r.timestamp), m), Infinity)]));
      this.ranks.see(unseen.sort((a, b) => oldest.get(a)! - oldest.get(b)!));
    }
    const wanted = split ? [...bySession.keys()] : ['*'];
    const plan = planGroups([...this.sessionGroups.keys()], wanted, k => (k === '*' ? -1 : this.ranks.rank(k)));
    for (const key of plan.dispose) {
      this.sessionGroups.get(key)?.dispose();
      this.sessionGroups.delete(key);
    }
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
      group.label = key === '*' ? 'Agent: Staged Changes' : `Agent: ${this.names.session(key)}`;
      group.resourceStates = (key === '*' ? staged : bySession.get(key) ?? []).map(c => this.resourceOf(c));
    }
    const count = all.length;
    this.sourceControl.count = count;
    this.sourceControl.inputBox.visible = count === 0;
    this.sourceControl.inputBox.value = count === 0 ? EMPTY_TEXT : '';
    this.statusBar.text = `$(git-pull-request-draft) ${count}`;
    this.statusBar.tooltip = `${count} staged agent change${count === 1 ? '' : 's'}${conflicted.length ? `, ${conflicted.length} in conflict` : ''} — click to review`;
    if (count > 0) this.statusBar.show();
    else this.statusBar.hide();
  }

  /** What the view shows, group by group (for the test seam: SCM state is not readable through the API). */
  describe(): { id: string; label: string; resources: { path: string; contextValue?: string; strikeThrough?: boolean; tooltip?: string; icon?: string }[] }[] {
    return [this.conflicts, ...this.sessionGroups.values()].map(g => ({
      id: g.id,
      label: g.label,
      resources: g.resourceStates.map(r => ({ path: r.resourceUri.fsPath, contextValue: r.contextValue, strikeThrough: r.decorations?.strikeThrough, tooltip: r.decorations?.tooltip, icon: r.decorations?.iconPath instanceof vscode.ThemeIcon ? r.decorations.iconPath.id : undefined })),
    }));
  }

  /** Staged names with a twin that reads the same (NFC/NFD), found once per refresh. */
  private twins = new Map<string, string[]>();

  private resourceOf(c: CompositeChange): StagedResourceState {
    const file = vscode.Uri.file(c.path);
    // Issue 24: what the plain name hides (bidi controls, a twin spelling) and targets that can run code.
    const hidden = hasHiddenCharacters(path.basename(c.path)) ? `⚠ The name holds invisible characters: ${showName(path.basename(c.path))}` : undefined;
    const twin = this.twins.get(c.path);
    const twinLine = twin ? `⚠ Reads the same as ${twin.map(t => showName(vscode.workspace.asRelativePath(t))).join(', ')} (another Unicode spelling of the name)` : undefined;
    const runner = c.after !== null && canRunCodeHere(c.path, safeModeOf(this.overlay, c.path)) ? '⚠ Can run code (a task, hook, setting or executable): review it closely' : undefined;
    const last = c.records[c.records.length - 1];
    const sessions = c.sessions.map(s => this.names.session(s)).join(', ');
    // SPEC §2: a session writing over another's pending change is flagged where the reviewer looks.
    const shared = c.sessions.length > 1;
    const tooltip = [
      runner,
      hidden,
      twinLine,
      shared ? `⚠ Changed by more than one session (${sessions}): check that they did not undo each other` : undefined,
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
        iconPath: c.conflict
          ? new vscode.ThemeIcon(c.conflict.delegated ? 'robot' : 'warning', new vscode.ThemeColor('gitDecoration.conflictingResourceForeground'))
          : shared
            ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('editorWarning.foreground'))
            : new vscode.ThemeIcon(ICON[c.kind], new vscode.ThemeColor(stagedColor(c.kind))),
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

/** The Source Control view's text while nothing is staged. */
export const EMPTY_TEXT = 'No staged agent changes. Agents that write through agent-staged: or the overlay tools appear here.';

const ICON = { create: 'diff-added', delete: 'diff-removed', rename: 'diff-renamed', modify: 'diff-modified', mkdir: 'new-folder', rmdir: 'folder' } as const;

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

const TWIN_FOLDERS_LOOKED_AT = 200;

/** NFC/NFD twins among the staged paths and the names beside them on disk. */
function twinsOf(overlay: OverlayWorkspace): Map<string, string[]> {
  const staged = overlay.model.stagedPaths();
  const all = new Set(staged);
  // The folders of staged files, a bounded number of them: a refresh must stay cheap with thousands staged.
  for (const dir of [...new Set(staged.map(p => path.dirname(p)))].slice(0, TWIN_FOLDERS_LOOKED_AT)) {
    try {
      for (const [name] of overlay.disk.readDirectory(dir) ?? []) all.add(path.join(dir, name));
    } catch {
      // An unreadable folder: its staged names are still compared with each other.
    }
  }
  const stagedSet = new Set(staged);
  return new Map([...normalizationTwins(all)].filter(([p]) => stagedSet.has(p)));
}

function safeModeOf(overlay: OverlayWorkspace, p: string): number | undefined {
  try {
    return overlay.disk.modeOf(p);
  } catch {
    return undefined;
  }
}
