import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { OverlayWorkspace } from '../../fs/overlayWorkspace';
import type { AgentTool, ToolCaller } from '../../tools/agentTool';
import type { ChatNotebookView, ContextPorts } from '../interactionHistory';
import { readNotebookMetadata } from '../notebookMetadata';
import { allowedFoldersGuard, runPromptTool, toolsByName, type ToolGuard } from '../notebookTools';
import { allowedPathsOf, type NotebookRoot } from '../referencePaths';
import { DEFAULT_RULES_GLOB, listRuleFiles } from '../rulesFiles';
import { answerOfOutputs } from '../turnTranscript';
import { isTextMime } from '../chatNotebookFormat';
import { CELL_ID_KEY } from './chatNotebookSerializer';

export const RULES_GLOB_SETTING = 'agentOverlay.notebook.rulesGlob';
/** Whether the ghost block carries the user's recent edits (default on). */
export const RECENT_EDITS_SETTING = 'agentOverlay.notebook.recentEdits';

/** The workspace folders on disk (the overlay covers `file:` folders only). */
export function workspaceRoots(): NotebookRoot[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .filter(f => f.uri.scheme === 'file')
    .map(f => ({ name: f.name, path: f.uri.fsPath, uri: f.uri.toString() }));
}

export function cellIdOf(cell: vscode.NotebookCell): string | undefined {
  const id = cell.metadata?.[CELL_ID_KEY];
  return typeof id === 'string' && id ? id : undefined;
}

/** The notebook as the pure builder sees it. */
export function notebookView(notebook: vscode.NotebookDocument): ChatNotebookView {
  return {
    uri: notebook.uri.toString(),
    dir: notebook.uri.scheme === 'file' ? path.dirname(notebook.uri.fsPath) : undefined,
    metadata: notebook.metadata ?? {},
    cells: notebook.getCells().map(cell => ({
      id: cellIdOf(cell) ?? `unsaved-cell-${cell.index}`,
      role: cell.kind === vscode.NotebookCellKind.Code ? 'user' : 'note',
      text: cell.document.getText(),
      answer: answerOfOutputs(cell.outputs.map(o => ({
        metadata: o.metadata,
        items: o.items.map(i => ({ mime: i.mime, text: isTextMime(i.mime) ? new TextDecoder().decode(i.data) : undefined })),
      }))),
    })),
  };
}

/** The guard for a sub-agent notebook whose metadata narrows `allowedUris`; undefined otherwise. */
export function notebookToolGuard(notebook: vscode.NotebookDocument, roots: readonly NotebookRoot[]): ToolGuard | undefined {
  const allowed = readNotebookMetadata(notebook.metadata).allowedUris;
  return allowed ? allowedFoldersGuard(roots, allowedPathsOf(allowed).paths) : undefined;
}

/** The builder's ports over the overlay: staged content wins over the disk, for files, rules and images alike. */
export function contextPorts(
  overlay: OverlayWorkspace,
  tools: readonly AgentTool<never>[],
  caller: ToolCaller,
  roots: readonly NotebookRoot[],
  guard: ToolGuard | undefined,
  recentEdits?: () => Promise<string>,
): ContextPorts {
  const byName = toolsByName(tools);
  const sendRecentEdits = vscode.workspace.getConfiguration('agentOverlay.notebook').get<boolean>('recentEdits', true);
  return {
    ...(recentEdits && sendRecentEdits ? { recentEdits } : {}),
    roots,
    readFile: p => overlay.readFile(p),
    readImage: p => overlay.readFile(p),
    listRules: () => roots.flatMap(r => {
      const glob = vscode.workspace.getConfiguration('agentOverlay.notebook', vscode.Uri.file(r.path)).get<string>('rulesGlob') || DEFAULT_RULES_GLOB;
      return listRuleFiles(r.path, glob, d => overlay.readDirectory(d));
    }),
    runTool: (name, args) => runPromptTool(byName, name, args, caller, guard),
    realPath: realPathOfDeepest,
  };
}

/** The real path of `p`, resolving symlinks in the part that exists on disk (a staged file may not exist yet). */
async function realPathOfDeepest(p: string): Promise<string> {
  let probe = p;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(await fs.promises.realpath(probe), ...rest);
    } catch {
      const parent = path.dirname(probe);
      if (parent === probe) return p;
      rest.unshift(path.basename(probe));
      probe = parent;
    }
  }
}
