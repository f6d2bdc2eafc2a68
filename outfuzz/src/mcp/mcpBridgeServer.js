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
exports.McpBridgeServer = void 0;
const crypto_1 = require("crypto");
const http = __importStar(require("http"));
const index_js_1 = require("@modelcontextprotocol/sdk/server/index.js");
const streamableHttp_js_1 = require("@modelcontextprotocol/sdk/server/streamableHttp.js");
const types_js_1 = require("@modelcontextprotocol/sdk/types.js");
const mcpRequestGuard_1 = require("./mcpRequestGuard");
const mcpEndpoint_1 = require("./mcpEndpoint");
const mcpToolService_1 = require("./mcpToolService");
/** MCP's log levels, least severe first (RFC 5424 order, as the spec lists them). */
const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
/** Instructions shown to MCP clients at `initialize`. */
const INSTRUCTIONS = 'Agent Overlay: file writes made through the overlay_* tools are STAGED for the user\'s review in VS Code and never reach the disk until the user applies them; ' +
    'reads already see staged content. Local history (history_*) is shared only version by version after the user allows it in VS Code. ' +
    'Pass "sessionId" (your conversation) and "messageId" (the message making the call) with any tool call to attribute changes.';
/** Large writes come as JSON strings of up to 5 M characters (escaped): room for them, and a bound. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;
/**
 * The MCP server of the bridge (SDK Streamable HTTP, one SDK `Server` per MCP session so each knows its client),
 * guarded by `guardRequest`. No `vscode` here: the adapter in `vscode/` starts and stops it.
 */
