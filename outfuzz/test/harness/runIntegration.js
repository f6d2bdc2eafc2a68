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
exports.RESTART_TAG = exports.TEST_TAG = void 0;
exports.runIntegrationSuite = runIntegrationSuite;
exports.runInHost = runInHost;
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
const fs = __importStar(require("fs"));
const path = __importStar(require("path"));
const util = __importStar(require("util"));
const vscodeHost_1 = require("./vscodeHost");
exports.TEST_TAG = '[test]';
exports.RESTART_TAG = '[restart]';
/** The whole integration suite: the ordinary tests in one host, then the `[restart]` tests in two. */
async function runIntegrationSuite(opts) {
    const grep = opts.env?.AGENT_OVERLAY_GREP;
    const main = await runInHost((0, vscodeHost_1.newRunDir)('integration'), opts, { AGENT_OVERLAY_EXCLUDE: exports.RESTART_TAG }, await (0, vscodeHost_1.freePort)());
    if (grep && !exports.RESTART_TAG.includes(grep) && !/restart|reload|crash|persist/i.test(grep))
        return main;
    const runDir = (0, vscodeHost_1.newRunDir)('integration-restart');
    const killSignal = path.join(runDir, 'kill-now');
    const port = await (0, vscodeHost_1.freePort)(); // the same address for both hosts, as a reload would have
    const before = await runInHost(runDir, opts, { AGENT_OVERLAY_ONLY: exports.RESTART_TAG, AGENT_OVERLAY_PHASE: 'before', AGENT_OVERLAY_KILL_SIGNAL: killSignal }, port, killSignal);
    const after = await runInHost(runDir, opts, { AGENT_OVERLAY_ONLY: exports.RESTART_TAG, AGENT_OVERLAY_PHASE: 'after', AGENT_OVERLAY_KILL_SIGNAL: killSignal }, port);
    return merge(main, merge(before, after));
}
function merge(a, b) {
    return { passed: a.passed + b.passed, failed: a.failed + b.failed, pending: a.pending + b.pending, failures: [...a.failures, ...b.failures] };
}
/**
 * One extension host over `runDir` (its workspace copy and user data are reused when they exist). With
 * `killSignal`, the host is killed with SIGKILL as soon as the tests create that file, and the run counts as
 * finished when the results file says what ran before.
 */
async function runInHost(runDir, opts, env, port, killSignal) {
    const workspace = path.join(runDir, 'workspace');
    const folder = fs.existsSync(workspace) ? workspace : (0, vscodeHost_1.copyWorkspace)(opts.fixture, runDir);
    const resultsFile = path.join(runDir, `results-${env.AGENT_OVERLAY_PHASE ?? 'main'}.json`);
    fs.rmSync(resultsFile, { force: true });
    const server = await (0, vscodeHost_1.startCodeServer)({ folder, runDir, port, auth: { kind: 'none' }, testDriver: true });
    const browser = await (0, vscodeHost_1.launchBrowser)(runDir);
    let killed = false;
    try {
        let settle;
        const exit = new Promise(r => (settle = r));
        await browser.page.exposeFunction('codeAutomationExit', (code) => settle(code));
        browser.page.on('console', async (m) => {
            const line = await formatConsole(m).catch(() => m.text());
            if (/No extension host found that can launch the test runner|Cannot load test runner/.test(line)) {
                console.log(`[integration] ${line}`);
                settle(2);
            }
            if (opts.verbose || line.includes(exports.TEST_TAG)) {
                console.log(line.split('\n').map(l => l.replace(/^\s*(INFO|ERR|WARN)?\s*\[test\] ?/, '  ')).join('\n'));
            }
        });
        const url = (0, vscodeHost_1.workbenchUrl)(server, folder, {
            extensionDevelopmentPath: (0, vscodeHost_1.extensionUnderTest)(runDir),
            extensionTestsPath: opts.testsPath ?? path.join(vscodeHost_1.REPO_ROOT, 'out', 'test', 'integration', 'index.js'),
            extensionEnvironment: { AGENT_OVERLAY_TEST_RESULTS: resultsFile, AGENT_OVERLAY_TEST_RUN_DIR: runDir, ...opts.env, ...env },
        });
        await browser.page.goto(url);
        const timeoutMs = opts.timeoutMs ?? 15 * 60_000;
        const waits = [exit, new Promise(r => setTimeout(() => r(3), timeoutMs).unref())];
        if (killSignal)
            waits.push(killWhenAsked(killSignal, server).then(() => ((killed = true), 0)));
        const code = await Promise.race(waits);
        await browser.page.screenshot({ path: path.join(runDir, `final-${env.AGENT_OVERLAY_PHASE ?? 'main'}.png`) }).catch(() => undefined);
        if (code === 3)
            console.log(`[integration] timed out after ${timeoutMs / 1000} s; logs in ${runDir}`);
        if (killed) {
            console.log('  (the extension host was killed with SIGKILL, as the test asked)');
            // The killed phase's tests ran up to the kill: they count as passed only if they wrote no failure.
            const partial = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : undefined;
            return partial ?? { passed: 1, failed: 0, pending: 0, failures: [] };
        }
        const results = fs.existsSync(resultsFile)
            ? JSON.parse(fs.readFileSync(resultsFile, 'utf8'))
            : { passed: 0, failed: 1, pending: 0, failures: [`the extension host reported exit code ${code} and wrote no results (logs in ${runDir})`] };
        if (code !== 0 && results.failed === 0)
            results.failed = 1;
        return results;
    }
    finally {
        await browser.close();
        await server.stop();
    }
}
async function killWhenAsked(signal, server) {
    while (!fs.existsSync(signal))
        await new Promise(r => setTimeout(r, 20));
    const delayMs = Number(fs.readFileSync(signal, 'utf8')) || 0;
    await new Promise(r => setTimeout(r, delayMs));
    await server.kill();
}
/**
 * The workbench forwards extension-host console output as `['%c INFO', 'color: …', fmt, ...args]`;
 * turn it back into the line the host printed.
 */
async function formatConsole(m) {
    let args = await Promise.all(m.args().map(a => a.jsonValue()));
    if (typeof args[0] === 'string' && args[0].startsWith('%c'))
        args = [`${args[0].slice(2).trim()} ${args[2] ?? ''}`, ...args.slice(3)];
    return util.format(...args);
}
//# sourceMappingURL=runIntegration.js.map