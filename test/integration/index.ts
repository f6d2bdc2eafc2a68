/**
 * The integration runner, loaded by VS Code as `extensionTestsPath`: runs every compiled `*.test.js` beside it with
 * mocha INSIDE the real extension host. Output lines are tagged `[test]` so the harness can pick them out of the
 * forwarded host log; the counts go to the results file the harness names.
 */
import * as fs from 'fs';
import * as util from 'util';
import * as vscode from 'vscode';
import Mocha from 'mocha';
import { findTests, runAndCount } from '../harness/runMocha';

export async function run(): Promise<void> {
  const log = (...args: unknown[]) => console.log('[test] ' + util.format(...args).replace(/\n/g, '\n[test] '));
  Mocha.reporters.Base.consoleLog = log;
  log(`VS Code ${vscode.version} extension host (${vscode.env.appHost}, remote ${vscode.env.remoteName ?? 'none'}), Node ${process.version}`);
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec' });
  // The harness runs `[restart]` tests apart, in two hosts (see test/harness/runIntegration.ts).
  const { AGENT_OVERLAY_GREP: grep, AGENT_OVERLAY_ONLY: only, AGENT_OVERLAY_EXCLUDE: exclude } = process.env;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const tag = only ? `(?=.*${escape(only)})` : exclude ? `(?!.*${escape(exclude)})` : '';
  // A user's narrowing (AGENT_OVERLAY_GREP) applies on top of the harness's split.
  mocha.grep(new RegExp(`^${tag}${grep ? `(?=.*(?:${grep}))` : ''}`));
  for (const f of findTests(__dirname)) mocha.addFile(f);
  const results = await runAndCount(mocha);
  const out = process.env.AGENT_OVERLAY_TEST_RESULTS;
  if (out) fs.writeFileSync(out, JSON.stringify(results, null, 2));
  if (results.failed > 0) throw new Error(`${results.failed} integration test(s) failed`);
}
