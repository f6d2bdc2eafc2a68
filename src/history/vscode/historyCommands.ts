import * as path from 'path';
import * as vscode from 'vscode';
import type { Clock, GrantedFile, GrantStore } from '../grants';
import type { HistoryLog } from '../historyLog';
import * as messages from '../historyMessages';
import type { HistoryRequestQueue } from '../historyRequestQueue';
import { HISTORY_SCHEME, historyUriPath, parseHistoryUriPath } from '../historyUri';
import type { HistoryVersion } from '../historyVersion';
import type { HistoryView, HistoryViewRegistry } from '../historyViewRegistry';
import { formatRelativeTime } from '../relativeTime';
import { versionChoices } from '../versionChoices';
import { WorkspacePathError, type ResolvedWorkspacePath } from '../workspacePath';
import type { HistoryConsentUi, HistoryPickerSettings } from '../../tools/history/historyToolPorts';
import type { WorkspaceHistoryFiles } from './workspaceHistoryFiles';

export const HISTORY_COMMANDS = {
  share: 'agentOverlay.history.shareVersion',
  respond: 'agentOverlay.history.respondToRequest',
  open: 'agentOverlay.history.openVersion',
  compare: 'agentOverlay.history.compareWithCurrent',
  clearShared: 'agentOverlay.history.clearShared',
} as const;

export interface HistoryCommandDeps {
  readonly files: WorkspaceHistoryFiles;
  readonly consent: HistoryConsentUi;
  readonly grants: GrantStore;
  readonly views: HistoryViewRegistry;
  readonly requests: HistoryRequestQueue;
  readonly log: HistoryLog;
  readonly clock: Clock;
  readonly settings: () => HistoryPickerSettings;
  /** Whether a view may be served now (its grant may have ended). */
  readonly servable: (id: string, fileName: string) => HistoryView | undefined;
}

