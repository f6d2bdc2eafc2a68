/**
 * Composition root: builds each capability's adapters and registers them as disposables. Nothing else here.
 */
import * as vscode from 'vscode';
import { registerHistoryBridge } from './history/vscode/historyBridge';
import { registerStagingOverlay } from './fs/vscode/stagingOverlay';
import type { StagedChangesScm } from './ui/stagedChangesScm';
import { registerAgentTools } from './tools/vscode/registerAgentTools';
import { PromptsSwitch, ScriptedPrompts, windowPrompts } from './ui/prompts';

/** What `activate` returns. `testing` exists only when the extension runs under the test harness. */
export interface AgentOverlayApi {
  readonly testing?: {
    /** Answer the extension's modal questions and Quick Picks from a script instead of the window. */
    scriptPrompts(): ScriptedPrompts;
    /** Back to the real window. */
    restorePrompts(): void;
    /** The Source Control view's groups and resources, as shown. */
    scmState(): ReturnType<StagedChangesScm['describe']>;
    /** Resolves once every staged change so far is durable. */
    flush(): Promise<void>;
  };
}

export async function activate(context: vscode.ExtensionContext): Promise<AgentOverlayApi> {
  const prompts = new PromptsSwitch();
  const overlay = await registerStagingOverlay(context, prompts);
  const history = registerHistoryBridge(context);
  context.subscriptions.push(
    overlay,
    history,
    registerAgentTools([...overlay.tools, ...history.tools]),
  );
  if (!process.env.AGENT_OVERLAY_TEST_RUN_DIR) return {};
  return {
    testing: {
      scriptPrompts: () => (prompts.current = new ScriptedPrompts()) as ScriptedPrompts,
      restorePrompts: () => void (prompts.current = windowPrompts),
      scmState: () => overlay.scm.describe(),
      flush: () => overlay.workspace.flush(),
    },
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
