/**
 * Where the history bridge writes what it did (SPEC §3: every access is logged). The VS Code adapter backs it
 * with the "History Helper" log output channel; tests use an array. Messages name files and versions, never
 * history content.
 */
export interface HistoryLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, err?: unknown): void;
}

/** A log that drops everything (for callers that do not care). */
export const silentHistoryLog: HistoryLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
