"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.chatSessionIdOf = chatSessionIdOf;
exports.chatRequestIdOf = chatRequestIdOf;
/**
 * Which chat session and which request a `vscode.lm` tool call belongs to, read from what VS Code hands the tool.
 * Both fields are untyped at this project's API level, so they are read defensively: any other shape means
 * "unknown", never an error.
 */
const chatSessionResource_1 = require("./chatSessionResource");
/**
 * The chat session of a tool call. `toolInvocationToken` is typed `never`, but at run time VS Code puts the
 * invocation context in it: `{ sessionResource: vscode-chat-session://local/<base64url(sessionId)> }` (newer) or
 * `{ sessionId }` (older).
 */
function chatSessionIdOf(token) {
    if (typeof token !== 'object' || token === null)
        return undefined;
    const t = token;
    const resource = t.sessionResource;
    if (resource && typeof resource.path === 'string') {
        const encoded = resource.path.replace(/^\//, '');
        const decoded = resource.scheme === 'vscode-chat-session' ? (0, chatSessionResource_1.sessionIdFromResource)(chatSessionResource_1.LOCAL_CHAT_SESSION_PREFIX + encoded) : undefined;
        if (decoded)
            return decoded;
        if (encoded)
            return encoded;
    }
    return typeof t.sessionId === 'string' && t.sessionId ? t.sessionId : undefined;
}
/**
 * The chat request a tool call belongs to: the `requestId` that request has in the session file
 * (`request_<uuid>`), so deleting or retrying it can prune exactly what it staged. VS Code's extension host sets
 * `chatRequestId` on the invocation options only for extensions granted the `chatParticipantPrivate` API
 * proposal. code-server grants every proposal to every extension, so there it always arrives; VS Code desktop
 * (stable) grants it to no Marketplace extension, and a call there stays tied to its session only.
 */
function chatRequestIdOf(options) {
    if (typeof options !== 'object' || options === null)
        return undefined;
    const id = options.chatRequestId;
    return typeof id === 'string' && id.length > 0 ? id : undefined;
}
//# sourceMappingURL=toolInvocationContext.js.map