"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.formatRelativeTime = formatRelativeTime;
/**
 * "5 minutes ago"-style labels for version Quick Picks and for the `label` the agent sees (seed 000 shows
 * `script.py (5 minutes ago)`). Based on elapsed time only, so it needs no time zone and tests are stable.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
function formatRelativeTime(timestamp, now) {
    const elapsed = now - timestamp;
    // A timestamp slightly in the future is clock skew between the file's mtime and ours: call it "just now".
    if (!Number.isFinite(elapsed) || elapsed < MINUTE)
        return 'just now';
    if (elapsed < HOUR)
        return plural(Math.floor(elapsed / MINUTE), 'minute');
    if (elapsed < DAY)
        return plural(Math.floor(elapsed / HOUR), 'hour');
    const days = Math.floor(elapsed / DAY);
    if (days === 1)
        return 'yesterday';
    if (days < 7)
        return `${days} days ago`;
    if (days < 30)
        return plural(Math.floor(days / 7), 'week');
    if (days < 365)
        return plural(Math.max(1, Math.floor(days / 30)), 'month');
    return plural(Math.floor(days / 365), 'year');
}
function plural(n, unit) {
    return n === 1 ? `1 ${unit} ago` : `${n} ${unit}s ago`;
}
//# sourceMappingURL=relativeTime.js.map