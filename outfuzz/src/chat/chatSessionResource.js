"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LOCAL_CHAT_SESSION_PREFIX = void 0;
exports.sessionIdFromResource = sessionIdFromResource;
exports.normalizeSessionId = normalizeSessionId;
/**
 * VS Code names a local chat session `vscode-chat-session://local/<base64url(sessionId)>` (no padding;
 * `LocalChatSessionUri.forSession`, research/formats.md §C1). The session a tool runs in can reach an extension
 * in that form (proposed `chatSessionResource`, or the untyped `toolInvocationToken.sessionResource`); the file
 * on disk is named by the decoded id.
 */
exports.LOCAL_CHAT_SESSION_PREFIX = 'vscode-chat-session://local/';
/** The session id inside a local chat session resource URI string, or undefined if it is not one. */
function sessionIdFromResource(resource) {
    if (!resource.startsWith(exports.LOCAL_CHAT_SESSION_PREFIX))
        return undefined;
    const encoded = resource.slice(exports.LOCAL_CHAT_SESSION_PREFIX.length).replace(/[?#].*$/, '');
    if (!/^[A-Za-z0-9_-]+$/.test(encoded))
        return undefined;
    const id = Buffer.from(encoded, 'base64url').toString('utf8');
    // Buffer decoding never throws; a round trip tells a real encoding from noise.
    return id && Buffer.from(id, 'utf8').toString('base64url') === encoded ? id : undefined;
}
/** A session id given either plainly or as a local chat session resource. */
function normalizeSessionId(value) {
    const trimmed = value.trim();
    return sessionIdFromResource(trimmed) ?? trimmed;
}
//# sourceMappingURL=chatSessionResource.js.map