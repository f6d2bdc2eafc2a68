import * as path from 'path';
import * as vscode from 'vscode';
import { listSetAsideStores, requestRestore } from '../openOverlayStore';
import type { Prompts } from '../../ui/prompts';

export const RESTORE_SET_ASIDE_COMMAND = 'agentOverlay.restoreSetAsideStore';
export const RESTORE_AND_RELOAD = 'Restore and Reload Window';

/**
 * "Agent Overlay: Restore Set-Aside Staged Changes…" (issue 24): picks one of the stores set aside beside this
 * workspace's store, confirms, and asks the next open to swap it in (the store is open while the window runs,
 * so the window reloads). The current staged changes are set aside in their turn, restorable the same way.
 * `reload` is VS Code's window reload (a test holds it).
 */
export function registerRestoreSetAsideCommand(storeDir: string, prompts: Prompts, stagedCount: () => number, reload: () => Thenable<unknown>): vscode.Disposable {
  return vscode.commands.registerCommand(RESTORE_SET_ASIDE_COMMAND, async () => {
    const stores = await listSetAsideStores(storeDir);
    if (stores.length === 0) return void vscode.window.showInformationMessage('There are no staged changes set aside for this workspace.');
    const items = stores.reverse().map(s => ({
      label: s.setAsideAt ? `Set aside ${s.setAsideAt.toLocaleString()}` : path.basename(s.path),
      description: path.basename(s.path),
      detail: s.path,
      store: s.path,
    }));
    const chosen = await prompts.pick(items, { title: 'Restore Set-Aside Staged Changes', placeHolder: 'Which staged changes to restore (newest first)' });
    if (!chosen) return undefined;
    const n = stagedCount();
    const answer = await prompts.confirm(
      `Restore the staged changes ${chosen.label.toLowerCase()}?`,
      `The window reloads to switch. The ${n} staged change${n === 1 ? '' : 's'} here now ${n === 1 ? 'is' : 'are'} set aside in turn (nothing is deleted) and can be restored the same way.\n\n${chosen.detail}`,
      RESTORE_AND_RELOAD,
    );
    if (answer !== RESTORE_AND_RELOAD) return undefined;
    await requestRestore(storeDir, chosen.store);
    await reload();
    return chosen.store;
  });
}
