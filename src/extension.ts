/**
 * Composition root: builds each capability's adapters and registers them as disposables. Nothing else here.
 */
import * as vscode from 'vscode';
import { registerHistoryBridge } from './history/vscode/historyBridge';
import type { HistoryTestSeam } from './history/vscode/historyTestSeam';
import { registerStagingOverlay } from './fs/vscode/stagingOverlay';
import type { StoreNotice } from './fs/openOverlayStore';
import type { StagedChangesScm } from './ui/stagedChangesScm';
import { registerAgentTools } from './tools/vscode/registerAgentTools';
import { registerEditTracker } from './edits/vscode/registerEditTracker';
import { registerChatRecall } from './chat/vscode/registerChatRecall';
import { PromptsSwitch, ScriptedPrompts, windowPrompts } from './ui/prompts';
import { registerMcpBridge, type McpTestSeam } from './mcp/vscode/registerMcpBridge';
import { registerAgentNotebook } from './notebook/vscode/registerAgentNotebook';
import type { NotebookTestSeam } from './notebook/vscode/notebookTestSeam';
import { registerSandbox } from './sandbox/vscode/registerSandbox';
import { registerConnectCommands, type ConnectTestSeam } from './connect/vscode/registerConnectCommands';

/** What `activate` returns. `testing` exists only when the extension runs under the test harness. */
export interface AgentOverlayApi {
  readonly testing?: {
    /** Answer the extension's modal questions and Quick Picks from a script instead of the window. */
    scriptPrompts(): ScriptedPrompts;
    /** Back to the real window. */
    restorePrompts(): void;
    /** The Source Control view's groups and resources, as shown. */
    scmState(): ReturnType<StagedChangesScm['describe']>;
    /** Each refresh of the Source Control view, with what its groups, count and status bar now show. */
    onScmUpdate: StagedChangesScm['onDidUpdate'];
    /** Resolves once every staged change so far is durable. */
    flush(): Promise<void>;
    /** Where this workspace's store is (stores set aside lie beside it). */
    readonly storeDir: string;
    /** What opening the store told the person at this start (each shown as a notification). */
    readonly storeNotices: readonly StoreNotice[];
    /** Window reloads are counted instead of done, from now on (a reload would end the test run). */
    holdReload(): () => number;
    /** The "Agent Overlay" audit trail's latest lines. */
    auditLines(): readonly string[];
    /** How long `activate` took (SPEC §8 budget: 150 ms), measured by the extension itself. */
    readonly activationMs: number;
    /** The history bridge's consent script and clock (only under the integration runner, ExtensionMode.Test). */
    readonly history?: HistoryTestSeam;
    /** The MCP bridge: its endpoint (URL, token), start (with test-only overrides), stop, status bar. */
    readonly mcp: McpTestSeam;
    /** The agent chat notebook: register a scripted chat model, wait for cell runs. */
    readonly notebook?: NotebookTestSeam;
    /** The Connect commands: redirect ~ and the project folder to temporary ones. */
    readonly connect: ConnectTestSeam;
  };
}

export async function activate(context: vscode.ExtensionContext): Promise<AgentOverlayApi> {
  const started = performance.now();
  const prompts = new PromptsSwitch();
  const overlay = await registerStagingOverlay(context, prompts);
  const history = registerHistoryBridge(context);
  const edits = registerEditTracker(context);
  const chat = registerChatRecall(context);
  // The SCM view names chat sessions by their title and messages by their request's first words.
  overlay.readChatSession = id => chat.readSession(id);
  // Apply's writes reload open documents: the edit tracker records those as the agent's edits, not the user's.
  overlay.applyHooks.wrapApply = (files, run) => edits.markAgentApply(files, run);
  // A chat request the user removed (undo, retry, deleted session) takes the changes it staged with it.
  const pruneRemoved = chat.onDidRemoveRequests(({ sessionId, requestIds }) => {
    // Pruned, and remembered so Undo Last Apply never stages a deleted request's changes again (issue 23).
    void (async () => {
      for (const id of requestIds) await overlay.workspace.forgetMessage(id, sessionId);
    })();
  });
  // Commands run over the staged view (C7): overlay_runCommand and the staged terminal.
  // VS Code's local history store (`<User>/History`) is shown empty to commands: history reaches an agent only
  // version by version, with the person's consent (SPEC §9 invariant 4).
  const sandbox = registerSandbox(overlay.storeDir, overlay.toolContext, () => [vscode.Uri.joinPath(context.globalStorageUri, '..', '..', 'History').fsPath]);
  const allTools = [...overlay.tools, ...sandbox.tools, ...history.tools, ...edits.tools, ...chat.tools];
  const mcp = registerMcpBridge(context, allTools);
  const connect = registerConnectCommands(mcp, context.extensionPath);
  // The notebook's ghost block carries the user's recent edits (seed 002's RECENT EDITS), without undo/redo.
  const notebook = registerAgentNotebook(context, { overlay: overlay.workspace, tools: allTools, recentEdits: () => edits.recentEditsText({ includeUndoRedo: false }) });
  context.subscriptions.push(
    pruneRemoved,
    overlay,
    sandbox,
    history,
    edits,
    chat,
    registerAgentTools(allTools),
    mcp,
    connect,
  );
  const activationMs = performance.now() - started;
  if (!process.env.AGENT_OVERLAY_TEST_RUN_DIR) return {};
  return {
    testing: {
      activationMs,
      scriptPrompts: () => (prompts.current = new ScriptedPrompts()) as ScriptedPrompts,
      restorePrompts: () => void (prompts.current = windowPrompts),
      scmState: () => overlay.scm.describe(),
      onScmUpdate: (listener, thisArg, disposables) => overlay.scm.onDidUpdate(listener, thisArg, disposables),
      flush: () => overlay.workspace.flush(),
      auditLines: () => overlay.audit.lines(),
      storeDir: overlay.storeDir,
      storeNotices: overlay.notices,
      holdReload: () => {
        let reloads = 0;
        overlay.reloadWindow = async () => void reloads++;
        return () => reloads;
      },
      history: history.testSeam,
      mcp: mcp.testSeam,
      notebook: notebook.testSeam,
      connect: connect.testSeam,
    },
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
