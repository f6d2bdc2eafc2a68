import * as fs from 'fs';
import * as vscode from 'vscode';
import type { AgentTool } from '../../tools/agentTool';
import { GetSharedContentTool } from '../../tools/history/getSharedContentTool';
import { GetVersionContentTool } from '../../tools/history/getVersionContentTool';
import type { HistoryConsentUi, HistoryPickerSettings, HistoryToolDeps } from '../../tools/history/historyToolPorts';
import { RequestVersionsTool } from '../../tools/history/requestVersionsTool';
import { GrantStore, systemClock, type Clock, type Grant } from '../grants';
import type { HistoryLog } from '../historyLog';
import { HistoryRequestQueue } from '../historyRequestQueue';
import { HistorySources } from '../historySources';
import { HISTORY_SCHEME, parseHistoryUriPath } from '../historyUri';
import { HistoryViewRegistry, type HistoryView } from '../historyViewRegistry';
import { formatRelativeTime } from '../relativeTime';
import {
  countSetting, DEFAULT_ALL_RECENT_COUNT, DEFAULT_MAX_VERSIONS_IN_PICKER,
} from '../versionChoices';
import { HISTORY_COMMANDS, HistoryCommands } from './historyCommands';
import { VscodeHistoryConsentUi } from './historyConsentUi';
import { HistoryFileSystemProvider } from './historyFileSystemProvider';
import {
  OffsetClock, registerTestInvokeToolCommand, ScriptedHistoryConsentUi, type HistoryTestSeam,
} from './historyTestSeam';
import { WorkspaceHistoryFiles } from './workspaceHistoryFiles';

export interface HistoryBridge extends vscode.Disposable {
  /** The history tools, registered with vscode.lm and served over MCP by the caller. */
  readonly tools: readonly AgentTool<never>[];
  /** TEST SEAM: present only when the extension runs under the integration test runner (ExtensionMode.Test). */
  readonly testSeam?: HistoryTestSeam;
}

const SETTINGS = 'agentOverlay.history';

/**
 * Capability C2's VS Code half (SPEC §3): the `history:` scheme, the consent dialogs, the "History Helper"
 * commands and log, and the three agent tools, all over the pure readers and grants in src/history.
 */
