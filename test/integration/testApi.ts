/** Access to the extension under test: its exported test seam and helpers shared by the integration suites. */
import * as vscode from 'vscode';
import type { AgentOverlayApi } from '../../src/extension';

export const EXTENSION_ID = 'agent-overlay.agent-overlay';

export async function testing(): Promise<NonNullable<AgentOverlayApi['testing']>> {
  const ext = vscode.extensions.getExtension<AgentOverlayApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not loaded`);
  const api = await ext.activate();
  if (!api.testing) throw new Error('the extension was not started under the test harness (AGENT_OVERLAY_TEST_RUN_DIR unset)');
  return api.testing;
}

export function workspaceFolder(): vscode.Uri {
  const f = vscode.workspace.workspaceFolders?.[0];
  if (!f) throw new Error('the integration suite needs a workspace folder');
  return f.uri;
}

export const utf8 = (s: string) => new TextEncoder().encode(s);
export const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** Polls `check` until it returns true (for effects VS Code delivers asynchronously, like watcher events). */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise(r => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Discards every staged change, answering the confirmation as a person would, so a suite starts from nothing staged. */
export async function discardEverything(): Promise<void> {
  const t = await testing();
  t.scriptPrompts().answer('Discard');
  try {
    await vscode.commands.executeCommand('agentOverlay.discardAll');
  } finally {
    t.restorePrompts();
  }
}
