import * as vscode from 'vscode';
import type { ConflictDetails } from '../fs/model/overlayModel';
import { decodeText } from '../fs/model/textContent';
import type { OverlayWorkspace } from '../fs/overlayWorkspace';
import { BaselineContentProvider } from './baselineContentProvider';
import { MERGE_RESULT_SCHEME, type MergeResultFileSystem } from './mergeResultFileSystem';
import type { Prompts } from './prompts';
import { unresolvedMessage, unresolvedRegions } from './unresolvedRegions';

interface ResolutionItem extends vscode.QuickPickItem {
  readonly resolution: 'show' | 'acceptAgent' | 'acceptDisk' | 'delegate';
}

/** What happened, in the words of the notification and the picker's placeholder. */
export const CONFLICT_KIND_TEXT = {
  text: 'the file changed on disk where the agent changed it too',
  deletion: 'the file was deleted on disk while the agent changed it',
  creation: 'a file was created on disk where the agent creates one',
  rename: 'the file was renamed or moved on disk',
} as const;

/**
 * SPEC §2's ways out of a conflict. Looking comes first and decides nothing: a click on a conflict opens the
 * three versions (base, disk, agent) in VS Code's merge editor with the conflict still unresolved, and the only
 * ways to settle are explicit — "Complete Merge" on the merge editor, or a choice in the "Resolve…" picker, whose
 * default (first) item again only shows the versions. No default ever discards the person's work on disk.
 */
export class ConflictResolver {
  constructor(
    private readonly overlay: OverlayWorkspace,
    private readonly prompts: Prompts,
    private readonly results: MergeResultFileSystem,
  ) {}

  /** A click on a conflict: the three versions, unresolved (binary or absent sides: disk ↔ agent side by side). */
  async show(p: string): Promise<void> {
    const details = this.details(p);
    if (!details) return;
    if (details.binary || details.merge?.kind !== 'conflict') await this.compare(p, details);
    else await this.openMergeEditor(p, details);
  }

  /** "Resolve…": the four ways out, safest first. */
  async pick(p: string): Promise<void> {
    const details = this.details(p);
    if (!details) return;
    const canMerge = !details.binary && details.merge?.kind === 'conflict';
    const items: ResolutionItem[] = [
      {
        resolution: 'show',
        label: canMerge ? 'Show the three versions' : 'Compare disk and agent versions',
        description: canMerge ? 'base, disk and agent in the merge editor; Complete Merge settles it' : 'nothing is decided yet',
      },
      { resolution: 'delegate', label: 'Delegate to agent', description: "the agent's next read or list reports the conflict with base, agent and disk versions" },
      { resolution: 'acceptDisk', label: 'Accept disk version', description: "discard the agent's change to this file; the file on disk stays as it is" },
      { resolution: 'acceptAgent', label: 'Accept agent version', description: "Apply will replace the file on disk with the agent's version, including any changes you made to it" },
    ];
    const choice = await this.prompts.pick(items, {
      title: `Resolve conflict: ${rel(p)}`,
      placeHolder: `Conflict: ${CONFLICT_KIND_TEXT[details.kind]}`,
    });
    switch (choice?.resolution) {
      case undefined: return;
      case 'show': return this.show(p);
      case 'acceptAgent': case 'acceptDisk': case 'delegate': return this.settle(p, { kind: choice.resolution });
    }
  }

  /**
   * The merge editor's title action: takes the Result, never while a conflict region in it is unresolved — whatever
   * the Result contains (markers, or the base text VS Code's "Complete with Conflicts" leaves in an unhandled region).
   * The Result is checked before VS Code's own Complete Merge is asked (so its question, whose default is "Complete
   * with Conflicts", is not even put while a region reads as the base) and again once it is saved.
   */
  async completeMerge(arg?: unknown): Promise<void> {
    const result = arg instanceof vscode.Uri && arg.scheme === MERGE_RESULT_SCHEME ? arg : activeMergeResult();
    if (!result) return void vscode.window.showInformationMessage('Complete Merge works on a conflict opened from Agent Source Control.');
    const p = result.with({ scheme: 'file' }).fsPath;
    if (!this.overlay.model.composite(p)?.conflict) {
      void vscode.window.showWarningMessage(`${rel(p)} is no longer in conflict: the merge result was not used.`);
      return;
    }
    const open = vscode.workspace.textDocuments.find(d => d.uri.toString() === result.toString());
    if (open && this.refuseUnresolved(p, result, open.getText())) return;
    if (activeMergeResult()?.toString() === result.toString() && isMergeEditorActive()) {
      // VS Code's own Complete Merge: it asks before completing with unhandled conflicts, saves the Result, closes.
      const done = await vscode.commands.executeCommand<{ successful?: boolean } | undefined>('mergeEditor.acceptMerge');
      if (!done?.successful) return;
    } else if (open?.isDirty) {
      await open.save();
    }
    const bytes = this.results.saved(result);
    const text = bytes && decodeText(bytes);
    if (bytes === undefined || text === undefined) return;
    if (this.refuseUnresolved(p, result, text)) {
      // The merge editor closed on "Complete with Conflicts": show the conflict again, still unresolved.
      await this.show(p);
      return;
    }
    if (!this.overlay.model.composite(p)?.conflict) {
      void vscode.window.showWarningMessage(`${rel(p)} is no longer in conflict: the merge result was not used.`);
      return;
    }
    this.overlay.model.resolveManually(p, bytes);
    this.results.forget(result);
    await this.overlay.flush();
    void vscode.window.showInformationMessage(`Merged ${rel(p)}: the Result is staged. Apply writes it to disk.`);
  }

