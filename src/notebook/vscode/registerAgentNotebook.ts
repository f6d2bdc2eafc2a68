import * as vscode from 'vscode';
import { AgentChatController, NOTEBOOK_TYPE, type AgentChatDeps } from './agentChatController';
import { watchCellLifecycle } from './cellLifecycle';
import { ChatNotebookSerializer } from './chatNotebookSerializer';
import { registerNotebookCommands } from './notebookCommands';
import { TEST_MODEL_VENDOR, createNotebookTestSeam, echoChatModelProvider, type NotebookTestSeam } from './notebookTestSeam';

export interface AgentNotebook {
  /** Only under the test harness (AGENT_OVERLAY_TEST_RUN_DIR). */
  readonly testSeam?: NotebookTestSeam;
}

/**
 * Capability C5's VS Code half: the `.agentchat` notebook type (serializer), its controller (the agent), the
 * cell lifecycle (deleting a cell prunes its staged changes) and the "Agent Chat" commands. Everything it
 * registers is disposed with the extension.
 */
export function registerAgentNotebook(context: vscode.ExtensionContext, deps: AgentChatDeps): AgentNotebook {
  const controller = new AgentChatController(deps);
  context.subscriptions.push(
    vscode.workspace.registerNotebookSerializer(NOTEBOOK_TYPE, new ChatNotebookSerializer(), { transientOutputs: false }),
    controller,
    watchCellLifecycle(deps.overlay),
    registerNotebookCommands(),
  );
  if (!process.env.AGENT_OVERLAY_TEST_RUN_DIR) return {};
  if (process.env.AGENT_OVERLAY_NOTEBOOK_ECHO_MODEL) {
    context.subscriptions.push(vscode.lm.registerLanguageModelChatProvider(TEST_MODEL_VENDOR, echoChatModelProvider));
  }
  return { testSeam: createNotebookTestSeam(controller.onDidFinishCell) };
}
