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
exports.CONNECT_COMMANDS = void 0;
exports.registerConnectCommands = registerConnectCommands;
const fs = __importStar(require("fs/promises"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
const vscode = __importStar(require("vscode"));
const mcpContributions_1 = require("../../mcp/mcpContributions");
const connectTargets_1 = require("../connectTargets");
const connectEnvFile_1 = require("../connectEnvFile");
/** `contributes.commands` ids; a unit test checks they agree with package.json. */
exports.CONNECT_COMMANDS = {
    claudeCode: 'agentOverlay.connect.claudeCode',
    codex: 'agentOverlay.connect.codex',
    geminiCli: 'agentOverlay.connect.geminiCli',
    copilotCli: 'agentOverlay.connect.copilotCli',
};
/**
 * The four "Agent Overlay: Connect …" commands. Each makes sure the bridge runs and will run again with VS Code
 * (`agentOverlay.mcp.enabled`) on the same port (`agentOverlay.mcp.port`, pinned from the running one when it was
 * `0`), writes the agent's MCP entry (URL + a reference to `AGENT_OVERLAY_MCP_TOKEN`) and the user-level env file
 * with the token, and says where both went. The env file is then rewritten on every bridge start.
 */
function registerConnectCommands(bridge) {
    let override;
    const roots = () => override ?? {
        home: os.homedir(),
        project: vscode.workspace.workspaceFolders?.find(f => f.uri.scheme === 'file')?.uri.fsPath,
    };
    const connect = async (agent) => {
        const target = connectTargets_1.CONNECT_TARGETS[agent];
        const where = roots();
        const configFile = target.file(where);
        if (!configFile)
            throw new Error(`${target.label} reads this configuration from the project: open a folder first.`);
        const endpoint = await keepBridgeRunning(bridge);
        const current = await readIfExists(configFile);
        const next = target.merge(current, configFile, endpoint.url); // throws ConfigMergeError before anything is written
        await fs.mkdir(path.dirname(configFile), { recursive: true });
        if (next !== current)
            await fs.writeFile(configFile, next, 'utf8');
        const envFile = await writeEnvFile(where.home, endpoint);
        return { agent, configFile, envFile, url: endpoint.url };
    };
    const disposables = [
        // Keep the env file's token current across restarts, once a Connect command made it.
        bridge.onDidChangeEndpoint(endpoint => {
            if (!endpoint)
                return;
            const file = (0, connectEnvFile_1.connectEnvFilePath)(roots().home);
            void fs.access(file).then(() => writeEnvFile(roots().home, endpoint), () => undefined);
        }),
    ];
    for (const agent of Object.keys(exports.CONNECT_COMMANDS)) {
        disposables.push(vscode.commands.registerCommand(exports.CONNECT_COMMANDS[agent], async () => {
            const label = connectTargets_1.CONNECT_TARGETS[agent].label;
            try {
                const result = await connect(agent);
                void tell(result);
                return result;
            }
            catch (e) {
                void vscode.window.showErrorMessage(`Agent Overlay: connecting ${label} failed: ${e instanceof Error ? e.message : String(e)}`);
                return undefined;
            }
        }));
    }
    return {
        testSeam: { setRoots: r => void (override = r) },
        dispose: () => {
            for (const d of disposables.reverse())
                d.dispose();
        },
    };
}
/** Starts the bridge if needed, and makes the written URL outlive this window: autostart on, port pinned. */
async function keepBridgeRunning(bridge) {
    const endpoint = await bridge.ensureRunning();
    const settings = vscode.workspace.getConfiguration(mcpContributions_1.MCP_SETTINGS.section);
    // The settings listener keeps a server that already runs on the pinned port (same token).
    if (settings.get('port', 0) === 0)
        await settings.update('port', endpoint.port, vscode.ConfigurationTarget.Global);
    if (!settings.get('enabled', false))
        await settings.update('enabled', true, vscode.ConfigurationTarget.Global);
    return bridge.ensureRunning();
}
async function writeEnvFile(home, endpoint) {
    const file = (0, connectEnvFile_1.connectEnvFilePath)(home);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await fs.writeFile(file, (0, connectEnvFile_1.renderConnectEnvFile)(endpoint), { encoding: 'utf8', mode: 0o600 });
    await fs.chmod(file, 0o600); // `mode` applies only when the file is created
    return file;
}
async function readIfExists(file) {
    try {
        return await fs.readFile(file, 'utf8');
    }
    catch (e) {
        if (e.code === 'ENOENT')
            return undefined;
        throw e;
    }
}
async function tell(result) {
    const target = connectTargets_1.CONNECT_TARGETS[result.agent];
    const source = (0, connectEnvFile_1.sourceCommand)(result.envFile);
    const choice = await vscode.window.showInformationMessage(`Agent Overlay: ${target.label} is connected to ${result.url} through ${result.configFile} (${target.scope === 'project' ? 'project file, safe to commit: it holds no token' : 'your user configuration'}). ` +
        `The token is in ${result.envFile} (yours only, refreshed on every bridge start): run \`${source}\` in the shell you start ${target.label} from, which sets ${connectTargets_1.CONNECT_ENV.token}. Check with \`${target.verify}\`.`, 'Copy Source Command', 'Open Configuration');
    if (choice === 'Copy Source Command')
        await vscode.env.clipboard.writeText(source);
    if (choice === 'Open Configuration')
        await vscode.window.showTextDocument(vscode.Uri.file(result.configFile));
}
//# sourceMappingURL=registerConnectCommands.js.map