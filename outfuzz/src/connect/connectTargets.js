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
exports.CONNECT_AGENT_IDS = exports.CONNECT_TARGETS = exports.CONNECT_ENV = void 0;
const path = __importStar(require("path"));
const mcpClientConfig_1 = require("../mcp/mcpClientConfig");
const jsonServerMerge_1 = require("./jsonServerMerge");
const tomlTableMerge_1 = require("./tomlTableMerge");
/** The environment variables the written configurations (and the agent plugin's `.mcp.json`) read. */
exports.CONNECT_ENV = { url: 'AGENT_OVERLAY_MCP_URL', token: 'AGENT_OVERLAY_MCP_TOKEN' };
const bearer = `Bearer \${${exports.CONNECT_ENV.token}}`;
const inProject = (...p) => (roots) => (roots.project ? path.join(roots.project, ...p) : undefined);
const inHome = (...p) => (roots) => path.join(roots.home, ...p);
exports.CONNECT_TARGETS = {
    // https://code.claude.com/docs/en/mcp: project scope is `.mcp.json` at the project root, `type: "http"`, and
    // `${VAR}` is expanded in `url` and `headers` ("Environment variable expansion in .mcp.json").
    claudeCode: {
        id: 'claudeCode',
        label: 'Claude Code',
        scope: 'project',
        file: inProject('.mcp.json'),
        merge: (current, file, url) => (0, jsonServerMerge_1.mergeJsonServer)(current, file, 'mcpServers', mcpClientConfig_1.MCP_SERVER_NAME, { type: 'http', url, headers: { Authorization: bearer } }),
        verify: 'claude mcp list',
    },
    // https://developers.openai.com/codex/mcp: `[mcp_servers.<name>]` in ~/.codex/config.toml; a Streamable HTTP
    // server has `url` and `bearer_token_env_var` (the name of the variable holding the token, never the token).
    codex: {
        id: 'codex',
        label: 'Codex',
        scope: 'user',
        file: inHome('.codex', 'config.toml'),
        merge: (current, file, url) => (0, tomlTableMerge_1.mergeTomlTable)(current, file, ['mcp_servers', mcpClientConfig_1.MCP_SERVER_NAME], [['url', url], ['bearer_token_env_var', exports.CONNECT_ENV.token]]),
        verify: 'codex mcp list',
    },
    // https://geminicli.com/docs/tools/mcp-server: `mcpServers.<name>.httpUrl` (Streamable HTTP) and `headers`;
    // https://geminicli.com/docs/cli/configuration: string values in settings.json may reference `$VAR` / `${VAR}`.
    geminiCli: {
        id: 'geminiCli',
        label: 'Gemini CLI',
        scope: 'project',
        file: inProject('.gemini', 'settings.json'),
        merge: (current, file, url) => (0, jsonServerMerge_1.mergeJsonServer)(current, file, 'mcpServers', mcpClientConfig_1.MCP_SERVER_NAME, { httpUrl: url, headers: { Authorization: bearer } }),
        verify: 'gemini mcp list',
    },
    // https://docs.github.com/en/copilot/how-tos/use-copilot-agents/use-copilot-cli: servers live in
    // ~/.copilot/mcp-config.json under `mcpServers` (`type: "http"`, `url`, `headers`, `tools`); header values may
    // reference `${VAR}` (Copilot CLI changelog 0.0.340: explicit `${VAR}` expansion).
    copilotCli: {
        id: 'copilotCli',
        label: 'Copilot CLI',
        scope: 'user',
        file: inHome('.copilot', 'mcp-config.json'),
        merge: (current, file, url) => (0, jsonServerMerge_1.mergeJsonServer)(current, file, 'mcpServers', mcpClientConfig_1.MCP_SERVER_NAME, { type: 'http', url, headers: { Authorization: bearer }, tools: ['*'] }),
        verify: 'copilot, then /mcp show',
    },
};
exports.CONNECT_AGENT_IDS = Object.keys(exports.CONNECT_TARGETS);
//# sourceMappingURL=connectTargets.js.map