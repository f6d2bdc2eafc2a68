import * as path from 'path';
import { createHash } from 'crypto';
import * as vscode from 'vscode';
import type { OverlayWorkspace } from '../overlayWorkspace';
import { openOverlayStore, type StoreNotice } from '../openOverlayStore';
import { REVIEW_SCHEME, STAGED_SCHEME } from '../stagedUri';
import { showName } from '../stagedNames';
import { BASELINE_SCHEME, BaselineContentProvider } from '../../ui/baselineContentProvider';
import { registerStagedChangeCommands, type ApplyHooks } from '../../ui/stagedChangeCommands';
import { StagedChangesScm } from '../../ui/stagedChangesScm';
import { AuditTrail } from '../../ui/auditTrail';
import { ConflictAnnouncer } from '../../ui/conflictAnnouncer';
import { ConflictResolver } from '../../ui/conflictResolution';
import { MERGE_RESULT_SCHEME, MergeResultFileSystem } from '../../ui/mergeResultFileSystem';
import { SessionNames, type ChatSessionFacts } from '../../ui/sessionNames';
import { StagedFileDecorations } from '../../ui/stagedFileDecorations';
import { HunkReview } from '../../ui/hunkReview';
import { StagedNewFilesView } from '../../ui/stagedNewFilesView';
import type { Prompts } from '../../ui/prompts';
import { StagedFileSystemProvider } from './stagedFileSystemProvider';
import { registerRestoreSetAsideCommand, RESTORE_SET_ASIDE_COMMAND } from './restoreSetAsideCommand';
import type { AgentTool } from '../../tools/agentTool';
import { createOverlayTools } from '../../tools/overlay/overlayTools';
import { vscodeViewServices } from '../../search/vscode/vscodeViewServices';
import type { OverlayToolContext } from '../../tools/overlay/overlayToolContext';
import { cellIdOf } from '../../notebook/vscode/notebookContext';
import { pathsToAsk } from '../../ui/stagedViewIndex';
import { registerStagedDiffUriHandler, stagedDiffLinker, stagedDiffLinkTarget } from '../../chat/vscode/stagedDiffUriHandler';

export interface StagingOverlay extends vscode.Disposable {
  readonly workspace: OverlayWorkspace;
  readonly scm: StagedChangesScm;
  /** The overlay's agent tools (read, write, edit, delete, rename, list, conflicts, discard). */
  readonly tools: readonly AgentTool<never>[];
  /** What wraps Apply's writes (the edit tracker's agent labelling, once it exists). */
  readonly applyHooks: ApplyHooks;
  /** The "Agent Overlay" output channel's audit trail. */
  readonly audit: AuditTrail;
  /** Where the overlay is stored (the sandbox keeps its scratch beside it). */
  readonly storeDir: string;
  /** What opening the store found that the person was told (shown once, at the start). */
  readonly notices: readonly StoreNotice[];
  /** What the overlay tools are built on (the sandbox's tool shares it). */
  readonly toolContext: OverlayToolContext;
  /** Reloads the window (Restore Set-Aside Staged Changes… finishes at the next start); a test may hold it. */
  reloadWindow: () => Thenable<unknown>;
  /** Where chat sessions' titles and requests are read from, for human names (set once chat recall exists). */
  readChatSession?: (sessionId: string) => Promise<ChatSessionFacts | undefined>;
}

/** How long disk events are gathered before one reconciliation pass (a `git checkout` fires thousands). */
const WATCH_BATCH_MS = 100;

/**
 * Capability C1's VS Code half: opens the persistent overlay in this workspace's storage folder, mounts
 * `agent-staged:`, and builds the review UI (SCM view, commands, decorations) and the disk watcher that keeps
 * pending changes reconciled with what the disk does meanwhile.
 */