  /** Says which regions remain and returns true when the Result leaves any unresolved. */
  private refuseUnresolved(p: string, result: vscode.Uri, text: string): boolean {
    const details = this.overlay.model.conflictDetails(p);
    const base = details.base ? decodeText(details.base) : '';
    const regions = details.merge?.kind === 'conflict' ? details.merge.regions : [];
    const left = unresolvedRegions(base ?? '', regions, text);
    if (left.length === 0) return false;
    void vscode.window.showErrorMessage(unresolvedMessage(rel(p), left));
    if (!isMergeEditorActive() && !openMergeResult(p)) void vscode.window.showTextDocument(result, { preview: false });
    return true;
  }

  /** "Accept Agent Version" / "Accept Disk Version" as explicit commands (the merge editor's and SCM's menus). */
  async accept(p: string, side: 'agent' | 'disk'): Promise<void> {
    if (!this.details(p)) return;
    const answer = side === 'agent'
      ? await this.prompts.confirm(`Take the agent's version of ${rel(p)}?`, 'Apply will then replace the file on disk, including the changes made to it since the agent started.', 'Accept Agent Version')
      : await this.prompts.confirm(`Keep the disk version of ${rel(p)}?`, "The agent's staged change to this file is discarded; the disk is not touched.", 'Accept Disk Version');
    if (!answer) return;
    await this.settle(p, { kind: side === 'agent' ? 'acceptAgent' : 'acceptDisk' });
  }

  /** The audit trail logs the resolution from the model's own operation (agents' resolutions too). */
  private async settle(p: string, resolution: { kind: 'acceptAgent' | 'acceptDisk' | 'delegate' }): Promise<void> {
    this.overlay.model.resolve(p, resolution);
    await this.overlay.flush();
    // Delegating changes nothing on screen but the row's icon: say what it did.
    if (resolution.kind === 'delegate') {
      void vscode.window.showInformationMessage(`Delegated ${rel(p)} to the agent: its next read or list of the file reports the conflict with the base, agent and disk versions. Nothing is applied to it until it is resolved.`);
    }
  }

  private details(p: string): ConflictDetails | undefined {
    if (this.overlay.model.composite(p)?.conflict) return this.overlay.model.conflictDetails(p);
    void vscode.window.showInformationMessage(`${rel(p)} has no conflict.`);
    return undefined;
  }

  /**
   * The merge editor's Result is a scratch document that starts as the marked-up three-way merge. Its conflict
   * markers make VS Code reset the Result to the base plus the non-conflicting changes and count the conflicts
   * ("1 Conflict Remaining"); saving it settles nothing.
   */
  private async openMergeEditor(p: string, details: ConflictDetails): Promise<void> {
    const store = this.overlay.model.store;
    const side = (bytes: Uint8Array | undefined, label: string) => BaselineContentProvider.uri(p, bytes ? store.put(bytes) : null, label);
    const open = openMergeResult(p);
    const output = open ?? this.results.seed(p, details.merge?.kind === 'conflict' ? details.merge.markedUp : '');
    try {
      await vscode.commands.executeCommand('_open.mergeEditor', {
        base: side(details.base, 'base'),
        input1: { uri: side(details.theirs, 'disk'), title: 'Disk', description: 'the file as it is now' },
        input2: { uri: side(details.ours, 'agent'), title: 'Agent', description: 'staged' },
        output,
      });
    } catch {
      // No merge editor: the Result opens as text with its conflict markers; Complete Merge is on its title too.
      await vscode.window.showTextDocument(output, { preview: false });
    }
  }

  private async compare(p: string, details: ConflictDetails): Promise<void> {
    const store = this.overlay.model.store;
    const left = BaselineContentProvider.uri(p, details.theirs ? store.put(details.theirs) : null, 'disk');
    const right = BaselineContentProvider.uri(p, details.ours ? store.put(details.ours) : null, 'agent');
    const name = p.split('/').pop() ?? p;
    await vscode.commands.executeCommand('vscode.diff', left, right, `${name} (Disk ↔ Agent) — conflict: ${CONFLICT_KIND_TEXT[details.kind]}`);
  }
}

function rel(p: string): string {
  return vscode.workspace.asRelativePath(p);
}

/** The merge editor's tab input (not in the typed API yet): `{ base, input1, input2, result }`. */
function mergeResultOf(tab: vscode.Tab | undefined): vscode.Uri | undefined {
  const result = (tab?.input as { result?: unknown } | undefined)?.result;
  return result instanceof vscode.Uri && result.scheme === MERGE_RESULT_SCHEME ? result : undefined;
}

function isMergeEditorActive(): boolean {
  return mergeResultOf(vscode.window.tabGroups.activeTabGroup.activeTab) !== undefined;
}

function activeMergeResult(): vscode.Uri | undefined {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  const merge = mergeResultOf(tab);
  if (merge) return merge;
  const uri = (tab?.input as { uri?: unknown } | undefined)?.uri;
  return uri instanceof vscode.Uri && uri.scheme === MERGE_RESULT_SCHEME ? uri : undefined;
}

/** A Result already open for this file (keep the person's edits in it: do not restart it). */
function openMergeResult(p: string): vscode.Uri | undefined {
  for (const tab of vscode.window.tabGroups.all.flatMap(g => g.tabs)) {
    const r = mergeResultOf(tab);
    if (r && r.with({ scheme: 'file' }).fsPath === p) return r;
  }
  return undefined;
}
