"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ChatTool = exports.ChatToolError = exports.CHAT_TOOL_ERRORS = void 0;
exports.inputRecord = inputRecord;
exports.optionalSessionId = optionalSessionId;
const chatSessionStore_1 = require("./chatSessionStore");
const chatSessionResource_1 = require("./chatSessionResource");
/** The error strings of seed 001's table (SPEC §5), verbatim; tests compare against these. */
exports.CHAT_TOOL_ERRORS = {
    noActiveDialog: 'No active dialog found',
    sessionNotFound: (id) => `Session not found: ${id}`,
    firstRequestNotAvailable: 'First request not available',
    indexTooSmall: 'Index must be 1 or greater',
    indexTooLarge: (index, total) => `Index ${index} exceeds total requests (${total})`,
    chatDataNotAvailable: 'Chat data not available for session',
    serviceUnavailable: 'Service temporarily unavailable',
};
/** An error whose message is what the model sees. */
class ChatToolError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.code = code;
    }
}
exports.ChatToolError = ChatToolError;
class ChatTool {
    source;
    options;
    /** `source` is undefined when there is no chat storage to read (no workspace storage folder). */
    constructor(source, options = {}) {
        this.source = source;
        this.options = options;
    }
    /** The tool's answer as the JSON text the model receives. Never throws. */
    async invoke(input, context = {}) {
        return JSON.stringify(await this.run(input, context));
    }
    /** The same answer as an object (the MCP bridge may want structured content). Never throws. */
    async run(input, context = {}) {
        try {
            const parsed = this.parseInput(input);
            checkCancelled(context);
            const result = await this.call(parsed, context);
            checkCancelled(context);
            return { success: true, ...result };
        }
        catch (e) {
            return { success: false, error: this.errorMessage(e) };
        }
    }
    /** The session the caller means: the one named in the input, else the invocation's, else the newest. */
    async resolveSession(requested, context) {
        const source = this.source;
        if (!source)
            throw new ChatToolError('serviceUnavailable', exports.CHAT_TOOL_ERRORS.serviceUnavailable);
        const fromInput = nonBlank(requested);
        const named = fromInput ?? nonBlank(context.invocationSessionId);
        const sessionId = named !== undefined ? (0, chatSessionResource_1.normalizeSessionId)(named) : await source.mostRecentSessionId();
        if (sessionId === undefined)
            throw new ChatToolError('noActiveDialog', exports.CHAT_TOOL_ERRORS.noActiveDialog);
        checkCancelled(context);
        try {
            return await source.readSession(sessionId);
        }
        catch (e) {
            if (e instanceof chatSessionStore_1.ChatStorageError && (e.code === 'notFound' || e.code === 'invalidId')) {
                // The seed's two cases: an id the caller made up is "not found"; the session VS Code says we are in
                // exists, VS Code just has not written its file (yet).
                if (fromInput === undefined && named !== undefined)
                    throw new ChatToolError('chatDataNotAvailable', exports.CHAT_TOOL_ERRORS.chatDataNotAvailable);
                throw new ChatToolError('sessionNotFound', exports.CHAT_TOOL_ERRORS.sessionNotFound(sessionId));
            }
            throw e;
        }
    }
    errorMessage(e) {
        if (e instanceof ChatToolError)
            return e.message;
        if (e instanceof chatSessionStore_1.ChatStorageError) {
            switch (e.code) {
                case 'notFound':
                case 'invalidId':
                    return exports.CHAT_TOOL_ERRORS.sessionNotFound(e.sessionId ?? '');
                case 'corrupt':
                case 'tooLarge':
                    return exports.CHAT_TOOL_ERRORS.chatDataNotAvailable;
                case 'unavailable':
                    this.options.onUnexpectedError?.(e);
                    return exports.CHAT_TOOL_ERRORS.serviceUnavailable;
            }
        }
        this.options.onUnexpectedError?.(e);
        return exports.CHAT_TOOL_ERRORS.serviceUnavailable;
    }
}
exports.ChatTool = ChatTool;
/** The input as a record: a missing input (`undefined`/`null`) is `{}`; anything else must be an object. */
function inputRecord(input) {
    if (input === undefined || input === null)
        return {};
    if (typeof input !== 'object' || Array.isArray(input))
        throw new ChatToolError('invalidInput', 'Invalid input: expected a JSON object');
    return input;
}
/** An optional `sessionId` string field. */
function optionalSessionId(record) {
    const v = record.sessionId;
    if (v === undefined || v === null)
        return undefined;
    if (typeof v !== 'string')
        throw new ChatToolError('invalidInput', 'Invalid input: sessionId must be a string (omit it for the current dialog)');
    return v;
}
function checkCancelled(context) {
    if (context.token?.isCancellationRequested)
        throw new ChatToolError('cancelled', 'Cancelled');
}
function nonBlank(v) {
    return v !== undefined && v.trim() !== '' ? v : undefined;
}
//# sourceMappingURL=chatTool.js.map