export async function registerStagingOverlay(context: vscode.ExtensionContext, prompts: Prompts): Promise<StagingOverlay> {
  const storeDir = overlayStoreDir(context);
  const fileRoots = () => (vscode.workspace.workspaceFolders ?? []).filter(f => f.uri.scheme === 'file');
  const rootPaths = () => fileRoots().map(f => f.uri.fsPath);
  // Apply, recovery and Undo write only inside the workspace folders, checked at the moment of writing.
  const { workspace, notices } = await openOverlayStore(storeDir, undefined, { roots: rootPaths });
  for (const n of notices) void showStoreNotice(n);
  if (workspace.orphans.length > 0) void offerOrphanDiscard(workspace.orphans.length);
  const provider = new StagedFileSystemProvider(workspace, rootPaths);
  const applyHooks: ApplyHooks = { wrapApply: (_files, run) => run() };
  const names = new SessionNames();
  const scm = new StagedChangesScm(workspace, names);
  const audit = new AuditTrail(workspace.model, {
    path: p => showName(vscode.workspace.asRelativePath(p)),
    session: id => `${names.session(id)} [${id}]`,
  });
  const mergeResults = new MergeResultFileSystem();
  const conflicts = new ConflictResolver(workspace, prompts, mergeResults);
  const disposables: vscode.Disposable[] = [
    provider,
    vscode.workspace.registerFileSystemProvider(STAGED_SCHEME, provider, { isCaseSensitive: true }),
    vscode.workspace.registerFileSystemProvider(REVIEW_SCHEME, provider, { isCaseSensitive: true }),
    vscode.workspace.registerTextDocumentContentProvider(BASELINE_SCHEME, new BaselineContentProvider(workspace.model.store)),
    mergeResults,
    vscode.workspace.registerFileSystemProvider(MERGE_RESULT_SCHEME, mergeResults, { isCaseSensitive: true }),
    scm,
    audit,
    new ConflictAnnouncer(workspace),
    registerStagedChangeCommands({ overlay: workspace, prompts, hooks: applyHooks, roots: rootPaths, conflicts, audit }),
    watchDisk(workspace),
    new HunkReview({ overlay: workspace, audit, roots: rootPaths, wrapWrite: () => applyHooks.wrapApply }),
    announceWritable(workspace),
    registerRestoreSetAsideCommand(storeDir, prompts, () => workspace.composites().length, () => result.reloadWindow()),
  ];
  const decorations = new StagedFileDecorations(workspace, names);
  disposables.push(decorations, vscode.window.registerFileDecorationProvider(decorations), new StagedNewFilesView(scm));
  const toolContext: OverlayToolContext = {
    overlay: workspace,
    roots: () => fileRoots().map(f => ({ name: f.name, path: f.uri.fsPath })),
    confirm: async (message, detail) => (await prompts.confirm(message, detail, 'Allow')) === 'Allow',
    // Issue 27 item 8: every staged change a tool reports carries the link that opens its diff from the chat.
    reviewLink: stagedDiffLinker(stagedDiffLinkTarget(context)),
  };
  disposables.push(registerStagedDiffUriHandler({ hasStagedChange: p => workspace.composite(p) !== undefined }));
  const tools = createOverlayTools(toolContext, vscodeViewServices());
  const result: StagingOverlay = {
    workspace,
    scm,
    tools,
    applyHooks,
    audit,
    storeDir,
    notices,
    toolContext,
    reloadWindow: () => vscode.commands.executeCommand('workbench.action.reloadWindow'),
    dispose: () => {
      for (const d of disposables.reverse()) d.dispose();
      void workspace.close();
    },
  };
  disposables.push(learnChatNames(workspace, names, () => result.readChatSession, () => scm.refresh()));
  return result;
}

/**
 * Learns the names the SCM view shows: a chat session's title and requests (read once for each new session and
 * message that staged a change: VS Code writes session files periodically, so a message not there yet keeps a
 * generic name until a later change asks again), and an agent chat notebook's cell prompts (from the open
 * notebook, on every change to what it staged: cells are edited).
 */
function learnChatNames(
  workspace: OverlayWorkspace,
  names: SessionNames,
  reader: () => ((sessionId: string) => Promise<ChatSessionFacts | undefined>) | undefined,
  refresh: () => void,
): vscode.Disposable {
  const asked = new Set<string>();
  const learnNotebook = (sessionId: string): boolean => {
    const nb = vscode.workspace.notebookDocuments.find(d => d.uri.toString() === sessionId);
    if (!nb) return false;
    names.learn(sessionId, {
      title: undefined,
      requests: nb.getCells().map(c => ({ requestId: cellIdOf(c), text: c.document.getText() })),
    });
    return true;
  };
  // The first change once chat recall can read sessions looks at every staged change (those restored at start
  // included); later ones only at what the event names (issue 27 item 5: every staged change per write cost the
  // extension host O(staged) per write).
  let sweptWithReader = false;
  const sub = workspace.onDidChange(paths => {
    const read = reader();
    let learned = false;
    const sweep = read !== undefined && !sweptWithReader;
    if (sweep) sweptWithReader = true;
    const folders = new Set(workspace.model.folderPaths());
    const changes = sweep ? workspace.composites()
      : [...pathsToAsk(paths, dir => folders.has(dir), path.sep)].map(p => workspace.composite(p)).filter(c => c !== undefined);
    for (const c of changes) {
      const last = c.records[c.records.length - 1];
      if (!last) continue;
      if (/^[a-z][\w+.-]*:\/\//i.test(last.sessionId)) {
        learned = learnNotebook(last.sessionId) || learned;
        continue;
      }
      const key = `${last.sessionId}\n${last.messageId}`;
      const unnamed = names.isUnknownChat(last.sessionId) || names.message(last.sessionId, last.messageId) === 'a chat request';
      if (!read || asked.has(key) || !unnamed) continue;
      asked.add(key);
      void read(last.sessionId).then(facts => {
        if (!facts) return;
        names.learn(last.sessionId, facts);
        refresh();
      }, () => undefined);
    }
    if (learned) refresh();
  });
  return { dispose: () => sub.dispose() };
}