class McpBridgeServer {
    http;
    port;
    token;
    options;
    sessions = new Map();
    stopped = false;
    constructor(http, port, token, options) {
        this.http = http;
        this.port = port;
        this.token = token;
        this.options = options;
    }
    get url() {
        return (0, mcpEndpoint_1.endpointUrl)(this.port);
    }
    get sessionCount() {
        return this.sessions.size;
    }
    /** Listens on 127.0.0.1 (only) with a fresh random token. */
    static async start(options) {
        (0, mcpEndpoint_1.assertLoopbackHost)(options.host ?? mcpRequestGuard_1.LOOPBACK_HOST);
        const port = options.port ?? 0;
        if (!Number.isInteger(port) || port < 0 || port > 65535)
            throw new mcpEndpoint_1.McpBindError('ListenFailed', `Port ${port} is not a TCP port (0-65535).`);
        const token = (0, crypto_1.randomBytes)(32).toString('base64url');
        const server = http.createServer();
        await new Promise((resolve, reject) => {
            server.once('error', (e) => reject(e.code === 'EADDRINUSE' ? new mcpEndpoint_1.McpBindError('PortInUse', `Port ${port} on ${mcpRequestGuard_1.LOOPBACK_HOST} is in use; choose another agentOverlay.mcp.port, or 0 for a free one.`) : new mcpEndpoint_1.McpBindError('ListenFailed', `Could not listen on ${mcpRequestGuard_1.LOOPBACK_HOST}:${port}: ${e.message}`)));
            server.listen({ host: mcpRequestGuard_1.LOOPBACK_HOST, port, exclusive: true }, () => resolve());
        });
        const bound = server.address().port;
        const bridge = new McpBridgeServer(server, bound, token, options);
        server.on('request', (req, res) => void bridge.handle(req, res));
        return bridge;
    }
    /** Closes every session and the listener; idempotent. */
    async stop() {
        if (this.stopped)
            return;
        this.stopped = true;
        const sessions = [...this.sessions.values()];
        this.sessions.clear();
        await Promise.allSettled(sessions.map(s => closeSession(s)));
        await new Promise(resolve => {
            this.http.close(() => resolve());
            this.http.closeAllConnections();
        });
    }
    async handle(req, res) {
        try {
            const verdict = (0, mcpRequestGuard_1.guardRequest)({ host: req.headers.host, origin: req.headers.origin, authorization: header(req, 'authorization') }, this);
            if (!verdict.ok) {
                this.options.log?.('warn', `Refused ${req.method} ${req.url} from ${req.socket.remoteAddress}: ${verdict.reason} (${verdict.status}).`);
                const extra = verdict.status === 401 ? { 'www-authenticate': 'Bearer realm="agent-overlay"' } : {};
                return reply(res, verdict.status, verdict.status === 401 ? 'Unauthorized: send "Authorization: Bearer <token>" (Agent Overlay: Copy MCP Client Configuration).' : 'Forbidden.', extra);
            }
            if (new URL(req.url ?? '/', this.url).pathname !== mcpEndpoint_1.MCP_PATH)
                return reply(res, 404, `Not found: the MCP endpoint is ${mcpEndpoint_1.MCP_PATH}.`);
            if (req.method === 'GET')
                return reply(res, 405, 'This server sends no notifications stream; use POST.', { allow: 'POST, DELETE' });
            if (req.method !== 'POST' && req.method !== 'DELETE')
                return reply(res, 405, 'Method not allowed.', { allow: 'POST, DELETE' });
            const sessionId = header(req, 'mcp-session-id');
            if (sessionId !== undefined) {
                const session = this.sessions.get(sessionId);
                if (!session)
                    return reply(res, 404, 'Session not found: initialize a new session.');
                session.lastUsed = Date.now();
                return await session.transport.handleRequest(req, res);
            }
            if (req.method !== 'POST')
                return reply(res, 400, 'Bad request: no Mcp-Session-Id.');
            // A request without a session must be `initialize` (the transport answers 400 otherwise); a session that did
            // not come out of it is dropped again.
            const session = this.newSession();
            await session.transport.handleRequest(req, res);
            if (session.transport.sessionId === undefined)
                await closeSession(session);
        }
        catch (e) {
            this.options.log?.('warn', `MCP request failed: ${e instanceof Error ? e.message : String(e)}`);
            if (!res.headersSent)
                reply(res, 500, 'Internal error.');
            else
                res.end();
        }
    }
    newSession() {
        // `logging`: the client sets a level and receives a log notification for each tool call it makes (who called
        // what, and how it ended) on that call's response stream, hence SSE responses rather than plain JSON.
        const server = new index_js_1.Server(this.options.serverInfo, { capabilities: { tools: {}, logging: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: NO_ELICITATION });
        const transport = new streamableHttp_js_1.StreamableHTTPServerTransport({
            sessionIdGenerator: () => (0, crypto_1.randomUUID)(),
            enableJsonResponse: false,
            maxRequestBodySize: MAX_BODY_BYTES,
            onsessioninitialized: id => {
                this.sessions.set(id, session);
                this.evictBeyondLimit();
                const client = server.getClientVersion();
                this.options.log?.('info', `MCP session ${id.slice(0, 8)} opened by ${client ? `${client.name} ${client.version}` : 'an unnamed client'}.`);
            },
            onsessionclosed: id => {
                this.sessions.delete(id);
                this.options.log?.('info', `MCP session ${id.slice(0, 8)} closed by the client.`);
            },
        });
        const session = { transport, server, lastUsed: Date.now(), logLevel: 'info' };
        const { tools, log } = this.options;
        server.setRequestHandler(types_js_1.SetLevelRequestSchema, request => {
            session.logLevel = request.params.level;
            return {};
        });
        server.setRequestHandler(types_js_1.ListToolsRequestSchema, () => ({ tools: tools.list() }));
        server.setRequestHandler(types_js_1.CallToolRequestSchema, async (request, extra) => {
            const name = request.params.name;
            const client = server.getClientVersion()?.name;
            log?.('info', `${client ?? 'MCP client'} calls ${name}.`);
            const notify = async (level, data) => {
                if (LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(session.logLevel))
                    return;
                // A client gone mid-call must not turn the call into a failure.
                await extra.sendNotification({ method: 'notifications/message', params: { level, logger: 'agent-overlay', data } }).catch(() => undefined);
            };
            await notify('info', { event: 'toolCall', tool: name });
            try {
                const result = await tools.call(name, request.params.arguments, { clientName: client, mcpSessionId: extra.sessionId, requestId: extra.requestId }, extra.signal);
                await notify(result.isError ? 'warning' : 'info', { event: 'toolResult', tool: name, isError: result.isError, status: statusOf(result.structuredContent) });
                return result;
            }
            catch (e) {
                await notify('error', { event: 'toolResult', tool: name, isError: true, message: e instanceof Error ? e.message : String(e) });
                if (e instanceof mcpToolService_1.UnknownToolError)
                    throw new types_js_1.McpError(types_js_1.ErrorCode.InvalidParams, e.message);
                throw e;
            }
        });
        // connect() only wires callbacks and starts the (no-op) transport; it settles at once.
        void server.connect(transport);
        return session;
    }
    evictBeyondLimit() {
        const max = this.options.maxSessions ?? 64;
        while (this.sessions.size > max) {
            const [oldestId, oldest] = [...this.sessions.entries()].reduce((a, b) => (b[1].lastUsed < a[1].lastUsed ? b : a));
            this.sessions.delete(oldestId);
            this.options.log?.('info', `MCP session ${oldestId.slice(0, 8)} closed: more than ${max} sessions are open.`);
            void closeSession(oldest);
        }
    }
}
exports.McpBridgeServer = McpBridgeServer;
/** The answer's `status` (or `success`), for a log line that says how a call ended without its content. */
function statusOf(data) {
    return data.status ?? (typeof data.success === 'boolean' ? (data.success ? 'success' : 'failure') : undefined);
}
/** The bridge never asks the client for input (elicitation), so no schema validator (and no ajv) is needed. */
const NO_ELICITATION = {
    getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'Agent Overlay does not use elicitation.' }),
};
async function closeSession(s) {
    await s.server.close().catch(() => undefined);
    await s.transport.close().catch(() => undefined);
}
function header(req, name) {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
}
/** A JSON-RPC error body, as the Streamable HTTP transport answers its own refusals. */
function reply(res, status, message, headers = {}) {
    const code = status === 404 ? -32001 : status === 401 || status === 403 ? -32000 : status >= 500 ? -32603 : -32600;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
//# sourceMappingURL=mcpBridgeServer.js.map