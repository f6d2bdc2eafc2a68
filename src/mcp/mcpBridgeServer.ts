import { randomUUID } from 'crypto';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, SetLevelRequestSchema, type LoggingLevel,
} from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { LOOPBACK_HOST, guardRequest } from './mcpRequestGuard';
import { isBridgeToken, newBridgeToken } from './mcpBridgeToken';
import { MCP_PATH, McpBindError, PROJECT_PARAM, assertLoopbackHost, endpointUrl, projectKey, type McpEndpoint } from './mcpEndpoint';
import { McpToolService, UnknownToolError } from './mcpToolService';
import { quoteClientText } from '../tools/clientText';

export interface McpBridgeOptions {
  readonly tools: McpToolService;
  /** What `initialize` reports. */
  readonly serverInfo: { readonly name: string; readonly version: string };
  /** Must be 127.0.0.1 (the default); anything else is refused with `McpBindError`. */
  readonly host?: string;
  /** 0 (default) = a free port chosen by the OS. */
  readonly port?: number;
  /** Open MCP sessions kept at most; the least recently used is closed beyond it. */
  readonly maxSessions?: number;
  readonly log?: (level: 'info' | 'warn', message: string) => void;
  /** The bearer token clients must send; a fresh random one when absent (the extension passes its kept token). */
  readonly token?: string;
  /**
   * This window's workspace folders, asked per request: a client connected for a project (`?project=<key>`, written
   * by Connect) is served only when the key is one of theirs. Absent: every project key is refused.
   */
  readonly projects?: () => readonly string[];
}

interface Session {
  readonly transport: StreamableHTTPServerTransport;
  readonly server: Server;
  lastUsed: number;
  /** The client's `logging/setLevel`: log notifications below it are not sent. */
  logLevel: LoggingLevel;
}

/** MCP's log levels, least severe first (RFC 5424 order, as the spec lists them). */
const LOG_LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** Instructions shown to MCP clients at `initialize`. */
const INSTRUCTIONS =
  'Agent Overlay: file writes made through the overlay_* tools are STAGED for the user\'s review in VS Code and never reach the disk until the user applies them; ' +
  'reads already see staged content. Local history (history_*) is shared only version by version after the user allows it in VS Code. ' +
  'Your changes are attributed to "mcp:<your client name>" (the name you gave at initialize); pass "sessionId" (a label for your conversation: "mcp:<your client name>/<label>") and "messageId" (the message making the call) with any tool call to group them. ' +
  'Changes made by the user or by other clients are listed, but discarding or resolving them asks the user.';

/** Large writes come as JSON strings of up to 5 M characters (escaped): room for them, and a bound. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * The MCP server of the bridge (SDK Streamable HTTP, one SDK `Server` per MCP session so each knows its client),
 * guarded by `guardRequest`. No `vscode` here: the adapter in `vscode/` starts and stops it.
 */
export class McpBridgeServer implements McpEndpoint {
  private readonly sessions = new Map<string, Session>();
  private stopped = false;

  private constructor(
    private readonly http: http.Server,
    readonly port: number,
    readonly token: string,
    private readonly options: McpBridgeOptions,
  ) {}

