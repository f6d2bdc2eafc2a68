import * as vscode from 'vscode';
import { PROMPT_LANGUAGE } from './chatNotebookSerializer';
import { NOTEBOOK_TYPE } from './agentChatController';

export const NEW_NOTEBOOK_COMMAND = 'agentOverlay.notebook.new';
export const SELECT_MODEL_COMMAND = 'agentOverlay.notebook.selectModel';
export const FORGET_CONTEXT_COMMAND = 'agentOverlay.notebook.forgetContext';

/** "Agent Chat: …" commands: a new notebook, the model it uses, and forgetting remembered macros and context. */
export function registerNotebookCommands(): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(NEW_NOTEBOOK_COMMAND, async () => {
      const cell = new vscode.NotebookCellData(vscode.NotebookCellKind.Code, '', PROMPT_LANGUAGE);
      const doc = await vscode.workspace.openNotebookDocument(NOTEBOOK_TYPE, new vscode.NotebookData([cell]));
      await vscode.window.showNotebookDocument(doc);
    }),
    vscode.commands.registerCommand(SELECT_MODEL_COMMAND, async () => {
      const notebook = activeAgentNotebook();
      if (!notebook) return;
      const models = await vscode.lm.selectChatModels();
      if (models.length === 0) {
        void vscode.window.showWarningMessage('No chat model is available. Install and sign in to a chat model provider (for example GitHub Copilot).');
        return;
      }
      const current = notebook.metadata?.model as { vendor?: string; id?: string } | undefined;
      const picked = await vscode.window.showQuickPick(
        models.map(m => ({ label: m.name, description: `${m.vendor} · ${m.family}`, detail: m.id === current?.id && m.vendor === current?.vendor ? 'current' : undefined, model: m })),
        { title: 'Chat model for this agent chat notebook' },
      );
      if (!picked) return;
      await updateMetadata(notebook, { model: { vendor: picked.model.vendor, id: picked.model.id } });
    }),
    vscode.commands.registerCommand(FORGET_CONTEXT_COMMAND, async () => {
      const notebook = activeAgentNotebook();
      if (!notebook) return;
      await updateMetadata(notebook, { macroContext: {}, macroOrigins: {}, contextItems: [] });
      void vscode.window.showInformationMessage('This notebook no longer remembers macros or referenced context from earlier turns.');
    }),
  );
}

function activeAgentNotebook(): vscode.NotebookDocument | undefined {
  const notebook = vscode.window.activeNotebookEditor?.notebook;
  if (notebook?.notebookType === NOTEBOOK_TYPE) return notebook;
  void vscode.window.showInformationMessage('Open an agent chat notebook (.agentchat) first.');
  return undefined;
}

async function updateMetadata(notebook: vscode.NotebookDocument, update: Record<string, unknown>): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.set(notebook.uri, [vscode.NotebookEdit.updateNotebookMetadata({ ...notebook.metadata, ...update })]);
  await vscode.workspace.applyEdit(edit);
}
