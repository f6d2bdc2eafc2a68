/**
 * The `npm run test:agents` runner, loaded by VS Code as `extensionTestsPath`: runs the compiled `*.test.js` beside
 * it with mocha INSIDE the real extension host (the same way as test/integration/index.ts), so the CLI agents talk
 * to the bridge this host runs and the test reads the staged view through VS Code.
 */
import * as fs from 'fs';
import * as util from 'util';
import Mocha from 'mocha';
import { findTests, runAndCount } from '../harness/runMocha';

export async function run(): Promise<void> {
  const log = (...args: unknown[]) => console.log('[test] ' + util.format(...args).replace(/\n/g, '\n[test] '));
  Mocha.reporters.Base.consoleLog = log;
  const mocha = new Mocha({ ui: 'bdd', timeout: 300_000, color: false, reporter: 'spec', slow: 60_000 });
  const grep = process.env.AGENT_OVERLAY_GREP;
  if (grep) mocha.grep(new RegExp(grep));
  for (const f of findTests(__dirname)) mocha.addFile(f);
  const results = await runAndCount(mocha);
  const out = process.env.AGENT_OVERLAY_TEST_RESULTS;
  if (out) fs.writeFileSync(out, JSON.stringify(results, null, 2));
  if (results.failed > 0) throw new Error(`${results.failed} agent test(s) failed`);
}
