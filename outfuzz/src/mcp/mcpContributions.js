"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MCP_SETTINGS = exports.MCP_PROVIDER_ID = exports.MCP_COMMANDS = void 0;
/** The bridge's ids in `package.json` (commands, settings, MCP server definition provider); a unit test checks they agree. */
exports.MCP_COMMANDS = {
    start: 'agentOverlay.mcp.start',
    stop: 'agentOverlay.mcp.stop',
    copyConfig: 'agentOverlay.mcp.copyConfig',
};
/** `contributes.mcpServerDefinitionProviders[].id`; activation event `onMcpCollection:<id>`. */
exports.MCP_PROVIDER_ID = 'agentOverlay.mcp';
exports.MCP_SETTINGS = {
    section: 'agentOverlay.mcp',
    enabled: 'agentOverlay.mcp.enabled',
    port: 'agentOverlay.mcp.port',
};
//# sourceMappingURL=mcpContributions.js.map