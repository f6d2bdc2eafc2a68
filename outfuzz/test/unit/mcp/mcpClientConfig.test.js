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
const mcpClientConfig_1 = require("../../../src/mcp/mcpClientConfig");
const endpoint = { url: 'http://127.0.0.1:4123/mcp', port: 4123, token: 'T0k_en-x' };
const auth = { Authorization: 'Bearer T0k_en-x' };
describe('MCP client configuration', () => {
    it('renders the common mcpServers JSON with url and header', () => {
        assert.deepStrictEqual(JSON.parse((0, mcpClientConfig_1.renderClientConfig)(endpoint)), { mcpServers: { 'agent-overlay': { type: 'http', url: endpoint.url, headers: auth } } });
    });
    it("renders VS Code's mcp.json and Gemini CLI's settings", () => {
        assert.deepStrictEqual(JSON.parse((0, mcpClientConfig_1.renderClientConfig)(endpoint, 'vscode')), { servers: { 'agent-overlay': { type: 'http', url: endpoint.url, headers: auth } } });
        assert.deepStrictEqual(JSON.parse((0, mcpClientConfig_1.renderClientConfig)(endpoint, 'gemini')), { mcpServers: { 'agent-overlay': { httpUrl: endpoint.url, headers: auth } } });
    });
    it('renders a Claude Code command line with the header quoted', () => {
        assert.strictEqual((0, mcpClientConfig_1.renderClientConfig)(endpoint, 'claudeCli'), "claude mcp add --transport http agent-overlay http://127.0.0.1:4123/mcp --header 'Authorization: Bearer T0k_en-x'");
    });
    it('offers every format it can render', () => {
        for (const f of mcpClientConfig_1.MCP_CLIENT_FORMATS)
            assert.ok((0, mcpClientConfig_1.renderClientConfig)(endpoint, f.id).includes(endpoint.token), f.id);
    });
});
//# sourceMappingURL=mcpClientConfig.test.js.map