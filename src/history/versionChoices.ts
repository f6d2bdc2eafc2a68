import type { HistoryVersion } from './historyVersion';
import { formatRelativeTime } from './relativeTime';

/**
 * What a version Quick Pick shows, built without `vscode` so the labels and the "All recent (up to N)" rule are
 * unit-tested; the adapter only turns these into QuickPickItems and applies `nextPickerChecks` to what the user
 * checks (and a test seam answers with indexes).
 */

export interface VersionChoice {
  readonly version: HistoryVersion;
  /** `notes.txt (5 minutes ago)` — the seed's `script.py (5 minutes ago)`. */
  readonly label: string;
  /** How the version came to be: `File Saved`, `Undo / Redo`, `File Saved (.history)`, … */
  readonly description: string;
  /** The exact local time, e.g. `2025-05-01 14:32:05`. */
  readonly detail: string;
}

export const DEFAULT_ALL_RECENT_COUNT = 10;
export const DEFAULT_MAX_VERSIONS_IN_PICKER = 50;

/** A positive whole number from a raw setting value, clamped; anything else is `fallback`. */
export function countSetting(value: unknown, fallback: number, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}

/** Newest first, at most `max` (the readers already sort; this keeps the contract when they are merged). */
export function versionChoices(fileName: string, versions: readonly HistoryVersion[], now: number, max: number): VersionChoice[] {
  return [...versions]
    .sort((a, b) => b.timestamp - a.timestamp)
    .slice(0, Math.max(0, max))
    .map((version) => ({
      version,
      label: `${fileName} (${formatRelativeTime(version.timestamp, now)})`,
      description: version.label,
      detail: localDateTime(version.timestamp),
    }));
}

/** `2025-05-01 14:32:05` in the machine's time zone (what the user's clock said when they saved). */
export function localDateTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The label of the multi-select picker's shortcut item. */
export function allRecentLabel(count: number): string {
  return `All recent (up to ${count})`;
}

/** What the multi-select picker shows checked: the "All recent" shortcut and the version rows (indexes). */
export interface PickerChecks {
  readonly allRecent: boolean;
  /** Indexes into the choices (newest first), ascending, each once. */
  readonly versions: readonly number[];
}

/**
 * The picker's checks after the user changed them from `before` to `after`. "All recent (up to N)" is only a
 * shortcut: checking it checks the N newest versions, unchecking it unchecks them, and it stays checked only while
 * all N are checked (uncheck one of them and it unchecks itself). So what the list shows checked is always what
 * will be shared: `checkedVersions` of the accepted state, nothing added.
 */
export function nextPickerChecks(before: PickerChecks, after: PickerChecks, choiceCount: number, allRecentCount: number): PickerChecks {
  const recent = Math.min(Math.max(0, allRecentCount), choiceCount);
  const versions = new Set(after.versions.filter((i) => Number.isInteger(i) && i >= 0 && i < choiceCount));
  if (after.allRecent && !before.allRecent) {
    for (let i = 0; i < recent; i++) versions.add(i);
  } else if (!after.allRecent && before.allRecent && sameSet(before.versions, versions)) {
    for (let i = 0; i < recent; i++) versions.delete(i);
  }
  let allRecent = recent > 0;
  for (let i = 0; i < recent; i++) if (!versions.has(i)) allRecent = false;
  return { allRecent, versions: [...versions].sort((a, b) => a - b) };
}

function sameSet(a: readonly number[], b: ReadonlySet<number>): boolean {
  return a.length === b.size && a.every((i) => b.has(i));
}

/** The versions the checked rows stand for, newest first, each once. Indexes out of range are ignored. */
export function checkedVersions(choices: readonly VersionChoice[], pickedIndexes: readonly number[]): HistoryVersion[] {
  const chosen = new Set<number>();
  for (const i of pickedIndexes) if (Number.isInteger(i) && i >= 0 && i < choices.length) chosen.add(i);
  return [...chosen].sort((a, b) => a - b).map((i) => choices[i].version);
}
