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
const tomlTableMerge_1 = require("../../../src/connect/tomlTableMerge");
const TABLE = ['mcp_servers', 'agent-overlay'];
const VALUES = [['url', 'http://127.0.0.1:4123/mcp'], ['bearer_token_env_var', 'AGENT_OVERLAY_MCP_TOKEN']];
const OURS = '[mcp_servers.agent-overlay]\nurl = "http://127.0.0.1:4123/mcp"\nbearer_token_env_var = "AGENT_OVERLAY_MCP_TOKEN"\n';
const merge = (text) => (0, tomlTableMerge_1.mergeTomlTable)(text, '/home/u/.codex/config.toml', TABLE, VALUES);
describe('mergeTomlTable (Codex config.toml)', () => {
    it('creates the file when there is none', () => {
        assert.strictEqual(merge(undefined), OURS);
        assert.strictEqual(merge(''), OURS);
    });
    it("appends after the user's settings, leaving every line (comments included) as it was", () => {
        const existing = [
            '# my codex config',
            'model = "o4-mini"  # fast',
            'approval_policy = "on-request"',
            '',
            '[mcp_servers.docs]',
            'command = "npx"',
            'args = ["-y", "docs-mcp"]',
            '',
            '[mcp_servers.docs.env]',
            'KEY = "v"',
        ].join('\n') + '\n';
        assert.strictEqual(merge(existing), existing + '\n' + OURS);
    });
    it('replaces its own table and sub-tables in place, keeping the tables after it', () => {
        const existing = [
            'model = "o3"',
            '',
            '[mcp_servers."agent-overlay"]   # old',
            'url = "http://127.0.0.1:1/mcp"',
            'bearer_token = "LEAKED"',
            '',
            '[mcp_servers.agent-overlay.env]',
            'X = "1"',
            '',
            '# next server',
            '[mcp_servers.other]',
            'url = "https://example.com/mcp"',
            '',
        ].join('\n');
        const out = merge(existing);
        assert.strictEqual(out, ['model = "o3"', '', OURS.trimEnd(), '', '# next server', '[mcp_servers.other]', 'url = "https://example.com/mcp"', ''].join('\n'));
        assert.ok(!out.includes('LEAKED'));
        assert.strictEqual(merge(out), out, 'idempotent');
    });
    it('keeps CRLF line endings', () => {
        assert.strictEqual(merge('model = "o3"\r\n'), `model = "o3"\r\n\r\n${OURS.replace(/\n/g, '\r\n')}`);
    });
    it('does not mistake a header inside a multi-line string for a table', () => {
        const existing = 'instructions = """\n[mcp_servers.agent-overlay]\nnot a table\n"""\n';
        assert.strictEqual(merge(existing), existing + '\n' + OURS);
    });
    it('refuses malformed files with the file named and nothing written', () => {
        const malformed = (text, why) => assert.throws(() => merge(text), (e) => e instanceof configMergeError_1.ConfigMergeError && e.code === 'Malformed' && e.message.startsWith('/home/u/.codex/config.toml: ') && why.test(e.message), text);
        malformed('[mcp_servers.docs\ncommand = "x"\n', /line 1 starts with "\[" but is not a table header/);
        malformed('[[mcp_servers]\n', /not a table header/);
        malformed('x = """\nnever closed\n', /multi-line string \(""".*never closed/);
        malformed('[mcp_servers.agent-overlay]\nurl = "a"\n[mcp_servers.agent-overlay]\nurl = "b"\n', /more than once/);
    });
    it('refuses to add a table when the server is already defined as an inline table or with dotted keys', () => {
        const unexpected = (text) => assert.throws(() => merge(text), (e) => e instanceof configMergeError_1.ConfigMergeError && e.code === 'Unexpected', text);
        unexpected('[mcp_servers]\nagent-overlay = { url = "http://127.0.0.1:1/mcp" }\n');
        unexpected('[mcp_servers]\n"agent-overlay".url = "http://127.0.0.1:1/mcp"\n');
        unexpected('mcp_servers.agent-overlay.url = "http://127.0.0.1:1/mcp"\n');
        unexpected('mcp_servers = { docs = { command = "x" } }\n');
    });
    it('escapes values as TOML basic strings', () => {
        const out = (0, tomlTableMerge_1.mergeTomlTable)(undefined, 'f', ['t'], [['k', 'a "quoted" \\ path\n']]);
        assert.strictEqual(out, '[t]\nk = "a \\"quoted\\" \\\\ path\\n"\n');
    });
});
//# sourceMappingURL=tomlTableMerge.test.js.map