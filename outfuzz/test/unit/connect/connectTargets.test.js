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
const assert = __importStar(require("assert"));
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const connectTargets_1 = require("../../../src/connect/connectTargets");
const connectEnvFile_1 = require("../../../src/connect/connectEnvFile");
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const roots = { home: '/home/u', project: '/work/p' };
const url = 'http://127.0.0.1:4123/mcp';
const TOKEN = 'sEcReT-token_123';
describe('Connect targets', () => {
    it('writes each agent where its documentation says it reads MCP servers', () => {
        assert.deepStrictEqual(Object.fromEntries(connectTargets_1.CONNECT_AGENT_IDS.map(id => [id, connectTargets_1.CONNECT_TARGETS[id].file(roots)])), {
            claudeCode: '/work/p/.mcp.json',
            codex: '/home/u/.codex/config.toml',
            geminiCli: '/work/p/.gemini/settings.json',
            copilotCli: '/home/u/.copilot/mcp-config.json',
        });
    });
    it('needs an open folder for the project-scoped agents only', () => {
        const none = { home: '/home/u', project: undefined };
        assert.deepStrictEqual(connectTargets_1.CONNECT_AGENT_IDS.filter(id => connectTargets_1.CONNECT_TARGETS[id].file(none) === undefined), ['claudeCode', 'geminiCli']);
        assert.deepStrictEqual(connectTargets_1.CONNECT_AGENT_IDS.filter(id => connectTargets_1.CONNECT_TARGETS[id].scope === 'project'), ['claudeCode', 'geminiCli']);
    });
    it('points every entry at the bridge URL and reads the token from the environment variable', () => {
        const header = 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}';
        const parse = (id) => JSON.parse(connectTargets_1.CONNECT_TARGETS[id].merge(undefined, 'f', url)).mcpServers['agent-overlay'];
        assert.deepStrictEqual(parse('claudeCode'), { type: 'http', url, headers: { Authorization: header } });
        assert.deepStrictEqual(parse('geminiCli'), { httpUrl: url, headers: { Authorization: header } });
        assert.deepStrictEqual(parse('copilotCli'), { type: 'http', url, headers: { Authorization: header }, tools: ['*'] });
        assert.strictEqual(connectTargets_1.CONNECT_TARGETS.codex.merge(undefined, 'f', url), `[mcp_servers.agent-overlay]\nurl = "${url}"\nbearer_token_env_var = "${connectTargets_1.CONNECT_ENV.token}"\n`);
    });
    it('package.json contributes one Connect command per agent, in Title Case under "Agent Overlay"', () => {
        const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
        const connect = pkg.contributes.commands.filter(c => c.command.startsWith('agentOverlay.connect.'));
        assert.deepStrictEqual(connect.map(c => [c.command, c.title, c.category]), [
            ['agentOverlay.connect.claudeCode', 'Connect Claude Code', 'Agent Overlay'],
            ['agentOverlay.connect.codex', 'Connect Codex', 'Agent Overlay'],
            ['agentOverlay.connect.geminiCli', 'Connect Gemini CLI', 'Agent Overlay'],
            ['agentOverlay.connect.copilotCli', 'Connect Copilot CLI', 'Agent Overlay'],
        ]);
    });
});
describe('Connect env file', () => {
    it('lives in the home directory, not in a project', () => {
        assert.strictEqual((0, connectEnvFile_1.connectEnvFilePath)('/home/u'), path.join('/home/u', '.agent-overlay', 'mcp.env'));
    });
    it('exports the URL and token, single-quoted, for `source`', () => {
        const text = (0, connectEnvFile_1.renderConnectEnvFile)({ url, token: TOKEN });
        assert.ok(text.includes(`export AGENT_OVERLAY_MCP_URL='${url}'\n`));
        assert.ok(text.includes(`export AGENT_OVERLAY_MCP_TOKEN='${TOKEN}'\n`));
        assert.strictEqual((0, connectEnvFile_1.sourceCommand)("/home/o'neil/.agent-overlay/mcp.env"), "source '/home/o'\\''neil/.agent-overlay/mcp.env'");
    });
});
//# sourceMappingURL=connectTargets.test.js.map