"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.CHAT_RECALL_TEST_COMMAND = void 0;
exports.chatSessionsFolder = chatSessionsFolder;
exports.registerChatRecall = registerChatRecall;
const vscode = __importStar(require("vscode"));
const chatRecallAgentTool_1 = require("../../tools/chat/chatRecallAgentTool");
const chatSessionStore_1 = require("../chatSessionStore");
const getFirstRequestTool_1 = require("../getFirstRequestTool");
const getRequestTool_1 = require("../getRequestTool");
const chatSessionsWatcher_1 = require("./chatSessionsWatcher");
/**
 * Where VS Code keeps this window's chat sessions (research/formats.md §C1): `<workspaceStorage>/<id>/chatSessions`
 * beside this extension's own `storageUri` (`<workspaceStorage>/<id>/<extension id>`); an empty window's
 * sessions are in `<User>/globalStorage/emptyWindowChatSessions`. Both are written by the workbench; in
 * code-server and other server-web hosts the user data is the server's, so the paths coincide (checked by the
 * integration tests, which read files VS Code itself wrote).
 */
function chatSessionsFolder(context) {
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
function registerChatRecall(context) {
    const folder = chatSessionsFolder(context);
    const store = folder ? new chatSessionStore_1.ChatSessionStore(folder.fsPath) : undefined;
    const onUnexpectedError = (e) => console.error('[agent-overlay] chat recall:', e);
    const chatTools = [new getFirstRequestTool_1.GetFirstRequestTool(store, { onUnexpectedError }), new getRequestTool_1.GetRequestTool(store, { onUnexpectedError })];
    const watcher = store && folder ? new chatSessionsWatcher_1.ChatSessionsWatcher(store, folder, (message, e) => console.error(`[agent-overlay] ${message}:`, e)) : undefined;
    const none = new vscode.EventEmitter();
    const testSeam = process.env.AGENT_OVERLAY_TEST_RUN_DIR ? registerTestSeam(folder, watcher) : undefined;
    let disposed = false;
    return {
        tools: chatTools.map(t => new chatRecallAgentTool_1.ChatRecallAgentTool(t)),
        onDidRemoveRequests: watcher?.onDidRemoveRequests ?? none.event,
        folder,
        readSession: async (sessionId) => (store && (0, chatSessionStore_1.isValidSessionId)(sessionId) && (await store.findSessionFile(sessionId)) ? store.readSession(sessionId) : undefined),
        dispose: () => {
            if (disposed)
                return;
            disposed = true;
            testSeam?.dispose();
            watcher?.dispose();
            none.dispose();
        },
    };
}
/** Test-only command (registered only when the test harness runs the extension): the watcher's state. */
exports.CHAT_RECALL_TEST_COMMAND = 'agentOverlay.test.chatRecall';
/**
 * `executeCommand(CHAT_RECALL_TEST_COMMAND, op, arg?)`: `'folder'` → the chat storage path read; `'idle'` →
 * resolves once the watcher has read every change seen so far; `'removed'` → every `onDidRemoveRequests` event
 * so far; `'known', sessionId` → the request ids the watcher last read for that session.
 */
function registerTestSeam(folder, watcher) {
    const removed = [];
    const sub = watcher?.onDidRemoveRequests(e => removed.push(e));
    const command = vscode.commands.registerCommand(exports.CHAT_RECALL_TEST_COMMAND, async (op, arg) => {
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
//# sourceMappingURL=registerChatRecall.js.map