import * as vscode from 'vscode';
import type { HistoryVersion } from '../historyVersion';
import {
  allRecentLabel, checkedVersions, nextPickerChecks, type PickerChecks, type VersionChoice,
} from '../versionChoices';
import type {
  ConsentAnswer, ConsentPrompt, HistoryConsentUi, PendingRequestItem, RespondChoice, VersionPick, VersionPickRequest,
} from '../../tools/history/historyToolPorts';

/**
 * The consent dialogs as a person sees them: a modal warning whose default button is "Deny" (closing it is Deny
 * too), and Quick Picks of versions that stay open when focus moves (an agent's request should not be lost to a
 * stray click), close when the agent cancels, and have a Deny button for an agent's request: hiding a picker is
 * not a denial, since another quick input hides it too (the request queue parks it).
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

  pickVersions(request: VersionPickRequest, signal?: AbortSignal): Promise<VersionPick> {
    return request.canPickMany ? this.pickMany(request, signal) : this.pickOne(request, signal);
  }

  async chooseRequest(items: readonly PendingRequestItem[]): Promise<RespondChoice | undefined> {
    type Item = vscode.QuickPickItem & { id?: number };
    const picked = await vscode.window.showQuickPick<Item>([
      ...items.map((r): Item => ({ id: r.id, label: `$(history) ${r.label}`, description: r.description, detail: r.detail })),
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      { label: '$(close) Deny all waiting requests' },
    ], { title: 'AI agent requests for history', placeHolder: 'Answer one now, or deny them all' });
    if (!picked) return undefined;
    return picked.id === undefined ? { kind: 'denyAll' } : { kind: 'answer', id: picked.id };
  }

  notify(message: string): void {
    void vscode.window.showInformationMessage(message);
  }

  warn(message: string): void {
    void vscode.window.showWarningMessage(message);
  }

  private async pickOne(request: VersionPickRequest, signal?: AbortSignal): Promise<VersionPick> {
    const qp = vscode.window.createQuickPick<VersionItem>();
    qp.title = request.title;
    qp.placeholder = request.placeholder;
    qp.matchOnDescription = true;
    qp.matchOnDetail = true;
    qp.items = request.choices.map(toItem);
    const end = await run(qp, signal);
    const picked = qp.selectedItems[0] ?? qp.activeItems[0];
    qp.dispose();
    if (end.kind === 'denied') return end;
    return end.kind === 'accepted' && picked?.choice ? { kind: 'accepted', versions: [picked.choice.version] } : { kind: 'hidden', checked: [] };
  }

  private async pickMany(request: VersionPickRequest, signal?: AbortSignal): Promise<VersionPick> {
    const qp = vscode.window.createQuickPick<VersionItem>();
    qp.title = request.title;
    qp.placeholder = request.placeholder;
    qp.canSelectMany = true;
    qp.matchOnDescription = true;
    qp.matchOnDetail = true;
    qp.ignoreFocusOut = true;
    if (request.deniable) qp.buttons = [DENY_BUTTON];
    const count = request.allRecentCount ?? 0;
    const all: VersionItem | undefined = count > 0 && request.choices.length > 0
      ? { label: `$(history) ${allRecentLabel(count)}`, description: 'checks the newest versions', alwaysShow: true }
      : undefined;
    const versions = request.choices.map(toItem);
    qp.items = [
      ...(all ? [all, { label: 'Versions', kind: vscode.QuickPickItemKind.Separator } as VersionItem] : []),
      ...versions,
    ];
    // What the list shows checked is what will be shared: "All recent" only checks and unchecks rows
    // (nextPickerChecks), and the answer is the checked rows, nothing added.
    const checksOf = (selected: readonly VersionItem[]): PickerChecks => ({
      allRecent: !!all && selected.includes(all),
      versions: selected.filter((s) => s.choice).map((s) => versions.indexOf(s)).sort((a, b) => a - b),
    });
    const show = (checks: PickerChecks): VersionItem[] => [...(checks.allRecent && all ? [all] : []), ...checks.versions.map((i) => versions[i])];
    const keys = new Set((request.preselected ?? []).map(versionKey));
    let shown = nextPickerChecks(
      { allRecent: false, versions: [] },
      { allRecent: false, versions: versions.flatMap((item, i) => (keys.has(versionKey(item.choice!.version)) ? [i] : [])) },
      versions.length, count,
    );
    qp.selectedItems = show(shown);
    const sub = qp.onDidChangeSelection((selected) => {
      const now = checksOf(selected);
      const next = nextPickerChecks(shown, now, versions.length, count);
      shown = next;
      if (next.allRecent !== now.allRecent || next.versions.join() !== now.versions.join()) qp.selectedItems = show(next);
    });
    const end = await run(qp, signal);
    sub.dispose();
    const checked = checkedVersions(request.choices, checksOf(qp.selectedItems).versions);
    qp.dispose();
    switch (end.kind) {
      case 'accepted': return { kind: 'accepted', versions: checked };
      case 'hidden': return { kind: 'hidden', checked };
      case 'denied': return end;
    }
  }
}

const DENY_BUTTON: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('close'), tooltip: 'Deny the AI agent\'s request' };

/** A version's identity across two listings (a reopened picker lists the versions again). */
function versionKey(v: HistoryVersion): string {
  return `${v.store}\u0000${v.contentPath}`;
}

interface VersionItem extends vscode.QuickPickItem {
  readonly choice?: VersionChoice;
}

function toItem(choice: VersionChoice): VersionItem {
  return { label: choice.label, description: choice.description, detail: choice.detail, choice };
}

type PickerEnd = { readonly kind: 'accepted' } | { readonly kind: 'hidden' } | { readonly kind: 'denied' };

/** Shows `qp` until accepted, denied with its button, hidden (Escape, another quick input) or aborted (hidden). */
function run(qp: vscode.QuickPick<VersionItem>, signal: AbortSignal | undefined): Promise<PickerEnd> {
  return new Promise<PickerEnd>((resolve) => {
    let end: PickerEnd = { kind: 'hidden' };
    const subs = [
      qp.onDidAccept(() => {
        end = { kind: 'accepted' };
        qp.hide();
      }),
      qp.onDidTriggerButton((button) => {
        if (button !== DENY_BUTTON) return;
        end = { kind: 'denied' };
        qp.hide();
      }),
      qp.onDidHide(() => {
        for (const s of subs) s.dispose();
        signal?.removeEventListener('abort', onAbort);
        resolve(end);
      }),
    ];
    const onAbort = () => qp.hide();
    if (signal?.aborted) {
      for (const s of subs) s.dispose();
      return resolve({ kind: 'hidden' });
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    qp.show();
  });
}
