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
const configMergeError_1 = require("../../../src/connect/configMergeError");
const jsonServerMerge_1 = require("../../../src/connect/jsonServerMerge");
const entry = { type: 'http', url: 'http://127.0.0.1:4123/mcp', headers: { Authorization: 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}' } };
const merge = (text) => JSON.parse((0, jsonServerMerge_1.mergeJsonServer)(text, '/p/.mcp.json', 'mcpServers', 'agent-overlay', entry));
describe('mergeJsonServer', () => {
    it('creates the file when there is none (or it is empty)', () => {
        assert.deepStrictEqual(merge(undefined), { mcpServers: { 'agent-overlay': entry } });
        assert.deepStrictEqual(merge('  \n'), { mcpServers: { 'agent-overlay': entry } });
    });
    it("keeps the user's other servers and other settings", () => {
        const existing = { theme: 'Dracula', mcpServers: { github: { httpUrl: 'https://x/mcp' }, local: { command: 'uvx', args: ['a'] } }, general: { vimMode: true } };
        assert.deepStrictEqual(merge(JSON.stringify(existing)), { ...existing, mcpServers: { ...existing.mcpServers, 'agent-overlay': entry } });
    });
    it('replaces its own entry in place (running it twice changes nothing)', () => {
        const stale = JSON.stringify({ mcpServers: { a: {}, 'agent-overlay': { type: 'http', url: 'http://127.0.0.1:1/mcp' }, z: {} } });
        const once = (0, jsonServerMerge_1.mergeJsonServer)(stale, 'f', 'mcpServers', 'agent-overlay', entry);
        assert.deepStrictEqual(Object.keys(JSON.parse(once).mcpServers), ['a', 'agent-overlay', 'z']);
        assert.strictEqual((0, jsonServerMerge_1.mergeJsonServer)(once, 'f', 'mcpServers', 'agent-overlay', entry), once);
    });
    it('refuses a file that is not JSON, naming the file and saying nothing was changed', () => {
        assert.throws(() => merge('{ "mcpServers": { // a comment\n } }'), (e) => e instanceof configMergeError_1.ConfigMergeError && e.code === 'Malformed' && /^\/p\/\.mcp\.json: is not valid JSON/.test(e.message) && /Nothing was changed/.test(e.message));
        assert.throws(() => merge('{"mcpServers": {'), configMergeError_1.ConfigMergeError);
    });
    it('refuses JSON of the wrong shape rather than overwrite it', () => {
        assert.throws(() => merge('[1, 2]'), (e) => e instanceof configMergeError_1.ConfigMergeError && e.code === 'Unexpected');
        assert.throws(() => merge('"text"'), configMergeError_1.ConfigMergeError);
        assert.throws(() => merge('{"mcpServers": []}'), /"mcpServers" that is not an object/);
        assert.throws(() => merge('{"mcpServers": "none"}'), configMergeError_1.ConfigMergeError);
    });
});
//# sourceMappingURL=jsonServerMerge.test.js.map