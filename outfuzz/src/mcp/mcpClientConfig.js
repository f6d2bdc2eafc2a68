"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MCP_CLIENT_FORMATS = exports.MCP_SERVER_NAME = void 0;
exports.authorizationHeader = authorizationHeader;
exports.renderClientConfig = renderClientConfig;
exports.MCP_SERVER_NAME = 'agent-overlay';
exports.MCP_CLIENT_FORMATS = [
    { id: 'mcpServers', label: 'Claude Code, Cursor, Windsurf and most clients', detail: '{"mcpServers": {...}}: .mcp.json, ~/.cursor/mcp.json, …' },
    { id: 'vscode', label: 'VS Code (another window or a workspace)', detail: '{"servers": {...}}: .vscode/mcp.json or the user mcp.json' },
    { id: 'gemini', label: 'Gemini CLI', detail: '{"mcpServers": {... "httpUrl"}}: ~/.gemini/settings.json' },
    { id: 'claudeCli', label: 'Claude Code command line', detail: 'claude mcp add --transport http …' },
];
/** The HTTP header every request must carry. */
function authorizationHeader(endpoint) {
    return { Authorization: `Bearer ${endpoint.token}` };
}
function renderClientConfig(endpoint, format = 'mcpServers') {
    const headers = authorizationHeader(endpoint);
    switch (format) {
        case 'mcpServers':
            return json({ mcpServers: { [exports.MCP_SERVER_NAME]: { type: 'http', url: endpoint.url, headers } } });
        case 'vscode':
            return json({ servers: { [exports.MCP_SERVER_NAME]: { type: 'http', url: endpoint.url, headers } } });
        case 'gemini':
            return json({ mcpServers: { [exports.MCP_SERVER_NAME]: { httpUrl: endpoint.url, headers } } });
        case 'claudeCli':
            return `claude mcp add --transport http ${exports.MCP_SERVER_NAME} ${endpoint.url} --header ${shellQuote(`Authorization: ${headers.Authorization}`)}`;
    }
}
function json(value) {
    return JSON.stringify(value, null, 2) + '\n';
}
/** POSIX single quotes; the token is base64url, so this is belt and braces. */
function shellQuote(s) {
    return `'${s.replace(/'/g, `'\\''`)}'`;
}
//# sourceMappingURL=mcpClientConfig.js.map