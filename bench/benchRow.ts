/**
 * One row of the `npm run bench` table. Budgets are ratios against a reference measured in the same run
 * (git merge-file, file: reads, cp) or absolute budgets from SPEC §8; a row says which and whether it held.
 */
export interface BenchRow {
  /** What was measured, e.g. `merge 100k lines`. */
  readonly name: string;
  /** Our figure, formatted with its unit, e.g. `41.2 ms`. */
  readonly measured: string;
  /** The reference figure measured in the same run, when the budget is a ratio. */
  readonly reference?: string;
  /** measured / reference, written like `1.4x`. */
  readonly ratio?: string;
  /** The budget from SPEC §8, e.g. `≤ 2x git merge-file` or `< 200 ms`. */
  readonly budget: string;
  readonly ok: boolean;
  readonly note?: string;
}

/** A bench module exports `run` returning its rows; bench/run.ts lists the modules explicitly. */
export type BenchModule = { run(): Promise<readonly BenchRow[]> };

/** Median of the samples, in the samples' unit. */
export function median(samples: readonly number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** A ratio written the way the table shows it. */
export function formatRatio(measured: number, reference: number): string {
  return `${(measured / reference).toFixed(2)}x`;
}

export function formatMs(ms: number): string {
  return ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
}
