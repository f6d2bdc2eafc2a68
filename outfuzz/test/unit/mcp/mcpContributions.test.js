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
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const mcpContributions_1 = require("../../../src/mcp/mcpContributions");
const REPO = path.join(__dirname, '..', '..', '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
describe('MCP bridge contributions', () => {
    it('package.json declares the commands, settings (off by default, random port) and the server definition provider', () => {
        const commands = new Set(pkg.contributes.commands.map(c => c.command));
        for (const id of Object.values(mcpContributions_1.MCP_COMMANDS))
            assert.ok(commands.has(id), id);
        const settings = Object.assign({}, ...pkg.contributes.configuration.map(c => c.properties));
        assert.strictEqual(settings[mcpContributions_1.MCP_SETTINGS.enabled]?.default, false);
        assert.strictEqual(settings[mcpContributions_1.MCP_SETTINGS.port]?.default, 0);
        assert.deepStrictEqual(pkg.contributes.mcpServerDefinitionProviders.map(p => p.id), [mcpContributions_1.MCP_PROVIDER_ID]);
        assert.ok(pkg.activationEvents.includes(`onMcpCollection:${mcpContributions_1.MCP_PROVIDER_ID}`));
    });
    it('activation does not load the MCP SDK: the bridge loads it on its first start', () => {
        const controller = path.join(REPO, 'out', 'src', 'mcp', 'mcpBridgeController.js');
        const tools = path.join(REPO, 'out', 'src', 'mcp', 'mcpToolService.js');
        const script = `require(${JSON.stringify(controller)}); require(${JSON.stringify(tools)});
      const loaded = () => Object.keys(require.cache).some(f => f.includes('@modelcontextprotocol'));
      const before = loaded();
      const { McpBridgeController } = require(${JSON.stringify(controller)});
      const { McpToolService } = require(${JSON.stringify(tools)});
      const c = new McpBridgeController({ tools: new McpToolService([]), serverInfo: { name: 't', version: '0' } }, () => 0);
      c.start().then(() => { const after = loaded(); return c.dispose().then(() => console.log(JSON.stringify({ before, after }))); });`;
        assert.deepStrictEqual(JSON.parse((0, child_process_1.execFileSync)(process.execPath, ['-e', script], { encoding: 'utf8' })), { before: false, after: true });
    });
});
//# sourceMappingURL=mcpContributions.test.js.map