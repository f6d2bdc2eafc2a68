"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ToolError = exports.UNKNOWN_MESSAGE = exports.UNKNOWN_SESSION = void 0;
exports.UNKNOWN_SESSION = 'unknown session';
exports.UNKNOWN_MESSAGE = 'unknown message';
/** An error whose message tells the model what to do next; `code` is stable for clients. */
class ToolError extends Error {
    code;
    data;
    constructor(code, message, data) {
        super(message);
        this.code = code;
        this.data = data;
        this.name = 'ToolError';
    }
}
exports.ToolError = ToolError;
//# sourceMappingURL=agentTool.js.map