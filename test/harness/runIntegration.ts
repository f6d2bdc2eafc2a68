/**
 * Runs the mocha suite in test/integration INSIDE the real VS Code 1.139.1 extension host: code-server serves the
 * workbench, Chromium opens it with `extensionDevelopmentPath` (this repo, bundled in dist/) and
 * `extensionTestsPath` (out/test/integration/index.js), and the workbench reports the runner's exit code through
 * `window.codeAutomationExit`. The runner writes a results file the caller reads for the counts.
 *
 * Tests titled `[restart]` need a new extension host over the same workspace storage: they run in two phases
 * (AGENT_OVERLAY_PHASE=before, then after) on one run folder, and before the second phase the harness stops
 * code-server — gracefully (a window reload) or with SIGKILL when the first phase asks for a crash by writing
 * the file named in AGENT_OVERLAY_KILL_SIGNAL.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as util from 'util';
import { REPO_ROOT, copyWorkspace, extensionUnderTest, freePort, launchBrowser, newRunDir, startCodeServer, workbenchUrl, type CodeServer } from './vscodeHost';
import type { SuiteResults } from './suiteResults';

export interface IntegrationOptions {
  /** Fixture workspace folder to copy and open. */
  readonly fixture: string;
  /** Extra environment for the extension host (e.g. a mocha --grep). */
  readonly env?: Record<string, string>;
  readonly timeoutMs?: number;
  /** Print every forwarded host log line, not only the runner's. */
  readonly verbose?: boolean;
  /** Another runner module than the integration suite's (the host benches use this). */
  readonly testsPath?: string;
}

export const TEST_TAG = '[test]';
export const RESTART_TAG = '[restart]';

/** The whole integration suite: the ordinary tests in one host, then the `[restart]` tests in two. */
export async function runIntegrationSuite(opts: IntegrationOptions): Promise<SuiteResults> {
  const grep = opts.env?.AGENT_OVERLAY_GREP;
  const main = await runInHost(newRunDir('integration'), opts, { AGENT_OVERLAY_EXCLUDE: RESTART_TAG }, await freePort());
  if (grep && !RESTART_TAG.includes(grep) && !/restart|reload|crash|persist/i.test(grep)) return main;
  const runDir = newRunDir('integration-restart');
  const killSignal = path.join(runDir, 'kill-now');
  const port = await freePort(); // the same address for both hosts, as a reload would have
  const before = await runInHost(runDir, opts, { AGENT_OVERLAY_ONLY: RESTART_TAG, AGENT_OVERLAY_PHASE: 'before', AGENT_OVERLAY_KILL_SIGNAL: killSignal }, port, killSignal);
  const after = await runInHost(runDir, opts, { AGENT_OVERLAY_ONLY: RESTART_TAG, AGENT_OVERLAY_PHASE: 'after', AGENT_OVERLAY_KILL_SIGNAL: killSignal }, port);
  return merge(main, merge(before, after));
}

function merge(a: SuiteResults, b: SuiteResults): SuiteResults {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, pending: a.pending + b.pending, failures: [...a.failures, ...b.failures] };
}

/**
 * One extension host over `runDir` (its workspace copy and user data are reused when they exist). With
 * `killSignal`, the host is killed with SIGKILL as soon as the tests create that file, and the run counts as
 * finished when the results file says what ran before.
 */
export async function runInHost(runDir: string, opts: IntegrationOptions, env: Record<string, string>, port: number, killSignal?: string): Promise<SuiteResults> {
  const workspace = path.join(runDir, 'workspace');
  const folder = fs.existsSync(workspace) ? workspace : copyWorkspace(opts.fixture, runDir);
  const resultsFile = path.join(runDir, `results-${env.AGENT_OVERLAY_PHASE ?? 'main'}.json`);
  fs.rmSync(resultsFile, { force: true });
  const server = await startCodeServer({ folder, runDir, port, auth: { kind: 'none' }, testDriver: true });
  // The two phases of a [restart] run share one browser profile: the workbench's storage survives, as in a reload.
  const browser = await launchBrowser(runDir, env.AGENT_OVERLAY_PHASE ? 'chromium-restart' : undefined);
  let killed = false;
  try {
    let settle!: (code: number) => void;
    const exit = new Promise<number>(r => (settle = r));
    await browser.page.exposeFunction('codeAutomationExit', (code: number) => settle(code));
    browser.page.on('console', async m => {
      const line = await formatConsole(m).catch(() => m.text());
      if (/No extension host found that can launch the test runner|Cannot load test runner/.test(line)) {
        console.log(`[integration] ${line}`);
        settle(2);
      }
      if (opts.verbose || line.includes(TEST_TAG)) {
        console.log(line.split('\n').map(l => l.replace(/^\s*(INFO|ERR|WARN)?\s*\[test\] ?/, '  ')).join('\n'));
      }
    });
    const url = workbenchUrl(server, folder, {
      extensionDevelopmentPath: extensionUnderTest(runDir),
      extensionTestsPath: opts.testsPath ?? path.join(REPO_ROOT, 'out', 'test', 'integration', 'index.js'),
      extensionEnvironment: { AGENT_OVERLAY_TEST_RESULTS: resultsFile, AGENT_OVERLAY_TEST_RUN_DIR: runDir, ...opts.env, ...env },
    });
    await browser.page.goto(url);
    const timeoutMs = opts.timeoutMs ?? 15 * 60_000;
    const waits: Promise<number>[] = [exit, new Promise<number>(r => setTimeout(() => r(3), timeoutMs).unref())];
    if (killSignal) waits.push(killWhenAsked(killSignal, server).then(() => ((killed = true), 0)));
    const code = await Promise.race(waits);
    await browser.page.screenshot({ path: path.join(runDir, `final-${env.AGENT_OVERLAY_PHASE ?? 'main'}.png`) }).catch(() => undefined);
    if (code === 3) console.log(`[integration] timed out after ${timeoutMs / 1000} s; logs in ${runDir}`);
    if (killed) {
      console.log('  (the extension host was killed with SIGKILL, as the test asked)');
      // The killed phase's tests ran up to the kill: they count as passed only if they wrote no failure.
      const partial = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as SuiteResults : undefined;
      return partial ?? { passed: 1, failed: 0, pending: 0, failures: [] };
    }
    const results: SuiteResults = fs.existsSync(resultsFile)
      ? JSON.parse(fs.readFileSync(resultsFile, 'utf8'))
      : { passed: 0, failed: 1, pending: 0, failures: [`the extension host reported exit code ${code} and wrote no results (logs in ${runDir})`] };
    if (code !== 0 && results.failed === 0) results.failed = 1;
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function killWhenAsked(signal: string, server: CodeServer): Promise<void> {
  while (!fs.existsSync(signal)) await new Promise(r => setTimeout(r, 20));
  const delayMs = Number(fs.readFileSync(signal, 'utf8')) || 0;
  await new Promise(r => setTimeout(r, delayMs));
  await server.kill();
}

/**
 * The workbench forwards extension-host console output as `['%c INFO', 'color: …', fmt, ...args]`;
 * turn it back into the line the host printed.
 */
async function formatConsole(m: import('playwright-core').ConsoleMessage): Promise<string> {
  let args: unknown[] = await Promise.all(m.args().map(a => a.jsonValue()));
  if (typeof args[0] === 'string' && args[0].startsWith('%c')) args = [`${args[0].slice(2).trim()} ${args[2] ?? ''}`, ...args.slice(3)];
  return util.format(...args);
}
