/**
 * `node out/test/harness/suiteCli.js <unit|integration|agents|ui> <results.json>`: runs one suite and writes its counts.
 * scripts/test.mjs runs each suite in its own process so a stray handle in one cannot hang or skew another.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runInHost, runIntegrationSuite } from './runIntegration';
import { runMocha } from './runMocha';
import type { SuiteResults } from './suiteResults';
import { REPO_ROOT, freePort, newRunDir } from './vscodeHost';

async function main(): Promise<void> {
  const [suite, resultsFile] = process.argv.slice(2);
  const grep = process.env.AGENT_OVERLAY_GREP;
  const compiledTests = path.join(REPO_ROOT, 'out', 'test');
  let results: SuiteResults;
  switch (suite) {
    case 'unit':
      results = await runMocha({ dir: path.join(compiledTests, 'unit'), timeout: 60_000, grep });
      break;
    case 'integration':
      results = await runIntegrationSuite({
        fixture: path.join(REPO_ROOT, 'test', 'fixtures', 'workspace'),
        env: grep ? { AGENT_OVERLAY_GREP: grep } : {},
        verbose: !!process.env.AGENT_OVERLAY_VERBOSE,
      });
      break;
    case 'agents':
      // The real CLI agents (installed by scripts/install-agents.sh) against a scripted model, in the real host.
      results = await runInHost(newRunDir('agents'), {
        fixture: path.join(REPO_ROOT, 'test', 'fixtures', 'workspace'),
        testsPath: path.join(compiledTests, 'agents', 'index.js'),
        verbose: !!process.env.AGENT_OVERLAY_VERBOSE,
        timeoutMs: 20 * 60_000,
      }, { ...(grep ? { AGENT_OVERLAY_GREP: grep } : {}), AGENT_OVERLAY_AGENTS_DIR: agentsDir() }, await freePort());
      break;
    case 'ui':
      results = await runMocha({ dir: path.join(compiledTests, 'ui'), timeout: 180_000, slow: 20_000, grep });
      break;
    default:
      throw new Error(`unknown suite ${suite}: expected unit, integration, agents or ui`);
  }
  if (resultsFile) fs.writeFileSync(resultsFile, JSON.stringify(results));
  process.exit(results.failed > 0 ? 1 : 0);
}

/** Where scripts/install-agents.sh put the CLIs (its default, or the same override). */
function agentsDir(): string {
  return process.env.AGENT_OVERLAY_AGENTS_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'agent-overlay', 'cli-agents');
}

main().catch(e => { console.error(e); process.exit(2); });
