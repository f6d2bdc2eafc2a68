/** Runs a mocha suite in this process (unit and UI suites) and returns its counts. */
import Mocha from 'mocha';
import * as fs from 'fs';
import * as path from 'path';
import type { SuiteResults } from './suiteResults';

export interface MochaOptions {
  /** Folder of compiled `*.test.js` files, searched recursively. */
  readonly dir: string;
  readonly timeout: number;
  readonly grep?: string;
  /** Milliseconds after which a slow test is flagged; UI tests are slow by nature. */
  readonly slow?: number;
}

export function findTests(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(f => f.endsWith('.test.js'))
    .map(f => path.join(dir, f))
    .sort();
}

export async function runMocha(opts: MochaOptions): Promise<SuiteResults> {
  const mocha = new Mocha({ ui: 'bdd', timeout: opts.timeout, reporter: 'spec', slow: opts.slow, grep: opts.grep });
  for (const f of findTests(opts.dir)) mocha.addFile(f);
  return runAndCount(mocha);
}

/** Runs a configured mocha and counts what passed, failed and was pending. */
export function runAndCount(mocha: Mocha): Promise<SuiteResults> {
  const results: SuiteResults = { passed: 0, failed: 0, pending: 0, failures: [] };
  return new Promise(resolve => {
    const runner = mocha.run(() => resolve(results));
    runner.on('pass', () => results.passed++);
    runner.on('pending', () => results.pending++);
    runner.on('fail', (t, err) => { results.failed++; results.failures.push(`${t.fullTitle()}: ${err?.message ?? err}`); });
  });
}
