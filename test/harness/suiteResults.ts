/** What every suite (unit, integration, UI) reports back to scripts/test.mjs. */
export interface SuiteResults {
  passed: number;
  failed: number;
  pending: number;
  failures: string[];
}
