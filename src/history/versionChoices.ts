import type { HistoryVersion } from './historyVersion';
import { formatRelativeTime } from './relativeTime';

/**
 * What a version Quick Pick shows, built without `vscode` so the labels and the "All recent (up to N)" rule are
 * unit-tested; the adapter only turns these into QuickPickItems (and a test seam answers with indexes).
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

/**
 * The versions a multi-select pick stands for: the checked ones, plus the `allRecentCount` newest when
 * "All recent" is checked; in choice order (newest first), each once. Indexes out of range are ignored.
 */
export function resolvePickedVersions(
  choices: readonly VersionChoice[],
  pickedIndexes: readonly number[],
  allRecent: boolean,
  allRecentCount: number,
): HistoryVersion[] {
  const chosen = new Set<number>();
  for (const i of pickedIndexes) if (Number.isInteger(i) && i >= 0 && i < choices.length) chosen.add(i);
  if (allRecent) for (let i = 0; i < Math.min(allRecentCount, choices.length); i++) chosen.add(i);
  return [...chosen].sort((a, b) => a - b).map((i) => choices[i].version);
}
