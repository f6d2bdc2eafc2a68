/**
 * The tracker's periodic cleanup (seed 002: "Old edits removed every 5 minutes"): between lookups, edits past
 * `maxAgeMinutes` would otherwise keep their text in memory until the next edit or lookup. The timer functions
 * are injectable so a unit test can fire the interval without waiting five minutes.
 */
export const CLEANUP_INTERVAL_MS = 5 * 60_000;

export interface IntervalTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: IntervalTimers = {
  setInterval: (callback, ms) => {
    const handle = setInterval(callback, ms);
    // A cleanup never needs to keep the process alive (the extension host, or a test run).
    handle.unref?.();
    return handle;
  },
  clearInterval: handle => clearInterval(handle as ReturnType<typeof setInterval>),
};

/** Runs `cleanup` every `CLEANUP_INTERVAL_MS` until disposed; disposing twice is harmless. */
export function startCleanupTimer(cleanup: () => void, timers: IntervalTimers = realTimers): { dispose(): void } {
  let handle: unknown = timers.setInterval(cleanup, CLEANUP_INTERVAL_MS);
  return {
    dispose: () => {
      if (handle === undefined) return;
      timers.clearInterval(handle);
      handle = undefined;
    },
  };
}
