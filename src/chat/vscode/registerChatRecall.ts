import * as vscode from 'vscode';
import type { AgentTool } from '../../tools/agentTool';
import { ChatRecallAgentTool } from '../../tools/chat/chatRecallAgentTool';
import type { ChatTool } from '../chatTool';
import { ChatSessionStore, isValidSessionId } from '../chatSessionStore';
import type { ChatSession } from '../parseChatSession';
import { GetFirstRequestTool } from '../getFirstRequestTool';
import { GetRequestTool } from '../getRequestTool';
import { ChatSessionsWatcher, type RemovedRequests } from './chatSessionsWatcher';

export type { RemovedRequests } from './chatSessionsWatcher';

export interface ChatRecall extends vscode.Disposable {
  /** `chat_getFirstRequest` and `chat_getRequest`, registered with vscode.lm (and MCP) by the caller. */
  readonly tools: readonly AgentTool<never>[];
  /**
   * Fires when requests disappear from a chat session of this workspace: the user deleted a request (and the
   * ones after it), edited and resent an earlier one (its old id and every later one go), or deleted the
   * session. The overlay subscribes and prunes the changes staged by those requests (SPEC §2). `requestIds`
   * are VS Code's request ids (`requestId` in the session file). Never fires when there is no chat storage.
   *
   * Note for attributing a tool call to its request: the session file cannot tell which request is running.
   * VS Code saves chat sessions on its periodic state flush (5 s in a browser window, 60 s on desktop), so while
   * a request runs its file usually still ends with the previous request (seen in the integration tests).
   */
  readonly onDidRemoveRequests: vscode.Event<RemovedRequests>;
  /** The chat storage folder read, or undefined when VS Code keeps none the extension can reach. */
  readonly folder: vscode.Uri | undefined;
  /** A session's title and requests (for naming it in the UI); undefined when there is no such session file. */
  readSession(sessionId: string): Promise<ChatSession | undefined>;
}

/**
 * Where VS Code keeps this window's chat sessions (research/formats.md §C1): `<workspaceStorage>/<id>/chatSessions`
 * beside this extension's own `storageUri` (`<workspaceStorage>/<id>/<extension id>`); an empty window's
 * sessions are in `<User>/globalStorage/emptyWindowChatSessions`. Both are written by the workbench; in
 * code-server and other server-web hosts the user data is the server's, so the paths coincide (checked by the
 * integration tests, which read files VS Code itself wrote).
 */
export function chatSessionsFolder(context: Pick<vscode.ExtensionContext, 'storageUri' | 'globalStorageUri'>): vscode.Uri | undefined {
  const folder = context.storageUri
    ? vscode.Uri.joinPath(context.storageUri, '..', 'chatSessions')
    : vscode.Uri.joinPath(context.globalStorageUri, '..', 'emptyWindowChatSessions');
  // The reader uses Node's fs: only a local path will do.
  return folder.scheme === 'file' ? folder : undefined;
}

/**
 * Capability C4's VS Code half (SPEC §5, seed 001): the chat recall tools over VS Code's own chat storage, and
 * a watcher that reports removed requests to the overlay.
 */
export function registerChatRecall(context: vscode.ExtensionContext): ChatRecall {
  const folder = chatSessionsFolder(context);
  const store = folder ? new ChatSessionStore(folder.fsPath) : undefined;
  const onUnexpectedError = (e: unknown) => console.error('[agent-overlay] chat recall:', e);
  const chatTools: ChatTool<unknown, object>[] = [new GetFirstRequestTool(store, { onUnexpectedError }), new GetRequestTool(store, { onUnexpectedError })];
  const watcher = store && folder ? new ChatSessionsWatcher(store, folder, (message, e) => console.error(`[agent-overlay] ${message}:`, e)) : undefined;
  const none = new vscode.EventEmitter<RemovedRequests>();
  const testSeam = process.env.AGENT_OVERLAY_TEST_RUN_DIR ? registerTestSeam(folder, watcher) : undefined;
  let disposed = false;
  return {
    tools: chatTools.map(t => new ChatRecallAgentTool(t) as AgentTool<never>),
    onDidRemoveRequests: watcher?.onDidRemoveRequests ?? none.event,
    folder,
    readSession: async sessionId => (store && isValidSessionId(sessionId) && (await store.findSessionFile(sessionId)) ? store.readSession(sessionId) : undefined),
    dispose: () => {
      if (disposed) return;
      disposed = true;
      testSeam?.dispose();
      watcher?.dispose();
      none.dispose();
    },
  };
}

/** Test-only command (registered only when the test harness runs the extension): the watcher's state. */
export const CHAT_RECALL_TEST_COMMAND = 'agentOverlay.test.chatRecall';

/**
 * `executeCommand(CHAT_RECALL_TEST_COMMAND, op, arg?)`: `'folder'` → the chat storage path read; `'idle'` →
 * resolves once the watcher has read every change seen so far; `'removed'` → every `onDidRemoveRequests` event
 * so far; `'known', sessionId` → the request ids the watcher last read for that session.
 */
function registerTestSeam(folder: vscode.Uri | undefined, watcher: ChatSessionsWatcher | undefined): vscode.Disposable {
  const removed: RemovedRequests[] = [];
  const sub = watcher?.onDidRemoveRequests(e => removed.push(e));
  const command = vscode.commands.registerCommand(CHAT_RECALL_TEST_COMMAND, async (op: 'folder' | 'idle' | 'removed' | 'known', arg?: string) => {
    switch (op) {
      case 'folder':
        return folder?.fsPath;
      case 'idle':
        await watcher?.idle();
        return true;
      case 'removed':
        return removed.slice();
      case 'known':
        return arg === undefined ? undefined : watcher?.knownRequests(arg);
    }
  });
  return vscode.Disposable.from(command, ...(sub ? [sub] : []));
}
