import * as vscode from 'vscode';
import type { AgentTool } from '../../tools/agentTool';
import { GetRecentEditsTool } from '../../tools/edits/getRecentEditsTool';
import type { AgentWrite } from '../agentApplyLabels';
import type { RecentEditsQuery } from '../editHistoryTracker';
import { EditTrackerAdapter } from './editTrackerAdapter';
import { RecentEditsView } from './recentEditsView';

/** Labels the document changes caused by `during` (the overlay's Apply writes) as agent edits. */
export type MarkAgentApply = <T>(files: readonly (vscode.Uri | AgentWrite)[], during: () => Promise<T>) => Promise<T>;

export interface EditTrackerRegistration extends vscode.Disposable {
  /** `edits_getRecent`, registered with vscode.lm (and MCP) by the caller. */
  readonly tools: readonly AgentTool<never>[];
  /**
   * For the overlay's Apply: wrap the disk writes in it, naming each file written (with its new text when at
   * hand), so the reloads of open documents they cause are recorded as `origin: "agent"`, not as the user's:
   * ```ts
   * await edits.markAgentApply(files.map(f => ({ uri: f.uri.toString(), text: f.newText })), () => writeAll(files));
   * ```
   */
  readonly markAgentApply: MarkAgentApply;
  /**
   * The RECENT EDITS block ('' when tracking is off or nothing is recorded), for the notebook's ghost block:
   * without untitled editors and secret-looking files (`agentEditExclusions.ts`).
   */
  recentEditsText(query?: RecentEditsQuery): Promise<string>;
}

/** Test-only command (registered only when the test harness runs the extension): simulates an Apply's writes. */
export const SIMULATE_AGENT_APPLY_COMMAND = 'agentOverlay.test.simulateAgentApply';

/**
 * Capability C3's VS Code half (SPEC §4, seed 002): the session edit tracker fed by document events, the
 * `edits_getRecent` tool, the "Agent Overlay: Show Recent Edits" command, and the agent-apply labelling hook.
 */
export function registerEditTracker(_context: vscode.ExtensionContext): EditTrackerRegistration {
  const adapter = new EditTrackerAdapter();
  const view = new RecentEditsView(adapter);
  const disposables: vscode.Disposable[] = [view, adapter];
  if (process.env.AGENT_OVERLAY_TEST_RUN_DIR) {
    disposables.push(vscode.commands.registerCommand(SIMULATE_AGENT_APPLY_COMMAND, (writes: { uri: string; text: string }[]) =>
      adapter.markAgentApply(writes, async () => {
        for (const w of writes) await vscode.workspace.fs.writeFile(vscode.Uri.parse(w.uri, true), new TextEncoder().encode(w.text));
      })));
  }
  const tool = new GetRecentEditsTool(adapter.source, () => adapter.exclusions);
  let disposed = false;
  return {
    tools: [tool as AgentTool<never>],
    markAgentApply: (files, during) => adapter.markAgentApply(files, during),
    // For an agent (the notebook's ghost block): without what agents never get.
    recentEditsText: query => adapter.recentEditsText({ ...query, exclude: adapter.exclusions.excludes }),
    dispose: () => {
      if (disposed) return;
      disposed = true;
      for (const d of disposables.splice(0).reverse()) d.dispose();
    },
  };
}