/** The user's own "History Helper" commands (seed 000 "Key Commands"); each is a user action, so it is the consent. */
export class HistoryCommands implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly deps: HistoryCommandDeps) {
    const wrap = <A extends unknown[]>(id: string, fn: (...args: A) => Promise<unknown>) =>
      vscode.commands.registerCommand(id, async (...args: A) => {
        try {
          return await fn(...args);
        } catch (err) {
          // One wrapper for every command: the user sees what went wrong, the log has the details.
          this.deps.log.error(`${id} failed`, err);
          const message = err instanceof WorkspacePathError ? messages.WORKSPACE_FILES_ONLY : `Agent History Helper: ${(err as Error).message}`;
          void vscode.window.showErrorMessage(message);
          return undefined;
        }
      });
    this.disposables = [
      wrap(HISTORY_COMMANDS.share, (uri?: unknown) => this.share(uri)),
      wrap(HISTORY_COMMANDS.respond, () => this.respond()),
      wrap(HISTORY_COMMANDS.open, (uri?: unknown) => this.open(uri)),
      wrap(HISTORY_COMMANDS.compare, (uri?: unknown) => this.compare(uri)),
      wrap(HISTORY_COMMANDS.clearShared, () => this.clearShared()),
    ];
  }

  /** "Share historical version with AI Agent": the picked version becomes the one pending shared content. */
  async share(arg?: unknown): Promise<{ filePath: string; timestamp: number } | undefined> {
    const target = await this.target(arg, 'Share a historical version of which file?');
    if (!target) return undefined;
    let chosen: { file: GrantedFile; version: HistoryVersion } | undefined;
    if (target.view) {
      chosen = { file: target.view.file, version: target.view.version };
    } else {
      const picked = await this.pickOne(target.uri, `Share a version of ${path.basename(target.uri.fsPath)} with the AI agent`);
      chosen = picked && { file: { filePath: picked.file.absolutePath, displayPath: picked.file.displayPath }, version: picked.version };
    }
    if (!chosen) return undefined;
    const { file, version } = chosen;
    let text: string;
    try {
      text = await this.deps.files.readText(version, file.filePath);
    } catch (err) {
      this.deps.log.error(`share: could not read the version of ${file.displayPath} from ${this.when(version)}`, err);
      this.deps.consent.warn(`${messages.couldNotAccess(file.displayPath)} ${(err as Error).message}`);
      return undefined;
    }
    const shared = this.deps.grants.share(file, version, text);
    this.deps.log.info(`share: the user shared ${file.displayPath} from ${this.when(version)} (${version.label}); version ids given earlier were revoked`);
    this.deps.consent.notify(messages.shareReady(file.displayPath, this.when(version)));
    return { filePath: shared.displayPath, timestamp: shared.timestamp };
  }

  /**
   * "Respond to AI Agent's request for history" (also the status bar item): the requests waiting for the user.
   * VS Code shows one quick input at a time, so this never opens over a request's picker: by the time it runs,
   * the palette (or this list) has hidden that picker and its request is parked, not denied. One parked request
   * and nothing else waiting: its picker reopens at once. Several: the user picks which to answer now.
   */
  async respond(): Promise<void> {
    const { requests, consent } = this.deps;
    const current = requests.current;
    const pending = [...(current?.parked ? [current] : []), ...requests.waiting];
    if (pending.length === 0) {
      consent.notify(current
        ? `The AI agent's request for ${current.displayPath} is waiting for your answer in the open dialog.`
        : messages.NO_WAITING_REQUESTS);
      return;
    }
    if (pending.length === 1 && current?.parked) {
      this.deps.log.info(`respond: the user reopens the request for ${current.displayPath}`);
      requests.answerNow(current.id);
      return;
    }
    const now = this.deps.clock.now();
    const choice = await consent.chooseRequest(pending.map((r) => ({
      id: r.id,
      label: r.displayPath,
      description: r.kind === 'listVersions' ? 'wants the list of versions' : `wants the version from ${r.versionLabel ?? 'earlier'}`,
      detail: `Requested ${formatRelativeTime(r.requestedAt, now)} through ${r.via}.${r.parked ? ' You closed its picker without answering.' : ''} Pick it to answer it now.`,
    })));
    if (!choice) return;
    if (choice.kind === 'denyAll') {
      const n = requests.denyAllPending();
      this.deps.log.info(`respond: the user denied ${n} waiting request(s)`);
      return;
    }
    this.deps.log.info(`respond: the user answers request ${choice.id} now`);
    requests.answerNow(choice.id);
  }

  /** "Open historical version": the user's own view of a version (their action is the grant). Returns its URI. */
  async open(arg?: unknown): Promise<vscode.Uri | undefined> {
    const target = await this.target(arg, 'Open a historical version of which file?');
    if (!target) return undefined;
    if (target.view) {
      await this.show(target.view);
      return target.uri;
    }
    const chosen = await this.pickOne(target.uri, `Open a version of ${path.basename(target.uri.fsPath)}`);
    if (!chosen) return undefined;
    const view = this.addView(chosen.file, chosen.version);
    await this.show(view);
    return this.uriOf(view);
  }

  /** "Compare with current": the historical version (left, read-only) against the file as it is now (right). */
  async compare(arg?: unknown): Promise<vscode.Uri | undefined> {
    const target = await this.target(arg, 'Compare a historical version of which file?');
    if (!target) return undefined;
    let view = target.view;
    if (!view) {
      const chosen = await this.pickOne(target.uri, `Compare a version of ${path.basename(target.uri.fsPath)} with the current file`);
      if (!chosen) return undefined;
      view = this.addView(chosen.file, chosen.version);
    }
    const left = this.uriOf(view);
    const right = vscode.Uri.file(view.file.filePath);
    this.deps.log.info(`compare: the user compares ${view.file.displayPath} from ${this.when(view.version)} with the current file`);
    await vscode.commands.executeCommand('vscode.diff', left, right, `${view.fileName} (${this.when(view.version)}) ↔ ${view.fileName}`);
    return left;
  }

  /** "Clear shared content": the shared version and every version id given to the agent are revoked. */
  async clearShared(): Promise<void> {
    const had = this.deps.grants.peekShared() !== undefined || this.deps.grants.grantCount > 0;
    this.deps.grants.clearAll();
    this.deps.views.clear('agentGrant');
    this.deps.log.info('clear: the user cleared the content shared with the AI agent');
    this.deps.consent.notify(messages.clearedShared(had));
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  private when(version: HistoryVersion): string {
    return formatRelativeTime(version.timestamp, this.deps.clock.now());
  }

  private addView(file: ResolvedWorkspacePath, version: HistoryVersion): HistoryView {
    return this.deps.views.add({
      file: { filePath: file.absolutePath, displayPath: file.displayPath },
      fileName: path.basename(file.absolutePath),
      version,
      label: `${this.when(version)} (${version.label})`,
      origin: 'user',
    });
  }

  private uriOf(view: HistoryView): vscode.Uri {
    return vscode.Uri.from({ scheme: HISTORY_SCHEME, path: historyUriPath({ id: view.id, fileName: view.fileName }) });
  }

  private async show(view: HistoryView): Promise<void> {
    this.deps.log.info(`open: the user opens ${view.file.displayPath} from ${this.when(view.version)}`);
    await vscode.commands.executeCommand('vscode.open', this.uriOf(view), { preview: false }, `${view.fileName} (${this.when(view.version)})`);
  }

  /** The file a command acts on: its argument, else the active editor, else one the user picks. */
  private async target(arg: unknown, question: string): Promise<{ uri: vscode.Uri; view?: HistoryView } | undefined> {
    let uri = arg instanceof vscode.Uri ? arg : undefined;
    if (!uri) {
      const active = vscode.window.activeTextEditor?.document.uri;
      if (active && (active.scheme === 'file' || active.scheme === HISTORY_SCHEME)) uri = active;
    }
    uri ??= await this.pickFile(question);
    if (!uri) return undefined;
    if (uri.scheme === HISTORY_SCHEME) {
      const parts = parseHistoryUriPath(uri.path);
      const view = parts && this.deps.servable(parts.id, parts.fileName);
      if (!view) throw new Error('this historical version is no longer available; open it again with "Agent History Helper: Open Historical Version".');
      return { uri, view };
    }
    return { uri };
  }

  private async pickFile(question: string): Promise<vscode.Uri | undefined> {
    const open = new Map<string, vscode.Uri>();
    for (const group of vscode.window.tabGroups.all) {
      for (const tab of group.tabs) {
        const input = tab.input;
        if (input instanceof vscode.TabInputText && input.uri.scheme === 'file' && vscode.workspace.getWorkspaceFolder(input.uri)) {
          open.set(input.uri.toString(), input.uri);
        }
      }
    }
    type Item = vscode.QuickPickItem & { uri?: vscode.Uri };
    const browse: Item = { label: '$(folder-opened) Choose a file from the workspace…' };
    const items: Item[] = [...open.values()].map((uri) => ({ label: path.basename(uri.fsPath), description: vscode.workspace.asRelativePath(uri), uri }));
    const picked = items.length
      ? await vscode.window.showQuickPick([...items, { label: '', kind: vscode.QuickPickItemKind.Separator }, browse], { title: 'History Helper', placeHolder: question })
      : browse;
    if (!picked) return undefined;
    if (picked.uri) return picked.uri;
    const chosen = await vscode.window.showOpenDialog({
      canSelectFiles: true, canSelectFolders: false, canSelectMany: false,
      defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri, title: question,
    });
    return chosen?.[0];
  }

  /** Lists the file's versions and lets the user pick one (single select). */
  private async pickOne(uri: vscode.Uri, title: string): Promise<{ file: ResolvedWorkspacePath; version: HistoryVersion } | undefined> {
    const file = await this.deps.files.resolveUri(uri);
    let versions;
    try {
      versions = await this.deps.files.listVersions(file);
    } catch (err) {
      this.deps.log.error(`could not list the history of ${file.displayPath}`, err);
      this.deps.consent.warn(messages.couldNotAccess(file.displayPath));
      return undefined;
    }
    if (versions.length === 0) {
      this.deps.consent.notify(messages.noLocalHistory(file.displayPath));
      return undefined;
    }
    const picked = await this.deps.consent.pickVersions({
      title,
      placeholder: 'Pick a version (newest first)',
      choices: versionChoices(path.basename(file.absolutePath), versions, this.deps.clock.now(), this.deps.settings().maxVersionsInPicker),
      canPickMany: false,
    });
    const version = picked.kind === 'accepted' ? picked.versions[0] : undefined;
    return version ? { file, version } : undefined;
  }
}
