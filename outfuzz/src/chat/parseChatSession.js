"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ChatSessionFormatError = void 0;
exports.parseChatSession = parseChatSession;
class ChatSessionFormatError extends Error {
    code = 'chatSessionFormat';
}
exports.ChatSessionFormatError = ChatSessionFormatError;
const TITLE_LENGTH = 50;
function parseChatSession(state, sessionId) {
    if (!isRecord(state))
        throw new ChatSessionFormatError('the session is not a JSON object');
    const rawRequests = state.requests ?? [];
    if (!Array.isArray(rawRequests))
        throw new ChatSessionFormatError('`requests` is not an array');
    const requests = [];
    let skipped = 0;
    for (const raw of rawRequests) {
        const request = toRequest(raw);
        if (request)
            requests.push(request);
        else
            skipped++;
    }
    const creationDate = finiteNumber(state.creationDate);
    let newest;
    for (const r of requests)
        if (r.timestamp !== undefined && (newest === undefined || r.timestamp > newest))
            newest = r.timestamp;
    return {
        sessionId,
        title: nonEmptyString(state.customTitle) ?? nonEmptyString(state.computedTitle) ?? titleFrom(requests[0]?.text),
        creationDate,
        lastMessageDate: newest ?? finiteNumber(state.lastMessageDate) ?? creationDate,
        requests,
        skippedRequests: skipped,
    };
}
function toRequest(raw) {
    if (!isRecord(raw))
        return undefined;
    const message = raw.message;
    const text = typeof message === 'string' ? message : isRecord(message) && typeof message.text === 'string' ? message.text : undefined;
    if (text === undefined)
        return undefined;
    return { requestId: nonEmptyString(raw.requestId), text, timestamp: finiteNumber(raw.timestamp), aliasIds: aliasIdsOf(raw) };
}
function aliasIdsOf(raw) {
    const result = raw.result;
    const metadata = isRecord(result) ? result.metadata : undefined;
    const id = isRecord(metadata) ? nonEmptyString(metadata.responseId) : undefined;
    return id && id !== raw.requestId ? [id] : [];
}
function titleFrom(text) {
    const firstLine = text?.trim().split(/\r?\n/, 1)[0];
    if (!firstLine)
        return undefined;
    const chars = Array.from(firstLine);
    return chars.length > TITLE_LENGTH ? chars.slice(0, TITLE_LENGTH - 1).join('') + '…' : firstLine;
}
function isRecord(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function finiteNumber(v) {
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}
function nonEmptyString(v) {
    return typeof v === 'string' && v !== '' ? v : undefined;
}
//# sourceMappingURL=parseChatSession.js.map