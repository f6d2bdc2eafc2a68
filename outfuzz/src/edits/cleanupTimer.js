"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CLEANUP_INTERVAL_MS = void 0;
exports.startCleanupTimer = startCleanupTimer;
/**
 * The tracker's periodic cleanup (seed 002: "Old edits removed every 5 minutes"): between lookups, edits past
 * `maxAgeMinutes` would otherwise keep their text in memory until the next edit or lookup. The timer functions
 * are injectable so a unit test can fire the interval without waiting five minutes.
 */
exports.CLEANUP_INTERVAL_MS = 5 * 60_000;
const realTimers = {
    setInterval: (callback, ms) => {
        const handle = setInterval(callback, ms);
        // A cleanup never needs to keep the process alive (the extension host, or a test run).
        handle.unref?.();
        return handle;
    },
    clearInterval: handle => clearInterval(handle),
};
/** Runs `cleanup` every `CLEANUP_INTERVAL_MS` until disposed; disposing twice is harmless. */
function startCleanupTimer(cleanup, timers = realTimers) {
    let handle = timers.setInterval(cleanup, exports.CLEANUP_INTERVAL_MS);
    return {
        dispose: () => {
            if (handle === undefined)
                return;
            timers.clearInterval(handle);
            handle = undefined;
        },
    };
}
//# sourceMappingURL=cleanupTimer.js.map