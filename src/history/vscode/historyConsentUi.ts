import * as vscode from 'vscode';
import type { HistoryVersion } from '../historyVersion';
import { allRecentLabel, resolvePickedVersions, type VersionChoice } from '../versionChoices';
import type {
  ConsentAnswer, ConsentPrompt, HistoryConsentUi, VersionPickRequest,
} from '../../tools/history/historyToolPorts';

/**
 * The consent dialogs as a person sees them: a modal warning whose default button is "Deny" (closing it is
 * Deny too), and Quick Picks of versions that stay open when focus moves (an agent's request should not be lost
 * to a stray click) and close when the agent cancels.
 */
export class VscodeHistoryConsentUi implements HistoryConsentUi {
  async confirm(prompt: ConsentPrompt): Promise<ConsentAnswer> {
    // Deny comes first, so it is the dialog's default button: Enter never grants. Allow takes a deliberate click.
    // (VS Code adds Cancel to a modal without a close affordance; anything but Allow is a denial.)
    const deny: vscode.MessageItem = { title: 'Deny' };
    const allow: vscode.MessageItem = { title: 'Allow' };
    const answer = await vscode.window.showWarningMessage(prompt.message, { modal: true, detail: prompt.detail }, deny, allow);
    return answer === allow ? 'allow' : 'deny';
  }

  pickVersions(request: VersionPickRequest, signal?: AbortSignal): Promise<readonly HistoryVersion[] | undefined> {
    return request.canPickMany ? this.pickMany(request, signal) : this.pickOne(request, signal);
  }

  notify(message: string): void {
    void vscode.window.showInformationMessage(message);
  }

  warn(message: string): void {
    void vscode.window.showWarningMessage(message);
  }

  private pickOne(request: VersionPickRequest, signal?: AbortSignal): Promise<readonly HistoryVersion[] | undefined> {
    const qp = vscode.window.createQuickPick<VersionItem>();
    qp.title = request.title;
    qp.placeholder = request.placeholder;
    qp.matchOnDescription = true;
    qp.matchOnDetail = true;
    qp.items = request.choices.map(toItem);
    return run(qp, signal, () => {
      const picked = qp.selectedItems[0] ?? qp.activeItems[0];
      return picked?.choice ? [picked.choice.version] : undefined;
    });
  }

  private pickMany(request: VersionPickRequest, signal?: AbortSignal): Promise<readonly HistoryVersion[] | undefined> {
    const qp = vscode.window.createQuickPick<VersionItem>();
    qp.title = request.title;
    qp.placeholder = request.placeholder;
    qp.canSelectMany = true;
    qp.matchOnDescription = true;
    qp.matchOnDetail = true;
    qp.ignoreFocusOut = true;
    const count = request.allRecentCount ?? 0;
    const all: VersionItem | undefined = count > 0
      ? { label: `$(history) ${allRecentLabel(count)}`, description: 'the newest versions', alwaysShow: true }
      : undefined;
    const versions = request.choices.map(toItem);
    qp.items = [
      ...(all ? [all, { label: 'Versions', kind: vscode.QuickPickItemKind.Separator } as VersionItem] : []),
      ...versions,
    ];
    // Checking "All recent" checks the versions it stands for, so the list shows what will be shared.
    let allWasSelected = false;
    const sub = qp.onDidChangeSelection((selected) => {
      const allSelected = !!all && selected.includes(all);
      if (allSelected && !allWasSelected) {
        const recent = versions.slice(0, count);
        qp.selectedItems = [all!, ...new Set([...recent, ...selected.filter((s) => s !== all)])];
      }
      allWasSelected = allSelected;
    });
    return run(qp, signal, () => {
      const selected = qp.selectedItems;
      const indexes = selected.filter((s) => s.choice).map((s) => versions.indexOf(s));
      return resolvePickedVersions(request.choices, indexes, !!all && selected.includes(all), count);
    }).finally(() => sub.dispose());
  }
}

interface VersionItem extends vscode.QuickPickItem {
  readonly choice?: VersionChoice;
}

function toItem(choice: VersionChoice): VersionItem {
  return { label: choice.label, description: choice.description, detail: choice.detail, choice };
}

/** Shows `qp` until accepted (→ `accept()`), hidden (→ undefined) or aborted (→ undefined). */
function run<T>(qp: vscode.QuickPick<VersionItem>, signal: AbortSignal | undefined, accept: () => T | undefined): Promise<T | undefined> {
  return new Promise<T | undefined>((resolve) => {
    let result: T | undefined;
    const subs = [
      qp.onDidAccept(() => {
        result = accept();
        qp.hide();
      }),
      qp.onDidHide(() => {
        for (const s of subs) s.dispose();
        signal?.removeEventListener('abort', onAbort);
        qp.dispose();
        resolve(result);
      }),
    ];
    const onAbort = () => qp.hide();
    if (signal?.aborted) {
      for (const s of subs) s.dispose();
      qp.dispose();
      return resolve(undefined);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    qp.show();
  });
}