/**
 * Where this workspace's pending changes live: the extension's global storage, in a folder named after the
 * workspace's own files (its .code-workspace file, or its folders' paths). Not `context.storageUri`: that folder
 * is named after the workspace URI, which in a remote window or code-server includes the host and port, so
 * reaching the same files through another port would hide the staged changes.
 */
function overlayStoreDir(context: vscode.ExtensionContext): string {
  const ws = vscode.workspace;
  const key = ws.workspaceFile?.scheme === 'file'
    ? ws.workspaceFile.fsPath
    : (ws.workspaceFolders ?? []).map(f => (f.uri.scheme === 'file' ? f.uri.fsPath : f.uri.toString())).join('\n');
  const id = key ? createHash('sha256').update(key).digest('hex').slice(0, 32) : 'no-workspace';
  return vscode.Uri.joinPath(context.globalStorageUri, 'overlay', id).fsPath;
}

/** Reconciles the pending changes that depend on disk paths the workspace watcher reports. */
function watchDisk(workspace: OverlayWorkspace): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher('**/*');
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const paths = [...pending];
    pending.clear();
    if (workspace.reconcilePaths(paths).length > 0) void workspace.flush();
  };
  const onEvent = (uri: vscode.Uri) => {
    if (uri.scheme !== 'file') return;
    pending.add(uri.fsPath);
    timer ??= setTimeout(flush, WATCH_BATCH_MS);
  };
  return vscode.Disposable.from(
    watcher,
    watcher.onDidChange(onEvent),
    watcher.onDidCreate(onEvent),
    watcher.onDidDelete(onEvent),
    { dispose: () => timer && clearTimeout(timer) },
  );
}

/**
 * The store turned read-only on a full or read-only disk while running, or a retry could write it again: the
 * person hears both (staging, Apply and Discard are refused in between).
 */
function announceWritable(workspace: OverlayWorkspace): vscode.Disposable {
  return workspace.overlay.onDidChangeWritable(writable => {
    if (writable) void vscode.window.showInformationMessage('Agent Overlay can record staged changes again: staging, Apply and Discard work again.');
    else if (workspace.overlay.readOnly) void vscode.window.showErrorMessage(`${workspace.overlay.readOnly.message}.`);
  });
}

/** Tells the user what opening the store found, with a way to the kept files. Never blocks activation. */
async function showStoreNotice(notice: StoreNotice): Promise<void> {
  const show = notice.severity === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  const reveal = 'Show Kept Files';
  const restore = 'Restore…';
  const answer = await show(notice.message, ...(notice.restorable ? [restore] : []), ...(notice.keptAt ? [reveal] : []));
  if (answer === restore) await vscode.commands.executeCommand(RESTORE_SET_ASIDE_COMMAND);
  if (answer === reveal && notice.keptAt) await vscode.commands.executeCommand('revealFileInOS', vscode.Uri.file(notice.keptAt));
}

/**
 * SPEC §2: a change whose file vanished while VS Code was closed is an orphan. It is a deletion conflict already
 * (kept, nothing lost); the notice offers to discard such changes at once instead of resolving each.
 */
async function offerOrphanDiscard(count: number): Promise<void> {
  const discard = 'Discard Them…';
  const answer = await vscode.window.showWarningMessage(
    `${count} staged change${count === 1 ? '' : 's'} no longer match a file on disk (deleted or moved while VS Code was closed). They wait under Conflicts.`,
    discard,
  );
  if (answer === discard) await vscode.commands.executeCommand('agentOverlay.discardOrphaned');
}
