import * as path from 'path';
import * as vscode from 'vscode';
import type { OverlayWorkspace } from '../fs/overlayWorkspace';
import { pathsToAsk } from './stagedViewIndex';
import { CONFLICT_KIND_TEXT } from './conflictResolution';
import { NoticeQueue } from './noticeQueue';

/** The multi-file diff "Review All" opens: its tab's label starts with this title. */
export const REVIEW_ALL_TITLE = 'Agent Staged Changes';

/**
 * Says so when a staged change turns into a conflict (SPEC §2: never silently): a notification with "Resolve…",
 * which shows the conflict's three versions; and an open "Review All" diff is reopened so it shows the files as
 * they are now. Conflicts present when the extension starts are announced by the store's own notices instead.
 */
export class ConflictAnnouncer implements vscode.Disposable {
  private known: Set<string>;
  private readonly sub: { dispose(): void };
  /** One notification at a time, counting the conflicts of a burst (and those that came while one was up). */
  private readonly notices = new NoticeQueue<string>(
    run => {
      const t = setTimeout(run, 100);
      return { dispose: () => clearTimeout(t) };
    },
    paths => this.announce(paths),
    p => this.overlay.composite(p)?.conflict !== undefined,
  );

  constructor(private readonly overlay: OverlayWorkspace) {
    this.known = this.conflicted();
    this.sub = overlay.onDidChange(paths => this.check(paths));
  }

  private conflicted(): Set<string> {
    return new Set(this.overlay.composites().filter(c => c.conflict).map(c => c.path));
  }

  /**
   * Asks only what the change event can have changed (issue 27 item 5): listing every staged change per write
   * cost the extension host O(staged) per write, over a second per thousand writes at 10,000 staged.
   */
  private check(paths: readonly string[]): void {
    const folders = new Set(this.overlay.model.folderPaths());
    const fresh: string[] = [];
    for (const p of pathsToAsk(paths, dir => folders.has(dir) || this.known.has(dir), path.sep)) {
      const conflict = this.overlay.composite(p)?.conflict !== undefined;
      if (!conflict) this.known.delete(p);
      else if (!this.known.has(p)) {
        this.known.add(p);
        fresh.push(p);
      }
    }
    if (fresh.length === 0) return;
    this.notices.add(fresh);
    if (reviewAllTabs().length > 0) void vscode.commands.executeCommand('agentOverlay.reviewAll');
  }

  private async announce(paths: readonly string[]): Promise<void> {
    const rel = (p: string) => vscode.workspace.asRelativePath(p);
    const first = this.overlay.composite(paths[0]);
    const why = first?.kind === 'mkdir'
      ? 'a file is where the agent makes a folder (discard the folder change to keep the file)'
      : first?.conflict ? CONFLICT_KIND_TEXT[first.conflict.kind] : 'it changed on disk';
    const message = paths.length === 1
      ? `Conflict in ${rel(paths[0])}: ${why}. Nothing is applied to it until you resolve it.`
      : `${paths.length} staged agent changes are now in conflict (${paths.slice(0, 5).map(rel).join(', ')}${paths.length > 5 ? `, and ${paths.length - 5} more` : ''}). Nothing is applied to them until you resolve them.`;
    const resolve = 'Resolve…';
    if ((await vscode.window.showWarningMessage(message, resolve)) !== resolve) return;
    const open = paths.find(p => this.overlay.model.composite(p)?.conflict);
    if (paths.length > 1) await vscode.commands.executeCommand('workbench.view.scm');
    if (open) await vscode.commands.executeCommand('agentOverlay.openConflict', vscode.Uri.file(open));
  }

  dispose(): void {
    this.sub.dispose();
    this.notices.dispose();
  }
}

/** Open tabs of the "Review All" multi-file diff (its tab input is not in the typed API: matched by label). */
export function reviewAllTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap(g => g.tabs).filter(t => t.label === REVIEW_ALL_TITLE || t.label.startsWith(`${REVIEW_ALL_TITLE} (`));
}
