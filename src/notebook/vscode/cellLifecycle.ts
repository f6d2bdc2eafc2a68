import { randomUUID } from 'crypto';
import * as vscode from 'vscode';
import type { OverlayWorkspace } from '../../fs/overlayWorkspace';
import { retractCells } from '../notebookMetadata';
import { CELL_ID_KEY } from './chatNotebookSerializer';
import { NOTEBOOK_TYPE } from './agentChatController';
import { cellIdOf } from './notebookContext';

/**
 * Keeps cell ids meaningful as message ids: deleting a cell prunes the changes its runs staged (SPEC §2: later
 * changes to the same files are rebased, not dropped) and retracts the macros it defined and the context it
 * brought from the notebook metadata; a cell moved within the notebook keeps all of that; a pasted copy of a cell
 * gets a fresh id, so the copy and the original never share changes.
 */
export function watchCellLifecycle(overlay: OverlayWorkspace): vscode.Disposable {
  return vscode.workspace.onDidChangeNotebookDocument(e => {
    if (e.notebook.notebookType !== NOTEBOOK_TYPE || e.contentChanges.length === 0) return;
    const present = new Map<string, number>();
    for (const cell of e.notebook.getCells()) {
      const id = cellIdOf(cell);
      if (id) present.set(id, (present.get(id) ?? 0) + 1);
    }

    const removed = new Set(e.contentChanges.flatMap(c => c.removedCells).map(cellIdOf).filter((id): id is string => !!id));
    // Pruned, and remembered so Undo Last Apply never stages a deleted cell's changes again (issue 23).
    const gone = [...removed].filter(id => !present.has(id)); // (a cell moved keeps its id)
    if (gone.length > 0) {
      void (async () => {
        for (const id of gone) await overlay.forgetMessage(id);
      })();
    }

    const deleted = new Set([...removed].filter(id => !present.has(id)));
    const retracted = deleted.size ? retractCells(e.notebook.metadata, deleted) : undefined;
    if (retracted) {
      const edit = new vscode.WorkspaceEdit();
      edit.set(e.notebook.uri, [vscode.NotebookEdit.updateNotebookMetadata({ ...e.notebook.metadata, ...retracted })]);
      void vscode.workspace.applyEdit(edit);
    }

    const added = e.contentChanges.flatMap(c => c.addedCells);
    const copies = added.filter(cell => {
      const id = cellIdOf(cell);
      return id !== undefined && (present.get(id) ?? 0) > 1 && !removed.has(id);
    });
    if (copies.length > 0) {
      const edit = new vscode.WorkspaceEdit();
      edit.set(e.notebook.uri, copies.map(cell => vscode.NotebookEdit.updateCellMetadata(cell.index, { ...cell.metadata, [CELL_ID_KEY]: randomUUID() })));
      void vscode.workspace.applyEdit(edit);
    }
  });
}