  get url(): string {
    return endpointUrl(this.port);
  }

  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Listens on 127.0.0.1 (only) with `options.token`, or a fresh random token. */
  static async start(options: McpBridgeOptions): Promise<McpBridgeServer> {
    assertLoopbackHost(options.host ?? LOOPBACK_HOST);
    const port = options.port ?? 0;
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new McpBindError('ListenFailed', `Port ${port} is not a TCP port (0-65535).`);
    const token = options.token ?? newBridgeToken();
    if (!isBridgeToken(token)) throw new Error('The MCP bearer token must be 43 base64url characters (as newBridgeToken makes).');
    const server = http.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) =>
        reject(e.code === 'EADDRINUSE' ? new McpBindError('PortInUse', `Port ${port} on ${LOOPBACK_HOST} is in use; choose another agentOverlay.mcp.port, or 0 for a free one.`) : new McpBindError('ListenFailed', `Could not listen on ${LOOPBACK_HOST}:${port}: ${e.message}`)));
      server.listen({ host: LOOPBACK_HOST, port, exclusive: true }, () => resolve());
    });
    const bound = (server.address() as AddressInfo).port;
    const bridge = new McpBridgeServer(server, bound, token, options);
    server.on('request', (req, res) => void bridge.handle(req, res));
    return bridge;
  }

  /** Closes every session and the listener; idempotent. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(sessions.map(s => closeSession(s)));
    await new Promise<void>(resolve => {
      this.http.close(() => resolve());
      this.http.closeAllConnections();
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    try {
      const verdict = guardRequest({ host: req.headers.host, origin: req.headers.origin, authorization: header(req, 'authorization') }, this);
      if (!verdict.ok) {
        this.options.log?.('warn', `Refused ${req.method} ${req.url} from ${req.socket.remoteAddress}: ${verdict.reason} (${verdict.status}).`);
        const extra: http.OutgoingHttpHeaders = verdict.status === 401 ? { 'www-authenticate': 'Bearer realm="agent-overlay"' } : {};
        return reply(res, verdict.status, verdict.status === 401 ? 'Unauthorized: send "Authorization: Bearer <token>" (Agent Overlay: Copy MCP Client Configuration).' : 'Forbidden.', extra);
      }
      const target = new URL(req.url ?? '/', this.url);
      if (target.pathname !== MCP_PATH) return reply(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`);
      const refusal = this.otherProject(target.searchParams.getAll(PROJECT_PARAM));
      if (refusal !== undefined) {
        this.options.log?.('warn', `Refused ${req.method} ${MCP_PATH} for another project: ${refusal}`);
        return reply(res, 403, refusal);
      }
      if (req.method === 'GET') return reply(res, 405, 'This server sends no notifications stream; use POST.', { allow: 'POST, DELETE' });
      if (req.method !== 'POST' && req.method !== 'DELETE') return reply(res, 405, 'Method not allowed.', { allow: 'POST, DELETE' });

      const sessionId = header(req, 'mcp-session-id');
      if (sessionId !== undefined) {
        const session = this.sessions.get(sessionId);
        if (!session) return reply(res, 404, 'Session not found: initialize a new session.');
        session.lastUsed = Date.now();
        return await session.transport.handleRequest(req, res);
      }
      if (req.method !== 'POST') return reply(res, 400, 'Bad request: no Mcp-Session-Id.');
      // A request without a session must be `initialize` (the transport answers 400 otherwise); a session that did
      // not come out of it is dropped again.
      const session = this.newSession();
      await session.transport.handleRequest(req, res);
      if (session.transport.sessionId === undefined) await closeSession(session);
    } catch (e) {
      this.options.log?.('warn', `MCP request failed: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent) reply(res, 500, 'Internal error.');
      else res.end();
    }
  }

  /**
   * Why a client connected for another project is refused, or undefined when it is this window's (or names none:
   * a configuration written by hand, or VS Code's own MCP support in this window).
   */
  private otherProject(claimed: readonly string[]): string | undefined {
    if (claimed.length === 0) return undefined;
    const folders = this.options.projects?.() ?? [];
    if (claimed.length === 1 && folders.some((f) => projectKey(f) === claimed[0])) return undefined;
    const serving = folders.length === 0 ? 'a VS Code window with no folder open' : `the VS Code window of ${folders.map((f) => JSON.stringify(f)).join(', ')}`;
    return `Forbidden: this Agent Overlay bridge serves ${serving}, and this client was connected for another project. ` +
      'Your changes would be staged for review in the wrong window, so nothing is served. Open your project in VS Code, run ' +
      '"Agent Overlay: Stop MCP Server" in the other window (one window at a time runs the bridge on the pinned port) and "Agent Overlay: Start MCP Server" in yours.';
  }

  private newSession(): Session {
    // `logging`: the client sets a level and receives a log notification for each tool call it makes (who called
    // what, and how it ended) on that call's response stream, hence SSE responses rather than plain JSON.
    const server = new Server(this.options.serverInfo, { capabilities: { tools: {}, logging: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: NO_ELICITATION });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: false,
      maxRequestBodySize: MAX_BODY_BYTES,
      onsessioninitialized: id => {
        this.sessions.set(id, session);
        this.evictBeyondLimit();
        const client = server.getClientVersion();
        // Quoted on one line: a client name with line breaks must not forge log lines.
        this.options.log?.('info', `MCP session ${id.slice(0, 8)} opened by ${client ? `${quoteClientText(client.name)} ${quoteClientText(client.version, 24)}` : 'an unnamed client'}.`);
      },
      onsessionclosed: id => {
        this.sessions.delete(id);
        this.options.log?.('info', `MCP session ${id.slice(0, 8)} closed by the client.`);
      },
    });
    const session: Session = { transport, server, lastUsed: Date.now(), logLevel: 'info' };
    const { tools, log } = this.options;
    server.setRequestHandler(SetLevelRequestSchema, request => {
      session.logLevel = request.params.level;
      return {};
    });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.list() }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const name = request.params.name;
      const client = server.getClientVersion()?.name;
      log?.('info', `${client !== undefined ? `MCP client ${quoteClientText(client)}` : 'MCP client'} calls ${quoteClientText(name)}.`);
      const notify = async (level: LoggingLevel, data: Record<string, unknown>) => {
        if (LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(session.logLevel)) return;
        // A client gone mid-call must not turn the call into a failure.
        await extra.sendNotification({ method: 'notifications/message', params: { level, logger: 'agent-overlay', data } }).catch(() => undefined);
      };
      await notify('info', { event: 'toolCall', tool: name });
      try {
        const result = await tools.call(name, request.params.arguments, { clientName: client, mcpSessionId: extra.sessionId, requestId: extra.requestId }, extra.signal);
        await notify(result.isError ? 'warning' : 'info', { event: 'toolResult', tool: name, isError: result.isError, status: statusOf(result.structuredContent) });
        return result;
      } catch (e) {
        await notify('error', { event: 'toolResult', tool: name, isError: true, message: e instanceof Error ? e.message : String(e) });
        if (e instanceof UnknownToolError) throw new McpError(ErrorCode.InvalidParams, e.message);
        throw e;
      }
    });
    // connect() only wires callbacks and starts the (no-op) transport; it settles at once.
    void server.connect(transport);
    return session;
  }

  private evictBeyondLimit(): void {
    const max = this.options.maxSessions ?? 64;
    while (this.sessions.size > max) {
      const [oldestId, oldest] = [...this.sessions.entries()].reduce((a, b) => (b[1].lastUsed < a[1].lastUsed ? b : a));
      this.sessions.delete(oldestId);
      this.options.log?.('info', `MCP session ${oldestId.slice(0, 8)} closed: more than ${max} sessions are open.`);
      void closeSession(oldest);
    }
  }
}

/** The answer's `status` (or `success`), for a log line that says how a call ended without its content. */
function statusOf(data: Record<string, unknown>): unknown {
  return data.status ?? (typeof data.success === 'boolean' ? (data.success ? 'success' : 'failure') : undefined);
}

/** The bridge never asks the client for input (elicitation), so no schema validator (and no ajv) is needed. */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'Agent Overlay does not use elicitation.' }),
};

async function closeSession(s: Session): Promise<void> {
  await s.server.close().catch(() => undefined);
  await s.transport.close().catch(() => undefined);
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** A JSON-RPC error body, as the Streamable HTTP transport answers its own refusals. */
function reply(res: http.ServerResponse, status: number, message: string, headers: http.OutgoingHttpHeaders = {}): void {
  const code = status === 404 ? -32001 : status === 401 || status === 403 ? -32000 : status >= 500 ? -32603 : -32600;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
