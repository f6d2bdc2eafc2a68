import * as vscode from 'vscode';
import type { OverlayWorkspace } from '../fs/overlayWorkspace';
import { stagedUriOf } from '../fs/vscode/stagedFileSystemProvider';
import { BaselineContentProvider } from './baselineContentProvider';
import type { Prompts } from './prompts';

interface ResolutionItem extends vscode.QuickPickItem {
  readonly resolution: 'acceptAgent' | 'acceptDisk' | 'manual' | 'delegate';
}

const KIND_TEXT = {
  text: 'the file changed on disk where the agent changed it too',
  deletion: 'the file was deleted on disk while the agent changed it',
  creation: 'a file was created on disk where the agent creates one',
  rename: 'the file was renamed or moved on disk',
} as const;

/**
 * SPEC §2's four ways out of a conflict, as a Quick Pick: keep the agent's version, keep the disk's, merge by
 * hand (VS Code's merge editor, writing the result back into the staged change), or hand it back to the agent.
 */
export async function resolveConflictInteractively(overlay: OverlayWorkspace, p: string, prompts: Prompts): Promise<void> {
  const c = overlay.model.composite(p);
  if (!c?.conflict) return void vscode.window.showInformationMessage(`${vscode.workspace.asRelativePath(p)} has no conflict.`);
  const items: ResolutionItem[] = [
    { resolution: 'acceptAgent', label: 'Accept agent version', description: 'keep the staged content; applying it replaces the disk version' },
    { resolution: 'acceptDisk', label: 'Accept disk version', description: 'discard the staged change to this file' },
    { resolution: 'manual', label: 'Merge manually', description: c.conflict.binary ? 'not available for binary files' : 'open the merge editor' },
    { resolution: 'delegate', label: 'Delegate to agent', description: "the agent's next read or list reports the conflict with base, agent and disk versions" },
  ];
  const choice = await prompts.pick(items.filter(i => !(i.resolution === 'manual' && c.conflict!.binary)), {
    title: `Resolve conflict: ${vscode.workspace.asRelativePath(p)}`,
    placeHolder: `Conflict: ${KIND_TEXT[c.conflict.kind]}`,
  });
  if (!choice) return;
  switch (choice.resolution) {
    case 'acceptAgent': overlay.model.resolve(p, { kind: 'acceptAgent' }); break;
    case 'acceptDisk': overlay.model.resolve(p, { kind: 'acceptDisk' }); break;
    case 'delegate': overlay.model.resolve(p, { kind: 'delegate' }); break;
    case 'manual': await openMergeEditor(overlay, p); break;
  }
  await overlay.flush();
}

/**
 * The merge editor's output is the `agent-staged:` file itself: saving it resolves the conflict with the merged
 * text (the provider turns a write on a conflicted path into a manual resolution). The output starts as the
 * marked-up three-way merge. Where the merge editor is not available, the same document opens as plain text.
 */
async function openMergeEditor(overlay: OverlayWorkspace, p: string): Promise<void> {
  const details = overlay.model.conflictDetails(p);
  const staged = stagedUriOf(vscode.Uri.file(p));
  const base = BaselineContentProvider.uri(p, details.base ? overlay.model.store.put(details.base) : null, 'base');
  const theirs = details.theirs ? BaselineContentProvider.uri(p, overlay.model.store.put(details.theirs), 'disk') : BaselineContentProvider.uri(p, null, 'disk');
  const ours = details.ours ? BaselineContentProvider.uri(p, overlay.model.store.put(details.ours), 'agent') : BaselineContentProvider.uri(p, null, 'agent');
  try {
    await vscode.commands.executeCommand('_open.mergeEditor', {
      base,
      input1: { uri: ours, title: 'Agent', description: 'staged' },
      input2: { uri: theirs, title: 'Disk', description: 'current file' },
      output: staged,
    });
  } catch {
    if (details.merge?.kind === 'conflict') {
      const doc = await vscode.workspace.openTextDocument(staged);
      const edit = new vscode.WorkspaceEdit();
      edit.replace(staged, new vscode.Range(0, 0, doc.lineCount, 0), details.merge.markedUp);
      await vscode.workspace.applyEdit(edit);
    }
    await vscode.window.showTextDocument(staged);
  }
}
