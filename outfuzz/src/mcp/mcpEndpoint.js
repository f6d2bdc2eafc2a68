"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.McpBindError = exports.MCP_PATH = void 0;
exports.assertLoopbackHost = assertLoopbackHost;
exports.endpointUrl = endpointUrl;
const mcpRequestGuard_1 = require("./mcpRequestGuard");
/** The path the MCP endpoint is served on: `http://127.0.0.1:<port>/mcp`. */
exports.MCP_PATH = '/mcp';
/** The bridge refuses to listen on anything but the loopback address, or the port is taken. */
class McpBindError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.code = code;
        this.name = 'McpBindError';
    }
}
exports.McpBindError = McpBindError;
/** Throws `McpBindError` for any bind address but 127.0.0.1 (not 0.0.0.0, not ::, not a LAN address, not "localhost"). */
function assertLoopbackHost(host) {
    if (host !== mcpRequestGuard_1.LOOPBACK_HOST)
        throw new McpBindError('NotLoopback', `The MCP bridge listens on ${mcpRequestGuard_1.LOOPBACK_HOST} only; refusing to bind to ${JSON.stringify(host)}.`);
}
function endpointUrl(port) {
    return `http://${mcpRequestGuard_1.LOOPBACK_HOST}:${port}${exports.MCP_PATH}`;
}
//# sourceMappingURL=mcpEndpoint.js.map