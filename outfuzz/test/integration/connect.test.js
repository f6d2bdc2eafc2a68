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
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const index_js_1 = require("@modelcontextprotocol/sdk/client/index.js");
const streamableHttp_js_1 = require("@modelcontextprotocol/sdk/client/streamableHttp.js");
const testApi_1 = require("./testApi");
/** Every file under `dir`, recursively. */
function filesUnder(dir) {
    return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map(f => path.join(dir, f)).filter(f => fs.statSync(f).isFile());
}
/** The env file's `export NAME='value'` lines, as a shell would set them. */
function sourced(file) {
    return Object.fromEntries([...fs.readFileSync(file, 'utf8').matchAll(/^export (\w+)='([^']*)'$/gm)].map(m => [m[1], m[2]]));
}
describe('Connect commands (Claude Code, Codex, Gemini CLI, Copilot CLI)', () => {
    let home;
    let project;
    const settings = () => vscode.workspace.getConfiguration('agentOverlay.mcp');
    before(async () => {
        const t = await (0, testApi_1.testing)();
        await t.mcp.stop();
        home = fs.mkdtempSync(path.join(os.tmpdir(), 'ao-connect-home-'));
        project = fs.mkdtempSync(path.join(os.tmpdir(), 'ao-connect-project-'));
        t.connect.setRoots({ home, project });
    });
    after(async () => {
        const t = await (0, testApi_1.testing)();
        t.connect.setRoots(undefined);
        // As the suite found them: no pinned port, no autostart (which stops the bridge).
        await settings().update('port', undefined, vscode.ConfigurationTarget.Global);
        await settings().update('enabled', undefined, vscode.ConfigurationTarget.Global);
        await (0, testApi_1.eventually)(() => t.mcp.endpoint() === undefined, 'the bridge to stop with agentOverlay.mcp.enabled unset');
        fs.rmSync(home, { recursive: true, force: true });
        fs.rmSync(project, { recursive: true, force: true });
    });
    it('Connect Claude Code starts the bridge, pins its port, and writes .mcp.json that points at it without the token', async () => {
        const t = await (0, testApi_1.testing)();
        assert.strictEqual(t.mcp.endpoint(), undefined, 'stopped before');
        const r = await vscode.commands.executeCommand('agentOverlay.connect.claudeCode');
        const endpoint = t.mcp.endpoint();
        assert.ok(endpoint, 'the command started the bridge');
        assert.strictEqual(r.configFile, path.join(project, '.mcp.json'));
        const config = JSON.parse(fs.readFileSync(r.configFile, 'utf8'));
        assert.deepStrictEqual(config.mcpServers['agent-overlay'], { type: 'http', url: endpoint.url, headers: { Authorization: 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}' } });
        // The URL must outlive this window: the port is pinned and the bridge starts with VS Code.
        assert.strictEqual(settings().inspect('port')?.globalValue, endpoint.port);
        assert.strictEqual(settings().inspect('enabled')?.globalValue, true);
        assert.strictEqual(t.mcp.endpoint()?.token, endpoint.token, 'pinning the port it runs on did not restart the bridge');
    });
    it('writes the token only into the user-level env file (mode 600), and a client using it reaches the bridge', async () => {
        const t = await (0, testApi_1.testing)();
        const endpoint = t.mcp.endpoint();
        const envFile = path.join(home, '.agent-overlay', 'mcp.env');
        assert.deepStrictEqual(sourced(envFile), { AGENT_OVERLAY_MCP_URL: endpoint.url, AGENT_OVERLAY_MCP_TOKEN: endpoint.token });
        if (process.platform !== 'win32')
            assert.strictEqual(fs.statSync(envFile).mode & 0o777, 0o600);
        // Expand the header exactly as Claude Code does with the sourced variable, and connect.
        const entry = JSON.parse(fs.readFileSync(path.join(project, '.mcp.json'), 'utf8')).mcpServers['agent-overlay'];
        const env = sourced(envFile);
        const headers = Object.fromEntries(Object.entries(entry.headers).map(([k, v]) => [k, v.replace(/\$\{(\w+)\}/g, (_, name) => env[name])]));
        const client = new index_js_1.Client({ name: 'connect-test', version: '1.0.0' });
        await client.connect(new streamableHttp_js_1.StreamableHTTPClientTransport(new URL(entry.url), { requestInit: { headers } }));
        try {
            assert.ok((await client.listTools()).tools.some(tool => tool.name === 'overlay_writeFile'));
        }
        finally {
            await client.close();
        }
    });
    it("Connect Codex, Gemini CLI and Copilot CLI write their own files, keeping the user's other entries", async () => {
        const t = await (0, testApi_1.testing)();
        const endpoint = t.mcp.endpoint();
        fs.mkdirSync(path.join(home, '.codex'), { recursive: true });
        fs.writeFileSync(path.join(home, '.codex', 'config.toml'), '# mine\nmodel = "o3"\n\n[mcp_servers.docs]\ncommand = "npx"\n');
        fs.mkdirSync(path.join(home, '.copilot'), { recursive: true });
        fs.writeFileSync(path.join(home, '.copilot', 'mcp-config.json'), JSON.stringify({ mcpServers: { github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/' } } }));
        const codex = await vscode.commands.executeCommand('agentOverlay.connect.codex');
        assert.strictEqual(codex.configFile, path.join(home, '.codex', 'config.toml'));
        assert.strictEqual(fs.readFileSync(codex.configFile, 'utf8'), `# mine\nmodel = "o3"\n\n[mcp_servers.docs]\ncommand = "npx"\n\n[mcp_servers.agent-overlay]\nurl = "${endpoint.url}"\nbearer_token_env_var = "AGENT_OVERLAY_MCP_TOKEN"\n`);
        const gemini = await vscode.commands.executeCommand('agentOverlay.connect.geminiCli');
        assert.strictEqual(gemini.configFile, path.join(project, '.gemini', 'settings.json'));
        assert.deepStrictEqual(JSON.parse(fs.readFileSync(gemini.configFile, 'utf8')), {
            mcpServers: { 'agent-overlay': { httpUrl: endpoint.url, headers: { Authorization: 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}' } } },
        });
        const copilot = await vscode.commands.executeCommand('agentOverlay.connect.copilotCli');
        assert.strictEqual(copilot.configFile, path.join(home, '.copilot', 'mcp-config.json'));
        assert.deepStrictEqual(JSON.parse(fs.readFileSync(copilot.configFile, 'utf8')), {
            mcpServers: {
                github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/' },
                'agent-overlay': { type: 'http', url: endpoint.url, headers: { Authorization: 'Bearer ${AGENT_OVERLAY_MCP_TOKEN}' }, tools: ['*'] },
            },
        });
        assert.strictEqual(t.mcp.endpoint()?.token, endpoint.token, 'connecting more agents kept the running bridge');
    });
    it('no file in the project holds the token', async () => {
        const t = await (0, testApi_1.testing)();
        const token = t.mcp.endpoint().token;
        const files = filesUnder(project);
        assert.deepStrictEqual(files.map(f => path.relative(project, f)).sort(), ['.gemini/settings.json', '.mcp.json'].map(p => p.split('/').join(path.sep)));
        for (const f of files)
            assert.ok(!fs.readFileSync(f, 'utf8').includes(token), f);
    });
    it('leaves a malformed configuration untouched and returns nothing', async () => {
        const file = path.join(project, '.gemini', 'settings.json');
        fs.writeFileSync(file, '{ "mcpServers": { oops');
        const r = await vscode.commands.executeCommand('agentOverlay.connect.geminiCli');
        assert.strictEqual(r, undefined);
        assert.strictEqual(fs.readFileSync(file, 'utf8'), '{ "mcpServers": { oops');
    });
    it('rewrites the env file with the new token when the bridge restarts', async () => {
        const t = await (0, testApi_1.testing)();
        const before = t.mcp.endpoint();
        const restarted = await t.mcp.start();
        assert.notStrictEqual(restarted.token, before.token);
        assert.strictEqual(restarted.port, before.port, 'the pinned port');
        const envFile = path.join(home, '.agent-overlay', 'mcp.env');
        await (0, testApi_1.eventually)(() => sourced(envFile).AGENT_OVERLAY_MCP_TOKEN === restarted.token, 'the env file to carry the new token');
        assert.strictEqual(sourced(envFile).AGENT_OVERLAY_MCP_URL, restarted.url);
    });
});
//# sourceMappingURL=connect.test.js.map