export function registerHistoryBridge(context: vscode.ExtensionContext): HistoryBridge {
  const channel = vscode.window.createOutputChannel('History Helper', { log: true });
  const log = channelLog(channel);
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  const offsetClock = testMode ? new OffsetClock() : undefined;
  const clock: Clock = offsetClock ?? systemClock;

  const config = () => vscode.workspace.getConfiguration(SETTINGS);
  const grants = new GrantStore({
    clock,
    ttlMinutes: config().get('grantTtlMinutes'),
    clearAfterRetrieval: config().get<boolean>('clearAfterRetrieval', true),
    caseSensitivePaths: () => caseSensitiveFolders(),
  });
  const settings = (): HistoryPickerSettings => ({
    maxVersionsInPicker: countSetting(config().get('maxVersionsInPicker'), DEFAULT_MAX_VERSIONS_IN_PICKER, 1, 500),
    allRecentCount: countSetting(config().get('allRecentCount'), DEFAULT_ALL_RECENT_COUNT, 1, 50),
  });

  // <User>/globalStorage/<extension id> → <User>, whose History/ holds VS Code's local history (formats.md §A1).
  const userDir = vscode.Uri.joinPath(context.globalStorageUri, '..', '..').fsPath;
  // In code-server and VS Code server, remoteName is the window's authority (`127.0.0.1:43003`): the one VS
  // Code hashed with the path. Elsewhere it is only a kind (`ssh-remote`): the header index can fill the gap,
  // but it reads other files' paths from the store, so only when the user opted in.
  const remoteName = vscode.env.remoteName;
  const sources = new HistorySources({
    userDir, remoteAuthorities: remoteName ? [remoteName] : [], log,
    searchWholeStore: () => config().get<boolean>('searchWholeStore', false),
  });
  log.info(`history: local history in ${userDir}/History; remote authority ${remoteName ?? 'none'}`);

  const files = new WorkspaceHistoryFiles(sources, log);
  const requests = new HistoryRequestQueue(() => clock.now());
  const views = new HistoryViewRegistry();
  const scripted = testMode ? new ScriptedHistoryConsentUi(offsetClock!, () => grants.sweep(), () => requests.pendingCount) : undefined;
  const consent: HistoryConsentUi = scripted ?? new VscodeHistoryConsentUi();

  const servable = (id: string, fileName: string): HistoryView | undefined => {
    const view = views.get(id);
    if (!view || view.fileName !== fileName) return undefined;
    if (view.origin === 'agentGrant' && grants.lookup(view.id, view.file.filePath).kind !== 'granted') {
      views.delete(view.id);
      return undefined;
    }
    return view;
  };
  const provider = new HistoryFileSystemProvider({ servable, read: (view) => sources.readContent(view.version) }, channel);

  const toolDeps: HistoryToolDeps = {
    files, consent, grants, requests, log, clock, settings,
    onContentAllowed: (grant: Grant) => views.add({
      id: grant.id,
      file: { filePath: grant.filePath, displayPath: grant.displayPath },
      fileName: grant.displayPath.split('/').pop() ?? grant.displayPath,
      version: grant.version,
      label: `${formatRelativeTime(grant.timestamp, clock.now())} (${grant.label})`,
      origin: 'agentGrant',
    }),
  };
  const tools = [new RequestVersionsTool(toolDeps), new GetVersionContentTool(toolDeps), new GetSharedContentTool(toolDeps)];
  const commands = new HistoryCommands({ files, consent, grants, views, requests, log, clock, settings, servable });

  // One timer sweeps expired grants so their content does not linger in memory.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const next = grants.nextExpiry();
    if (next !== undefined) timer = setTimeout(() => { grants.sweep(); schedule(); }, Math.max(0, next - clock.now()) + 50);
  };

  const status = vscode.window.createStatusBarItem('agentOverlay.history', vscode.StatusBarAlignment.Left, -100);
  status.name = 'History Helper';
  const updateStatus = () => {
    // Requests waiting for the user: queued behind a dialog, or parked (their picker was closed unanswered).
    const pending = requests.pendingCount;
    const shared = grants.peekShared();
    if (pending > 0) {
      status.text = `$(history) ${pending} history request${pending === 1 ? '' : 's'}`;
      status.tooltip = `${pending} AI agent request${pending === 1 ? ' is' : 's are'} waiting for your answer. Click to answer.`;
      status.command = HISTORY_COMMANDS.respond;
      status.show();
    } else if (shared) {
      status.text = `$(history) ${shared.displayPath.split('/').pop()} shared`;
      status.tooltip = `The AI agent can retrieve ${shared.displayPath} (${formatRelativeTime(shared.timestamp, clock.now())}) with history_getSharedContent. Click to clear it.`;
      status.command = HISTORY_COMMANDS.clearShared;
      status.show();
    } else {
      status.hide();
    }
  };

  const disposables: vscode.Disposable[] = [
    channel,
    provider,
    vscode.workspace.registerFileSystemProvider(HISTORY_SCHEME, provider, {
      isCaseSensitive: true,
      isReadonly: new vscode.MarkdownString('Local history versions are read-only. Use **Agent History Helper: Open Historical Version** to see one, or share it with an agent.'),
    }),
    commands,
    status,
    grants.onDidChange((change) => {
      schedule();
      if (change === 'cleared' || change === 'shared') views.clear('agentGrant');
      // A denial revokes one file's ids: only the views those ids opened go.
      if (change === 'denied') for (const v of [...views.values()]) if (v.origin === 'agentGrant' && !grants.isLive(v.id)) views.delete(v.id);
      updateStatus();
    }),
    requests.onDidChange(updateStatus),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(SETTINGS)) return;
      grants.configure({ ttlMinutes: config().get('grantTtlMinutes'), clearAfterRetrieval: config().get<boolean>('clearAfterRetrieval', true) });
    }),
    // A view the user opened lasts as long as its document.
    vscode.workspace.onDidCloseTextDocument((doc) => {
      if (doc.uri.scheme !== HISTORY_SCHEME) return;
      const parts = parseHistoryUriPath(doc.uri.path);
      if (parts && views.get(parts.id)?.origin === 'user') views.delete(parts.id);
    }),
  ];
  const runDir = process.env.AGENT_OVERLAY_TEST_RUN_DIR;
  if (runDir && context.extensionMode !== vscode.ExtensionMode.Production) disposables.push(registerTestInvokeToolCommand(runDir));

  let disposed = false;
  return {
    tools: tools as AgentTool<never>[],
    testSeam: scripted,
    dispose: () => {
      if (disposed) return;
      disposed = true;
      if (timer) clearTimeout(timer);
      // Window closing: every grant, the shared content and every view are forgotten (SPEC §3).
      requests.dispose();
      grants.dispose();
      views.clear();
      for (const d of disposables.reverse()) d.dispose();
    },
  };
}

/**
 * Whether the workspace's file system tells paths apart by case, probed as VS Code's own rule can only guess
 * (it assumes so on Linux only): a folder path with letters whose case-swapped form exists too is on a
 * case-insensitive file system (Windows, a default macOS volume). Without letters to swap, the platform decides.
 */
function caseSensitiveFolders(): boolean {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (folder.uri.scheme !== 'file') continue;
    const p = folder.uri.fsPath;
    const swapped = [...p].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    if (swapped === p) continue;
    return !fs.existsSync(swapped);
  }
  return process.platform === 'linux';
}

function channelLog(channel: vscode.LogOutputChannel): HistoryLog {
  return {
    info: (m) => channel.info(m),
    warn: (m) => channel.warn(m),
    error: (m, err) => channel.error(err === undefined ? m : `${m}: ${err instanceof Error ? err.message : String(err)}`),
  };
}
