/** The bridge's ids in `package.json` (commands, settings, MCP server definition provider); a unit test checks they agree. */
export const MCP_COMMANDS = {
  start: 'agentOverlay.mcp.start',
  stop: 'agentOverlay.mcp.stop',
  copyConfig: 'agentOverlay.mcp.copyConfig',
  rotateToken: 'agentOverlay.mcp.rotateToken',
} as const;

/** `contributes.mcpServerDefinitionProviders[].id`; activation event `onMcpCollection:<id>`. */
export const MCP_PROVIDER_ID = 'agentOverlay.mcp';

export const MCP_SETTINGS = {
  section: 'agentOverlay.mcp',
  enabled: 'agentOverlay.mcp.enabled',
  port: 'agentOverlay.mcp.port',
} as const;
