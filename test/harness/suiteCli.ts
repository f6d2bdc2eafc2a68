/**
 * `node out/test/harness/suiteCli.js <unit|integration|ui> <results.json>`: runs one suite and writes its counts.
 * scripts/test.mjs runs each suite in its own process so a stray handle in one cannot hang or skew another.
 */
import * as fs from 'fs';
import * as path from 'path';
import { runIntegrationSuite } from './runIntegration';
import { runMocha } from './runMocha';
import type { SuiteResults } from './suiteResults';
import { REPO_ROOT } from './vscodeHost';

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
    case 'ui':
      results = await runMocha({ dir: path.join(compiledTests, 'ui'), timeout: 180_000, slow: 20_000, grep });
      break;
    default:
      throw new Error(`unknown suite ${suite}: expected unit, integration or ui`);
  }
  if (resultsFile) fs.writeFileSync(resultsFile, JSON.stringify(results));
  process.exit(results.failed > 0 ? 1 : 0);
}

main().catch(e => { console.error(e); process.exit(2); });
