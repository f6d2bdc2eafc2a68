/**
 * Runs the mocha suite in test/integration INSIDE the real VS Code 1.139.1 extension host: code-server serves the
 * workbench, Chromium opens it with `extensionDevelopmentPath` (this repo, bundled in dist/) and
 * `extensionTestsPath` (out/test/integration/index.js), and the workbench reports the runner's exit code through
 * `window.codeAutomationExit`. The runner writes a results file the caller reads for the counts.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as util from 'util';
import { REPO_ROOT, copyWorkspace, launchBrowser, newRunDir, startCodeServer, workbenchUrl } from './vscodeHost';
import type { SuiteResults } from './suiteResults';

export interface IntegrationOptions {
  /** Fixture workspace folder to copy and open. */
  readonly fixture: string;
  /** Extra environment for the extension host (e.g. a mocha --grep). */
  readonly env?: Record<string, string>;
  readonly timeoutMs?: number;
  /** Print every forwarded host log line, not only the runner's. */
  readonly verbose?: boolean;
}

export const TEST_TAG = '[test]';

export async function runIntegration(opts: IntegrationOptions): Promise<SuiteResults> {
  const runDir = newRunDir('integration');
  const folder = copyWorkspace(opts.fixture, runDir);
  const resultsFile = path.join(runDir, 'results.json');
  const server = await startCodeServer({ folder, runDir, auth: { kind: 'none' }, testDriver: true });
  const browser = await launchBrowser(runDir);
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
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: path.join(REPO_ROOT, 'out', 'test', 'integration', 'index.js'),
      extensionEnvironment: { AGENT_OVERLAY_TEST_RESULTS: resultsFile, AGENT_OVERLAY_TEST_RUN_DIR: runDir, ...opts.env },
    });
    await browser.page.goto(url);
    const timeoutMs = opts.timeoutMs ?? 15 * 60_000;
    const code = await Promise.race([exit, new Promise<number>(r => setTimeout(() => r(3), timeoutMs).unref())]);
    await browser.page.screenshot({ path: path.join(runDir, 'final.png') }).catch(() => undefined);
    if (code === 3) console.log(`[integration] timed out after ${timeoutMs / 1000} s; logs in ${runDir}`);
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

/**
 * The workbench forwards extension-host console output as `['%c INFO', 'color: …', fmt, ...args]`;
 * turn it back into the line the host printed.
 */
async function formatConsole(m: import('playwright-core').ConsoleMessage): Promise<string> {
  let args: unknown[] = await Promise.all(m.args().map(a => a.jsonValue()));
  if (typeof args[0] === 'string' && args[0].startsWith('%c')) args = [`${args[0].slice(2).trim()} ${args[2] ?? ''}`, ...args.slice(3)];
  return util.format(...args);
}
